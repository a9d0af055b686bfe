"""Report formats. Each renders a :class:`~stockade.scan.ScanResult` to text."""

from __future__ import annotations

from stockade.core.errors import ConfigError
from stockade.report import csv_report, json_report, sarif, table
from stockade.report.interface import finding_to_dict, issue_to_dict, summary
from stockade.scan.runner import ScanResult

FORMATS: tuple[str, ...] = ("table", "json", "sarif", "csv")


def render(result: ScanResult, fmt: str, *, show_passed: bool = False, color: bool = False) -> str:
    """Render ``result`` in format ``fmt``; an unknown format is a configuration error."""
    if fmt == "table":
        return table.render(result, show_passed=show_passed, color=color)
    if fmt == "json":
        return json_report.render(result)
    if fmt == "sarif":
        return sarif.render(result)
    if fmt == "csv":
        return csv_report.render(result)
    raise ConfigError(f"unknown format {fmt!r}; expected one of: {', '.join(FORMATS)}")


__all__ = ["FORMATS", "finding_to_dict", "issue_to_dict", "render", "summary"]
