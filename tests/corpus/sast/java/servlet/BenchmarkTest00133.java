// stockade-expect: vulnerable CWE-330
package org.owasp.benchmark.testcode;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.owasp.benchmark.helpers.DatabaseHelper;

@WebServlet(value = "/weakrand-00/BenchmarkTest00133")
public class BenchmarkTest00133 extends HttpServlet {

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
        String[] values = request.getParameterValues("BenchmarkTest00133");
        if (values != null && values.length > 0) {
            param = values[0];
        }

        int num = 106;
        String bar = (7 * 42) - num > 200 ? "This should never happen" : param;

        double value = java.lang.Math.random();
        String rememberMeKey = Double.toString(value).substring(2);
        request.getSession().setAttribute("rememberMe", rememberMeKey);
        response.getWriter().println("token issued " + bar.length());
    }
}
