// stockade-expect: safe CWE-79
package org.owasp.benchmark.testcode;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.owasp.benchmark.helpers.DatabaseHelper;
import org.owasp.benchmark.helpers.Utils;

@WebServlet(value = "/xss_format-00/BenchmarkTest00226")
public class BenchmarkTest00226 extends HttpServlet {

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

        String param = request.getParameter("BenchmarkTest");
        if (param == null) param = "";

        String bar = new Test().doSomething(request, param);

        response.setHeader("X-XSS-Protection", "0");
        Object[] obj = {"a", "b"};
        response.getWriter().format(java.util.Locale.US, bar, obj);
    }

    private class Test {

        public String doSomething(HttpServletRequest request, String param)
                throws ServletException, IOException {
            String bar = Helper.constant(param);
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
