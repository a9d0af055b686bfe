// stockade-expect: vulnerable CWE-501
package org.owasp.benchmark.testcode;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.owasp.benchmark.helpers.DatabaseHelper;

@WebServlet(value = "/trustbound-00/BenchmarkTest00072")
public class BenchmarkTest00072 extends HttpServlet {

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
            String[] values = map.get("BenchmarkTest00072");
            if (values != null) param = values[0];
        }

        String bar = new Test().doSomething(request, param);

        request.getSession().putValue("userid", bar);
        response.getWriter().println("Item: 'userid' with value: '" + org.owasp.benchmark.helpers.Utils.encodeForHTML(bar) + "' saved in session.");
    }

    private class Test {
        public String doSomething(HttpServletRequest request, String param) throws ServletException, IOException {
            String bar = param;
            if (param != null && param.length() > 1) {
                bar = param.substring(0, param.length() - 1);
            }
            return bar;
        }
    }
}
