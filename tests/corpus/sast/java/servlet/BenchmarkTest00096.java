// stockade-expect: vulnerable CWE-117
package org.owasp.benchmark.testcode;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.owasp.benchmark.helpers.DatabaseHelper;

@WebServlet(value = "/log-00/BenchmarkTest00096")
public class BenchmarkTest00096 extends HttpServlet {

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

        String param = request.getParameter("BenchmarkTest00096");
        if (param == null) param = "";

        String bar = param.split(" ")[0];

        java.util.logging.Logger log = java.util.logging.Logger.getLogger("benchmark");
        log.info("User supplied value: " + bar);
        response.getWriter().println("logged");
    }
}
