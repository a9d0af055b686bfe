// stockade-expect: vulnerable CWE-501
package org.owasp.benchmark.testcode;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.owasp.benchmark.helpers.DatabaseHelper;
import org.owasp.benchmark.helpers.Utils;

@WebServlet(value = "/trustbound-00/BenchmarkTest00305")
public class BenchmarkTest00305 extends HttpServlet {

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

        javax.servlet.http.Cookie[] theCookies = request.getCookies();
        String param = "noCookieValueSupplied";
        if (theCookies != null) {
            for (javax.servlet.http.Cookie theCookie : theCookies) {
                if (theCookie.getName().equals("BenchmarkTest")) {
                    param = java.net.URLDecoder.decode(theCookie.getValue(), "UTF-8");
                    break;
                }
            }
        }

        String bar = new Test().doSomething(request, param);

        request.getSession().setAttribute("userid", bar);
        response.getWriter().println("Item: 'userid' with value: '" + org.owasp.esapi.ESAPI.encoder().encodeForHTML(bar) + "' saved in session.");
    }

    private class Test {

        public String doSomething(HttpServletRequest request, String param)
                throws ServletException, IOException {
            String bar = null;
            if (param != null) {
                bar = new String(java.util.Base64.getDecoder().decode(
                    java.util.Base64.getEncoder().encode(param.getBytes())));
            }
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
