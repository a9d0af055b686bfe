// stockade-expect: safe CWE-22
package org.owasp.benchmark.testcode;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.owasp.benchmark.helpers.DatabaseHelper;

@WebServlet(value = "/pathtraver-00/BenchmarkTest00034")
public class BenchmarkTest00034 extends HttpServlet {

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
        String[] values = request.getParameterValues("BenchmarkTest00034");
        if (values != null && values.length > 0) {
            param = values[0];
        }

        java.util.HashMap<String, Object> map1 = new java.util.HashMap<String, Object>();
        map1.put("keyA-1", "a_Value");
        map1.put("keyB-1", param);
        map1.put("keyC", "another_Value");
        String bar = (String) map1.get("keyB-1");

        String fileName = org.owasp.benchmark.helpers.Utils.TESTFILES_DIR + org.apache.commons.io.FilenameUtils.getName(bar);
        java.io.FileOutputStream fos = new java.io.FileOutputStream(fileName, false);
        response.getWriter().println("Now ready to write to file: " + org.owasp.esapi.ESAPI.encoder().encodeForHTML(fileName));
        fos.close();
    }
}
