"""Suppression by ``x-stockade-ignore`` (subtree, reason required) and by configuration."""

from __future__ import annotations

from stockade.analyzers.apispec.analyzer import ApiSpecAnalyzer

SPEC = """openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /public/{id}:
    x-stockade-ignore:
      - {rule: api.operation-no-security, reason: public catalogue by design}
    get:
      parameters: [{name: id, in: path, required: true, schema: {type: integer}}]
      responses: {"200": {description: ok}}
  /private/{id}:
    x-stockade-ignore:
      - {rule: api.operation-no-security}
    get:
      parameters: [{name: id, in: path, required: true, schema: {type: integer}}]
      responses: {"200": {description: ok}}
"""


def _by_rule(findings: list, rule: str) -> list[str]:  # type: ignore[type-arg]
    return sorted(f.metadata["pointer"] for f in findings if f.rule_id == rule)


def test_ignore_applies_to_subtree_and_needs_a_reason(analyze_files) -> None:  # type: ignore[no-untyped-def]
    findings, _ = analyze_files(ApiSpecAnalyzer(), {"s.yaml": SPEC})
    assert _by_rule(findings, "api.operation-no-security") == ["/paths/~1private~1{id}/get"]
    assert len(_by_rule(findings, "api.numeric-object-id")) == 2  # other rules unaffected


def test_wildcard_ignore_at_root(analyze_files) -> None:  # type: ignore[no-untyped-def]
    spec = SPEC.replace(
        "paths:\n", "x-stockade-ignore: [{rule: '*', reason: fixture}]\npaths:\n", 1
    )
    findings, _ = analyze_files(ApiSpecAnalyzer(), {"s.yaml": spec})
    assert findings == []


def test_disable_by_config(analyze_files) -> None:  # type: ignore[no-untyped-def]
    analyzer = ApiSpecAnalyzer({"disable": ["api.numeric-object-id"]})
    findings, _ = analyze_files(analyzer, {"s.yaml": SPEC})
    assert _by_rule(findings, "api.numeric-object-id") == []
    assert _by_rule(findings, "api.operation-no-security")


def test_findings_point_at_the_line_for_inline_comments(analyze_files) -> None:  # type: ignore[no-untyped-def]
    findings, _ = analyze_files(ApiSpecAnalyzer(), {"s.yaml": SPEC})
    lines = SPEC.splitlines()
    for f in findings:
        if f.rule_id == "api.numeric-object-id":
            assert lines[f.location.line - 1].lstrip().startswith("parameters: [{name: id")
    assert all(f.fingerprint_basis == f.metadata["pointer"] for f in findings)


def test_every_rule_has_owasp_api_2023_and_cwe() -> None:
    for rule in ApiSpecAnalyzer().rules():
        assert rule.module == "api"
        assert rule.owasp and all(
            o.startswith("API") and o.endswith(":2023") for o in rule.owasp
        ), rule.id
        assert rule.cwe, rule.id
