"""Run one claimed job: rebuild its source, analyse it in a child process, store the outcome.

Both runners (the in-process one and Celery workers) call :func:`run_claimed`. The analysis
runs in a separate process so that a time limit or a cancellation can stop it for certain
(a thread cannot be killed) and a crash in a parser takes down only that job. The parent
renews the lease every few seconds while it waits; when the lease is lost or the job was
cancelled it stops the child and writes nothing.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from dataclasses import asdict
from datetime import timedelta
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import orjson

from stockade.config import Settings, resolve_encryption_keys
from stockade.core.errors import StockadeError
from stockade.jobs import events, lease, workdir
from stockade.jobs.codehost import outbox as codehost_outbox
from stockade.jobs.dependencies import advisory_options
from stockade.jobs.execute import SOURCE_FAILED, AnalysisOutcome, run_analysis
from stockade.jobs.lease import Claimed, Lease
from stockade.jobs.options import JobOptions
from stockade.jobs.results import store_findings
from stockade.jobs.sources import (
    ArchiveSource,
    DirectorySource,
    FilesSource,
    GitSource,
    SourceLimits,
    SourceSpec,
)
from stockade.quota import ledger
from stockade.report import finding_to_dict, issue_to_dict
from stockade.scan import ScanEvent
from stockade.store import Database
from stockade.store.crypto import SealedValueError, SecretBox
from stockade.store.job_models import COMPLETED, FAILED, Job
from stockade.store.sealing import open_legacy
from stockade.store.types import utcnow

log = logging.getLogger("stockade.jobs")

HEARTBEAT_SECONDS = 5.0
PROGRESS_SECONDS = 0.5
FILE_TIMEOUT_SECONDS = 60.0

# Observers (metrics) of finished jobs: (status, seconds, module results, source failed?).
JobObserver = Callable[[str, float, list[dict[str, Any]], bool], None]


def limits_for(settings: Settings) -> SourceLimits:
    ca_file = settings.server.analysis.git_ca_file
    return SourceLimits(
        allow_private_targets=tuple(settings.server.allow_private_targets),
        allowed_directories=tuple(str(p) for p in settings.server.analysis.allowed_directories),
        git_config=(("http.sslCAInfo", str(ca_file)),) if ca_file else (),
    )


def module_options(settings: Settings, verify: bool = False) -> dict[str, dict[str, Any]]:
    """The server's own options for analyzers; they override the analysed project's
    (``advisory_options`` lives in :mod:`stockade.jobs.dependencies`). ``verify`` is always
    explicit: a submitted tree's ``.stockade.toml`` must not make the server call providers,
    only the submitter's ``"verify": true`` job option does."""
    return {"dependencies": advisory_options(settings), "secrets": {"verify": verify}}


def lease_for(settings: Settings) -> timedelta:
    return timedelta(seconds=settings.jobs.lease_seconds)


def heartbeat_every(settings: Settings) -> float:
    """Renew well before the lease lapses: three chances per lease, at most every 5 s."""
    return min(HEARTBEAT_SECONDS, settings.jobs.lease_seconds / 3)


def encode_payload(source: SourceSpec) -> bytes | None:
    """What must wait in the database for the worker: inline archive bytes or files."""
    if isinstance(source, ArchiveSource):
        return source.data
    if isinstance(source, FilesSource):
        return orjson.dumps([list(item) for item in source.files])
    return None


def decode_source(
    public: dict[str, Any], payload: bytes | None, token: str | None, history: bool = False
) -> SourceSpec:
    kind = public.get("type")
    if kind == "git":
        return GitSource(str(public["url"]), public.get("ref"), token, history)
    if kind == "archive":
        return ArchiveSource(str(public["filename"]), payload or b"")
    if kind == "files":
        items = orjson.loads(payload or b"[]")
        return FilesSource(tuple((str(p), str(c)) for p, c in items))
    if kind == "directory":
        return DirectorySource(str(public["path"]))
    raise ValueError(f"unknown stored source type {kind!r}")


def _child(
    conn: Connection,
    source: SourceSpec,
    modules: list[str],
    limits: SourceLimits,
    cpus: int,
    options: dict[str, dict[str, Any]],
    work: Path,
    job_options: JobOptions | None = None,
) -> None:
    """Entry point of the analysis process: progress messages, then one ``done`` message."""
    last = 0.0

    def on_event(event: ScanEvent) -> None:
        nonlocal last
        now = time.monotonic()
        if event.kind != "progress" or now - last >= PROGRESS_SECONDS:
            last = now
            conn.send(("progress", event.files_done, event.files_total))

    outcome = run_analysis(
        source,
        modules,
        limits,
        on_event=on_event,
        jobs=cpus,
        file_timeout=FILE_TIMEOUT_SECONDS,
        module_options=options,
        workdir=work,
        options=job_options,
    )
    conn.send(("done", _outcome_payload(outcome)))
    conn.close()


def _outcome_payload(outcome: AnalysisOutcome) -> dict[str, Any]:
    result = outcome.result
    return {
        "error": outcome.error,
        "findings": [finding_to_dict(f) for f in result.findings] if result else [],
        "errors": [issue_to_dict(i) for i in result.issues] if result else [],
        "files_total": result.files_total if result else 0,
        "modules": [asdict(m) for m in outcome.modules],
    }


def _context() -> Any:
    """forkserver where the platform has it: children start from a warm, thread-free parent
    (:mod:`stockade.jobs.warm` has loaded and compiled the rules there once)."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(["stockade.jobs.warm"])
    return ctx


def prewarm() -> None:
    """Start the fork server now (it loads the rules), not when the first job arrives."""
    ctx = _context()
    if ctx.get_start_method() == "forkserver":
        from multiprocessing import forkserver

        forkserver.ensure_running()


class _Heartbeat(threading.Thread):
    """Renews the lease on its own thread, from the claim to the end, so that nothing the
    runner waits on (starting the analysis process while the fork server still loads the
    rules, a slow write) lets the lease lapse under a job that is alive."""

    def __init__(self, db: Database, claimed: Claimed, settings: Settings) -> None:
        super().__init__(name=f"stockade-heartbeat-{claimed.job_id[:8]}", daemon=True)
        self.db = db
        self.claimed = claimed
        self.every = heartbeat_every(settings)
        self.lease_for = lease_for(settings)
        self.state = Lease.HELD
        self.progress = (0, 0)
        self._stop_event = threading.Event()

    def run(self) -> None:
        while not self._stop_event.wait(self.every):
            done, total = self.progress
            try:
                state = lease.heartbeat(self.db, self.claimed, done, total, self.lease_for)
            except Exception:  # a database hiccup: try again at the next beat
                log.warning("job %s: heartbeat failed", self.claimed.job_id, exc_info=True)
                continue
            if state is not Lease.HELD:
                self.state = state
                return

    def stop(self) -> None:
        self._stop_event.set()
        self.join()


def run_claimed(
    db: Database,
    settings: Settings,
    claimed: Claimed,
    *,
    box: SecretBox | None = None,
    observer: JobObserver | None = None,
    cpus: int = 0,
    stopping: Callable[[], bool] = lambda: False,
) -> str | None:
    """Run the claimed job to its end; returns the final status, or None when it was not ours
    to finish (cancelled, or the lease went to another worker).

    ``box`` opens the job's sealed payload and git token (built from the settings' keys when
    not given); they are read from the row, so any worker that takes the job over has them.
    """
    started = time.monotonic()
    box = box or SecretBox(resolve_encryption_keys(settings))
    beat = _Heartbeat(db, claimed, settings)
    beat.start()
    # Removed here, after _run stopped the analysis process, whichever way the job ended.
    work = workdir.run_dir(settings.data_dir, claimed)
    try:
        try:
            workdir.prepare(db, settings.data_dir, claimed)
        except OSError as exc:
            error = f"cannot create the job's work directory: {exc.strerror}"
            return _fail(db, claimed, error, started, observer, refund=True)
        return _run(db, settings, claimed, beat, work, box, observer, cpus, stopping, started)
    finally:
        beat.stop()
        workdir.remove(work)


def _run(
    db: Database,
    settings: Settings,
    claimed: Claimed,
    beat: _Heartbeat,
    work: Path,
    box: SecretBox,
    observer: JobObserver | None,
    cpus: int,
    stopping: Callable[[], bool],
    started: float,
) -> str | None:
    with db.session() as s:
        job = s.get(Job, claimed.job_id)
        if job is None:
            return None
        public, modules = dict(job.source), list(job.modules)
        sealed_payload, sealed_token = job.payload, job.credential
        job_options = JobOptions.from_json(job.options)
    try:
        payload = None if sealed_payload is None else open_legacy(box, sealed_payload)
        token = None if sealed_token is None else box.open(sealed_token).decode("utf-8")
        source = decode_source(public, payload, token, job_options.history)
    except SealedValueError:
        error = "stored source unusable: it cannot be opened with this server's encryption keys"
        return _fail(db, claimed, error, started, observer, refund=True)
    except (ValueError, KeyError, orjson.JSONDecodeError) as exc:
        error = f"stored source unusable: {exc}"
        return _fail(db, claimed, error, started, observer, refund=True)
    ctx = _context()
    receiver, sender = ctx.Pipe(duplex=False)
    proc = ctx.Process(
        target=_child,
        args=(
            sender,
            source,
            modules,
            limits_for(settings),
            cpus,
            module_options(settings, job_options.verify),
            work,
            job_options,
        ),
        name=f"stockade-job-{claimed.job_id[:8]}",
    )
    proc.start()
    sender.close()
    deadline = started + settings.jobs.timeout_seconds
    outcome: dict[str, Any] | None = None
    try:
        while outcome is None:
            if receiver.poll(0.2):
                try:
                    message = receiver.recv()
                except EOFError:
                    break  # the child died without an outcome
                if message[0] == "progress":
                    beat.progress = (int(message[1]), int(message[2]))
                else:
                    outcome = message[1]
                    break
            if stopping():
                lease.release(db, claimed)  # shutting down: another runner takes it over
                return None
            if beat.state is not Lease.HELD:
                log.info("job %s: lease lost or cancelled; stopping", claimed.job_id)
                return None
            if time.monotonic() >= deadline:
                break
    finally:
        # Stopped before the outcome is written: a job reported failed or cancelled has
        # nothing of it still running.
        exitcode = _stop(proc)
        receiver.close()
    if outcome is None and time.monotonic() >= deadline:
        limit = settings.jobs.timeout_seconds
        return _fail(db, claimed, f"time limit of {limit} s exceeded", started, observer)
    if outcome is None:
        return _fail(
            db, claimed, f"analysis process exited with code {exitcode}", started, observer
        )
    return _complete(db, claimed, outcome, started, observer)


def _stop(proc: Any) -> int | None:
    """Stop the analysis process and everything it started (scan workers, a git clone in its
    own session), so a cancelled or timed-out job leaves nothing running."""
    proc.join(timeout=0.5)
    if proc.is_alive():
        for pid in [proc.pid, *_descendants(proc.pid)]:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        proc.join(timeout=5)
    exitcode: int | None = proc.exitcode
    if exitcode is not None:
        proc.close()  # a process still running (unkillable) cannot be closed
    return exitcode


def _descendants(root: int) -> list[int]:
    """Children, grandchildren, … of ``root`` from ``/proc`` (empty where there is none).

    Process groups do not cover them: git runs in a session of its own so that its own
    time limit can stop it as a group.
    """
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").glob("[0-9]*/stat"):
        try:
            stat = entry.read_text()
        except OSError:
            continue
        # The command name may hold spaces and parentheses; the fields after it do not.
        fields = stat[stat.rfind(")") + 2 :].split()
        if len(fields) > 1:
            children.setdefault(int(fields[1]), []).append(int(entry.parent.name))
    found: list[int] = []
    pending = [root]
    while pending:
        for child in children.get(pending.pop(), []):
            found.append(child)
            pending.append(child)
    return found


def _fail(
    db: Database,
    claimed: Claimed,
    error: str,
    started: float,
    observer: JobObserver | None,
    *,
    refund: bool = False,
) -> str | None:
    """End the job as failed; ``refund`` when it failed before any analysis ran (its
    reserved tokens come back in the same transaction)."""
    with db.session() as s:
        if not lease.finish(s, claimed, status=FAILED, error=error):
            return None
        if refund:
            ledger.refund(s, claimed.job_id)
    if observer:
        observer(FAILED, time.monotonic() - started, [], error.startswith(SOURCE_FAILED))
    return FAILED


def _complete(
    db: Database,
    claimed: Claimed,
    outcome: dict[str, Any],
    started: float,
    observer: JobObserver | None,
) -> str | None:
    modules: list[dict[str, Any]] = outcome["modules"]
    try:
        status = _write_outcome(db, claimed, outcome)
    except _LeaseLostError:
        return None  # the transaction rolled back: nothing of this run is kept
    if observer:
        observer(status, time.monotonic() - started, modules, bool(outcome["error"]))
    return status


class _LeaseLostError(StockadeError):
    """The lease passed to someone else (or the job was cancelled) before we finished."""


def _write_outcome(db: Database, claimed: Claimed, outcome: dict[str, Any]) -> str:
    modules: list[dict[str, Any]] = outcome["modules"]
    with db.session() as s:
        job = s.get(Job, claimed.job_id)
        if job is None:
            raise _LeaseLostError
        if outcome["error"]:
            ok = lease.finish(s, claimed, status=FAILED, error=outcome["error"])
            status = FAILED
            if str(outcome["error"]).startswith(SOURCE_FAILED):
                ledger.refund(s, job.id)  # the source never arrived: no analysis ran
        else:
            summary = store_findings(s, job, outcome["findings"])
            modules_run = [m["module"] for m in modules if m["status"] == "completed"]
            ok = lease.finish(
                s,
                claimed,
                status=COMPLETED,
                summary=summary,
                module_results=modules,
                modules_run=modules_run,
                errors=outcome["errors"],
                files_total=outcome["files_total"],
                files_done=outcome["files_total"],
            )
            status = COMPLETED
            if ok:
                now = utcnow()
                events.scan_completed(s, job, summary, modules_run, now)
                codehost_outbox.release(s, job, now)  # its publication, if it names one
        if not ok:
            raise _LeaseLostError
    return status
