"""The default ``table`` format: findings grouped by severity, most severe first."""

from __future__ import annotations

import io
from collections import Counter

from rich.console import Console
from rich.table import Table
from rich.text import Text

from stockade.core.finding import Finding
from stockade.core.severity import Severity
from stockade.scan.runner import ScanResult

_STYLE = {
    Severity.CRITICAL: "bold white on red",
    Severity.HIGH: "bold red",
    Severity.MEDIUM: "yellow",
    Severity.LOW: "cyan",
    Severity.INFO: "dim",
}


def _group_table(severity: Severity, findings: list[Finding]) -> Table:
    table = Table(
        title=Text(f"{severity.value.upper()} ({len(findings)})", style=_STYLE[severity]),
        title_justify="left",
        show_lines=False,
        expand=False,
    )
    table.add_column("Location", overflow="fold")
    table.add_column("Rule", overflow="fold")
    table.add_column("Message", overflow="fold")
    for f in findings:
        message = Text(f.message)
        if f.location.snippet:
            message.append(f"\n{f.location.snippet}", style="dim")
        table.add_row(str(f.location), f"{f.rule_id}\n[{f.module}]", message)
    return table


def _summary_line(result: ScanResult) -> str:
    counts = Counter(f.severity for f in result.findings)
    parts = [f"{counts[s]} {s.value}" for s in sorted(Severity, reverse=True) if counts[s]]
    found = ", ".join(parts) if parts else "no findings"
    extra = []
    if result.suppressed:
        extra.append(f"{result.suppressed} suppressed inline")
    if result.baselined:
        extra.append(f"{len(result.baselined)} in baseline")
    errors = sum(1 for i in result.issues if i.kind == "error")
    skipped = sum(1 for i in result.issues if i.kind == "skipped")
    if errors:
        extra.append(f"{errors} errors")
    if skipped:
        extra.append(f"{skipped} files skipped")
    tail = f" ({'; '.join(extra)})" if extra else ""
    modules = ", ".join(m.name for m in result.modules) or "none"
    return (
        f"{len(result.findings)} findings: {found}{tail} — {result.files_total} files, "
        f"modules: {modules}, {result.duration_seconds:.2f} s"
    )


def _passed(result: ScanResult) -> Table:
    fired = {f.rule_id for f in result.findings}
    table = Table(title="Passed", title_justify="left")
    table.add_column("Module")
    table.add_column("Files", justify="right")
    table.add_column("Rules without findings", justify="right")
    table.add_column("Rules", overflow="fold")
    for m in result.modules:
        quiet = sorted(r.id for r in m.rules if r.id not in fired)
        shown = ", ".join(quiet[:12]) + (f", … (+{len(quiet) - 12})" if len(quiet) > 12 else "")
        table.add_row(m.name, str(m.files_scanned), f"{len(quiet)}/{len(m.rules)}", shown)
    return table


def render(
    result: ScanResult, *, show_passed: bool = False, color: bool = False, width: int = 120
) -> str:
    out = io.StringIO()
    console = Console(
        file=out,
        force_terminal=color,
        no_color=not color,
        width=width,
        highlight=False,
        soft_wrap=False,
    )
    groups: dict[Severity, list[Finding]] = {}
    for f in result.findings:
        groups.setdefault(f.severity, []).append(f)
    for severity in sorted(groups, reverse=True):
        console.print(_group_table(severity, groups[severity]))
    if show_passed:
        console.print(_passed(result))
    console.print(_summary_line(result))
    return out.getvalue()
