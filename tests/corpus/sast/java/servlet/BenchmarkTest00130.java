// stockade-expect: safe CWE-327
package org.owasp.benchmark.testcode;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.owasp.benchmark.helpers.DatabaseHelper;

@WebServlet(value = "/crypto-00/BenchmarkTest00130")
public class BenchmarkTest00130 extends HttpServlet {

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
        java.util.Map<String, String[]> map = request.getParameterMap();
        if (!map.isEmpty()) {
            String[] values = map.get("BenchmarkTest00130");
            if (values != null) param = values[0];
        }

        String bar = new Test().doSomething(request, param);

        javax.crypto.Cipher c = javax.crypto.Cipher.getInstance("AES/GCM/NoPadding");
        javax.crypto.SecretKey key = javax.crypto.KeyGenerator.getInstance("AES").generateKey();
        byte[] iv = new byte[12];
        new java.security.SecureRandom().nextBytes(iv);
        c.init(javax.crypto.Cipher.ENCRYPT_MODE, key, new javax.crypto.spec.GCMParameterSpec(128, iv));
        byte[] result = c.doFinal(bar.getBytes("UTF-8"));
        response.getWriter().println("Encrypted: " + result.length);
    }

    private class Test {
        public String doSomething(HttpServletRequest request, String param) throws ServletException, IOException {
            String bar = "safe!";
            java.util.HashMap<String, Object> map = new java.util.HashMap<String, Object>();
            map.put("keyA", "a-Value");
            map.put("keyB", param);
            bar = (String) map.get("keyA");
            return bar;
        }
    }
}
