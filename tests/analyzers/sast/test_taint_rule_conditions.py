"""Taint rules' ``unless``/``only_if`` queries and ``parameters`` flag, loaded from a user's
rules file: a query that does not compile is a rule error naming the rule, and each
condition changes what the engine reports."""

from __future__ import annotations

from pathlib import Path

import pytest
import tree_sitter as ts
import tree_sitter_python

from stockade.analyzers.sast.ruleset import LanguageRules, load_directory, load_file
from stockade.analyzers.sast.taint.engine import TaintEngine
from stockade.core.errors import RuleError

RULE = """language: python
rules:
  - id: custom.eval
    kind: taint
    title: eval of input
    type: code-injection
    severity: high
    cwe: [CWE-95]
    sinks:
      - call: ["eval"]
        args: [0]
{extra}
"""


def _rules(tmp_path: Path, extra: str) -> LanguageRules:
    base = load_directory(
        "python", Path(__file__).parents[3] / "src/stockade/analyzers/sast/rules/python"
    )
    assert base is not None
    rules = LanguageRules(base.adapter, sources=base.sources, sanitizers=base.sanitizers)
    path = tmp_path / "custom.yaml"
    path.write_text(RULE.format(extra=extra))
    load_file(path, "python", rules)
    return rules


def _findings(rules: LanguageRules, code: str) -> list[str]:
    tree = ts.Parser(ts.Language(tree_sitter_python.language())).parse(code.encode())
    return [f.rule_id for f in TaintEngine(rules, tree.root_node, "app.py", "python").run()]


def test_a_query_that_does_not_compile_is_a_rule_error(tmp_path: Path) -> None:
    with pytest.raises(RuleError) as info:
        _rules(tmp_path, "    unless: '((call) @x'")
    assert "custom.eval" in str(info.value)


def test_unless_clears_only_the_function_where_it_matches(tmp_path: Path) -> None:
    rules = _rules(tmp_path, "    unless: '((identifier) @i (#eq? @i \"sandboxed\"))'")
    code = (
        "from flask import request\n"
        "def a():\n    sandboxed = True\n    return eval(request.args['x'])\n"
        "def b():\n    return eval(request.args['x'])\n"
    )
    assert _findings(rules, code) == ["custom.eval"]


def test_only_if_needs_a_match_somewhere_in_the_file(tmp_path: Path) -> None:
    rules = _rules(tmp_path, "    only_if: '((identifier) @i (#eq? @i \"DANGER\"))'")
    code = "from flask import request\ndef a():\n    return eval(request.args['x'])\n"
    assert _findings(rules, code) == []
    assert _findings(rules, "DANGER = 1\n" + code) == ["custom.eval"]


def test_parameters_flag_makes_a_parameter_untrusted_but_not_a_constant(tmp_path: Path) -> None:
    plain = _rules(tmp_path, "")
    flagged = _rules(tmp_path, "    parameters: true")
    code = "def run(expr):\n    return eval(expr)\ndef fixed():\n    return eval('1 + 1')\n"
    assert _findings(plain, code) == []
    assert _findings(flagged, code) == ["custom.eval"]
