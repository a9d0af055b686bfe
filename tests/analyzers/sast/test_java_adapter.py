"""The Java adapter on its own: declared types as call prefixes, request-bound handler
parameters, constant switch targets, container and builder flows, bad input."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from stockade.analyzers.sast.analyzer import SastAnalyzer
from stockade.analyzers.sast.languages.java import JAVA

Analyze = Callable[..., tuple[list[Any], list[Any]]]
ANALYZER = SastAnalyzer()  # rules load once for the module

SERVLET = """
import java.sql.Statement;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
class T extends javax.servlet.http.HttpServlet {{
  public void doPost(HttpServletRequest request, HttpServletResponse response) throws Exception {{
    String param = request.getParameter("p");
    {body}
    Statement st = connection.createStatement();
    st.execute("SELECT * FROM u WHERE name = '" + bar + "'");
  }}
}}
"""


def _root(code: str) -> Any:
    return JAVA.parser_for("java").parse(code.encode()).root_node


def _sqli(analyze: Analyze, body: str) -> bool:
    findings, _ = analyze(ANALYZER, {"T.java": SERVLET.format(body=body)})
    return any(f.rule_id == "java.sql-injection" for f in findings)


def test_declared_types_qualify_calls() -> None:
    aliases = JAVA.imports(_root(SERVLET.format(body="String bar = param;")))
    assert aliases["st"] == "java.sql.Statement"
    assert aliases["request"] == "javax.servlet.http.HttpServletRequest"


def test_spring_and_jaxrs_parameters_are_sources_but_typed_numbers_are_not() -> None:
    code = (
        'class C { @GetMapping("/x") String f(@RequestParam String a, @PathVariable long id,'
        ' @RequestHeader("H") String h, Model m) { return a; }\n'
        ' @POST String g(String body, @QueryParam("q") String q) { return q; } }'
    )
    root = _root(code)
    methods = list(root.named_children[0].named_children[-1].named_children)
    sources = [JAVA.function_parts(m).source_params for m in methods]  # type: ignore[union-attr]
    assert sources == [frozenset({"a", "h"}), frozenset({"body", "q"})]


@pytest.mark.parametrize(
    ("body", "vulnerable"),
    [
        ("String bar = param;", True),
        ('int num = 106; String bar = (7 * 18) + num > 200 ? "const" : param;', False),
        ('int num = 106; String bar = (7 * 42) - num > 200 ? "const" : param;', True),
        (
            "String bar; char t = \"ABC\".charAt(1); switch (t) { case 'A': bar = param; break;"
            " case 'B': bar = \"bob\"; break; default: bar = param; }",
            False,
        ),
        (
            "String bar; String g = \"ABC\"; char t = g.charAt(2); switch (t) { case 'C':"
            ' bar = param; break; default: bar = "x"; }',
            True,
        ),
        (
            'java.util.Map<String, Object> m = new java.util.HashMap<>(); m.put("a", "safe");'
            ' m.put("b", param); String bar = (String) m.get("a");',
            False,
        ),
        (
            'java.util.List<String> l = new java.util.ArrayList<>(); l.add("safe"); l.add(param);'
            " String bar = l.get(1);",
            True,
        ),
        (
            "StringBuilder sb = new StringBuilder(); sb.append(param); String bar = sb.toString();",
            True,
        ),
        ('String bar = param; bar = "fixed";', False),
    ],
)
def test_benchmark_shapes(analyze_files: Analyze, body: str, vulnerable: bool) -> None:
    assert _sqli(analyze_files, body) is vulnerable


@pytest.mark.parametrize(
    "code",
    [
        "class A { void f( { int x = ; }",  # does not parse
        "class A { int f() { return " + "(" * 3000 + "1" + ")" * 3000 + "; } }",
        "class A { String s = " + " + ".join(['"x"'] * 20000) + "; }",
    ],
)
def test_bad_input_is_analysed_or_skipped_never_a_crash(analyze_files: Analyze, code: str) -> None:
    findings, issues = analyze_files(ANALYZER, {"A.java": code})
    assert isinstance(findings, list)
    assert all(i.kind != "error" for i in issues)


@pytest.mark.parametrize(
    ("check", "vulnerable"),
    [
        ("String bar = param; if (!ALLOWED.contains(bar)) { return; }", False),
        ('String bar = param; if (!bar.matches("[a-z0-9_]+")) { throw new Exception(); }', False),
        ('String bar = param; if (!bar.matches(".*")) { return; }', True),
        ('String bar = "x"; if ("admin".equals(param)) { bar = param; }', False),
        ("String bar = param; if (bar.isEmpty()) { return; }", True),
    ],
)
def test_validation_guards(analyze_files: Analyze, check: str, vulnerable: bool) -> None:
    assert _sqli(analyze_files, check) is vulnerable


def test_xxe_is_reported_at_the_factory_and_at_each_parse_of_that_function(
    analyze_files: Analyze,
) -> None:
    code = (
        "class X {\n"
        "  Document read(InputStream in, InputStream other) throws Exception {\n"
        "    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();\n"
        "    DocumentBuilder b = f.newDocumentBuilder();\n"
        "    b.parse(other);\n"
        "    return b.parse(in);\n"
        "  }\n"
        "  Document safe(InputStream in) throws Exception {\n"
        "    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();\n"
        '    f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);\n'
        "    return f.newDocumentBuilder().parse(in);\n"
        "  }\n"
        "}\n"
    )
    findings, _ = analyze_files(ANALYZER, {"X.java": code})
    xxe = sorted(f.location.line for f in findings if f.rule_id == "java.xxe-documentbuilder")
    assert xxe == [3, 5, 6]
