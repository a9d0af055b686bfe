// stockade-expect: safe CWE-489
package com.example.web;

import java.io.IOException;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

public class StackTraceLoggedServlet extends HttpServlet {
    private static final Logger LOG = Logger.getLogger("web");

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        try {
            Integer.parseInt(req.getParameter("n"));
        } catch (NumberFormatException e) {
            LOG.log(Level.WARNING, "bad number", e);
            resp.sendError(400);
        }
    }
}
