// stockade-expect: annotated
package com.acme.ledger;

import com.thoughtworks.xstream.XStream;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.beans.XMLDecoder;
import java.io.IOException;
import java.io.PrintWriter;
import java.security.cert.X509Certificate;
import javax.net.ssl.HostnameVerifier;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import org.hibernate.Session;
import org.hibernate.SessionFactory;
import org.owasp.encoder.Encode;

@WebServlet("/legacy/*")
public class LegacyServlet extends HttpServlet {
    private SessionFactory sessionFactory;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String memo = req.getParameter("memo");
        PrintWriter out = resp.getWriter();
        resp.setContentType("text/html");
        // ruleid: java.xss
        out.println("<div class='memo'>" + memo + "</div>");
        // ok: java.xss
        out.println("<div class='memo'>" + Encode.forHtml(memo) + "</div>");
        String back = req.getParameter("back");
        if (back != null) {
            // ruleid: java.open-redirect
            resp.sendRedirect(back);
        }
        // ok: java.open-redirect
        resp.sendRedirect(req.getContextPath() + "/legacy/home");
    }

    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        // ruleid: java.xmldecoder-deserialization
        Object entry = new XMLDecoder(req.getInputStream()).readObject();
        XStream xstream = new XStream();
        // ruleid: java.xstream-deserialization
        Object other = xstream.fromXML(req.getReader());
        try (Session session = sessionFactory.openSession()) {
            String ref = req.getParameter("ref");
            // ruleid: java.sql-injection
            session.createQuery("FROM Entry e WHERE e.reference = '" + ref + "'", Object.class).list();
            // ok: java.sql-injection
            session.createQuery("FROM Entry e WHERE e.reference = :ref", Object.class).setParameter("ref", ref).list();
        }
        resp.getWriter().println(String.valueOf(entry) + other);
    }

    @Override
    protected void doPut(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String className = req.getParameter("handler");
        try {
            // ruleid: java.unsafe-reflection
            Object handler = Class.forName(className).getDeclaredConstructor().newInstance();
            // ok: java.unsafe-reflection
            Object known = Class.forName("com.acme.ledger.DefaultHandler").getDeclaredConstructor().newInstance();
            resp.getWriter().println(handler.toString() + known);
        } catch (ReflectiveOperationException e) {
            resp.sendError(400);
        }
    }

    static void trustEverything() throws Exception {
        TrustManager[] all = new TrustManager[] {
            new X509TrustManager() {
                // ruleid: java.trust-all-certificates
                public void checkServerTrusted(X509Certificate[] chain, String authType) { }
                public void checkClientTrusted(X509Certificate[] chain, String authType) { }
                public X509Certificate[] getAcceptedIssuers() { return new X509Certificate[0]; }
            }
        };
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(null, all, new java.security.SecureRandom());
        // ruleid: java.hostname-verifier-accepts-all
        HttpsURLConnection.setDefaultHostnameVerifier((host, session) -> true);
        // ok: java.hostname-verifier-accepts-all
        HttpsURLConnection.setDefaultHostnameVerifier(HttpsURLConnection.getDefaultHostnameVerifier());
    }
}
