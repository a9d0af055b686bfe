// stockade-expect: safe CWE-501
package org.owasp.benchmark.testcode;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.owasp.benchmark.helpers.DatabaseHelper;

@WebServlet(value = "/trustbound-00/BenchmarkTest00078")
public class BenchmarkTest00078 extends HttpServlet {

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

        String param = request.getParameter("BenchmarkTest00078");
        if (param == null) param = "";

        String bar = new Test().doSomething(request, param);

        request.getSession().setAttribute(bar, "10340");
        response.getWriter().println("Item: '" + org.owasp.benchmark.helpers.Utils.encodeForHTML(bar) + "' with value: '10340' saved in session.");
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
