"""The Go, PHP, Ruby and C# adapters on their own: the idioms each one maps onto the generic
engine (Go out-parameters and shell detection, PHP language constructs, Ruby unless and Rails
array conditions, C# action parameters), and bad input that must not crash or hang."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from stockade.analyzers.sast.analyzer import SastAnalyzer
from stockade.analyzers.sast.languages.csharp import CSHARP
from stockade.analyzers.sast.languages.go import GO
from stockade.analyzers.sast.languages.php import PHP

Analyze = Callable[..., tuple[list[Any], list[Any]]]
ANALYZER = SastAnalyzer()


def _rule_ids(analyze_files: Analyze, name: str, code: str) -> set[str]:
    findings, issues = analyze_files(ANALYZER, {name: code})
    assert not [i for i in issues if i.kind == "error"], issues
    return {f.rule_id for f in findings}


def test_go_decode_into_variable_taints_it(analyze_files: Analyze) -> None:
    code = (
        'package main\nimport ("encoding/json"; "net/http"; "os/exec")\n'
        "type req struct{ Host string }\n"
        "func h(w http.ResponseWriter, r *http.Request) {\n"
        "    var in req\n    json.NewDecoder(r.Body).Decode(&in)\n"
        '    exec.Command("sh", "-c", "ping "+in.Host).Run()\n}\n'
    )
    assert "go.command-injection" in _rule_ids(analyze_files, "a.go", code)


def test_go_shell_is_recognised_only_with_dash_c() -> None:
    root = (
        GO.parser_for("go")
        .parse(
            b'package m\nimport "os/exec"\nfunc f(x string) { exec.Command("sh", "-c", x); exec.Command("sh", x) }\n'
        )
        .root_node
    )
    calls = [n for n in _walk(root) if n.type == "call_expression"]
    names = [GO.call_parts(c, GO.imports(root)) for c in calls]
    assert [p.name for p in names if p] == ["os/exec.Command#shell", "os/exec.Command"]


def test_go_method_receiver_calls_use_same_file_summaries(analyze_files: Analyze) -> None:
    code = (
        'package main\nimport ("database/sql"; "net/http")\n'
        "type S struct{ db *sql.DB }\n"
        'func (s *S) find(name string) { s.db.Query("SELECT * FROM u WHERE n = \'" + name + "\'") }\n'
        'func (s *S) H(w http.ResponseWriter, r *http.Request) { s.find(r.FormValue("n")) }\n'
    )
    assert "go.sql-injection" in _rule_ids(analyze_files, "a.go", code)


def test_php_short_echo_tag_is_an_xss_sink(analyze_files: Analyze) -> None:
    code = "<?php $name = $_GET['name']; ?>\n<p>Hello <?= $name ?></p>\n"
    assert "php.xss" in _rule_ids(analyze_files, "v.php", code)


def test_php_variants_by_constant_arguments() -> None:
    code = b"<?php\nheader('Location: ' . $u);\nheader('X-A: ' . $u);\ncurl_setopt($c, CURLOPT_URL, $u);\n"
    root = PHP.parser_for("php").parse(code).root_node
    names = [
        p.name
        for n in _walk(root)
        if n.type == "function_call_expression"
        for p in [PHP.call_parts(n, {})]
        if p is not None
    ]
    assert names == ["header#location", "header", "curl_setopt#url"]


def test_ruby_unless_true_never_runs(analyze_files: Analyze) -> None:
    vulnerable = 'class A < ApplicationController\n  def x\n    system("ls #{params[:d]}") unless false\n  end\nend\n'
    safe = 'class A < ApplicationController\n  def x\n    system("ls #{params[:d]}") unless true\n  end\nend\n'
    assert "ruby.command-injection" in _rule_ids(analyze_files, "a.rb", vulnerable)
    assert "ruby.command-injection" not in _rule_ids(analyze_files, "b.rb", safe)


def test_ruby_array_conditions_bind_values(analyze_files: Analyze) -> None:
    bound = 'class A < ApplicationController\n  def x\n    User.where(["name = ?", params[:n]])\n  end\nend\n'
    built = "class A < ApplicationController\n  def x\n    User.where([\"name = '#{params[:n]}'\"])\n  end\nend\n"
    assert "ruby.sql-injection" not in _rule_ids(analyze_files, "a.rb", bound)
    assert "ruby.sql-injection" in _rule_ids(analyze_files, "b.rb", built)


def test_csharp_action_parameters_are_sources_but_services_and_numbers_are_not() -> None:
    code = (
        b"public class OrdersController : Controller {\n"
        b"  public IActionResult Get(string q, int id, [FromServices] Repo repo, IMailer mailer) { return View(); }\n"
        b"  private IActionResult Helper(string q) { return View(); }\n}\n"
    )
    root = CSHARP.parser_for("csharp").parse(code).root_node
    methods = [n for n in _walk(root) if n.type == "method_declaration"]
    sources = [CSHARP.function_parts(m).source_params for m in methods]  # type: ignore[union-attr]
    assert sources == [frozenset({"q"}), frozenset()]


def test_csharp_minimal_api_lambda_parameters_are_sources(analyze_files: Analyze) -> None:
    code = 'app.MapGet("/u", (string name) => {\n    var c = new SqlCommand("SELECT 1 WHERE n = \'" + name + "\'");\n    return Results.Ok();\n});\n'
    assert "csharp.sql-injection" in _rule_ids(analyze_files, "Program.cs", code)


@pytest.mark.parametrize(
    ("name", "head", "tail"),
    [
        ("deep.go", "package m\nfunc f() { x := ", "\n}\n"),
        ("deep.php", "<?php\n$x = ", ";\n"),
        ("deep.rb", "def f\n  x = ", "\nend\n"),
        ("Deep.cs", "class A { void F() { var x = ", "; } }\n"),
    ],
)
def test_deep_nesting_and_broken_files_do_not_crash(
    analyze_files: Analyze, name: str, head: str, tail: str
) -> None:
    nested = head + "(\n" * 2000 + "1" + ")\n" * 2000 + tail
    _, issues = analyze_files(ANALYZER, {name: nested})
    assert not [i for i in issues if i.kind == "error"]
    broken = head + "(((( {{ '\"" + tail[:2]
    _, issues = analyze_files(ANALYZER, {"broken_" + name: broken})
    assert not [i for i in issues if i.kind == "error"]
    assert any(i.kind == "skipped" for i in issues)  # partial tree analysed, reason reported


def _walk(node: Any) -> list[Any]:
    out = [node]
    for child in node.named_children:
        out.extend(_walk(child))
    return out
