// stockade-expect: annotated
package com.acme.docs;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.StringReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import javax.naming.Context;
import javax.naming.InitialContext;
import javax.naming.directory.DirContext;
import javax.naming.directory.InitialDirContext;
import javax.naming.directory.SearchControls;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.stream.StreamResult;
import javax.xml.transform.stream.StreamSource;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathFactory;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.w3c.dom.Document;
import org.xml.sax.InputSource;

@jakarta.ws.rs.Path("/docs")
public class DocumentResource {
    private static final java.nio.file.Path STORE = Paths.get("/var/docs");

    @POST
    @jakarta.ws.rs.Path("/import")
    @Consumes(MediaType.APPLICATION_XML)
    public Response importXml(String body) throws Exception {
        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
        DocumentBuilder builder = dbf.newDocumentBuilder();
        // ruleid: java.xxe-documentbuilder
        Document doc = builder.parse(new InputSource(new StringReader(body)));
        return Response.ok(doc.getDocumentElement().getNodeName()).build();
    }

    @POST
    @jakarta.ws.rs.Path("/import-safe")
    @Consumes(MediaType.APPLICATION_XML)
    public Response importXmlSafe(String body) throws Exception {
        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
        dbf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        DocumentBuilder builder = dbf.newDocumentBuilder();
        // ok: java.xxe-documentbuilder
        Document doc = builder.parse(new InputSource(new StringReader(body)));
        return Response.ok(doc.getDocumentElement().getNodeName()).build();
    }

    @GET
    @jakarta.ws.rs.Path("/title")
    public Response title(@QueryParam("id") String id) throws Exception {
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(STORE.resolve("index.xml").toFile());
        XPath xpath = XPathFactory.newInstance().newXPath();
        // ruleid: java.xpath-injection
        String title = xpath.evaluate("/docs/doc[@id='" + id + "']/title", doc);
        // ok: java.xpath-injection
        String count = xpath.evaluate("count(/docs/doc)", doc);
        return Response.ok(title).build();
    }

    @GET
    @jakarta.ws.rs.Path("/file/{name}")
    @Produces(MediaType.APPLICATION_OCTET_STREAM)
    public Response file(@PathParam("name") String name) throws Exception {
        // ruleid: java.path-traversal
        byte[] data = Files.readAllBytes(Paths.get("/var/docs/" + name));
        return Response.ok(data).build();
    }

    @GET
    @jakarta.ws.rs.Path("/file-safe/{name}")
    @Produces(MediaType.APPLICATION_OCTET_STREAM)
    public Response fileSafe(@PathParam("name") String name) throws Exception {
        String base = Paths.get(name).getFileName().toString();
        // ok: java.path-traversal
        byte[] data = Files.readAllBytes(Paths.get("/var/docs/" + base));
        return Response.ok(data).build();
    }

    @POST
    @jakarta.ws.rs.Path("/restore")
    @Consumes(MediaType.APPLICATION_OCTET_STREAM)
    public Response restore(InputStream body) throws Exception {
        // ruleid: java.object-deserialization
        Object state = new ObjectInputStream(body).readObject();
        // ok: java.object-deserialization
        Object json = new com.fasterxml.jackson.databind.ObjectMapper().readValue(body, java.util.Map.class);
        return Response.ok(String.valueOf(state)).build();
    }

    @GET
    @jakarta.ws.rs.Path("/render")
    @Produces(MediaType.TEXT_HTML)
    public Response render(@QueryParam("stylesheet") String stylesheet) throws Exception {
        TransformerFactory tf = TransformerFactory.newInstance();
        // ruleid: java.xslt-injection
        Transformer t = tf.newTransformer(new StreamSource(new java.net.URL(stylesheet).openStream()));
        java.io.StringWriter out = new java.io.StringWriter();
        t.transform(new StreamSource(STORE.resolve("index.xml").toFile()), new StreamResult(out));
        return Response.ok(out.toString()).build();
    }

    @GET
    @jakarta.ws.rs.Path("/owner")
    public Response owner(@QueryParam("uid") String uid) throws Exception {
        java.util.Hashtable<String, String> env = new java.util.Hashtable<>();
        env.put(Context.INITIAL_CONTEXT_FACTORY, "com.sun.jndi.ldap.LdapCtxFactory");
        env.put(Context.PROVIDER_URL, "ldaps://ldap.example.com:636");
        DirContext ctx = new InitialDirContext(env);
        SearchControls sc = new SearchControls();
        sc.setSearchScope(SearchControls.SUBTREE_SCOPE);
        // ruleid: java.ldap-injection
        ctx.search("ou=people,dc=example,dc=com", "(uid=" + uid + ")", sc);
        // ok: java.ldap-injection
        ctx.search("ou=people,dc=example,dc=com", "(uid={0})", new Object[] {uid}, sc);
        return Response.ok().build();
    }

    @GET
    @jakarta.ws.rs.Path("/resource")
    public Response resource(@QueryParam("name") String name) throws Exception {
        // ruleid: java.jndi-injection
        Object obj = new InitialContext().lookup(name);
        // ok: java.jndi-injection
        Object ds = new InitialContext().lookup("java:comp/env/jdbc/docs");
        return Response.ok(String.valueOf(obj) + ds).build();
    }

    @GET
    @jakarta.ws.rs.Path("/go")
    public Response go(@QueryParam("url") String url) {
        // ruleid: java.open-redirect
        return Response.seeOther(URI.create(url)).build();
    }

    @GET
    @jakarta.ws.rs.Path("/go-safe")
    public Response goSafe(@QueryParam("url") String url) {
        // ok: java.open-redirect
        return Response.seeOther(URI.create("/docs/index")).build();
    }

    @GET
    @jakarta.ws.rs.Path("/hello")
    @Produces(MediaType.TEXT_HTML)
    public String hello(@QueryParam("name") String name) {
        // ruleid: java.xss
        return "<html><body>Hello " + name + "</body></html>";
    }

    @GET
    @jakarta.ws.rs.Path("/hello-safe")
    @Produces(MediaType.TEXT_HTML)
    public String helloSafe(@QueryParam("name") String name) {
        // ok: java.xss
        return "<html><body>Hello " + org.apache.commons.text.StringEscapeUtils.escapeHtml4(name) + "</body></html>";
    }

    @GET
    @jakarta.ws.rs.Path("/download")
    public Response download(@QueryParam("filename") String filename) {
        // ruleid: java.header-injection
        return Response.ok().header("Content-Disposition", "attachment; filename=" + filename).build();
    }

    @GET
    @jakarta.ws.rs.Path("/download-safe")
    public Response downloadSafe(@QueryParam("filename") String filename) {
        // ok: java.header-injection
        return Response.ok().header("Content-Disposition", "attachment; filename=" + java.net.URLEncoder.encode(filename, StandardCharsets.UTF_8)).build();
    }
}
