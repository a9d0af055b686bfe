// stockade-expect: vulnerable CWE-502
package com.example.session;

import java.beans.XMLDecoder;
import java.io.IOException;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

public class SessionRestore extends HttpServlet {
    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        XMLDecoder decoder = new XMLDecoder(req.getInputStream());
        Object state = decoder.readObject();
        resp.getWriter().println(state.hashCode());
    }
}
