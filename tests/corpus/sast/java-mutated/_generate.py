"""Generator of a blind Java corpus in the shape of the OWASP Benchmark (Java) and
flawgarden's BenchmarkJava-mutated: one servlet per file, a request source, a data flow
(often inside an inner class's ``doSomething``), and a sink; each vulnerable program has
safe look-alikes (constant, dead branch, overwritten value, safe collection element,
sanitized, safe sink API). Written before Stockade was run on it: the labels follow what
the program does at run time.

Run from this directory: ``python _generate.py`` (deterministic).
"""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

OUT = Path(__file__).parent

SOURCES = [
    'String param = request.getParameter("BenchmarkTest");\nif (param == null) param = "";',
    'String param = "";\nif (request.getHeader("BenchmarkTest") != null) {\n'
    '    param = request.getHeader("BenchmarkTest");\n}\n'
    'param = java.net.URLDecoder.decode(param, "UTF-8");',
    'String param = "";\njava.util.Enumeration<String> headers = request.getHeaders("BenchmarkTest");\n'
    "if (headers != null && headers.hasMoreElements()) {\n    param = headers.nextElement();\n}\n"
    'param = java.net.URLDecoder.decode(param, "UTF-8");',
    'javax.servlet.http.Cookie[] theCookies = request.getCookies();\nString param = "noCookieValueSupplied";\n'
    "if (theCookies != null) {\n    for (javax.servlet.http.Cookie theCookie : theCookies) {\n"
    '        if (theCookie.getName().equals("BenchmarkTest")) {\n'
    '            param = java.net.URLDecoder.decode(theCookie.getValue(), "UTF-8");\n            break;\n'
    "        }\n    }\n}",
    'java.util.Map<String, String[]> map = request.getParameterMap();\nString param = "";\n'
    'if (!map.isEmpty()) {\n    String[] values = map.get("BenchmarkTest");\n'
    "    if (values != null) param = values[0];\n}",
    'String queryString = request.getQueryString();\nString paramval = "BenchmarkTest" + "=";\n'
    "int paramLoc = -1;\nif (queryString != null) paramLoc = queryString.indexOf(paramval);\n"
    'if (paramLoc == -1) {\n    response.getWriter().println("getQueryString() couldn\'t find expected parameter");\n'
    "    return;\n}\nString param = queryString.substring(paramLoc + paramval.length());\n"
    'int ampersandLoc = queryString.indexOf("&", paramLoc);\nif (ampersandLoc != -1) {\n'
    "    param = queryString.substring(paramLoc + paramval.length(), ampersandLoc);\n}\n"
    'param = java.net.URLDecoder.decode(param, "UTF-8");',
    'String param = "";\nboolean flag = true;\njava.util.Enumeration<String> names = request.getParameterNames();\n'
    "while (names.hasMoreElements() && flag) {\n    String name = (String) names.nextElement();\n"
    "    String[] values = request.getParameterValues(name);\n    if (values != null) {\n"
    "        for (int i = 0; i < values.length && flag; i++) {\n"
    '            if (values[i].equals("BenchmarkTest")) {\n                param = name;\n'
    "                flag = false;\n            }\n        }\n    }\n}",
]

# flow name -> (vulnerable body, safe body) of ``doSomething(request, param)`` returning bar
FLOWS: dict[str, tuple[str, str]] = {
    "direct": ("String bar = param;", 'String bar = "This should always be safe";'),
    "const_if": (
        'String bar;\nint num = 106;\nif ((7 * 42) - num > 200) bar = "This_should_always_happen";\nelse bar = param;',
        'String bar;\nint num = 86;\nif ((7 * 42) - num > 200) bar = "This_should_always_happen";\nelse bar = param;',
    ),
    "ternary": (
        'int num = 196;\nString bar = (7 * 42) - num > 200 ? "This should never happen" : param;',
        'int num = 86;\nString bar = (7 * 42) - num > 200 ? "This_should_always_happen" : param;',
    ),
    "switch": (
        'String bar;\nString guess = "ABC";\nchar switchTarget = guess.charAt(2);\nswitch (switchTarget) {\n'
        '    case \'A\':\n        bar = param;\n        break;\n    case \'B\':\n        bar = "bobs_your_uncle";\n'
        "        break;\n    case 'C':\n    case 'D':\n        bar = param;\n        break;\n"
        '    default:\n        bar = "bobs_your_uncle";\n        break;\n}',
        'String bar;\nString guess = "ABC";\nchar switchTarget = guess.charAt(1);\nswitch (switchTarget) {\n'
        '    case \'A\':\n        bar = param;\n        break;\n    case \'B\':\n        bar = "bob";\n'
        "        break;\n    case 'C':\n    case 'D':\n        bar = param;\n        break;\n"
        '    default:\n        bar = "bob\'s your uncle";\n        break;\n}',
    ),
    "hashmap": (
        "java.util.HashMap<String, Object> map = new java.util.HashMap<String, Object>();\n"
        'map.put("keyA", "a-Value");\nmap.put("keyB", param);\nmap.put("keyC", "another-Value");\n'
        'String bar = (String) map.get("keyB");',
        "java.util.HashMap<String, Object> map = new java.util.HashMap<String, Object>();\n"
        'map.put("keyA", "a-Value");\nmap.put("keyB", param);\nmap.put("keyC", "another-Value");\n'
        'String bar = (String) map.get("keyA");',
    ),
    "list_remove": (
        "java.util.List<String> valuesList = new java.util.ArrayList<String>();\n"
        'valuesList.add("safe");\nvaluesList.add(param);\nvaluesList.add("moresafe");\n'
        "valuesList.remove(0);\nString bar = valuesList.get(0);",
        "java.util.List<String> valuesList = new java.util.ArrayList<String>();\n"
        'valuesList.add("safe");\nvaluesList.add(param);\nvaluesList.add("moresafe");\n'
        "valuesList.remove(0);\nString bar = valuesList.get(1);",
    ),
    "stringbuilder": (
        'StringBuilder sbxyz = new StringBuilder(param);\nString bar = sbxyz.append("_SafeStuff").toString();',
        'StringBuilder sbxyz = new StringBuilder("safe");\nString bar = sbxyz.append("_SafeStuff").toString();',
    ),
    "base64": (
        "String bar = null;\nif (param != null) {\n    bar = new String(java.util.Base64.getDecoder().decode(\n"
        "        java.util.Base64.getEncoder().encode(param.getBytes())));\n}",
        "String bar = null;\nif (param != null) {\n    byte[] ignored = java.util.Base64.getEncoder().encode(param.getBytes());\n"
        '    bar = new String(java.util.Base64.getDecoder().decode(java.util.Base64.getEncoder().encode("safe".getBytes())));\n}',
    ),
    "overwrite": (
        'String bar = "initial";\nif (param != null && param.length() > 1) {\n    bar = param;\n}',
        'String bar = param;\nbar = "This_should_always_happen";',
    ),
    "split": (
        'String bar = "";\nif (param != null) {\n    String[] parts = param.split(" ");\n    bar = parts[0];\n}',
        'String bar = "";\nif (param != null) {\n    String[] parts = {"safe", param};\n    bar = parts[0];\n}',
    ),
    "concat_substring": (
        'String a = param + "_suffix";\nString bar = a.substring(0, a.length() - "_suffix".length());',
        'String a = "constant_suffix";\nString bar = a.substring(0, 8);',
    ),
    "static_helper": (
        "String bar = Helper.identity(param);",
        "String bar = Helper.constant(param);",
    ),
    "string_format": (
        'String bar = String.format("%s-%s", "prefix", param);',
        'String bar = String.format("%s-%s", "prefix", "suffix");',
    ),
    "array_element": (
        'String[] arr = new String[] {param, "safe"};\nString bar = arr[0];',
        'String[] arr = new String[] {param, "safe"};\nString bar = arr[1];',
    ),
}

HELPER_CLASS = """
    static class Helper {
        static String identity(String value) {
            return value.trim();
        }

        static String constant(String value) {
            return "constant";
        }
    }
"""

# category -> (cwe, sink body using ``bar``, sanitizer expression over bar or None,
#              safe-sink body or None)
SINKS: dict[str, tuple[str, str, str | None, str | None]] = {
    "sqli": (
        "CWE-89",
        'String sql = "SELECT * from USERS where USERNAME=\'foo\' and PASSWORD=\'" + bar + "\'";\n'
        "try {\n    java.sql.Statement statement = DatabaseHelper.getSqlStatement();\n"
        "    statement.execute(sql);\n    DatabaseHelper.printResults(statement, sql, response);\n"
        "} catch (java.sql.SQLException e) {\n    throw new ServletException(e);\n}",
        'bar.matches("[0-9]+") ? bar : "0"',
        'String sql = "SELECT * from USERS where USERNAME=? and PASSWORD=?";\ntry {\n'
        "    java.sql.Connection connection = DatabaseHelper.getSqlConnection();\n"
        "    java.sql.PreparedStatement statement = connection.prepareStatement(sql);\n"
        '    statement.setString(1, "foo");\n    statement.setString(2, bar);\n    statement.execute();\n'
        "} catch (java.sql.SQLException e) {\n    throw new ServletException(e);\n}",
    ),
    "sqli_jdbc": (
        "CWE-89",
        'String sql = "SELECT userid from USERS where USERNAME=\'foo\' and PASSWORD=\'" + bar + "\'";\n'
        "java.util.List<java.util.Map<String, Object>> list = DatabaseHelper.JDBCtemplate.queryForList(sql);\n"
        'response.getWriter().println("Rows: " + list.size());',
        None,
        'String sql = "SELECT userid from USERS where USERNAME=\'foo\' and PASSWORD=?";\n'
        "java.util.List<java.util.Map<String, Object>> list = DatabaseHelper.JDBCtemplate.queryForList(sql, bar);\n"
        'response.getWriter().println("Rows: " + list.size());',
    ),
    "cmdi": (
        "CWE-78",
        'String cmd = "";\nString osName = System.getProperty("os.name");\n'
        'if (osName.indexOf("Windows") != -1) cmd = "cmd.exe /c echo ";\nelse cmd = "echo ";\n'
        "Runtime r = Runtime.getRuntime();\ntry {\n    Process p = r.exec(cmd + bar);\n"
        "    printOSCommandResults(p, response);\n} catch (IOException e) {\n    throw new ServletException(e);\n}",
        None,
        'String[] args = {"echo", bar};\nRuntime r = Runtime.getRuntime();\ntry {\n    Process p = r.exec(args);\n'
        "    printOSCommandResults(p, response);\n} catch (IOException e) {\n    throw new ServletException(e);\n}",
    ),
    "cmdi_pb": (
        "CWE-78",
        "java.util.List<String> argList = new java.util.ArrayList<String>();\n"
        'argList.add("sh");\nargList.add("-c");\nargList.add("echo " + bar);\n'
        "ProcessBuilder pb = new ProcessBuilder();\npb.command(argList);\ntry {\n    Process p = pb.start();\n"
        "    printOSCommandResults(p, response);\n} catch (IOException e) {\n    throw new ServletException(e);\n}",
        None,
        None,
    ),
    "pathtraver": (
        "CWE-22",
        'String fileName = Utils.TESTFILES_DIR + bar;\njava.io.FileInputStream fis = null;\ntry {\n'
        "    fis = new java.io.FileInputStream(new java.io.File(fileName));\n"
        "    byte[] b = new byte[1000];\n    int size = fis.read(b);\n"
        '    response.getWriter().println("The beginning of file: \'" + org.owasp.esapi.ESAPI.encoder().encodeForHTML(fileName)\n'
        "        + \"' is:\\n\\n\" + org.owasp.esapi.ESAPI.encoder().encodeForHTML(new String(b, 0, size)));\n"
        "} finally {\n    if (fis != null) fis.close();\n}",
        "org.apache.commons.io.FilenameUtils.getName(bar)",
        None,
    ),
    "pathtraver_nio": (
        "CWE-22",
        'java.nio.file.Path path = java.nio.file.Paths.get(Utils.TESTFILES_DIR, bar);\n'
        "byte[] content = java.nio.file.Files.readAllBytes(path);\n"
        'response.getWriter().println(org.owasp.esapi.ESAPI.encoder().encodeForHTML(new String(content)));',
        None,
        None,
    ),
    "xss": (
        "CWE-79",
        'response.setHeader("X-XSS-Protection", "0");\nresponse.getWriter().println(bar);',
        "org.springframework.web.util.HtmlUtils.htmlEscape(bar)",
        None,
    ),
    "xss_format": (
        "CWE-79",
        'response.setHeader("X-XSS-Protection", "0");\nObject[] obj = {"a", "b"};\n'
        "response.getWriter().format(java.util.Locale.US, bar, obj);",
        "org.owasp.esapi.ESAPI.encoder().encodeForHTML(bar)",
        None,
    ),
    "ldapi": (
        "CWE-90",
        "org.owasp.benchmark.helpers.LDAPManager ads = new org.owasp.benchmark.helpers.LDAPManager();\n"
        "try {\n    javax.naming.directory.DirContext ctx = ads.getDirContext();\n"
        '    String base = "ou=users,ou=system";\n'
        "    javax.naming.directory.SearchControls sc = new javax.naming.directory.SearchControls();\n"
        "    sc.setSearchScope(javax.naming.directory.SearchControls.SUBTREE_SCOPE);\n"
        '    String filter = "(&(objectclass=person))(|(uid=" + bar + ")(street={0}))";\n'
        '    Object[] filters = new Object[] {"The streetz 4 Ms bar"};\n'
        "    javax.naming.NamingEnumeration<javax.naming.directory.SearchResult> results = ctx.search(base, filter, filters, sc);\n"
        '    response.getWriter().println("found: " + results.hasMore());\n'
        "} catch (javax.naming.NamingException e) {\n    throw new ServletException(e);\n} finally {\n"
        "    ads.closeDirContext();\n}",
        "org.owasp.esapi.ESAPI.encoder().encodeForLDAP(bar)",
        "org.owasp.benchmark.helpers.LDAPManager ads = new org.owasp.benchmark.helpers.LDAPManager();\n"
        "try {\n    javax.naming.directory.DirContext ctx = ads.getDirContext();\n"
        '    String base = "ou=users,ou=system";\n'
        "    javax.naming.directory.SearchControls sc = new javax.naming.directory.SearchControls();\n"
        '    String filter = "(&(objectclass=person)(uid={0}))";\n'
        "    Object[] filters = new Object[] {bar};\n"
        "    javax.naming.NamingEnumeration<javax.naming.directory.SearchResult> results = ctx.search(base, filter, filters, sc);\n"
        '    response.getWriter().println("found: " + results.hasMore());\n'
        "} catch (javax.naming.NamingException e) {\n    throw new ServletException(e);\n} finally {\n"
        "    ads.closeDirContext();\n}",
    ),
    "xpathi": (
        "CWE-643",
        "try {\n    java.io.FileInputStream file = new java.io.FileInputStream(\n"
        '        org.owasp.benchmark.helpers.Utils.getFileFromClasspath("employees.xml", this.getClass().getClassLoader()));\n'
        "    javax.xml.parsers.DocumentBuilderFactory builderFactory = javax.xml.parsers.DocumentBuilderFactory.newInstance();\n"
        "    builderFactory.setFeature(\"http://apache.org/xml/features/disallow-doctype-decl\", true);\n"
        "    javax.xml.parsers.DocumentBuilder builder = builderFactory.newDocumentBuilder();\n"
        "    org.w3c.dom.Document xmlDocument = builder.parse(file);\n"
        "    javax.xml.xpath.XPathFactory xpf = javax.xml.xpath.XPathFactory.newInstance();\n"
        "    javax.xml.xpath.XPath xp = xpf.newXPath();\n"
        "    String expression = \"/Employees/Employee[@emplid='\" + bar + \"']\";\n"
        "    String result = xp.evaluate(expression, xmlDocument);\n"
        '    response.getWriter().println("Your query results are: " + org.owasp.esapi.ESAPI.encoder().encodeForHTML(result));\n'
        "} catch (Exception e) {\n    throw new ServletException(e);\n}",
        "org.owasp.esapi.ESAPI.encoder().encodeForXPath(bar)",
        None,
    ),
    "trustbound": (
        "CWE-501",
        'request.getSession().setAttribute("userid", bar);\n'
        'response.getWriter().println("Item: \'userid\' with value: \'" + org.owasp.esapi.ESAPI.encoder().encodeForHTML(bar) + "\' saved in session.");',
        None,
        None,
    ),
    "trustbound_putvalue": (
        "CWE-501",
        'request.getSession().putValue(bar, "10340");\nresponse.getWriter().println("saved");',
        None,
        None,
    ),
}

TEMPLATE = """// stockade-expect: {verdict} {cwe}
package org.owasp.benchmark.testcode;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.owasp.benchmark.helpers.DatabaseHelper;
import org.owasp.benchmark.helpers.Utils;

@WebServlet(value = "/{category}-00/BenchmarkTest{number:05d}")
public class BenchmarkTest{number:05d} extends HttpServlet {{

    private static final long serialVersionUID = 1L;

    @Override
    public void doGet(HttpServletRequest request, HttpServletResponse response)
            throws ServletException, IOException {{
        doPost(request, response);
    }}

    @Override
    public void doPost(HttpServletRequest request, HttpServletResponse response)
            throws ServletException, IOException {{
        response.setContentType("text/html;charset=UTF-8");

{source}

        String bar = new Test().doSomething(request, param);

{sink}
    }}

    private class Test {{

        public String doSomething(HttpServletRequest request, String param)
                throws ServletException, IOException {{
{flow}
            return bar;
        }}
    }}
{helper}
    static void printOSCommandResults(Process p, HttpServletResponse response) throws IOException {{
        response.getWriter().println(new String(p.getInputStream().readAllBytes()));
    }}
}}
"""


def program(verdict: str, cwe: str, category: str, number: int, source: str, flow: str, sink: str) -> str:
    return TEMPLATE.format(
        verdict=verdict,
        cwe=cwe,
        category=category,
        number=number,
        source=textwrap.indent(source, " " * 8),
        flow=textwrap.indent(flow, " " * 12),
        sink=textwrap.indent(sink, " " * 8),
        helper=HELPER_CLASS,
    )


PATTERNS = {
    "crypto": (
        "CWE-327",
        [
            'javax.crypto.Cipher c = javax.crypto.Cipher.getInstance("DES/CBC/PKCS5Padding");',
            'javax.crypto.Cipher c = javax.crypto.Cipher.getInstance("DESede/ECB/PKCS5Padding");',
            'java.util.Properties benchmarkprops = new java.util.Properties();\n'
            'benchmarkprops.load(this.getClass().getClassLoader().getResourceAsStream("benchmark.properties"));\n'
            'String algorithm = benchmarkprops.getProperty("cryptoAlg1", "DESede/ECB/PKCS5Padding");\n'
            "javax.crypto.Cipher c = javax.crypto.Cipher.getInstance(algorithm);",
            'javax.crypto.Cipher c = javax.crypto.Cipher.getInstance("AES/ECB/PKCS5Padding");',
        ],
        [
            'javax.crypto.Cipher c = javax.crypto.Cipher.getInstance("AES/GCM/NoPadding");',
            'javax.crypto.Cipher c = javax.crypto.Cipher.getInstance("AES/CBC/PKCS5Padding", "SunJCE");',
            'java.util.Properties benchmarkprops = new java.util.Properties();\n'
            'benchmarkprops.load(this.getClass().getClassLoader().getResourceAsStream("benchmark.properties"));\n'
            'String algorithm = benchmarkprops.getProperty("cryptoAlg2", "AES/CCM/NoPadding");\n'
            "javax.crypto.Cipher c = javax.crypto.Cipher.getInstance(algorithm);",
            'javax.crypto.Cipher c = javax.crypto.Cipher.getInstance("RSA/ECB/OAEPWithSHA-256AndMGF1Padding");',
        ],
    ),
    "hash": (
        "CWE-328",
        [
            'java.security.MessageDigest md = java.security.MessageDigest.getInstance("MD5");\nmd.update(bar.getBytes());',
            'java.security.MessageDigest md = java.security.MessageDigest.getInstance("SHA1", "SUN");\nmd.update(bar.getBytes());',
            'java.util.Properties benchmarkprops = new java.util.Properties();\n'
            'benchmarkprops.load(this.getClass().getClassLoader().getResourceAsStream("benchmark.properties"));\n'
            'String algorithm = benchmarkprops.getProperty("hashAlg1", "SHA512");\n'
            "java.security.MessageDigest md = java.security.MessageDigest.getInstance(algorithm);\nmd.update(bar.getBytes());",
            'java.security.MessageDigest md = java.security.MessageDigest.getInstance("MD2");\nmd.update(bar.getBytes());',
        ],
        [
            'java.security.MessageDigest md = java.security.MessageDigest.getInstance("SHA-256");\nmd.update(bar.getBytes());',
            'java.security.MessageDigest md = java.security.MessageDigest.getInstance("SHA-512", "SUN");\nmd.update(bar.getBytes());',
            'java.util.Properties benchmarkprops = new java.util.Properties();\n'
            'benchmarkprops.load(this.getClass().getClassLoader().getResourceAsStream("benchmark.properties"));\n'
            'String algorithm = benchmarkprops.getProperty("hashAlg2", "SHA5");\n'
            "java.security.MessageDigest md = java.security.MessageDigest.getInstance(algorithm);\nmd.update(bar.getBytes());",
            'java.security.MessageDigest md = java.security.MessageDigest.getInstance("SHA3-256");\nmd.update(bar.getBytes());',
        ],
    ),
    "weakrand": (
        "CWE-330",
        [
            "double value = new java.util.Random().nextDouble();\nString rememberMeKey = Double.toString(value).substring(2);\n"
            'javax.servlet.http.Cookie rememberMe = new javax.servlet.http.Cookie("rememberMe", rememberMeKey);\nresponse.addCookie(rememberMe);',
            "int r = new java.util.Random().nextInt();\nString rememberMeKey = Integer.toString(r);\n"
            'request.getSession().setAttribute("rememberMe", rememberMeKey);',
            "double value = Math.random();\nString rememberMeKey = Double.toString(value).substring(2);\n"
            'request.getSession().setAttribute("rememberMe", rememberMeKey);',
            "long l = new java.util.Random().nextLong();\nString rememberMeKey = Long.toString(l);\n"
            'request.getSession().setAttribute("rememberMe", rememberMeKey);',
        ],
        [
            "double value = java.security.SecureRandom.getInstance(\"SHA1PRNG\").nextDouble();\n"
            "String rememberMeKey = Double.toString(value).substring(2);\n"
            'javax.servlet.http.Cookie rememberMe = new javax.servlet.http.Cookie("rememberMe", rememberMeKey);\nresponse.addCookie(rememberMe);',
            "int r = new java.security.SecureRandom().nextInt();\nString rememberMeKey = Integer.toString(r);\n"
            'request.getSession().setAttribute("rememberMe", rememberMeKey);',
            "byte[] bytes = new byte[16];\nnew java.security.SecureRandom().nextBytes(bytes);\n"
            "String rememberMeKey = java.util.Base64.getEncoder().encodeToString(bytes);\n"
            'request.getSession().setAttribute("rememberMe", rememberMeKey);',
            "long l = java.security.SecureRandom.getInstanceStrong().nextLong();\nString rememberMeKey = Long.toString(l);\n"
            'request.getSession().setAttribute("rememberMe", rememberMeKey);',
        ],
    ),
    "securecookie": (
        "CWE-614",
        [
            'javax.servlet.http.Cookie cookie = new javax.servlet.http.Cookie("SomeCookie", bar);\n'
            "cookie.setSecure(false);\ncookie.setHttpOnly(true);\ncookie.setPath(request.getRequestURI());\nresponse.addCookie(cookie);",
            'javax.servlet.http.Cookie cookie = new javax.servlet.http.Cookie("SomeCookie", bar);\n'
            "cookie.setHttpOnly(true);\nresponse.addCookie(cookie);",
        ],
        [
            'javax.servlet.http.Cookie cookie = new javax.servlet.http.Cookie("SomeCookie", bar);\n'
            "cookie.setSecure(true);\ncookie.setHttpOnly(true);\ncookie.setPath(request.getRequestURI());\nresponse.addCookie(cookie);",
            'javax.servlet.http.Cookie cookie = new javax.servlet.http.Cookie("SomeCookie", bar);\n'
            "cookie.setHttpOnly(true);\ncookie.setSecure(request.isSecure() || true);\nresponse.addCookie(cookie);",
        ],
    ),
}


def main() -> None:
    for child in OUT.iterdir():
        if child.is_dir():
            shutil.rmtree(child)
    number = 0
    for category, (cwe, sink, sanitizer, safe_sink) in SINKS.items():
        folder = OUT / category
        folder.mkdir()
        for index, (flow_name, (vulnerable, safe)) in enumerate(FLOWS.items()):
            source = SOURCES[(index + len(category)) % len(SOURCES)]
            for verdict, flow in (("vulnerable", vulnerable), ("safe", safe)):
                number += 1
                name = f"{flow_name}_{'vuln' if verdict == 'vulnerable' else 'safe'}.java"
                (folder / name).write_text(program(verdict, cwe, category, number, source, flow, sink))
        if sanitizer is not None:
            number += 1
            flow = FLOWS["hashmap"][0] + f"\nbar = {sanitizer};"
            source = SOURCES[number % len(SOURCES)]
            (folder / "sanitized_safe.java").write_text(program("safe", cwe, category, number, source, flow, sink))
        if safe_sink is not None:
            number += 1
            source = SOURCES[number % len(SOURCES)]
            (folder / "safe_sink_safe.java").write_text(
                program("safe", cwe, category, number, source, FLOWS["list_remove"][0], safe_sink)
            )
    for category, (cwe, vulnerable, safe) in PATTERNS.items():
        folder = OUT / category
        folder.mkdir()
        for verdict, bodies in (("vulnerable", vulnerable), ("safe", safe)):
            for index, body in enumerate(bodies):
                number += 1
                source = SOURCES[number % len(SOURCES)]
                flow = FLOWS["direct"][0]
                sink = "try {\n" + textwrap.indent(body, "    ") + "\n} catch (Exception e) {\n    throw new ServletException(e);\n}"
                name = f"{verdict}_{index}.java"
                (folder / name).write_text(program(verdict, cwe, category, number, source, flow, sink))


if __name__ == "__main__":
    main()
