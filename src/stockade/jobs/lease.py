"""The job state machine on the database: claim, heartbeat, finish, cancel.

Every transition is one conditional ``UPDATE ... WHERE`` whose row count says whether it
happened, so it is atomic on SQLite and PostgreSQL alike without explicit locks. A runner
owns a job while ``worker`` names it and ``lease_until`` lies ahead; heartbeats push the lease
forward. A job whose lease lapsed (its worker or server died) is claimable again, and only
the current lease holder can write a result — a duplicate delivery or a revived worker
finds its update refused and writes nothing. The statements themselves live in
:class:`stockade.store.job_repositories.Jobs`; this module decides which transition to make.
"""

from __future__ import annotations

import enum
import os
import socket
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy.orm import Session

from stockade.jobs import events
from stockade.store import Database
from stockade.store.job_models import CANCELLED, FAILED, RUNNING
from stockade.store.job_repositories import Jobs
from stockade.store.types import utcnow

LEASE = timedelta(seconds=30)
MAX_ATTEMPTS = 3


def worker_name() -> str:
    """Unique per runner thread or process, readable in the job record."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


class Lease(enum.Enum):
    HELD = "held"
    CANCELLED = "cancelled"
    LOST = "lost"


@dataclass(frozen=True)
class Claimed:
    job_id: str
    worker: str
    attempt: int


def claim(
    db: Database, worker: str, job_id: str | None = None, lease_for: timedelta = LEASE
) -> Claimed | None:
    """Take ``job_id`` (or the oldest claimable job) for ``worker``; None when nothing is free.

    A job whose lease lapsed ``MAX_ATTEMPTS`` times is failed instead of being run again, so
    a source that kills every worker cannot loop forever.
    """
    now = utcnow()
    with db.session() as s:
        jobs = Jobs(s)
        for cid, attempts in jobs.claim_candidates(now, job_id, limit=8):
            if attempts >= MAX_ATTEMPTS:
                _give_up(jobs, cid, now)
                continue
            taken = jobs.take(
                cid,
                attempts,
                now,
                status=RUNNING,
                worker=worker,
                lease_until=now + lease_for,
                heartbeat_at=now,
                attempts=attempts + 1,
                started_at=now,
            )
            if taken:
                if attempts == 0:  # the first start, not a takeover after a lost lease
                    events.scan_started(s, cid, now)
                return Claimed(cid, worker, attempts + 1)
    return None


def _give_up(jobs: Jobs, job_id: str, now: datetime) -> None:
    jobs.end_claimable(
        job_id,
        now,
        status=FAILED,
        worker=None,
        lease_until=None,
        payload=None,
        credential=None,
        finished_at=now,
        error=f"the job's worker stopped {MAX_ATTEMPTS} times before finishing it",
    )


def heartbeat(
    db: Database,
    claimed: Claimed,
    files_done: int = 0,
    files_total: int = 0,
    lease_for: timedelta = LEASE,
) -> Lease:
    """Renew the lease and record progress; tells the runner whether to go on."""
    now = utcnow()
    with db.session() as s:
        jobs = Jobs(s)
        renewed = jobs.update_held(
            claimed.job_id,
            claimed.worker,
            lease_until=now + lease_for,
            heartbeat_at=now,
            files_done=files_done,
            files_total=files_total,
        )
        if renewed:
            return Lease.HELD
        status = jobs.status_of(claimed.job_id)
    return Lease.CANCELLED if status in (CANCELLED, None) else Lease.LOST


def finish(s: Session, claimed: Claimed, **values: object) -> bool:
    """End the job with ``values`` (status, summary, …) inside the caller's transaction.

    False when the lease is no longer ours: the caller must then write nothing else.
    """
    return Jobs(s).update_held(
        claimed.job_id,
        claimed.worker,
        lease_until=None,
        payload=None,
        credential=None,
        finished_at=utcnow(),
        **values,
    )


def release(db: Database, claimed: Claimed) -> None:
    """Hand a job back to the queue (the runner is shutting down cleanly)."""
    with db.session() as s:
        Jobs(s).release_held(claimed.job_id, claimed.worker)


def cancel(s: Session, job_id: str) -> bool:
    """Cancel a queued or running job; False when it already finished (a 409)."""
    return Jobs(s).update_unfinished(
        job_id,
        status=CANCELLED,
        cancel_requested=True,
        lease_until=None,
        payload=None,
        credential=None,
        finished_at=utcnow(),
    )


def queue_depth(db: Database) -> int:
    with db.session() as s:
        return Jobs(s).queue_depth()
