"""SARIF 2.1.0, shaped for GitHub code scanning.

What GitHub needs beyond the schema: ``rules[]`` with help text and a numeric
``security-severity``, repo-relative URIs against ``%SRCROOT%``, and
``partialFingerprints.primaryLocationLineHash`` that is stable across runs (ours is
content-based, so it also survives line moves).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import orjson

from stockade import __version__
from stockade.core.finding import Finding, ScanIssue
from stockade.core.rule import Rule
from stockade.core.severity import Confidence, Severity
from stockade.report.interface import INFORMATION_URI
from stockade.scan.runner import ScanResult

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
MAX_TAGS = 20  # GitHub code scanning ignores rules with more tags than this
RANK = {Confidence.HIGH: 90.0, Confidence.MEDIUM: 60.0, Confidence.LOW: 30.0}


def _rule_name(rule: Rule) -> str:
    return "".join(w.capitalize() for w in rule.type.replace("_", "-").split("-") if w) or "Rule"


def _rule(rule: Rule) -> dict[str, Any]:
    tags = ["security", rule.module, *rule.cwe, *rule.owasp, *rule.tags]
    desc: dict[str, Any] = {
        "id": rule.id,
        "name": _rule_name(rule),
        "shortDescription": {"text": rule.title},
        "fullDescription": {"text": rule.description or rule.title},
        "help": {"text": rule.help_text, "markdown": _help_markdown(rule)},
        "defaultConfiguration": {"level": rule.severity.sarif_level},
        "properties": {
            "tags": list(dict.fromkeys(tags))[:MAX_TAGS],
            "precision": _precision(rule.confidence.value),
            "security-severity": rule.severity.security_severity,
            "problem.severity": _problem_severity(rule.severity),
        },
    }
    if rule.references:
        desc["helpUri"] = rule.references[0]
    return desc


def _help_markdown(rule: Rule) -> str:
    parts = [f"**{rule.title}**", rule.description, rule.remediation]
    if rule.references:
        parts.append("\n".join(f"- {r}" for r in rule.references))
    return "\n\n".join(p for p in parts if p)


def _precision(confidence: str) -> str:
    return {"high": "high", "medium": "medium", "low": "low"}.get(confidence, "medium")


def _problem_severity(severity: Severity) -> str:
    return {"error": "error", "warning": "warning"}.get(severity.sarif_level, "recommendation")


def _region(f: Finding) -> dict[str, Any]:
    loc = f.location
    region: dict[str, Any] = {"startLine": loc.line, "startColumn": loc.column}
    if loc.end_line is not None and loc.end_line >= loc.line:
        region["endLine"] = loc.end_line
        same_line = loc.end_line == loc.line
        if loc.end_column is not None and (not same_line or loc.end_column > loc.column):
            region["endColumn"] = loc.end_column
    if loc.snippet:
        region["snippet"] = {"text": loc.snippet}
    return region


def _physical(path: str, region: dict[str, Any]) -> dict[str, Any]:
    return {
        "physicalLocation": {
            "artifactLocation": {"uri": quote(path), "uriBaseId": "%SRCROOT%"},
            "region": region,
        }
    }


def _code_flow(f: Finding) -> list[dict[str, Any]]:
    steps = [
        {
            "location": {
                **_physical(
                    s.location.path,
                    {"startLine": s.location.line, "startColumn": s.location.column},
                ),
                "message": {"text": s.note or s.kind},
            }
        }
        for s in f.trace
    ]
    return [{"threadFlows": [{"locations": steps}]}]


def _result(f: Finding, index: dict[str, int]) -> dict[str, Any]:
    res: dict[str, Any] = {
        "ruleId": f.rule_id,
        "level": f.severity.sarif_level,
        "message": {"text": f.message},
        "locations": [_physical(f.location.path, _region(f))],
        "partialFingerprints": {"primaryLocationLineHash": f.fingerprint[:32]},
        "fingerprints": {"stockade/v1": f.fingerprint},
        "properties": {"severity": f.severity.value, "confidence": f.confidence.value},
        # SARIF's result.rank (0-100): how much a viewer should trust this one result, which
        # can differ from its rule's precision (a weaker source, an audit-only match).
        "rank": RANK[f.confidence],
    }
    if f.rule_id in index:
        res["ruleIndex"] = index[f.rule_id]
    if f.trace:
        res["codeFlows"] = _code_flow(f)
    return res


def _notification(issue: ScanIssue) -> dict[str, Any]:
    return {
        "level": "error" if issue.kind == "error" else "note",
        "message": {"text": f"{issue.path}: {issue.message}"},
        "descriptor": {"id": issue.rule_id or issue.module or issue.kind},
    }


def _listed_rules(result: ScanResult, show_passed: bool) -> list[Rule]:
    """The rules of ``rules[]``, sorted by id: those with results, or with ``show_passed``
    every rule of the modules that ran. Listing all ~850 rules for a handful of results made
    a 20-result log weigh over a megabyte; a rule without results tells a viewer nothing."""
    declared = result.rules
    fired = {f.rule_id for f in result.findings}
    rules = {i: r for i, r in declared.items() if show_passed or i in fired}
    for f in result.findings:  # findings of rules not declared by their analyzer
        rules.setdefault(f.rule_id, Rule(f.rule_id, f.title, f.module, f.type, f.severity))
    return sorted(rules.values(), key=lambda r: r.id)


def build(result: ScanResult, *, show_passed: bool = False) -> dict[str, Any]:
    """The SARIF log as a dictionary (validated against the schema in the tests)."""
    ordered = _listed_rules(result, show_passed)
    index = {r.id: i for i, r in enumerate(ordered)}
    root_uri = result.root.resolve().as_uri().rstrip("/") + "/"
    run = {
        "tool": {
            "driver": {
                "name": "Stockade",
                "version": __version__,
                "semanticVersion": __version__,
                "informationUri": INFORMATION_URI,
                "rules": [_rule(r) for r in ordered],
            }
        },
        "originalUriBaseIds": {"%SRCROOT%": {"uri": root_uri}},
        "invocations": [
            {
                "executionSuccessful": True,
                "toolExecutionNotifications": [_notification(i) for i in result.issues],
            }
        ],
        "results": [_result(f, index) for f in result.findings],
    }
    return {"$schema": SCHEMA_URI, "version": "2.1.0", "runs": [run]}


def render(result: ScanResult, *, show_passed: bool = False) -> str:
    return (
        orjson.dumps(build(result, show_passed=show_passed), option=orjson.OPT_INDENT_2).decode()
        + "\n"
    )
