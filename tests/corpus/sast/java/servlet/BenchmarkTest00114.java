// stockade-expect: vulnerable CWE-918
package org.owasp.benchmark.testcode;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.owasp.benchmark.helpers.DatabaseHelper;

@WebServlet(value = "/ssrf-00/BenchmarkTest00114")
public class BenchmarkTest00114 extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Override
    public void doGet(HttpServletRequest request, HttpServletResponse response)
            throws ServletException, IOException {
        doPost(request, response);
    }

    @Override
    public void doPost(HttpServletRequest request, HttpServletResponse response)
            throws ServletException, IOException {
        response.setContentType("text/html;charset=UTF-8");

        String param = request.getParameter("BenchmarkTest00114");
        if (param == null) param = "";

        String bar = "";
        if (param != null) {
            bar = new String(org.apache.commons.codec.binary.Base64.decodeBase64(
                    org.apache.commons.codec.binary.Base64.encodeBase64(param.getBytes())));
        }

        java.net.URL url = new java.net.URL(bar);
        java.net.HttpURLConnection conn = (java.net.HttpURLConnection) url.openConnection();
        response.getWriter().println("status " + conn.getResponseCode());
    }
}
