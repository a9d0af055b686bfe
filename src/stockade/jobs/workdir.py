"""Where a job's source lands on disk, and making sure it goes away however the job ends.

Each run of a job gets ``<data_dir>/work/<job id>/<attempt>-<holder tag>``: the runner
creates it before the analysis process starts and removes it after that process was
stopped, on every path (completed, failed, timed out, cancelled, deleted, lease lost,
shutdown). Naming the directory after the lease holder means two holders of one job (a
worker whose lease lapsed and the one that took the job over) never share or remove each
other's live tree.

What a killed process could not remove is swept: by the next holder of the same job, and
at start-up and hourly by every runner. Several servers or workers may share one data
directory, so a sweep removes only directories whose job is finished, gone or queued, or
whose run is not the current holder's live lease.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import shutil
import uuid
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path

from sqlalchemy import select

from stockade.config import ensure_private_dir
from stockade.jobs.lease import Claimed
from stockade.store import Database
from stockade.store.job_models import RUNNING, Job
from stockade.store.types import utcnow

log = logging.getLogger("stockade.jobs")

WORK_DIR = "work"
_BATCH = 500


def work_root(data_dir: Path) -> Path:
    """The parent of every job's work directory."""
    return data_dir / WORK_DIR


def _run_name(attempt: int, worker: str) -> str:
    # The worker name holds a host name and a pid; a digest keeps the path short and plain.
    return f"{attempt}-{hashlib.sha256(worker.encode()).hexdigest()[:12]}"


def run_dir(data_dir: Path, claimed: Claimed) -> Path:
    """The directory of this holder's run of the job (not created here)."""
    return work_root(data_dir) / claimed.job_id / _run_name(claimed.attempt, claimed.worker)


def prepare(db: Database, data_dir: Path, claimed: Claimed) -> Path:
    """Create this run's directory (0700), first removing earlier holders' leftovers."""
    sweep_jobs(db, data_dir, [claimed.job_id])
    path = run_dir(data_dir, claimed)
    for level in (work_root(data_dir), path.parent, path):
        ensure_private_dir(level)
    return path


def remove(path: Path) -> None:
    """Remove one run's directory, and its job's directory when nothing else is left in it."""
    shutil.rmtree(path, ignore_errors=True)
    with contextlib.suppress(OSError):  # another run of the job still has its directory
        path.parent.rmdir()


def remove_workdir(data_dir: Path, job_id: str) -> None:
    """Remove everything of ``job_id`` on this host (the job was deleted or cancelled).

    A runner still working on it notices at its next heartbeat, stops its analysis process
    and removes what that process wrote after this call.
    """
    shutil.rmtree(work_root(data_dir) / job_id, ignore_errors=True)


def sweep(db: Database, data_dir: Path) -> int:
    """Remove the work directories no live run owns; returns how many runs went."""
    root = work_root(data_dir)
    try:
        names = [entry.name for entry in root.iterdir() if entry.is_dir()]
    except FileNotFoundError:
        return 0
    job_ids = [name for name in names if _is_job_id(name)]
    removed = 0
    for start in range(0, len(job_ids), _BATCH):
        removed += sweep_jobs(db, data_dir, job_ids[start : start + _BATCH])
    if removed:
        log.info("removed %d leftover job work directories", removed)
    return removed


def sweep_jobs(db: Database, data_dir: Path, job_ids: Iterable[str]) -> int:
    """Remove the runs of ``job_ids`` other than the one holding a live lease.

    The directories are listed before the jobs are read: a run created after the listing
    belongs to a claim made after it, which the read then sees as the live holder, so a
    concurrent claim never loses its fresh directory.
    """
    root = work_root(data_dir)
    runs = {job_id: _runs(root / job_id) for job_id in job_ids}
    live = _live_runs(db, [job_id for job_id, names in runs.items() if names])
    removed = 0
    for job_id, names in runs.items():
        for name in names:
            if name != live.get(job_id):
                shutil.rmtree(root / job_id / name, ignore_errors=True)
                removed += 1
        with contextlib.suppress(OSError):  # missing, or a run is still there
            (root / job_id).rmdir()
    return removed


def _runs(job_dir: Path) -> list[str]:
    try:
        return [entry.name for entry in job_dir.iterdir()]
    except (FileNotFoundError, NotADirectoryError):
        return []


def _live_runs(db: Database, job_ids: list[str]) -> dict[str, str]:
    """The run name of each job held under a lease that has not lapsed."""
    if not job_ids:
        return {}
    now = utcnow()
    with db.session() as s:
        rows = s.execute(
            select(Job.id, Job.worker, Job.attempts, Job.lease_until).where(
                Job.id.in_(job_ids), Job.status == RUNNING
            )
        ).all()
    return {
        job_id: _run_name(attempts, worker)
        for job_id, worker, attempts, lease_until in rows
        if worker is not None and _ahead(lease_until, now)
    }


def _ahead(lease_until: datetime | None, now: datetime) -> bool:
    return lease_until is not None and lease_until > now


def _is_job_id(name: str) -> bool:
    """Only directories named like a job are swept; anything else is not ours to remove."""
    try:
        return str(uuid.UUID(name)) == name
    except ValueError:
        return False
