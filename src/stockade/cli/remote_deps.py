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
from stockade.core.codec import finding_from_json
from stockade.core.finding import Finding, ScanIssue
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


# What a dependency finding is when the server's answer leaves a field out.
_DEPENDENCY_DEFAULTS: dict[str, Any] = {
    "rule_id": "dependencies.vulnerable-package",
    "module": "dependencies",
    "type": "vulnerable-dependency",
    "severity": "medium",
    "confidence": "high",
}


def finding_from_api(data: dict[str, Any]) -> Finding:
    """A core finding from the server's finding JSON (API.md), through the core codec so
    that nothing the server sends (``owasp``, end positions, the trace) is dropped."""
    return finding_from_json({**_DEPENDENCY_DEFAULTS, **data})


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


def try_dependency_findings(result: ScanResult, creds: Credentials) -> CliError | None:
    """Like :func:`add_dependency_findings`, but a failing server step (unreachable, not
    ready, refused) is returned instead of raised: the local modules' results are complete
    and still worth printing. The failure is also recorded as a scan error, so JSON and
    SARIF reports do not read as "no vulnerable dependencies"."""
    try:
        add_dependency_findings(result, creds)
    except CliError as exc:
        message = f"dependency analysis through the server failed: {exc}"
        result.issues.append(ScanIssue("error", ".", message, "dependencies"))
        return exc
    return None
