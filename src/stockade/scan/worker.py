"""Per-file work, run in worker processes (or in-process for small scans).

Everything that needs the file's text happens here, where the text already is: analysis,
inline suppressions, snippets and fingerprints. Only findings and issues travel back.
"""

from __future__ import annotations

import logging
import signal
import threading
import time
from collections import Counter
from collections.abc import Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import FrameType
from typing import Any

from stockade.analyzers import registry
from stockade.analyzers.interface import AnalysisContext, Analyzer
from stockade.analyzers.target import FileContent, SourceFile, Target, load_content
from stockade.core.finding import Finding, ScanIssue
from stockade.core.fingerprint import assign_fingerprints
from stockade.scan.redact import redact_finding, redactor_for
from stockade.scan.suppress import is_suppressed

MAX_SNIPPET = 300
log = logging.getLogger("stockade.scan")


class FileTimeoutError(BaseException):
    """Raised by the alarm when one analyzer spends too long on one file.

    A BaseException, like KeyboardInterrupt: the alarm fires anywhere inside analyzer code,
    whose ``except Exception`` guards (one broken check must not hide the others) would
    otherwise swallow the timeout and keep running past the limit.
    """


@dataclass(frozen=True)
class WorkerSpec:
    """Everything a worker needs to rebuild the analyzers: picklable, no live objects."""

    target: Target
    modules: tuple[str, ...]
    module_options: Mapping[str, Mapping[str, Any]]
    file_timeout: float


@dataclass
class BatchResult:
    findings: list[Finding] = field(default_factory=list)
    issues: list[ScanIssue] = field(default_factory=list)
    files_done: int = 0
    suppressed: int = 0
    scanned: Counter[str] = field(default_factory=Counter)
    seconds: dict[str, float] = field(default_factory=dict)


class Worker:
    """Holds built analyzers; one per process."""

    def __init__(self, spec: WorkerSpec, analyzers: Sequence[Analyzer] | None = None) -> None:
        self.spec = spec
        self.analyzers = (
            list(analyzers)
            if analyzers is not None
            else [registry.create(name, spec.module_options.get(name)) for name in spec.modules]
        )
        # Built once per process, whether or not the secrets module runs (see scan/redact.py).
        self.redactor = redactor_for(spec.module_options.get("secrets"))

    def prepare(self, languages: Collection[str]) -> None:
        """Let each analyzer build its per-language state before the workers fork (see
        :meth:`Analyzer.prepare`); a failure here only means a colder start."""
        for analyzer in self.analyzers:
            try:
                analyzer.prepare(languages)
            except Exception:  # the worker builds it on first use and reports any error
                log.debug("preparing %s failed", analyzer.name, exc_info=True)

    def run_batch(self, files: Sequence[SourceFile]) -> BatchResult:
        result = BatchResult()
        with _alarm_handler(self.spec.file_timeout):
            for file in files:
                self._run_file(file, result)
                result.files_done += 1
        return result

    def _run_file(self, file: SourceFile, result: BatchResult) -> None:
        wanting = [a for a in self.analyzers if a.wants(file)]
        if not wanting:
            return
        try:
            content = load_content(file)
        except OSError as exc:
            result.issues.append(ScanIssue("skipped", file.path, f"cannot read: {exc.strerror}"))
            return
        if content.binary:
            wanting = [a for a in wanting if a.wants_binary]
            if not wanting:
                result.issues.append(ScanIssue("skipped", file.path, "binary file"))
                return
        for analyzer in wanting:
            self._run_analyzer(analyzer, content, result)

    def _run_analyzer(self, analyzer: Analyzer, content: FileContent, result: BatchResult) -> None:
        ctx = AnalysisContext(self.spec.target, analyzer.name)
        started = time.perf_counter()
        try:
            with _time_limit(self.spec.file_timeout):
                found = list(analyzer.analyze_file(content, ctx))
        except FileTimeoutError:
            ctx.error(content.path, f"timed out after {self.spec.file_timeout:g} s; file skipped")
            found = []
        except RecursionError:
            ctx.error(content.path, "too deeply nested to analyse; file skipped")
            found = []
        except Exception as exc:  # an analyzer bug must not stop the scan
            ctx.error(content.path, f"{type(exc).__name__}: {exc}")
            found = []
        elapsed = time.perf_counter() - started
        result.seconds[analyzer.name] = result.seconds.get(analyzer.name, 0.0) + elapsed
        result.scanned[analyzer.name] += 1
        result.issues.extend(ctx.issues)
        kept = self._postprocess(analyzer, content, found, result)
        result.findings.extend(kept)

    def _postprocess(
        self, analyzer: Analyzer, content: FileContent, found: list[Finding], result: BatchResult
    ) -> list[Finding]:
        kept = []
        for f in found:
            loc = f.location
            same_file = loc.path == content.path
            if same_file and is_suppressed(f.rule_id, loc.line, content.line):
                result.suppressed += 1
                continue
            if loc.snippet is None and same_file and not analyzer.sensitive:
                f = f.with_snippet(content.line(loc.line).strip()[:MAX_SNIPPET])
            kept.append(f)
        kept = assign_fingerprints(kept, lambda f: _default_basis(f, content))
        # After the fingerprints (computed from the unredacted text, so baselines match).
        return [redact_finding(f, self.redactor) for f in kept]


def _default_basis(f: Finding, content: FileContent) -> str:
    """A finding's fingerprint basis when its analyzer gave none: the offending line of the
    analysed file, or for a finding elsewhere what is known of it."""
    loc = f.location
    if loc.path == content.path:
        return content.line(loc.line)
    return loc.snippet or str(loc.line)


def _on_alarm(signum: int, frame: FrameType | None) -> None:
    raise FileTimeoutError


def _alarm_usable(seconds: float) -> bool:
    """SIGALRM exists only in the main thread; a limit of 0 means none."""
    return seconds > 0 and threading.current_thread() is threading.main_thread()


@contextmanager
def _alarm_handler(seconds: float) -> Iterator[None]:
    """The SIGALRM handler of :func:`_time_limit`, installed once for a batch of files (and
    the caller's handler put back after it): installing it per file cost more than many
    small files take to analyse."""
    if not _alarm_usable(seconds):
        yield
        return
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    try:
        yield
    finally:
        signal.signal(signal.SIGALRM, previous)


@contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    """Interrupt the body after ``seconds`` (only possible in the main thread, via SIGALRM,
    with :func:`_alarm_handler` around it)."""
    if not _alarm_usable(seconds) or signal.getsignal(signal.SIGALRM) is not _on_alarm:
        yield
        return
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


# -- process-pool plumbing -----------------------------------------------------------------

_WORKER: Worker | None = None


def init_process(spec: WorkerSpec, inherited: Worker | None) -> None:
    """Pool initializer: reuse analyzers inherited through fork, else build them."""
    global _WORKER
    _WORKER = inherited if inherited is not None and inherited.spec == spec else Worker(spec)


def run_batch_in_process(files: Sequence[SourceFile]) -> BatchResult:
    if _WORKER is None:
        raise RuntimeError("worker process was not initialised")
    return _WORKER.run_batch(files)
