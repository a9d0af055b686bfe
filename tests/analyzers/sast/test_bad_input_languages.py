"""Bad input in every SAST language but Python (which has its own file): files that do not
parse, deep nesting, minified code, 10 MB files and unknown encodings are analysed or skipped
with a reason, never a crash, never a hang."""

from __future__ import annotations

import time
from dataclasses import dataclass

import pytest

from stockade.analyzers.sast.analyzer import SastAnalyzer


@dataclass(frozen=True)
class Lang:
    """One language's samples; ``{expr}`` and ``{n}`` are filled in by the tests."""

    name: str
    suffix: str
    vulnerable: str  # produces ``<rule>.command-injection``
    rule: str
    comment: str
    nested: str  # a statement holding ``{expr}``
    weak_hash: str  # produces ``<rule>.weak-hash`` through a pattern rule
    block: str  # one harmless function, repeated to reach 10 MB
    prologue: str = ""  # opens a scope the blocks need (a class body)
    epilogue: str = ""


JS_VULN = (
    'const { exec } = require("child_process");\n'
    'app.get("/ping", (req, res) => { exec("ping -c 1 " + req.query.host); res.send("ok"); });\n'
)
JS = {
    "comment": "//",
    "rule": "javascript",
    "vulnerable": JS_VULN,
    "nested": "const x = {expr};\n",
    "weak_hash": 'const crypto = require("crypto");\n'
    'function h(p) { return crypto.createHash("md5").update(p).digest("hex"); }\n',
    "block": "function handler_{n}(req) {{ const name = req.query.n; return name.trim(); }}\n",
}
LANGS = [
    Lang("javascript", ".js", **JS),
    Lang("typescript", ".ts", **JS),
    Lang("tsx", ".tsx", **JS),
    Lang(
        "java",
        ".java",
        vulnerable="class C extends HttpServlet {\n"
        "  void doGet(HttpServletRequest request, HttpServletResponse response) throws Exception {\n"
        '    Runtime.getRuntime().exec("nslookup " + request.getParameter("host"));\n'
        "  }\n}\n",
        rule="java",
        comment="//",
        nested="class N {{ Object f() {{ return {expr}; }} }}\n",
        weak_hash="class H { byte[] h(String p) throws Exception "
        '{ return MessageDigest.getInstance("MD5").digest(p.getBytes()); } }\n',
        block='  String handler{n}(String s) {{ return s.trim() + "x"; }}\n',
        prologue="class Big {\n",
        epilogue="}\n",
    ),
    Lang(
        "go",
        ".go",
        vulnerable='package main\nimport ("net/http"; "os/exec")\n'
        "func h(w http.ResponseWriter, r *http.Request) {\n"
        '    host := r.URL.Query().Get("host")\n'
        '    out, _ := exec.Command("sh", "-c", "ping -c 1 "+host).Output()\n'
        "    w.Write(out)\n}\n",
        rule="go",
        comment="//",
        nested="package main\nvar x = {expr}\n",
        weak_hash='package main\nimport "crypto/md5"\nfunc f(p []byte) [16]byte { return md5.Sum(p) }\n',
        block='func handler{n}(s string) string {{ return s + "x" }}\n',
    ),
    Lang(
        "php",
        ".php",
        vulnerable="<?php\n$host = $_GET['host'];\nsystem(\"ping -c 1 \" . $host);\n",
        rule="php",
        comment="//",
        nested="<?php\n$x = {expr};\n",
        weak_hash="<?php\n$h = md5($password);\n",
        block="function handler_{n}($s) {{ return trim($s) . 'x'; }}\n",
    ),
    Lang(
        "ruby",
        ".rb",
        vulnerable="class ToolsController < ApplicationController\n"
        '  def ping\n    system("ping -c 1 #{params[:host]}")\n  end\nend\n',
        rule="ruby",
        comment="#",
        nested="x = {expr}\n",
        weak_hash="token_digest = Digest::MD5.hexdigest(token)\n",
        block="def handler_{n}(s)\n  s.strip + 'x'\nend\n",
    ),
    Lang(
        "csharp",
        ".cs",
        vulnerable="public class ToolsController : Controller {\n"
        "    public IActionResult Ping(string host) {\n"
        '        Process.Start("cmd.exe", "/c ping " + host);\n'
        "        return Ok();\n    }\n}\n",
        rule="csharp",
        comment="//",
        nested="class N {{ object F() {{ return {expr}; }} }}\n",
        weak_hash="class A { byte[] H(byte[] d) "
        "{ using var md5 = MD5.Create(); return md5.ComputeHash(d); } }\n",
        block='    public string H{n}(string s) {{ return s.Trim() + "x"; }}\n',
        prologue="class Big {\n",
        epilogue="}\n",
    ),
]
IDS = [lang.name for lang in LANGS]


def _rule_ids(findings: list) -> set[str]:  # type: ignore[type-arg]
    return {f.rule_id for f in findings}


@pytest.mark.parametrize("lang", LANGS, ids=IDS)
def test_the_samples_are_found(lang: Lang, analyze_files) -> None:  # type: ignore[no-untyped-def]
    """The other tests rely on these samples producing findings in a clean file."""
    findings, issues = analyze_files(
        SastAnalyzer(), {f"v{lang.suffix}": lang.vulnerable, f"h{lang.suffix}": lang.weak_hash}
    )
    assert {f"{lang.rule}.command-injection", f"{lang.rule}.weak-hash"} <= _rule_ids(findings)
    assert issues == []


@pytest.mark.parametrize("lang", LANGS, ids=IDS)
def test_a_file_that_does_not_parse_is_still_analysed(lang: Lang, analyze_files) -> None:  # type: ignore[no-untyped-def]
    broken = lang.vulnerable + "\n)))} ]] function ( { class <<< @@ ;;\n"
    findings, issues = analyze_files(SastAnalyzer(), {f"broken{lang.suffix}": broken})
    assert f"{lang.rule}.command-injection" in _rule_ids(findings)
    assert any("syntax errors" in i.message for i in issues)


@pytest.mark.parametrize("lang", LANGS, ids=IDS)
def test_deeply_nested_expressions_finish(lang: Lang, analyze_files) -> None:  # type: ignore[no-untyped-def]
    parens = "(" * 3000 + "a" + ")" * 3000
    concat = " + ".join(["a"] * 20000)
    calls = "f(" * 2000 + "a" + ")" * 2000
    files = {
        f"{kind}{lang.suffix}": lang.nested.format(expr=expr)
        for kind, expr in (("parens", parens), ("concat", concat), ("calls", calls))
    }
    files[f"v{lang.suffix}"] = lang.vulnerable
    started = time.perf_counter()
    findings, _ = analyze_files(SastAnalyzer(), files)
    assert time.perf_counter() - started < 30
    assert f"{lang.rule}.command-injection" in _rule_ids(findings)  # the scan went on


@pytest.mark.parametrize("lang", LANGS, ids=IDS)
def test_minified_code_is_skipped_with_a_reason(lang: Lang, analyze_files) -> None:  # type: ignore[no-untyped-def]
    one_line = lang.vulnerable.replace("\n", " ") * 400
    findings, issues = analyze_files(SastAnalyzer(), {f"bundle.min{lang.suffix}": one_line})
    assert findings == []
    assert any("minified" in i.message for i in issues)


@pytest.mark.parametrize("lang", LANGS, ids=IDS)
def test_an_unknown_encoding_is_analysed(lang: Lang, analyze_files) -> None:  # type: ignore[no-untyped-def]
    data = lang.vulnerable.encode() + lang.comment.encode() + b" caf\xe9 \xff\xfe latin-1\n"
    findings, _ = analyze_files(SastAnalyzer(), {f"latin{lang.suffix}": data})
    assert f"{lang.rule}.command-injection" in _rule_ids(findings)


@pytest.mark.parametrize("lang", LANGS, ids=IDS)
def test_a_ten_megabyte_file_finishes(lang: Lang, analyze_files) -> None:  # type: ignore[no-untyped-def]
    blocks = []
    size, n = 0, 0
    while size <= 10_000_000:
        block = lang.block.format(n=n)
        blocks.append(block)
        size, n = size + len(block), n + 1
    body = lang.weak_hash + lang.prologue + "".join(blocks) + lang.epilogue
    started = time.perf_counter()
    findings, issues = analyze_files(SastAnalyzer(), {f"big{lang.suffix}": body})
    assert time.perf_counter() - started < 60
    assert f"{lang.rule}.weak-hash" in _rule_ids(findings)  # pattern rules still ran
    assert any("data-flow skipped" in i.message for i in issues)
