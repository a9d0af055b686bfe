// stockade-expect: annotated
package com.acme.portal;

import java.io.IOException;
import java.io.PrintWriter;
import javax.naming.directory.DirContext;
import javax.naming.directory.SearchControls;
import javax.servlet.http.Cookie;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import javax.xml.parsers.DocumentBuilderFactory;
import org.owasp.encoder.Encode;

public class ProfileServlet extends HttpServlet {
    private DirContext ctx;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String name = request.getParameter("name");
        PrintWriter out = response.getWriter();
        // ruleid: java.xss
        out.println("<p>Hello " + name + "</p>");
        // ok: java.xss
        out.println("<p>Hello " + Encode.forHtml(name) + "</p>");

        String next = request.getParameter("next");
        if ("home".equals(request.getParameter("mode"))) {
            // ok: java.open-redirect
            response.sendRedirect("/home");
        } else {
            // ruleid: java.open-redirect
            response.sendRedirect(next);
        }

        // ruleid: java.header-injection
        response.setHeader("X-Profile", request.getParameter("profile"));

        // ruleid: java.cookie-not-secure
        Cookie pref = new Cookie("theme", "dark");
        response.addCookie(pref);
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        try {
            String uid = request.getParameter("uid");
            // ruleid: java.ldap-injection
            ctx.search("ou=people,dc=acme,dc=com", "(&(uid=" + uid + ")(objectClass=person))", new SearchControls());
            // ok: java.ldap-injection
            ctx.search("ou=people,dc=acme,dc=com", "(&(uid={0})(objectClass=person))", new Object[] {uid}, new SearchControls());

            DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
            // ruleid: java.xxe-documentbuilder
            dbf.newDocumentBuilder().parse(request.getInputStream());
        } catch (Exception e) {
            // ruleid: java.stack-trace-exposure
            e.printStackTrace(response.getWriter());
        }
    }
}
