"""Dependency analysis through the server, for ``analyze --all-modules`` and ``deps``.

The CLI never matches advisories itself (the advisory store lives on the server): it picks
the manifest and lock files with the dependency analyzer's own file filter, sends their
content to ``POST /api/v1/dependencies/analyze`` and turns the answer into findings.
"""

from __future__ import annotations

from typing import Any

from stockade.analyzers import registry
from stockade.analyzers.target import Target
from stockade.cli.client import ServerClient
from stockade.cli.credentials import Credentials
from stockade.cli.errors import CliError
from stockade.core.finding import Finding, Location
from stockade.core.severity import Confidence, Severity
from stockade.scan import ModuleRun, ScanResult

MAX_MANIFEST_BYTES = 5 * 1024 * 1024


def collect_manifests(target: Target) -> list[dict[str, str]]:
    """``[{path, content}]`` of every manifest or lockfile in the tree."""
    classes = registry.available()
    if "dependencies" not in classes:
        raise CliError("the dependency module is not installed in this Stockade")
    analyzer = classes["dependencies"]()
    files, _ = target.walk()
    chosen = [f for f in files if analyzer.wants(f) and f.size <= MAX_MANIFEST_BYTES]
    return [
        {"path": f.path, "content": target.read_bytes(f.path).decode("utf-8", "replace")}
        for f in chosen
    ]


def finding_from_api(data: dict[str, Any]) -> Finding:
    """A core finding from the server's finding JSON (API.md)."""
    return Finding(
        rule_id=str(data.get("rule_id", "dependencies.vulnerable-package")),
        module=str(data.get("module", "dependencies")),
        type=str(data.get("type", "vulnerable-dependency")),
        severity=Severity.parse(str(data.get("severity", "medium"))),
        confidence=Confidence.parse(str(data.get("confidence", "high"))),
        title=str(data.get("title", "")),
        message=str(data.get("message", "")),
        location=Location(
            str(data.get("file", "")),
            max(1, int(data.get("line") or 1)),
            max(1, int(data.get("column") or 1)),
            snippet=data.get("code") or None,
        ),
        remediation=str(data.get("remediation", "")),
        cwe=tuple(data.get("cwe") or ()),
        references=tuple(data.get("references") or ()),
        metadata=dict(data.get("metadata") or {}),
        fingerprint=str(data.get("fingerprint", "")),
    )


def analyze_remote(target: Target, creds: Credentials) -> tuple[list[Finding], int]:
    files = collect_manifests(target)
    if not files:
        return [], 0
    with ServerClient(creds) as client:
        answer = client.request("POST", "/api/v1/dependencies/analyze", json={"files": files})
    if not isinstance(answer, dict):
        raise CliError("unexpected answer from the dependency endpoint")
    findings = [finding_from_api(f) for f in answer.get("findings", [])]
    return findings, len(files)


def add_dependency_findings(result: ScanResult, creds: Credentials) -> None:
    target = Target.open(result.root)
    findings, files = analyze_remote(target, creds)
    result.findings.extend(findings)
    result.findings.sort(key=lambda f: (f.location.path, f.location.line, f.rule_id))
    result.modules.append(ModuleRun("dependencies", (), files, len(findings)))
