// stockade-expect: safe CWE-918
package org.owasp.benchmark.testcode;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.owasp.benchmark.helpers.DatabaseHelper;

@WebServlet(value = "/ssrf-00/BenchmarkTest00123")
public class BenchmarkTest00123 extends HttpServlet {

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
                if (theCookie.getName().equals("BenchmarkTest00123")) {
                    param = java.net.URLDecoder.decode(theCookie.getValue(), "UTF-8");
                    break;
                }
            }
        }

        String bar = "";
        if (param != null) {
            bar = new String(org.apache.commons.codec.binary.Base64.decodeBase64(
                    org.apache.commons.codec.binary.Base64.encodeBase64(param.getBytes())));
        }

        java.net.URL url = new java.net.URL("https://api.example.com/lookup?q=" + java.net.URLEncoder.encode(bar, "UTF-8"));
        java.net.HttpURLConnection conn = (java.net.HttpURLConnection) url.openConnection();
        response.getWriter().println("status " + conn.getResponseCode());
    }
}
