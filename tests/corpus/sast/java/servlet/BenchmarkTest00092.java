// stockade-expect: vulnerable CWE-117
package org.owasp.benchmark.testcode;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.owasp.benchmark.helpers.DatabaseHelper;

@WebServlet(value = "/log-00/BenchmarkTest00092")
public class BenchmarkTest00092 extends HttpServlet {

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
        String[] values = request.getParameterValues("BenchmarkTest00092");
        if (values != null && values.length > 0) {
            param = values[0];
        }

        StringBuilder sbxyz = new StringBuilder(param);
        String bar = sbxyz.append("_SafeStuff").toString();

        java.util.logging.Logger log = java.util.logging.Logger.getLogger("benchmark");
        log.info("User supplied value: " + bar);
        response.getWriter().println("logged");
    }
}
