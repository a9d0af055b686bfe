"""One job's analysis, independent of how it was queued: fetch the source into a private
directory, run the requested modules, and describe the outcome per module.

Both runners (in-process and Celery workers) call :func:`run_analysis`; the database
bookkeeping (leases, heartbeats, storing findings) stays in the runners.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from stockade.analyzers import registry
from stockade.analyzers.deps.advisories.interface import NOT_READY_HINT
from stockade.core.errors import ConfigError, TargetError
from stockade.jobs.options import JobOptions
from stockade.jobs.sources import SourceError, SourceLimits, SourceSpec, fetch
from stockade.scan import ScanEvent, ScanOptions, ScanResult, run_scan
from stockade.scan.history import HistoryOptions, HistoryResult, merge_history, scan_history

ALL_MODULES: tuple[str, ...] = registry.MODULE_ORDER
# The error prefix of a job whose source could not be fetched (no analysis ran).
SOURCE_FAILED = "source:"


@dataclass(frozen=True)
class ModuleOutcome:
    module: str
    status: str  # "completed", "failed" or "unavailable"
    files_scanned: int = 0
    findings_count: int = 0
    duration_ms: int = 0
    error: str | None = None


@dataclass
class AnalysisOutcome:
    result: ScanResult | None
    modules: list[ModuleOutcome] = field(default_factory=list)
    error: str | None = None  # set when the job as a whole failed (e.g. the source)
    fetch_seconds: float = 0.0

    @property
    def failed(self) -> bool:
        return self.error is not None


def validate_modules(requested: Sequence[str] | None) -> tuple[str, ...]:
    """The modules a job will run; unknown names raise ValueError (a 422 at submission)."""
    if requested is None:
        return ALL_MODULES
    unknown = [m for m in requested if m not in ALL_MODULES]
    if unknown:
        raise ValueError(
            f"unknown module(s): {', '.join(unknown)}; expected {', '.join(ALL_MODULES)}"
        )
    if not requested:
        raise ValueError("modules must not be empty")
    return tuple(dict.fromkeys(requested))


def _module_outcomes(
    result: ScanResult, wanted: Sequence[str], missing: Sequence[str]
) -> list[ModuleOutcome]:
    errors: dict[str, list[str]] = {}
    for issue in result.issues:
        if issue.kind == "error" and issue.module:
            errors.setdefault(issue.module, []).append(f"{issue.path}: {issue.message}")
    outcomes = []
    ran = {m.name: m for m in result.modules}
    for name in wanted:
        if name in missing:
            outcomes.append(
                ModuleOutcome(name, "unavailable", error="module not installed on this server")
            )
            continue
        run = ran[name]
        errs = errors.get(name, [])
        if errs and all(NOT_READY_HINT in e for e in errs):
            # Nothing was checked (a fresh server with no advisories): not "completed".
            outcomes.append(ModuleOutcome(name, "unavailable", error=errs[0].split(": ", 1)[-1]))
            continue
        outcomes.append(
            ModuleOutcome(
                name,
                "completed",
                run.files_scanned,
                run.findings_count,
                run.duration_ms,
                f"{len(errs)} file errors; first: {errs[0]}" if errs else None,
            )
        )
    return outcomes


def run_analysis(
    source: SourceSpec,
    modules: Sequence[str],
    limits: SourceLimits,
    *,
    on_event: Callable[[ScanEvent], None] | None = None,
    jobs: int = 0,
    file_timeout: float = 60.0,
    mp_start_method: str | None = None,
    module_options: Mapping[str, Mapping[str, Any]] | None = None,
    workdir: Path | None = None,
    options: JobOptions | None = None,
) -> AnalysisOutcome:
    """Fetch and analyse; never raises for a bad source (the outcome says what failed).

    ``module_options`` are the server's and win over the project's ``.stockade.toml`` (which
    may not point the dependencies module at another advisory source, nor name files
    outside the tree: the tree is the submitter's, the process is the server's).

    ``workdir`` is the empty directory the source is fetched into (the runners pass the
    job's own, which they remove even when this process is killed); without one a private
    temporary directory is used. It is emptied when the analysis ends.

    ``options.history``: the source was fetched with its history (a git source), whose
    commits are scanned for secrets first (a bad ``since`` fails before the long part) and
    merged into the tree's result the way ``stockade analyze --history`` does.
    """
    installed = registry.available()
    present = [m for m in modules if m in installed]
    missing = [m for m in modules if m not in installed]
    if workdir is None:
        workdir = Path(tempfile.mkdtemp(prefix="stockade-job-"))
    try:
        started = time.perf_counter()
        try:
            root = fetch(source, workdir, limits)
        except SourceError as exc:
            return AnalysisOutcome(None, error=f"{SOURCE_FAILED} {exc}")
        fetched = time.perf_counter() - started
        job_options = options or JobOptions()
        scan_options = ScanOptions(
            modules=tuple(present),
            jobs=jobs,
            file_timeout=file_timeout,
            mp_start_method=mp_start_method,
            module_options=dict(module_options or {}),
            confine_project_config=True,
        )
        history = None
        if job_options.history:
            try:
                history = _scan_history(root, scan_options, job_options)
            except (ConfigError, TargetError) as exc:
                message = str(exc).replace("--since", "options.since")
                return AnalysisOutcome(None, error=f"history: {message}")
        try:
            result = run_scan(root, scan_options, on_event or (lambda _e: None))
        except ConfigError as exc:
            return AnalysisOutcome(None, error=f"project configuration: {exc}")
        if history is not None:
            result = merge_history(result, history)
        return AnalysisOutcome(
            result, _module_outcomes(result, modules, missing), fetch_seconds=fetched
        )
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def _scan_history(root: Path, scan: ScanOptions, options: JobOptions) -> HistoryResult:
    """Every commit's added lines, with the job's secrets options (``verify`` included)."""
    return scan_history(
        root,
        HistoryOptions(
            since=options.since,
            target_options=scan.target_options,
            secrets_options=scan.module_options.get("secrets", {}),
            confine_project_config=True,
            jobs=scan.jobs,
        ),
    )
