"""Retention: finished jobs past ``analysis.retention_days`` go with their findings; running
jobs, recent jobs and the jobs of a removed user stay."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest
from sqlalchemy import delete, func, select

from stockade.jobs import retention
from stockade.store import Database, upgrade
from stockade.store.job_models import COMPLETED, FAILED, RUNNING, Job, JobFinding
from stockade.store.models import User
from stockade.store.types import utcnow


@pytest.fixture
def db(db_url: str) -> Iterator[Database]:
    database = Database(db_url)
    upgrade(database.engine)
    yield database
    database.dispose()


def _job(user_id: str, status: str, age_days: int) -> Job:
    when = utcnow() - timedelta(days=age_days)
    return Job(
        status=status,
        created_by=user_id,
        source={"type": "files", "files": 1},
        modules=["sast"],
        created_at=when,
        started_at=when,
        finished_at=when if status != RUNNING else None,
    )


def _findings(job_id: str, count: int = 2) -> list[JobFinding]:
    return [
        JobFinding(
            job_id=job_id,
            fingerprint=f"{n:064x}",
            module="sast",
            rule_id="demo",
            severity="high",
            severity_rank=3,
            data={},
        )
        for n in range(count)
    ]


def test_purge_removes_only_old_finished_jobs(db: Database) -> None:
    with db.session() as s:
        user = User(email="r@example.com", password_hash="x")
        s.add(user)
        s.flush()
        jobs = {
            "old_done": _job(user.id, COMPLETED, 400),
            "old_failed": _job(user.id, FAILED, 366),
            "recent": _job(user.id, COMPLETED, 10),
            "old_running": _job(user.id, RUNNING, 400),
        }
        for job in jobs.values():
            s.add(job)
            s.flush()
            s.add_all(_findings(job.id))
        ids = {name: job.id for name, job in jobs.items()}

    assert retention.purge(db, 365) == 2
    with db.session() as s:
        left = set(s.scalars(select(Job.id)))
        assert left == {ids["recent"], ids["old_running"]}
        orphans = s.scalar(
            select(func.count()).select_from(JobFinding).where(JobFinding.job_id.not_in(left))
        )
        assert orphans == 0
        assert s.scalar(select(func.count()).select_from(JobFinding)) == 4
    assert retention.purge(db, 365) == 0


def test_jobs_of_a_removed_user_stay(db: Database) -> None:
    with db.session() as s:
        user = User(email="gone@example.com", password_hash="x")
        s.add(user)
        s.flush()
        job = _job(user.id, COMPLETED, 5)
        s.add(job)
        s.flush()
        job_id = job.id
    with db.session() as s:
        s.execute(delete(User))
    with db.session() as s:
        row = s.get(Job, job_id)
        assert row is not None and row.created_by is None
