"""Deliberately vulnerable APIs (crAPI-like and VAmPI-like specs written for these tests):
most documented issues visible in a spec are found, and the finding count stays small."""

from __future__ import annotations

from pathlib import Path

import yaml

from stockade.analyzers.apispec.analyzer import ApiSpecAnalyzer
from stockade.analyzers.interface import AnalysisContext
from stockade.analyzers.target import SourceFile, Target, load_content
from stockade.core.finding import Finding

ROOT = Path(__file__).resolve().parents[2] / "corpus" / "apispec" / "vulnerable"
# Findings of Spectral 6 + @stoplight/spectral-owasp-ruleset on these same files (measured
# with bench/apispec's install: `spectral lint <file> --ruleset <extends owasp> -f json`).
SPECTRAL_COUNTS = {"crapi-like/openapi.yaml": 535, "vampi-like/openapi3.yml": 177}


def _analyze(rel: str) -> list[Finding]:
    path = ROOT / rel
    ctx = AnalysisContext(target=Target.open(ROOT), module="api")
    source = SourceFile(rel, str(path), path.stat().st_size, None)
    findings = list(ApiSpecAnalyzer().analyze_file(load_content(source), ctx))
    assert ctx.issues == []
    return findings


def _found(findings: list[Finding], issue: dict[str, object]) -> bool:
    rules = issue["rules"]
    assert isinstance(rules, list)
    return any(f.rule_id in rules and str(issue["at"]) in f.metadata["pointer"] for f in findings)


def test_documented_issues_found() -> None:
    documented = yaml.safe_load((ROOT / "documented.yaml").read_text())
    total = found = 0
    for rel, issues in documented.items():
        findings = _analyze(rel)
        for issue in issues:
            total += 1
            found += _found(findings, issue)
    assert total >= 16
    assert found >= total - 3, f"{found}/{total}"


def test_finding_count_is_at_most_a_quarter_of_spectrals() -> None:
    for rel, spectral in SPECTRAL_COUNTS.items():
        assert len(_analyze(rel)) <= spectral / 4, rel
