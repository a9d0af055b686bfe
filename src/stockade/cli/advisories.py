"""``stockade advisories sync|import|status``: the local OSV advisory store.

The store is what the server's dependency analysis reads (``STOCKADE_ADVISORY_DB`` or the
data directory). ``sync`` downloads OSV's per-ecosystem exports from a configurable base
URL (a mirror works); ``import`` takes an ``all.zip`` or a directory for air-gapped hosts.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated

import typer

from stockade.analyzers.deps.advisories.interface import AdvisorySourceError
from stockade.analyzers.deps.advisories.local import ImportFailedError, ImportReport, LocalStore
from stockade.analyzers.deps.advisories.sync import DEFAULT_BASE, DEFAULT_ECOSYSTEMS, sync
from stockade.cli.errors import CliError, NetworkError

app = typer.Typer(help="Manage the local OSV advisory store.", no_args_is_help=True)

DbOption = Annotated[
    Path | None,
    typer.Option("--db", envvar="STOCKADE_ADVISORY_DB", help="Advisory store file."),
]


def _summary(name: str, report: ImportReport) -> str:
    line = f"{name}: {report.added} added, {report.updated} updated, {report.unchanged} unchanged"
    if report.errors:
        line += f", {len(report.errors)} skipped"
    return line


def _print_errors(report: ImportReport) -> None:
    for entry, reason in report.errors[:20]:
        typer.echo(f"  skipped {entry}: {reason}", err=True)


@app.command("sync")
def sync_cmd(
    ecosystem: Annotated[
        list[str] | None,
        typer.Option("--ecosystem", "-e", help="OSV ecosystem (repeatable); default: all common."),
    ] = None,
    base_url: Annotated[
        str,
        typer.Option("--base-url", envvar="STOCKADE_OSV_BASE_URL", help="Export base URL."),
    ] = DEFAULT_BASE,
    db: DbOption = None,
) -> None:
    """Download `<base>/<Ecosystem>/all.zip` for each ecosystem and import it."""
    store = LocalStore(db)
    chosen = list(ecosystem or DEFAULT_ECOSYSTEMS)
    try:
        reports = sync(store, chosen, base_url)
    except ImportFailedError as exc:
        raise CliError(f"{exc}; the previous store is unchanged") from None
    except AdvisorySourceError as exc:
        raise NetworkError(f"{exc}; the previous store is unchanged") from None
    for name, report in reports.items():
        typer.echo(_summary(name, report))
        _print_errors(report)


@app.command("import")
def import_cmd(
    path: Annotated[Path, typer.Argument(help="An OSV all.zip or a directory of OSV JSON.")],
    db: DbOption = None,
) -> None:
    """Import advisories from a file or directory (for air-gapped installs)."""
    store = LocalStore(db)
    try:
        report = store.import_export(path)
    except ImportFailedError as exc:
        raise CliError(f"{exc}; the previous store is unchanged") from None
    typer.echo(_summary(str(path), report))
    _print_errors(report)


def _age(stamp: str | None) -> str:
    if not stamp:
        return "unknown"
    then = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    hours = (datetime.now(UTC) - then).total_seconds() / 3600
    return f"{hours:.1f} hours" if hours < 48 else f"{hours / 24:.0f} days"


@app.command("status")
def status_cmd(db: DbOption = None) -> None:
    """Counts per ecosystem and the age of the store."""
    info = LocalStore(db).status()
    typer.echo(f"store: {info['path']}")
    if not info["exists"]:
        typer.echo("no advisories imported yet: run `stockade advisories sync` or `import`")
        raise typer.Exit(1)
    typer.echo(f"advisories: {info['total']}")
    for eco, count in sorted(info["ecosystems"].items()):
        typer.echo(f"  {eco}: {count}")
    typer.echo(f"newest advisory modified: {info['newest_modified']}")
    typer.echo(f"last import: {info['imported_at']} ({_age(info['imported_at'])} ago)")
