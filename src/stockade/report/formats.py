"""Every report format, registered once.

The CLI's ``--format`` choices, the job export's ``format`` parameter, its media types and
file names, and the docs all come from :data:`FORMATS_BY_NAME`, so a format cannot exist in one
place and be missing from another.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, get_args

from stockade.report import csv_report, json_report, sarif, table
from stockade.scan.runner import ScanResult

Render = Callable[[ScanResult, bool, bool], str]
"""``(result, show_passed, color) -> text``."""

ExportName = Literal["sarif", "json", "csv"]
"""The formats the job export offers, as a type (FastAPI validates the query parameter with
it); checked against the registry at import time."""


@dataclass(frozen=True, slots=True)
class ReportFormat:
    """One format: its name, how it is served and saved, and who offers it."""

    name: str
    media_type: str
    extension: str
    render: Render
    cli: bool  # ``stockade analyze/deps --format``
    export: bool  # ``GET /api/v1/jobs/{id}/export?format=``


_ALL = (
    ReportFormat(
        "table",
        "text/plain",
        "txt",
        lambda r, passed, color: table.render(r, show_passed=passed, color=color),
        cli=True,
        export=False,
    ),
    ReportFormat(
        "json",
        "application/json",
        "json",
        lambda r, passed, color: json_report.render(r),
        cli=True,
        export=True,
    ),
    ReportFormat(
        "sarif",
        "application/sarif+json",
        "sarif",
        lambda r, passed, color: sarif.render(r, show_passed=passed),
        cli=True,
        export=True,
    ),
    ReportFormat(
        "csv",
        "text/csv",
        "csv",
        lambda r, passed, color: csv_report.render(r),
        cli=False,
        export=True,
    ),
)

FORMATS_BY_NAME: dict[str, ReportFormat] = {f.name: f for f in _ALL}
FORMATS: tuple[str, ...] = tuple(FORMATS_BY_NAME)
CLI_FORMATS: tuple[str, ...] = tuple(f.name for f in _ALL if f.cli)
EXPORT_MEDIA: dict[str, str] = {f.name: f.media_type for f in _ALL if f.export}

if set(get_args(ExportName)) != set(EXPORT_MEDIA):  # pragma: no cover - a wiring mistake
    raise RuntimeError("ExportName does not list exactly the export formats")


def choices(names: tuple[str, ...]) -> str:
    """``"table, json or sarif"``: a format list for help texts."""
    return ", ".join(names[:-1]) + f" or {names[-1]}" if len(names) > 1 else "".join(names)


def markdown_table() -> str:
    """The formats table of ``docs/architecture.md`` (a test keeps the two equal)."""
    lines = [
        "| Format | Media type | File | `--format` of the CLI | Job export |",
        "|---|---|---|---|---|",
    ]
    for f in _ALL:
        cli, export = ("yes" if f.cli else "no"), ("yes" if f.export else "no")
        lines.append(f"| `{f.name}` | `{f.media_type}` | `.{f.extension}` | {cli} | {export} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(markdown_table(), end="")
