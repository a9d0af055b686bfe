"""The job state machine on the database: claim, heartbeat, finish, cancel.

Every transition is one conditional ``UPDATE ... WHERE`` whose row count says whether it
happened, so it is atomic on SQLite and PostgreSQL alike without explicit locks. A runner
owns a job while ``worker`` names it and ``lease_until`` lies ahead; heartbeats push the lease
forward. A job whose lease lapsed (its worker or server died) is claimable again, and only
the current lease holder can write a result — a duplicate delivery or a revived worker
finds its update refused and writes nothing.
"""

from __future__ import annotations

import enum
import os
import socket
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, cast

from sqlalchemy import ColumnElement, CursorResult, Update, and_, func, or_, select, update
from sqlalchemy.orm import Session

from stockade.store import Database
from stockade.store.job_models import CANCELLED, FAILED, QUEUED, RUNNING, Job
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


def _claimable(now: datetime) -> ColumnElement[bool]:
    return or_(
        Job.status == QUEUED,
        and_(Job.status == RUNNING, Job.lease_until < now),
    )


def claim(
    db: Database, worker: str, job_id: str | None = None, lease_for: timedelta = LEASE
) -> Claimed | None:
    """Take ``job_id`` (or the oldest claimable job) for ``worker``; None when nothing is free.

    A job whose lease lapsed ``MAX_ATTEMPTS`` times is failed instead of being run again, so
    a source that kills every worker cannot loop forever.
    """
    now = utcnow()
    with db.session() as s:
        query = select(Job.id, Job.attempts).where(_claimable(now))
        if job_id is not None:
            query = query.where(Job.id == job_id)
        candidates = s.execute(query.order_by(Job.created_at).limit(8)).all()
        for cid, attempts in candidates:
            if attempts >= MAX_ATTEMPTS:
                _give_up(s, cid, now)
                continue
            taken = _apply(
                s,
                update(Job)
                .where(Job.id == cid, _claimable(now), Job.attempts == attempts)
                .values(
                    status=RUNNING,
                    worker=worker,
                    lease_until=now + lease_for,
                    heartbeat_at=now,
                    attempts=attempts + 1,
                    started_at=now,
                ),
            )
            if taken == 1:
                return Claimed(cid, worker, attempts + 1)
    return None


def _apply(s: Session, statement: Update) -> int:
    """Run a conditional update; the number of rows it changed says if the transition won."""
    result = cast(
        CursorResult[Any], s.execute(statement.execution_options(synchronize_session=False))
    )
    return result.rowcount


def _give_up(s: Session, job_id: str, now: datetime) -> None:
    _apply(
        s,
        update(Job)
        .where(Job.id == job_id, _claimable(now))
        .values(
            status=FAILED,
            worker=None,
            lease_until=None,
            payload=None,
            finished_at=now,
            error=f"the job's worker stopped {MAX_ATTEMPTS} times before finishing it",
        ),
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
        renewed = _apply(
            s,
            update(Job)
            .where(Job.id == claimed.job_id, Job.worker == claimed.worker, Job.status == RUNNING)
            .values(
                lease_until=now + lease_for,
                heartbeat_at=now,
                files_done=files_done,
                files_total=files_total,
            ),
        )
        if renewed == 1:
            return Lease.HELD
        status = s.scalar(select(Job.status).where(Job.id == claimed.job_id))
    return Lease.CANCELLED if status in (CANCELLED, None) else Lease.LOST


def finish(s: Session, claimed: Claimed, **values: object) -> bool:
    """End the job with ``values`` (status, summary, …) inside the caller's transaction.

    False when the lease is no longer ours: the caller must then write nothing else.
    """
    done = _apply(
        s,
        update(Job)
        .where(Job.id == claimed.job_id, Job.worker == claimed.worker, Job.status == RUNNING)
        .values(lease_until=None, payload=None, finished_at=utcnow(), **values),
    )
    return done == 1


def release(db: Database, claimed: Claimed) -> None:
    """Hand a job back to the queue (the runner is shutting down cleanly)."""
    with db.session() as s:
        s.execute(
            update(Job)
            .where(Job.id == claimed.job_id, Job.worker == claimed.worker, Job.status == RUNNING)
            .values(status=QUEUED, worker=None, lease_until=None, attempts=Job.attempts - 1)
        )


def cancel(s: Session, job_id: str) -> bool:
    """Cancel a queued or running job; False when it already finished (a 409)."""
    done = _apply(
        s,
        update(Job)
        .where(Job.id == job_id, Job.status.in_((QUEUED, RUNNING)))
        .values(
            status=CANCELLED,
            cancel_requested=True,
            lease_until=None,
            payload=None,
            finished_at=utcnow(),
        ),
    )
    return done == 1


def queue_depth(db: Database) -> int:
    with db.session() as s:
        return int(s.scalar(select(func.count()).select_from(Job).where(Job.status == QUEUED)) or 0)
