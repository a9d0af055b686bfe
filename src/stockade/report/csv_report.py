"""The ``csv`` format: one finding per row, for spreadsheets and ticket imports."""

from __future__ import annotations

import csv
import io

from stockade.scan.runner import ScanResult

COLUMNS = (
    "id",
    "module",
    "rule_id",
    "type",
    "severity",
    "confidence",
    "file",
    "line",
    "column",
    "message",
    "cwe",
    "remediation",
    "fingerprint",
)


def _safe_cell(value: str) -> str:
    """Neutralise spreadsheet formulas (CSV injection, CWE-1236)."""
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def render(result: ScanResult) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for f in result.findings:
        row = (
            f.id,
            f.module,
            f.rule_id,
            f.type,
            f.severity.value,
            f.confidence.value,
            f.location.path,
            f.location.line,
            f.location.column,
            f.message,
            ";".join(f.cwe),
            f.remediation,
            f.fingerprint,
        )
        writer.writerow([_safe_cell(str(v)) for v in row])
    return out.getvalue()
