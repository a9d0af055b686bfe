// stockade-expect: vulnerable CWE-918
package org.owasp.benchmark.testcode;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.owasp.benchmark.helpers.DatabaseHelper;

@WebServlet(value = "/ssrf-00/BenchmarkTest00113")
public class BenchmarkTest00113 extends HttpServlet {

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

        String param = "";
        if (request.getHeader("BenchmarkTest00113") != null) {
            param = request.getHeader("BenchmarkTest00113");
        }
        param = java.net.URLDecoder.decode(param, "UTF-8");

        java.util.List<String> valuesList = new java.util.ArrayList<String>();
        valuesList.add("safe");
        valuesList.add(param);
        valuesList.add("moresafe");
        String bar = valuesList.get(1);

        java.net.URL url = new java.net.URL(bar);
        java.net.HttpURLConnection conn = (java.net.HttpURLConnection) url.openConnection();
        response.getWriter().println("status " + conn.getResponseCode());
    }
}
