"""Report formats. Each renders a :class:`~stockade.scan.ScanResult` to text; which formats
exist, and where they are offered, is registered once in :mod:`stockade.report.formats`."""

from __future__ import annotations

from stockade.core.errors import ConfigError
from stockade.report.formats import (
    CLI_FORMATS,
    EXPORT_MEDIA,
    FORMATS,
    FORMATS_BY_NAME,
    ExportName,
    ReportFormat,
)
from stockade.report.interface import finding_to_dict, issue_to_dict, summary
from stockade.scan.runner import ScanResult


def render(result: ScanResult, fmt: str, *, show_passed: bool = False, color: bool = False) -> str:
    """Render ``result`` in format ``fmt``; an unknown format is a configuration error.

    ``show_passed`` lists rules without findings too (the table's "Passed" section, every
    rule of the modules that ran in SARIF ``rules[]``); ``color`` only affects the table.
    """
    spec = FORMATS_BY_NAME.get(fmt)
    if spec is None:
        raise ConfigError(f"unknown format {fmt!r}; expected one of: {', '.join(FORMATS)}")
    return spec.render(result, show_passed, color)


__all__ = [
    "CLI_FORMATS",
    "EXPORT_MEDIA",
    "FORMATS",
    "FORMATS_BY_NAME",
    "ExportName",
    "ReportFormat",
    "finding_to_dict",
    "issue_to_dict",
    "render",
    "summary",
]
