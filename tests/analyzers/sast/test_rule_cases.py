"""Every SAST rule's own test cases: each vulnerable case must produce a finding of that
rule, each safe case none (other rules may fire on a safe case; this test is per rule).

Code rules' cases are written to ``case.<extension>`` of their language; config and template
rules' cases (``rules/config/``) to the file name they name or their format's sample name,
since the name decides how such a file is read."""

from __future__ import annotations

from pathlib import Path

import pytest

from stockade.analyzers.interface import AnalysisContext
from stockade.analyzers.languages import language_of_path
from stockade.analyzers.sast.analyzer import SastAnalyzer
from stockade.analyzers.sast.configrules import load_config_rules
from stockade.analyzers.sast.ruleset import load_all
from stockade.analyzers.target import SourceFile, Target, load_content

EXTENSIONS = {
    "python": ".py",
    "javascript": ".js",
    "typescript": ".ts",
    "java": ".java",
    "go": ".go",
    "php": ".php",
    "ruby": ".rb",
    "csharp": ".cs",
}
RULESETS = load_all()
CASES = [
    (language, rule_id, verdict, index, code)
    for language, rules in sorted(RULESETS.items())
    for rule_id, tests in sorted(rules.tests.items())
    for verdict in ("vulnerable", "safe")
    for index, code in enumerate(tests[verdict])
]
CONFIG_RULES = load_config_rules()
CONFIG_CASES = [
    (rule_id, verdict, index, case.file, case.code)
    for rule_id, tests in sorted(CONFIG_RULES.tests.items())
    for verdict in ("vulnerable", "safe")
    for index, case in enumerate(tests[verdict])
]
ANALYZER = SastAnalyzer()


def rule_ids_found(tmp_path: Path, language: str, code: str) -> list[str]:
    path = tmp_path / f"case{EXTENSIONS.get(language, '.txt')}"
    path.write_text(code, encoding="utf-8")
    source = SourceFile(path.name, str(path), path.stat().st_size, language)
    ctx = AnalysisContext(Target.open(tmp_path), "sast")
    findings = list(ANALYZER.analyze_file(load_content(source), ctx))
    assert not [i for i in ctx.issues if i.kind == "error"], ctx.issues
    return [f.rule_id for f in findings]


def test_every_rule_has_both_kinds_of_cases() -> None:
    for language, rules in RULESETS.items():
        for rule in [*rules.pattern_rules, *rules.taint_rules]:
            tests = rules.tests[rule.meta.id]
            assert tests["vulnerable"] and tests["safe"], (
                f"{language}: {rule.meta.id} lacks test cases"
            )


@pytest.mark.parametrize(
    ("language", "rule_id", "verdict", "index", "code"),
    CASES,
    ids=[f"{c[1]}-{c[2]}-{c[3]}" for c in CASES],
)
def test_rule_case(
    tmp_path: Path, language: str, rule_id: str, verdict: str, index: int, code: str
) -> None:
    found = rule_ids_found(tmp_path, language, code)
    if verdict == "vulnerable":
        assert rule_id in found, f"{rule_id} missed its vulnerable case {index}"
    else:
        assert rule_id not in found, f"{rule_id} fired on its safe case {index}"


def test_every_config_rule_has_both_kinds_of_cases() -> None:
    assert CONFIG_RULES.rules
    for rule in CONFIG_RULES.rules:
        tests = CONFIG_RULES.tests[rule.meta.id]
        assert tests["vulnerable"] and tests["safe"], f"{rule.meta.id} lacks test cases"


@pytest.mark.parametrize(
    ("rule_id", "verdict", "index", "name", "code"),
    CONFIG_CASES,
    ids=[f"{c[0]}-{c[1]}-{c[2]}" for c in CONFIG_CASES],
)
def test_config_rule_case(
    tmp_path: Path, rule_id: str, verdict: str, index: int, name: str, code: str
) -> None:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(code, encoding="utf-8")
    source = SourceFile(name, str(path), path.stat().st_size, language_of_path(name))
    assert ANALYZER.wants(source), f"{name} does not reach the SAST analyzer"
    ctx = AnalysisContext(Target.open(tmp_path), "sast")
    found = [f.rule_id for f in ANALYZER.analyze_file(load_content(source), ctx)]
    assert not ctx.issues, ctx.issues
    if verdict == "vulnerable":
        assert rule_id in found, f"{rule_id} missed its vulnerable case {index}"
    else:
        assert rule_id not in found, f"{rule_id} fired on its safe case {index}"
