// stockade-expect: vulnerable CWE-489
package com.example.web;

import java.io.IOException;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

public class StackTraceServlet extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        try {
            Integer.parseInt(req.getParameter("n"));
        } catch (NumberFormatException e) {
            e.printStackTrace(resp.getWriter());
        }
    }
}
