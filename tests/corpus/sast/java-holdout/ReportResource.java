// stockade-expect: annotated
package com.example.reports;

import java.io.StringReader;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import javax.naming.directory.DirContext;
import javax.naming.directory.SearchControls;
import javax.sql.DataSource;
import javax.ws.rs.*;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathFactory;
import org.w3c.dom.Document;
import org.xml.sax.InputSource;

@Path("/reports")
public class ReportResource {
    private DataSource dataSource;
    private DirContext directory;
    private Document catalog;

    @GET
    @Path("/by-region")
    @Produces(MediaType.APPLICATION_JSON)
    public Response byRegion(@QueryParam("region") String region) throws Exception {
        try (Connection c = dataSource.getConnection(); Statement st = c.createStatement()) {
            // ruleid: java.sql-injection
            ResultSet rs = st.executeQuery("SELECT * FROM reports WHERE region = '" + region + "'");
            return Response.ok(rs.next()).build();
        }
    }

    @GET
    @Path("/by-year")
    public Response byYear(@QueryParam("year") String year) throws Exception {
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT * FROM reports WHERE year = ?")) {
            ps.setString(1, year);
            // ok: java.sql-injection
            ResultSet rs = ps.executeQuery();
            return Response.ok(rs.next()).build();
        }
    }

    @GET
    @Path("/owner")
    public Response owner(@QueryParam("uid") String uid) throws Exception {
        SearchControls controls = new SearchControls();
        // ruleid: java.ldap-injection
        directory.search("ou=people,dc=example,dc=com", "(uid=" + uid + ")", controls);
        // ok: java.ldap-injection
        directory.search("ou=people,dc=example,dc=com", "(uid={0})", new Object[] {uid}, controls);
        return Response.ok().build();
    }

    @GET
    @Path("/catalog")
    public Response catalog(@QueryParam("title") String title) throws Exception {
        XPath xpath = XPathFactory.newInstance().newXPath();
        // ruleid: java.xpath-injection
        String found = xpath.evaluate("//report[title='" + title + "']/id", catalog);
        // ok: java.xpath-injection
        String count = xpath.evaluate("count(//report)", catalog);
        return Response.ok(found + count).build();
    }

    @POST
    @Path("/import")
    @Consumes(MediaType.APPLICATION_XML)
    public Response importXml(String body) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        DocumentBuilder builder = factory.newDocumentBuilder();
        // ruleid: java.xxe
        Document doc = builder.parse(new InputSource(new StringReader(body)));
        return Response.ok(doc.getDocumentElement().getNodeName()).build();
    }

    @POST
    @Path("/import-safe")
    @Consumes(MediaType.APPLICATION_XML)
    public Response importXmlSafe(String body) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        DocumentBuilder builder = factory.newDocumentBuilder();
        // ok: java.xxe
        Document doc = builder.parse(new InputSource(new StringReader(body)));
        return Response.ok(doc.getDocumentElement().getNodeName()).build();
    }

    @GET
    @Path("/preview")
    @Produces(MediaType.TEXT_HTML)
    public String preview(@QueryParam("title") String title) {
        // ruleid: java.xss
        return "<html><body><h1>" + title + "</h1></body></html>";
    }

    @GET
    @Path("/preview-safe")
    @Produces(MediaType.TEXT_HTML)
    public String previewSafe(@QueryParam("title") String title) {
        // ok: java.xss
        return "<html><body><h1>" + org.owasp.encoder.Encode.forHtml(title) + "</h1></body></html>";
    }
}
