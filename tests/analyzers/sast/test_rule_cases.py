"""Every SAST rule's own test cases: each vulnerable case must produce a finding of that
rule, each safe case none (other rules may fire on a safe case; this test is per rule)."""

from __future__ import annotations

from pathlib import Path

import pytest

from stockade.analyzers.interface import AnalysisContext
from stockade.analyzers.sast.analyzer import SastAnalyzer
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
