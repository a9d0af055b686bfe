// stockade-expect: safe CWE-89
package org.owasp.benchmark.testcode;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.owasp.benchmark.helpers.DatabaseHelper;
import org.owasp.benchmark.helpers.Utils;

@WebServlet(value = "/sqli_jdbc-00/BenchmarkTest00040")
public class BenchmarkTest00040 extends HttpServlet {

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
        boolean flag = true;
        java.util.Enumeration<String> names = request.getParameterNames();
        while (names.hasMoreElements() && flag) {
            String name = (String) names.nextElement();
            String[] values = request.getParameterValues(name);
            if (values != null) {
                for (int i = 0; i < values.length && flag; i++) {
                    if (values[i].equals("BenchmarkTest")) {
                        param = name;
                        flag = false;
                    }
                }
            }
        }

        String bar = new Test().doSomething(request, param);

        String sql = "SELECT userid from USERS where USERNAME='foo' and PASSWORD='" + bar + "'";
        java.util.List<java.util.Map<String, Object>> list = DatabaseHelper.JDBCtemplate.queryForList(sql);
        response.getWriter().println("Rows: " + list.size());
    }

    private class Test {

        public String doSomething(HttpServletRequest request, String param)
                throws ServletException, IOException {
            java.util.HashMap<String, Object> map = new java.util.HashMap<String, Object>();
            map.put("keyA", "a-Value");
            map.put("keyB", param);
            map.put("keyC", "another-Value");
            String bar = (String) map.get("keyA");
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
