// stockade-expect: safe CWE-328
package org.owasp.benchmark.testcode;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.owasp.benchmark.helpers.DatabaseHelper;

@WebServlet(value = "/hash-00/BenchmarkTest00127")
public class BenchmarkTest00127 extends HttpServlet {

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
        String[] values = request.getParameterValues("BenchmarkTest00127");
        if (values != null && values.length > 0) {
            param = values[0];
        }

        String bar = new Test().doSomething(request, param);

        java.security.MessageDigest md = java.security.MessageDigest.getInstance("SHA-512", "SUN");
        byte[] result = md.digest(bar.getBytes("UTF-8"));
        response.getWriter().println("Hash: " + result.length);
    }

    private class Test {
        public String doSomething(HttpServletRequest request, String param) throws ServletException, IOException {
            String bar = param;
            if (param != null && param.length() > 1) {
                bar = param.substring(0, param.length() - 1);
            }
            return bar;
        }
    }
}
