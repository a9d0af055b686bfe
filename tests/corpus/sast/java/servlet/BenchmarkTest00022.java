// stockade-expect: safe CWE-78
package org.owasp.benchmark.testcode;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.owasp.benchmark.helpers.DatabaseHelper;

@WebServlet(value = "/cmdi-00/BenchmarkTest00022")
public class BenchmarkTest00022 extends HttpServlet {

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
        if (request.getHeader("BenchmarkTest00022") != null) {
            param = request.getHeader("BenchmarkTest00022");
        }
        param = java.net.URLDecoder.decode(param, "UTF-8");

        int num = 106;
        String bar = (7 * 18) + num > 200 ? "This_should_always_happen" : param;

        String[] args = {"sh", "-c", "ls " + bar};
        String[] argsEnv = {"foo=bar"};
        Runtime r = Runtime.getRuntime();
        try {
            Process p = r.exec(args, argsEnv);
            org.owasp.benchmark.helpers.Utils.printOSCommandResults(p, response);
        } catch (IOException e) {
            throw new ServletException(e);
        }
    }
}
