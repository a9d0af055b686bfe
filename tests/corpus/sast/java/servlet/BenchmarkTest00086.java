// stockade-expect: safe CWE-113
package org.owasp.benchmark.testcode;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.owasp.benchmark.helpers.DatabaseHelper;

@WebServlet(value = "/header-00/BenchmarkTest00086")
public class BenchmarkTest00086 extends HttpServlet {

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

        String param = request.getParameter("BenchmarkTest00086");
        if (param == null) param = "";

        String bar = new Test().doSomething(request, param);

        response.addHeader("Content-Disposition", "attachment; filename=" + bar);
        response.getWriter().println("ok");
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
