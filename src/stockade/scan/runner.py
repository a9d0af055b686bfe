"""Run the selected analyzers over a target, using all cores.

The parent walks the tree once, builds the analyzers once (so rule compilation is paid once;
forked workers inherit them), cuts the file list into batches and hands them to a process
pool. Small scans run in-process: forking is not worth it for a handful of files.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from stockade.analyzers import registry
from stockade.analyzers.interface import Analyzer
from stockade.analyzers.target import SourceFile, Target, TargetOptions
from stockade.core.finding import Finding, ScanIssue
from stockade.core.rule import Rule
from stockade.scan.baseline import Baseline
from stockade.scan.events import EventSink, ScanEvent, ignore_events
from stockade.scan.project import ProjectConfig
from stockade.scan.redact import redact_finding
from stockade.scan.worker import BatchResult, Worker, WorkerSpec, init_process, run_batch_in_process

BATCH_FILES = 48
BATCH_BYTES = 8 * 1024 * 1024
SERIAL_BYTES = 2 * 1024 * 1024  # below this much source, one process is faster
BATCHES_PER_WORKER = 8
MIN_BATCH_BYTES = 128 * 1024  # smaller batches cost more in pickling than they balance
DEFAULT_FILE_TIMEOUT = 60.0


@dataclass(frozen=True)
class ScanOptions:
    """What to run and how. ``modules=None`` means every installed local module."""

    modules: tuple[str, ...] | None = None
    jobs: int = 0  # 0: one worker per CPU
    file_timeout: float = DEFAULT_FILE_TIMEOUT
    target_options: TargetOptions = field(default_factory=TargetOptions)
    module_options: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    baseline: Baseline | None = None
    mp_start_method: str | None = None  # None: fork where available
    # The tree is someone else's (a server job): its .stockade.toml may only name its own files.
    confine_project_config: bool = False


@dataclass
class ModuleRun:
    """What one module did: for summaries, ``--show-passed`` and SARIF ``rules[]``."""

    name: str
    rules: Sequence[Rule]
    files_scanned: int = 0
    findings_count: int = 0
    duration_ms: int = 0


@dataclass
class ScanResult:
    root: Path
    findings: list[Finding]
    issues: list[ScanIssue]
    modules: list[ModuleRun]
    files_total: int
    duration_seconds: float
    suppressed: int = 0
    baselined: list[Finding] = field(default_factory=list)

    @property
    def rules(self) -> dict[str, Rule]:
        return {r.id: r for m in self.modules for r in m.rules}


def local_modules(skip: Collection[str] = ()) -> tuple[str, ...]:
    """Modules the CLI runs locally by default: installed and not server-only, less the
    ``skip``ped ones, which are not imported at all."""
    return registry.local_names(skip)


def run_scan(
    path: str | os.PathLike[str],
    options: ScanOptions | None = None,
    on_event: EventSink = ignore_events,
) -> ScanResult:
    """Analyse ``path`` (a directory or one file) and return every finding and issue."""
    opts = options or ScanOptions()
    started = time.perf_counter()
    target = Target.open(path, opts.target_options)
    project = ProjectConfig.load(target.root, confined=opts.confine_project_config)
    target = replace(target, options=_merge_target_options(opts.target_options, project))
    spec = WorkerSpec(
        target=target,
        modules=opts.modules if opts.modules is not None else local_modules(),
        module_options=_merge_module_options(project.modules, opts.module_options),
        file_timeout=opts.file_timeout,
    )
    worker = Worker(spec)
    files, skipped = target.walk()
    on_event(ScanEvent("started", 0, len(files)))
    merged = _execute(worker, files, opts, on_event)
    _run_drift(worker, files, merged)
    result = _assemble(target.root, worker, files, skipped, merged, opts, started)
    on_event(ScanEvent("finished", len(files), len(files)))
    return result


DRIFT_MODULE = "api"  # the module spec drift belongs to (stockade.scan.drift.MODULE)


def _module_rules(analyzer: Analyzer) -> list[Rule]:
    """The analyzer's rules, and for the API module also spec drift's."""
    if analyzer.name != DRIFT_MODULE:
        return list(analyzer.rules())
    from stockade.scan import drift

    return [*analyzer.rules(), *drift.drift_rules().values()]


def _run_drift(worker: Worker, files: Sequence[SourceFile], merged: BatchResult) -> None:
    """Spec drift needs every file at once (routes in the code, operations in the specs), so
    it runs here after the per-file work, as part of the API module (imported only then:
    it loads tree-sitter grammars, which a secrets-only scan does not need)."""
    api = next((a for a in worker.analyzers if a.name == DRIFT_MODULE), None)
    if api is None or worker.spec.target.only is not None:
        return
    from stockade.scan import drift

    started = time.perf_counter()
    try:
        result = drift.run_drift(files, worker.spec.target.read_bytes, api.options)
    except Exception as exc:  # a bug in drift must not cost the scan its other findings
        merged.issues.append(
            ScanIssue("error", ".", f"spec drift failed: {type(exc).__name__}: {exc}", api.name)
        )
        return
    merged.findings.extend(redact_finding(f, worker.redactor) for f in result.findings)
    merged.suppressed += result.suppressed
    merged.seconds[api.name] = merged.seconds.get(api.name, 0.0) + time.perf_counter() - started


def _merge_target_options(base: TargetOptions, project: ProjectConfig) -> TargetOptions:
    max_bytes = base.max_file_bytes
    if project.max_file_mb is not None:
        max_bytes = int(project.max_file_mb * 1024 * 1024)
    return replace(base, exclude=base.exclude + project.exclude, max_file_bytes=max_bytes)


def _merge_module_options(
    project: Mapping[str, Mapping[str, Any]], explicit: Mapping[str, Mapping[str, Any]]
) -> dict[str, dict[str, Any]]:
    merged: dict[str, dict[str, Any]] = {k: dict(v) for k, v in project.items()}
    for name, values in explicit.items():
        merged.setdefault(name, {}).update(values)
    return merged


def _batches(
    files: Sequence[SourceFile], max_bytes: int = BATCH_BYTES
) -> Iterable[list[SourceFile]]:
    """Largest files first (the pool then ends on small batches: little idle time), at most
    :data:`BATCH_FILES` files or ``max_bytes`` bytes in a batch."""
    batch: list[SourceFile] = []
    size = 0
    for f in sorted(files, key=lambda f: f.size, reverse=True):
        batch.append(f)
        size += f.size
        if len(batch) >= BATCH_FILES or size >= max_bytes:
            yield batch
            batch, size = [], 0
    if batch:
        yield batch


def _execute(
    worker: Worker, files: Sequence[SourceFile], opts: ScanOptions, on_event: EventSink
) -> BatchResult:
    jobs = opts.jobs or os.cpu_count() or 1
    total = sum(f.size for f in files)
    merged = BatchResult()
    if jobs <= 1 or total < SERIAL_BYTES or len(files) < 2:
        for batch in _batches(files):
            _merge(merged, worker.run_batch(batch))
            on_event(ScanEvent("progress", merged.files_done, len(files)))
        return merged
    method = opts.mp_start_method or (
        "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    )
    inherited = worker if method == "fork" else None
    if inherited is not None:
        worker.prepare({f.language for f in files if f.language})
    ctx = multiprocessing.get_context(method)
    # At least BATCHES_PER_WORKER batches a worker: a few large files no longer make one
    # batch that keeps one worker busy while the others wait (Effect's 48 largest
    # TypeScript files were 70% of its bytes, in one batch).
    max_bytes = max(MIN_BATCH_BYTES, min(BATCH_BYTES, total // (jobs * BATCHES_PER_WORKER)))
    with ProcessPoolExecutor(jobs, ctx, init_process, (worker.spec, inherited)) as pool:
        futures: list[Future[BatchResult]] = [
            pool.submit(run_batch_in_process, b) for b in _batches(files, max_bytes)
        ]
        for fut in as_completed(futures):
            _merge(merged, fut.result())
            on_event(ScanEvent("progress", merged.files_done, len(files)))
    return merged


def _default_start_method() -> str:
    """Fork shares the analyzers already built; elsewhere workers rebuild them."""
    return "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"


def _merge(into: BatchResult, part: BatchResult) -> None:
    into.findings.extend(part.findings)
    into.issues.extend(part.issues)
    into.files_done += part.files_done
    into.suppressed += part.suppressed
    into.scanned.update(part.scanned)
    for name, seconds in part.seconds.items():
        into.seconds[name] = into.seconds.get(name, 0.0) + seconds


def _assemble(
    root: Path,
    worker: Worker,
    files: Sequence[SourceFile],
    skipped: list[ScanIssue],
    merged: BatchResult,
    opts: ScanOptions,
    started: float,
) -> ScanResult:
    findings = _dedupe(merged.findings)
    baselined: list[Finding] = []
    if opts.baseline is not None:
        baselined = [f for f in findings if f in opts.baseline]
        findings = [f for f in findings if f not in opts.baseline]
    findings.sort(key=lambda f: (f.location.path, f.location.line, f.location.column, f.rule_id))
    per_module = Counter(f.module for f in findings)
    modules = [
        ModuleRun(
            a.name,
            _module_rules(a),
            merged.scanned[a.name],
            per_module[a.name],
            int(merged.seconds.get(a.name, 0.0) * 1000),
        )
        for a in worker.analyzers
    ]
    issues = sorted(skipped + merged.issues, key=lambda i: (i.path, i.kind, i.module or ""))
    return ScanResult(
        root=root,
        findings=findings,
        issues=issues,
        modules=modules,
        files_total=len(files),
        duration_seconds=time.perf_counter() - started,
        suppressed=merged.suppressed,
        baselined=baselined,
    )


def _dedupe(findings: Iterable[Finding]) -> list[Finding]:
    """One finding per fingerprint (a file reached twice, e.g. through spec references)."""
    seen: dict[str, Finding] = {}
    for f in findings:
        seen.setdefault(f.fingerprint, f)
    return list(seen.values())
