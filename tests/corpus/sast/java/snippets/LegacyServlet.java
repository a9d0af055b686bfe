// stockade-expect: annotated
package com.example.legacy;

import java.io.IOException;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import javax.servlet.ServletException;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import javax.xml.parsers.DocumentBuilderFactory;
import org.owasp.encoder.Encode;

public class LegacyServlet extends HttpServlet {
    private Connection connection;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response)
            throws ServletException, IOException {
        String id = request.getParameter("id");
        String host = request.getParameter("host");
        PrintWriter out = response.getWriter();
        try {
            Statement st = connection.createStatement();
            // ruleid: java.sql-injection
            st.executeQuery("SELECT * FROM items WHERE id = " + id);
            PreparedStatement ps = connection.prepareStatement("SELECT * FROM items WHERE id = ?");
            ps.setString(1, id);
            // ok: java.sql-injection
            ps.executeQuery();
        } catch (java.sql.SQLException e) {
            throw new ServletException(e);
        }
        // ruleid: java.command-injection
        Runtime.getRuntime().exec("nslookup " + host);
        // ok: java.command-injection
        Runtime.getRuntime().exec(new String[] {"nslookup", "example.com"});
        // ruleid: java.xss
        out.println("<p>Item " + id + "</p>");
        // ok: java.xss
        out.println("<p>Item " + Encode.forHtml(id) + "</p>");
        // ruleid: java.trust-boundary-violation
        request.getSession().setAttribute("item", id);
        // ruleid: java.xxe
        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
        try {
            dbf.newDocumentBuilder().parse(request.getInputStream());
        } catch (Exception e) {
            throw new ServletException(e);
        }
    }
}
