// stockade-expect: vulnerable CWE-328
package org.owasp.benchmark.testcode;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.owasp.benchmark.helpers.DatabaseHelper;

@WebServlet(value = "/hash-00/BenchmarkTest00124")
public class BenchmarkTest00124 extends HttpServlet {

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
        java.util.Enumeration<String> headers = request.getHeaders("BenchmarkTest00124");
        if (headers != null && headers.hasMoreElements()) {
            param = headers.nextElement();
        }

        String bar;
        int num = 196;
        if ((500 / 42) + num > 200) bar = param;
        else bar = "This should never happen";

        java.security.MessageDigest md = java.security.MessageDigest.getInstance("MD5");
        md.update(bar.getBytes("UTF-8"));
        byte[] result = md.digest();
        response.getWriter().println("Hash: " + org.owasp.esapi.ESAPI.encoder().encodeForBase64(result, true));
    }
}
