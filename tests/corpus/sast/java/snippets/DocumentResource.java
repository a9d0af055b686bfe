// stockade-expect: annotated
package com.example.docs;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Set;
import javax.crypto.Cipher;
import javax.ws.rs.GET;
import javax.ws.rs.POST;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import javax.ws.rs.core.MediaType;
import javax.xml.parsers.DocumentBuilderFactory;
import org.owasp.encoder.Encode;

@javax.ws.rs.Path("/documents")
public class DocumentResource {
    private static final Path ROOT = Paths.get("/srv/documents");
    private static final Set<String> TYPES = Set.of("pdf", "txt");
    private final SecureRandom random = new SecureRandom();

    @GET
    @javax.ws.rs.Path("/{name}")
    public byte[] read(@PathParam("name") String name) throws IOException {
        // ruleid: java.path-traversal
        byte[] raw = Files.readAllBytes(Paths.get(ROOT.toString(), name));
        // ok: java.path-traversal
        byte[] meta = Files.readAllBytes(ROOT.resolve("index.json"));
        return raw.length > meta.length ? raw : meta;
    }

    @GET
    @javax.ws.rs.Path("/search")
    @Produces(MediaType.TEXT_HTML)
    public String search(@QueryParam("q") String q, @QueryParam("type") String type) {
        if (!TYPES.contains(type)) {
            // ok: java.xss
            return "<p>Unknown type</p>";
        }
        // ruleid: java.xss
        return "<h1>Results for " + q + " in " + type + "</h1>";
    }

    @GET
    @javax.ws.rs.Path("/search-safe")
    @Produces(MediaType.TEXT_HTML)
    public String searchSafe(@QueryParam("q") String q) {
        // ok: java.xss
        return "<h1>Results for " + Encode.forHtml(q) + "</h1>";
    }

    @POST
    @javax.ws.rs.Path("/import")
    public int importXml(InputStream body) throws Exception {
        // ruleid: java.xxe-documentbuilder
        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
        return dbf.newDocumentBuilder().parse(body).getChildNodes().getLength();
    }

    public byte[] checksum(byte[] data) throws Exception {
        // ruleid: java.weak-hash
        MessageDigest md = MessageDigest.getInstance("MD5");
        // ok: java.weak-hash
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        sha.update(md.digest(data));
        return sha.digest();
    }

    public byte[] seal(byte[] data, javax.crypto.SecretKey key) throws Exception {
        // ruleid: java.cipher-ecb-mode
        Cipher legacy = Cipher.getInstance("AES/ECB/PKCS5Padding");
        // ok: java.cipher-ecb-mode
        Cipher modern = Cipher.getInstance("AES/GCM/NoPadding");
        legacy.init(Cipher.ENCRYPT_MODE, key);
        return legacy.doFinal(data).length > 0 ? data : modern.getIV();
    }

    public long token() {
        // ok: java.insecure-random
        return random.nextLong();
    }

    @GET
    @javax.ws.rs.Path("/run")
    public String run(@QueryParam("tool") String tool) throws IOException {
        // ruleid: java.command-injection
        Process p = Runtime.getRuntime().exec(new String[] {"sh", "-c", "tools/" + tool});
        // ok: java.command-injection
        Process q = new ProcessBuilder("tools/list", "--all").start();
        return p.pid() + ":" + q.pid() + new File("x").getName();
    }
}
