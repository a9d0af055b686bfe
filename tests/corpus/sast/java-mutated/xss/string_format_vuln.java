// stockade-expect: vulnerable CWE-79
package org.owasp.benchmark.testcode;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.owasp.benchmark.helpers.DatabaseHelper;
import org.owasp.benchmark.helpers.Utils;

@WebServlet(value = "/xss-00/BenchmarkTest00198")
public class BenchmarkTest00198 extends HttpServlet {

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
        if (request.getHeader("BenchmarkTest") != null) {
            param = request.getHeader("BenchmarkTest");
        }
        param = java.net.URLDecoder.decode(param, "UTF-8");

        String bar = new Test().doSomething(request, param);

        response.setHeader("X-XSS-Protection", "0");
        response.getWriter().println(bar);
    }

    private class Test {

        public String doSomething(HttpServletRequest request, String param)
                throws ServletException, IOException {
            String bar = String.format("%s-%s", "prefix", param);
            return bar;
        }
    }

    static class Helper {
        static String identity(String value) {
            return value.trim();
        }

        static String constant(String value) {
            return "constant";
        }
    }

    static void printOSCommandResults(Process p, HttpServletResponse response) throws IOException {
        response.getWriter().println(new String(p.getInputStream().readAllBytes()));
    }
}
