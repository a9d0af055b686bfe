"""``stockade analyze``: local analysis (SAST, secrets, API specs), optionally with
dependency analysis through the server (``--all-modules``)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from stockade.analyzers.target import TargetOptions
from stockade.cli import console, credentials
from stockade.cli.errors import AuthRequiredError, CliError, ExitCode
from stockade.cli.quota import LocalQuota, limit_for
from stockade.core.errors import ConfigError
from stockade.core.severity import Confidence, Severity
from stockade.report import CLI_FORMATS, render
from stockade.report.formats import choices
from stockade.scan import Baseline, ScanEvent, ScanOptions, ScanResult, local_modules, run_scan
from stockade.scan.events import EventSink, ignore_events
from stockade.scan.history import HistoryOptions, HistoryResult, merge_history, scan_history

SKIPPABLE = ("sast", "secrets", "api")


def _check_format(fmt: str) -> str:
    if fmt not in CLI_FORMATS:
        raise ConfigError(f"unknown format {fmt!r}; expected one of: {', '.join(CLI_FORMATS)}")
    return fmt


def _select_modules(skip: set[str]) -> tuple[str, ...]:
    return local_modules(skip)


@contextmanager
def _progress(enabled: bool) -> Iterator[EventSink]:
    if not enabled:
        yield ignore_events
        return
    with Progress(
        TextColumn("[bold]analysing"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console.stderr,
        transient=True,
    ) as bar:
        task = bar.add_task("files", total=None)

        def sink(event: ScanEvent) -> None:
            bar.update(task, total=event.files_total, completed=event.files_done)

        yield sink


def _report_issues(result: ScanResult, verbose: bool) -> None:
    if verbose:
        for issue in result.issues:
            where = f"[{issue.module}] " if issue.module else ""
            console.note(f"{issue.kind}: {where}{issue.path}: {issue.message}")
        return
    errors = sum(1 for i in result.issues if i.kind == "error")
    if errors:
        console.note(f"{errors} analysis errors (run with -v to see them)")


def analyze(
    path: Annotated[Path, typer.Argument(help="Directory or file to analyse.")],
    fmt: Annotated[str, typer.Option("--format", "-f", help=f"{choices(CLI_FORMATS)}.")] = "table",
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write the report here.")
    ] = None,
    severity: Annotated[
        str, typer.Option(help="Minimum severity shown and that makes the exit code 1.")
    ] = "low",
    confidence: Annotated[
        str,
        typer.Option(
            help="Lowest confidence shown and that makes the exit code 1: high (a proven "
            "taint path), medium (a weaker source or a built argument), low (audit checks)."
        ),
    ] = "low",
    skip_sast: Annotated[bool, typer.Option("--skip-sast", help="Do not run SAST.")] = False,
    skip_secrets: Annotated[
        bool, typer.Option("--skip-secrets", help="Do not scan for secrets.")
    ] = False,
    skip_api: Annotated[
        bool, typer.Option("--skip-api", help="Do not audit OpenAPI specs.")
    ] = False,
    all_modules: Annotated[
        bool, typer.Option("--all-modules", help="Add dependency analysis (through the server).")
    ] = False,
    offline: Annotated[bool, typer.Option("--offline", help="Never use the network.")] = False,
    show_passed: Annotated[
        bool, typer.Option("--show-passed", help="Also list modules and rules without findings.")
    ] = False,
    baseline: Annotated[
        Path | None, typer.Option("--baseline", help="Do not report findings in this baseline.")
    ] = None,
    save_baseline: Annotated[
        Path | None,
        typer.Option("--save-baseline", help="Write all current findings as a baseline."),
    ] = None,
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", help="Worker processes (0: one per CPU).")
    ] = 0,
    no_default_excludes: Annotated[
        bool, typer.Option("--no-default-excludes", help="Also scan vendor, node_modules, build…")
    ] = False,
    exclude: Annotated[
        list[str] | None,
        typer.Option("--exclude", help="Extra gitignore-style pattern (repeatable)."),
    ] = None,
    server: Annotated[str | None, typer.Option("--server", help="Server URL.")] = None,
    history: Annotated[
        bool,
        typer.Option("--history", help="Also scan every commit of the git history for secrets."),
    ] = False,
    since: Annotated[
        str | None,
        typer.Option(
            "--since", metavar="REV", help="With --history: only the commits HEAD adds since REV."
        ),
    ] = None,
    verify: Annotated[
        bool,
        typer.Option(
            "--verify",
            help="Ask each found credential's provider whether it is live (network; opt-in).",
        ),
    ] = False,
    verbose: Annotated[
        bool, typer.Option("--verbose", "-v", help="Show skipped files and errors.")
    ] = False,
) -> None:
    """Analyse a project locally; exit 1 when findings at or above --severity and
    --confidence exist."""
    _check_format(fmt)
    threshold = Severity.parse(severity)
    sure = Confidence.parse(confidence)
    if jobs < 0:
        raise ConfigError("--jobs must be 0 or more")
    _check_history(history, since, skip_secrets)
    _check_verify(verify, offline, skip_secrets)
    creds = credentials.load(server)
    if all_modules:
        if offline:
            raise ConfigError(
                "--all-modules needs the server for dependency analysis; drop --offline"
            )
        if not creds.api_key:
            raise AuthRequiredError("--all-modules needs authentication")
    base = Baseline.load(baseline) if baseline else None
    LocalQuota().consume(limit_for(bool(creds.api_key)))
    skip = {n for n, on in zip(SKIPPABLE, (skip_sast, skip_secrets, skip_api), strict=True) if on}
    options = ScanOptions(
        modules=_select_modules(skip),
        jobs=jobs,
        target_options=TargetOptions(
            use_default_excludes=not no_default_excludes, exclude=tuple(exclude or ())
        ),
        baseline=base,
        # Always explicit, so a scanned tree's .stockade.toml cannot switch verification on.
        module_options={"secrets": {"verify": verify}},
    )
    # History first: a path outside a repository or a bad --since fails before the long part.
    found = _scan_history(path, options, since) if history else None
    with _progress(sys.stderr.isatty()) as sink:
        result = run_scan(path, options, sink)
    if found is not None:
        result = merge_history(result, found, options.baseline)
    dependency_error: CliError | None = None
    if all_modules:
        from stockade.cli.remote_deps import try_dependency_findings

        dependency_error = try_dependency_findings(result, creds)
    if save_baseline:
        Baseline.from_findings(result.findings + result.baselined, base).save(save_baseline)
        console.note(
            f"baseline with {len(result.findings) + len(result.baselined)} findings "
            f"written to {save_baseline}"
        )
    shown = replace(
        result,
        findings=[f for f in result.findings if f.severity >= threshold and f.confidence >= sure],
    )
    _write(render(shown, fmt, show_passed=show_passed, color=_color(fmt, output)), output)
    _report_issues(result, verbose)
    if dependency_error is not None:
        _fail_dependencies(dependency_error)
    raise typer.Exit(ExitCode.FINDINGS if shown.findings else ExitCode.OK)


def _check_history(history: bool, since: str | None, skip_secrets: bool) -> None:
    if since is not None and not history:
        raise ConfigError("--since selects the commits --history scans; add --history")
    if history and skip_secrets:
        raise ConfigError("--history scans the history for secrets; drop --skip-secrets")


def _check_verify(verify: bool, offline: bool, skip_secrets: bool) -> None:
    if verify and offline:
        raise ConfigError("--verify asks providers over the network; drop --offline")
    if verify and skip_secrets:
        raise ConfigError("--verify checks the secrets found; drop --skip-secrets")


def _scan_history(path: Path, options: ScanOptions, since: str | None) -> HistoryResult:
    """Secrets in every commit's added lines, with the walk's exclusions and options."""
    found = scan_history(
        path,
        HistoryOptions(
            since=since,
            target_options=options.target_options,
            secrets_options=options.module_options.get("secrets", {}),
            jobs=options.jobs,
        ),
    )
    console.note(
        f"history: {found.commits} commits, {found.file_changes} file changes, "
        f"{found.bytes_scanned / 1e6:.1f} MB of added lines scanned in "
        f"{found.duration_seconds:.1f} s"
    )
    return found


def _fail_dependencies(exc: CliError) -> NoReturn:
    """The local results are printed; the missing dependency step decides the exit code:
    3 (network) for an unreachable or failing server, 4/5 kept for quota/authentication."""
    console.error(f"dependency analysis failed (the local results were still reported): {exc}")
    keep = (ExitCode.AUTH, ExitCode.QUOTA)
    raise typer.Exit(exc.exit_code if exc.exit_code in keep else ExitCode.NETWORK)


def _color(fmt: str, output: Path | None) -> bool:
    return fmt == "table" and output is None and sys.stdout.isatty()


def _write(text: str, output: Path | None) -> None:
    if output is None:
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    try:
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"cannot write {output}: {exc.strerror}") from None
