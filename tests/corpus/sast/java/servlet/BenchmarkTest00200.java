// stockade-expect: vulnerable CWE-78
package org.owasp.benchmark.testcode;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

@WebServlet(value = "/cmdi-00/BenchmarkTest00200")
public class BenchmarkTest00200 extends HttpServlet {

    private static final long serialVersionUID = 1L;

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
                    String value = values[i];
                    if (value.equals("BenchmarkTest00200")) {
                        param = name;
                        flag = false;
                    }
                }
            }
        }

        String bar = doSomething(request, param);

        String[] argsEnv = {"Foo=bar"};
        Runtime r = Runtime.getRuntime();
        try {
            Process p = r.exec("echo " + bar, argsEnv);
            org.owasp.benchmark.helpers.Utils.printOSCommandResults(p, response);
        } catch (IOException e) {
            response.getWriter().println("Problem executing cmdi");
        }
    }

    private static String doSomething(HttpServletRequest request, String param)
            throws ServletException, IOException {
        String bar = param;
        if (param != null && param.length() > 1) {
            StringBuilder sbxyz = new StringBuilder(param);
            bar = sbxyz.replace(param.length() - "Z".length(), param.length(), "Z").toString();
        }
        return bar;
    }
}
