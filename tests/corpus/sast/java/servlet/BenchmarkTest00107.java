// stockade-expect: vulnerable CWE-601
package org.owasp.benchmark.testcode;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.owasp.benchmark.helpers.DatabaseHelper;

@WebServlet(value = "/redirect-00/BenchmarkTest00107")
public class BenchmarkTest00107 extends HttpServlet {

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
        java.util.Enumeration<String> headers = request.getHeaders("BenchmarkTest00107");
        if (headers != null && headers.hasMoreElements()) {
            param = headers.nextElement();
        }

        java.util.HashMap<String, Object> map1 = new java.util.HashMap<String, Object>();
        map1.put("keyA-1", "a_Value");
        map1.put("keyB-1", param);
        map1.put("keyC", "another_Value");
        String bar = (String) map1.get("keyB-1");

        response.sendRedirect(bar);
    }
}
