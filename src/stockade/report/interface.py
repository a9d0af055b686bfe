"""What every report format shares: the finding dictionary and the summary.

Formats render a :class:`~stockade.scan.ScanResult`; the job service builds one from stored
findings to export a job, so the CLI and the API produce identical files.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from stockade import __version__
from stockade.core.finding import Finding, ScanIssue
from stockade.core.severity import Severity
from stockade.scan.runner import ScanResult

TOOL_NAME = "stockade"
INFORMATION_URI = "https://github.com/stockade-security/stockade"

Renderer = Callable[[ScanResult], str]


def finding_to_dict(f: Finding) -> dict[str, Any]:
    """The CLI JSON shape: the spec's fields first, then Stockade's own."""
    loc = f.location
    return {
        "id": f.id,
        "type": f.type,
        "severity": f.severity.value,
        "file": loc.path,
        "line": loc.line,
        "message": f.message,
        "code": loc.snippet or "",
        "remediation": f.remediation,
        "module": f.module,
        "rule_id": f.rule_id,
        "title": f.title,
        "column": loc.column,
        "end_line": loc.end_line,
        "end_column": loc.end_column,
        "cwe": list(f.cwe),
        "owasp": list(f.owasp),
        "confidence": f.confidence.value,
        "references": list(f.references),
        "fingerprint": f.fingerprint,
        "trace": [
            {
                "kind": s.kind,
                "file": s.location.path,
                "line": s.location.line,
                "column": s.location.column,
                "note": s.note,
            }
            for s in f.trace
        ],
        "metadata": dict(f.metadata),
    }


def issue_to_dict(issue: ScanIssue) -> dict[str, Any]:
    return {
        "kind": issue.kind,
        "file": issue.path,
        "message": issue.message,
        "module": issue.module,
        "rule_id": issue.rule_id,
    }


def summary(result: ScanResult) -> dict[str, Any]:
    counts = Counter(f.severity for f in result.findings)
    return {
        "total_findings": len(result.findings),
        **{s.value: counts.get(s, 0) for s in Severity},
        "by_module": dict(Counter(f.module for f in result.findings)),
        "files_scanned": result.files_total,
        "modules_run": [m.name for m in result.modules],
        "errors": sum(1 for i in result.issues if i.kind == "error"),
        "skipped_files": sum(1 for i in result.issues if i.kind == "skipped"),
        "suppressed": result.suppressed,
        "baselined": len(result.baselined),
        "duration_seconds": round(result.duration_seconds, 3),
    }


def tool_info() -> dict[str, str]:
    return {"name": TOOL_NAME, "version": __version__}
