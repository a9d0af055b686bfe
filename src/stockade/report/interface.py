"""What every report format shares: the finding dictionary and the summary.

Formats render a :class:`~stockade.scan.ScanResult`; the job service builds one from stored
findings to export a job, so the CLI and the API produce identical files.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from stockade import __version__
from stockade.core.codec import finding_to_json
from stockade.core.finding import ScanIssue
from stockade.core.severity import severity_counts
from stockade.scan.runner import ScanResult

TOOL_NAME = "stockade"
INFORMATION_URI = "https://github.com/stockade-security/stockade"

Renderer = Callable[[ScanResult], str]

finding_to_dict = finding_to_json
"""The CLI JSON shape of a finding: the core codec's (kept under its old name)."""


def issue_to_dict(issue: ScanIssue) -> dict[str, Any]:
    return {
        "kind": issue.kind,
        "file": issue.path,
        "message": issue.message,
        "module": issue.module,
        "rule_id": issue.rule_id,
    }


def summary(result: ScanResult) -> dict[str, Any]:
    return {
        **severity_counts(f.severity for f in result.findings),
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
