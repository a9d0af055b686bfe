"""``stockade advisories sync|import|status``: the local OSV advisory store.

The store is the one the server reads: ``advisories.db_path`` from the same settings
(``--config``, ``STOCKADE_CONFIG``, ``STOCKADE__*``; default ``<data_dir>/advisories.sqlite``;
``STOCKADE_ADVISORY_DB`` is an alias), opened through the same factory. ``sync`` downloads
OSV's per-ecosystem exports from a configurable base URL (a mirror works); ``import`` takes
an ``all.zip``, one OSV JSON file, or a directory of either, for air-gapped hosts.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated

import typer

from stockade.analyzers.deps.advisories.factory import local_store
from stockade.analyzers.deps.advisories.interface import AdvisorySourceError
from stockade.analyzers.deps.advisories.local import ImportFailedError, ImportReport, LocalStore
from stockade.analyzers.deps.advisories.sync import DEFAULT_BASE, DEFAULT_ECOSYSTEMS, sync
from stockade.cli.errors import CliError, NetworkError
from stockade.config import Settings, ensure_private_dir, load_settings

app = typer.Typer(help="Manage the local OSV advisory store.", no_args_is_help=True)

DbOption = Annotated[
    Path | None,
    typer.Option("--db", help="Advisory store file (default: advisories.db_path)."),
]
ConfigOption = Annotated[
    Path | None,
    typer.Option(
        "--config", help="stockade.toml to read (default: $STOCKADE_CONFIG or ./stockade.toml)."
    ),
]


def _store(settings: Settings, db: Path | None) -> LocalStore:
    """``--db`` if given, else the server's store from the settings tree (in the data
    directory, created 0700 here when this command runs before the server ever has)."""
    if db is None:
        ensure_private_dir(settings.advisory_db_path.parent)
    return local_store({"advisory_db": str(db or settings.advisory_db_path)})


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
        typer.Option(
            "--ecosystem", "-e", help="OSV ecosystem (repeatable); default: advisories.ecosystems."
        ),
    ] = None,
    base_url: Annotated[
        str | None,
        typer.Option(
            "--base-url",
            envvar="STOCKADE_OSV_BASE_URL",
            help="Export base URL (default: advisories.sync_base_url, else OSV's bucket).",
        ),
    ] = None,
    db: DbOption = None,
    config: ConfigOption = None,
) -> None:
    """Download `<base>/<Ecosystem>/all.zip` for each ecosystem and import it."""
    settings = load_settings(config)
    store = _store(settings, db)
    chosen = list(ecosystem or settings.advisories.ecosystems or DEFAULT_ECOSYSTEMS)
    base = base_url or settings.advisories.sync_base_url or DEFAULT_BASE
    try:
        reports = sync(store, chosen, base)
    except ImportFailedError as exc:
        raise CliError(f"{exc}; the previous store is unchanged") from None
    except AdvisorySourceError as exc:
        raise NetworkError(f"{exc}; the previous store is unchanged") from None
    for name, report in reports.items():
        typer.echo(_summary(name, report))
        _print_errors(report)


@app.command("import")
def import_cmd(
    path: Annotated[
        Path,
        typer.Argument(
            help="An OSV all.zip, one OSV JSON file, or a directory of JSON files "
            "or of <Ecosystem>/all.zip exports."
        ),
    ],
    db: DbOption = None,
    config: ConfigOption = None,
) -> None:
    """Import advisories from a file or directory (for air-gapped installs).

    Exits 2 when nothing was imported (no OSV record found): an empty store would make
    every dependency look clean."""
    store = _store(load_settings(config), db)
    try:
        report = store.import_export(path)
    except ImportFailedError as exc:
        raise CliError(f"{exc}; the previous store is unchanged") from None
    _print_errors(report)
    if not report.records:
        raise CliError(
            f"nothing imported from {path}: no valid OSV advisory found (expected an all.zip, "
            "OSV JSON files, or <Ecosystem>/all.zip exports); the store is unchanged"
        )
    typer.echo(_summary(str(path), report))
    typer.echo(f"store: {store.path}")


def _age(stamp: str | None) -> str:
    if not stamp:
        return "unknown"
    then = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    hours = (datetime.now(UTC) - then).total_seconds() / 3600
    return f"{hours:.1f} hours" if hours < 48 else f"{hours / 24:.0f} days"


@app.command("status")
def status_cmd(db: DbOption = None, config: ConfigOption = None) -> None:
    """Counts per ecosystem and the age of the store."""
    store = _store(load_settings(config), db)
    info = store.status()
    store.close()
    typer.echo(f"store: {info['path']}")
    if not info["exists"] or not info["total"]:
        typer.echo("no advisories imported yet: run `stockade advisories sync` or `import`")
        raise typer.Exit(1)
    typer.echo(f"advisories: {info['total']}")
    for eco, count in sorted(info["ecosystems"].items()):
        typer.echo(f"  {eco}: {count}")
    typer.echo(f"newest advisory modified: {info['newest_modified']}")
    typer.echo(f"last import: {info['imported_at']} ({_age(info['imported_at'])} ago)")
