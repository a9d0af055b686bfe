// stockade-expect: vulnerable CWE-327
package org.owasp.benchmark.testcode;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.owasp.benchmark.helpers.DatabaseHelper;

@WebServlet(value = "/crypto-00/BenchmarkTest00128")
public class BenchmarkTest00128 extends HttpServlet {

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
        if (request.getHeader("BenchmarkTest00128") != null) {
            param = request.getHeader("BenchmarkTest00128");
        }
        param = java.net.URLDecoder.decode(param, "UTF-8");

        int num = 106;
        String bar = (7 * 18) + num > 200 ? "This_should_always_happen" : param;

        javax.crypto.Cipher c = javax.crypto.Cipher.getInstance("DES/CBC/PKCS5Padding");
        javax.crypto.SecretKey key = javax.crypto.KeyGenerator.getInstance("DES").generateKey();
        c.init(javax.crypto.Cipher.ENCRYPT_MODE, key);
        byte[] result = c.doFinal(bar.getBytes("UTF-8"));
        response.getWriter().println("Encrypted: " + result.length);
    }
}
