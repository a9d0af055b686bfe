"""How taint findings are reported: one per flow where sinks nest."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from stockade.analyzers.sast.analyzer import SastAnalyzer

Analyze = Callable[..., tuple[list[Any], list[Any]]]
ANALYZER = SastAnalyzer()


def test_nested_sinks_of_one_rule_give_one_finding_at_the_inner_call(
    analyze_files: Analyze,
) -> None:
    code = (
        "from flask import request\n"
        "from sqlalchemy import text\n"
        "def users(db):\n"
        "    q = request.args['q']\n"
        "    return db.session.execute(text(f\"SELECT * FROM users WHERE name = '{q}'\"))\n"
    )
    findings, _ = analyze_files(ANALYZER, {"app.py": code})
    sql = [f for f in findings if f.rule_id == "python.sql-injection"]
    assert len(sql) == 1
    assert sql[0].location.column == code.splitlines()[4].index("text(") + 1


def test_two_separate_sinks_on_one_line_both_stay(analyze_files: Analyze) -> None:
    code = (
        "import os\nfrom flask import request\n"
        "def run():\n"
        "    a = request.args['a']\n"
        "    os.system(a); os.system('ls ' + a)\n"
    )
    findings, _ = analyze_files(ANALYZER, {"run.py": code})
    assert len([f for f in findings if f.rule_id == "python.command-injection"]) == 2


def test_a_call_over_several_lines_is_reported_at_the_tainted_argument(
    analyze_files: Analyze,
) -> None:
    """The line holding the data that makes the call dangerous, not the call's first line;
    the end of the finding is the argument's end. A one-line call starts where it did."""
    code = (
        "from flask import request\n"
        "def users(cursor):\n"
        "    name = request.args['name']\n"
        "    cursor.execute(\n"
        "        'SELECT * FROM users WHERE owner = %s',\n"
        "        ('x',),\n"
        "    )\n"
        "    cursor.execute(\n"
        '        "SELECT * FROM users WHERE name = \'" + name + "\'"\n'
        "    )\n"
        '    cursor.execute("SELECT * FROM t WHERE n = \'" + name + "\'")\n'
    )
    findings, _ = analyze_files(ANALYZER, {"app.py": code})
    lines = sorted(f.location.line for f in findings if f.rule_id == "python.sql-injection")
    assert lines == [9, 11]


def test_a_query_builder_chain_is_reported_at_the_tainted_link(analyze_files: Analyze) -> None:
    code = (
        "const express = require('express');\n"
        "const app = express();\n"
        "app.get('/users', async (req, res) => {\n"
        "  const rows = await dataSource\n"
        "    .createQueryBuilder('u')\n"
        '    .where("u.name = \'" + req.query.name + "\'")\n'
        "    .getMany();\n"
        "  res.json(rows);\n"
        "});\n"
    )
    findings, _ = analyze_files(ANALYZER, {"app.js": code})
    sql = [f for f in findings if "sql" in f.rule_id]
    assert sql and {f.location.line for f in sql} == {6}


def test_a_serverless_html_body_is_reported_where_it_is_written(analyze_files: Analyze) -> None:
    """A Lambda handler declaring text/html returns its page in ``body``; one answering JSON
    renders nothing, and neither does a handler without the declaration."""
    html = (
        "exports.handler = async (event) => {\n"
        "  const name = event.queryStringParameters.name;\n"
        "  return {\n"
        "    statusCode: 200,\n"
        '    headers: { "Content-Type": "text/html" },\n'
        "    body: `<h1>Hello ${name}</h1>`,\n"
        "  };\n"
        "};\n"
    )
    found, _ = analyze_files(ANALYZER, {"html.js": html, "json.js": html.replace("text/html", "")})
    xss = [(f.location.path, f.location.line) for f in found if f.rule_id == "javascript.xss"]
    assert xss == [("html.js", 6)]


def test_each_side_of_an_and_condition_guards_its_branch(analyze_files: Analyze) -> None:
    """``a && b`` validates, where it holds, what each side validates; ``!(a && b)`` in an
    early return validates it after the return; one side of an ``||`` validates nothing."""
    code = (
        "using Microsoft.AspNetCore.Mvc;\n"
        "public class LoginController : Controller {\n"
        "    public IActionResult Back(string returnUrl) {\n"
        "        if (!string.IsNullOrEmpty(returnUrl) && Url.IsLocalUrl(returnUrl))\n"
        "            return Redirect(returnUrl);\n"
        '        return Redirect("/");\n'
        "    }\n"
        "    public IActionResult Next(string next) {\n"
        '        if (!(next != null && Url.IsLocalUrl(next))) return Redirect("/");\n'
        "        return Redirect(next);\n"
        "    }\n"
        "    public IActionResult Either(string to) {\n"
        "        if (to == null || Url.IsLocalUrl(to))\n"
        "            return Redirect(to);\n"
        '        return Redirect("/");\n'
        "    }\n"
        "}\n"
    )
    found, _ = analyze_files(ANALYZER, {"LoginController.cs": code})
    redirects = sorted(f.location.line for f in found if "redirect" in f.rule_id)
    assert redirects == [14]
