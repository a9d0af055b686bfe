// stockade-expect: annotated
package com.acme.opsaudit;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.jsonwebtoken.Claims;
import io.jsonwebtoken.Jwts;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPairGenerator;
import java.util.regex.Pattern;
import javax.crypto.Cipher;
import javax.crypto.KeyGenerator;
import javax.net.ssl.SSLContext;
import javax.xml.parsers.SAXParser;
import javax.xml.parsers.SAXParserFactory;

public class OpsConfig {
    // ruleid: java.redos-nested-quantifier
    private static final Pattern HOSTS = Pattern.compile("^([a-z0-9]+)*\\.example\\.com$");
    // ok: java.redos-nested-quantifier
    private static final Pattern HOST = Pattern.compile("^[a-z0-9-]{1,63}\\.example\\.com$");

    public ObjectMapper mapper() {
        ObjectMapper om = new ObjectMapper();
        // ruleid: java.jackson-default-typing
        om.enableDefaultTyping();
        return om;
    }

    public SSLContext tls() throws Exception {
        // ruleid: java.insecure-tls-version
        SSLContext legacy = SSLContext.getInstance("SSLv3");
        // ok: java.insecure-tls-version
        SSLContext modern = SSLContext.getInstance("TLSv1.2");
        return legacy != null ? modern : legacy;
    }

    public void keys() throws Exception {
        KeyPairGenerator rsa = KeyPairGenerator.getInstance("RSA");
        // ruleid: java.weak-rsa-key
        rsa.initialize(1024);
        KeyPairGenerator rsa2 = KeyPairGenerator.getInstance("RSA");
        // ok: java.weak-rsa-key
        rsa2.initialize(3072);
        // ruleid: java.weak-cipher
        Cipher des = Cipher.getInstance("DESede/CBC/PKCS5Padding");
        // ok: java.weak-cipher
        Cipher aes = Cipher.getInstance("AES/GCM/NoPadding");
    }

    public void share(Path report) throws Exception {
        // ruleid: java.world-writable-file
        Files.setPosixFilePermissions(report, PosixFilePermissions.fromString("rwxrwxrwx"));
        // ok: java.world-writable-file
        Files.setPosixFilePermissions(report, PosixFilePermissions.fromString("rw-r-----"));
        File f = report.toFile();
        // ruleid: java.world-writable-file
        f.setWritable(true, false);
    }

    public Claims claims(String token) {
        // ruleid: java.jwt-unsigned-parse
        return Jwts.parser().parseClaimsJwt(token).getBody();
    }

    public Claims claimsSafe(String token, java.security.Key key) {
        // ok: java.jwt-unsigned-parse
        return Jwts.parserBuilder().setSigningKey(key).build().parseClaimsJws(token).getBody();
    }

    public void parse(java.io.InputStream in) throws Exception {
        SAXParserFactory spf = SAXParserFactory.newInstance();
        SAXParser parser = spf.newSAXParser();
        // ruleid: java.xxe-saxparser
        parser.parse(in, new org.xml.sax.helpers.DefaultHandler());
    }
}
