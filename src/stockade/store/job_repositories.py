"""Queries over the job tables (jobs, findings, finding events), so no caller builds SQL.

The job service, the lease state machine and the result writer all go through these
classes. Lease transitions are conditional ``UPDATE ... WHERE`` statements whose row count
says whether the transition won; the methods return that count (or a bool) and leave the
meaning of the states to :mod:`stockade.jobs.lease`.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, cast

from sqlalchemy import ColumnElement, CursorResult, Select, Update, and_, func, or_, select, update
from sqlalchemy.orm import Session

from stockade.store.job_models import COMPLETED, QUEUED, RUNNING, FindingEvent, Job, JobFinding

# ``IN`` lists are sent in chunks of this size: SQLite caps bound parameters per statement.
_IN_CHUNK = 500


def _claimable(now: datetime) -> ColumnElement[bool]:
    """Queued, or running under a lease that lapsed (its worker or server died)."""
    return or_(
        Job.status == QUEUED,
        and_(Job.status == RUNNING, Job.lease_until < now),
    )


def _held_by(job_id: str, worker: str) -> ColumnElement[bool]:
    """Only the current lease holder of a running job may renew, finish or release it."""
    return and_(Job.id == job_id, Job.worker == worker, Job.status == RUNNING)


class Jobs:
    """The ``jobs`` table: rows for the service, conditional transitions for the leases."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def get(self, job_id: str) -> Job | None:
        return self.session.get(Job, job_id)

    def add(self, job: Job) -> Job:
        """Insert and flush, so the caller sees the generated id and defaults."""
        self.session.add(job)
        self.session.flush()
        return job

    def delete(self, job: Job) -> None:
        self.session.delete(job)

    def refresh(self, job: Job) -> None:
        """Reload a row a conditional update changed behind the ORM's back."""
        self.session.refresh(job)

    def page_created_by(
        self, user_id: str, *, status: str | None, after: Job | None, limit: int
    ) -> list[Job]:
        """A user's personal jobs (in no organization), newest first."""
        mine = and_(Job.created_by == user_id, Job.organization_id.is_(None))
        return self._page(mine, status=status, after=after, limit=limit)

    def page_of_organization(
        self, organization_id: str, *, status: str | None, after: Job | None, limit: int
    ) -> list[Job]:
        """An organization's jobs, newest first (index ``ix_jobs_org_created``)."""
        return self._page(
            Job.organization_id == organization_id, status=status, after=after, limit=limit
        )

    def _page(
        self, scope: ColumnElement[bool], *, status: str | None, after: Job | None, limit: int
    ) -> list[Job]:
        """Keyset pagination on (created_at, id) after ``after``, newest first."""
        query = select(Job).where(scope)
        if status is not None:
            query = query.where(Job.status == status)
        if after is not None:
            query = query.where(
                or_(
                    Job.created_at < after.created_at,
                    and_(Job.created_at == after.created_at, Job.id < after.id),
                )
            )
        query = query.order_by(Job.created_at.desc(), Job.id.desc()).limit(limit)
        return list(self.session.scalars(query))

    def status_of(self, job_id: str) -> str | None:
        return self.session.scalar(select(Job.status).where(Job.id == job_id))

    def queue_depth(self) -> int:
        return int(
            self.session.scalar(select(func.count()).select_from(Job).where(Job.status == QUEUED))
            or 0
        )

    def previous_completed(self, project_key: str, job: Job) -> str | None:
        """The id of the project's latest completed job created before ``job``."""
        return self.session.scalar(
            select(Job.id)
            .where(
                Job.project_key == project_key,
                Job.status == COMPLETED,
                Job.id != job.id,
                Job.created_at <= job.created_at,
            )
            .order_by(Job.created_at.desc())
            .limit(1)
        )

    # Lease transitions: each is one conditional UPDATE; the row count says if it won.

    def claim_candidates(
        self, now: datetime, job_id: str | None, limit: int
    ) -> list[tuple[str, int]]:
        """(id, attempts) of claimable jobs, oldest first (only ``job_id`` when given)."""
        query = select(Job.id, Job.attempts).where(_claimable(now))
        if job_id is not None:
            query = query.where(Job.id == job_id)
        rows = self.session.execute(query.order_by(Job.created_at).limit(limit)).all()
        return [(str(cid), int(attempts)) for cid, attempts in rows]

    def take(self, job_id: str, read_attempts: int, now: datetime, /, **values: object) -> bool:
        """Claim ``job_id`` if it is still claimable with the attempts count we read."""
        return (
            self._apply(
                update(Job)
                .where(Job.id == job_id, _claimable(now), Job.attempts == read_attempts)
                .values(**values)
            )
            == 1
        )

    def end_claimable(self, job_id: str, now: datetime, /, **values: object) -> bool:
        """End a still-claimable job without running it (it exhausted its attempts)."""
        return (
            self._apply(update(Job).where(Job.id == job_id, _claimable(now)).values(**values)) == 1
        )

    def update_held(self, job_id: str, holder: str, /, **values: object) -> bool:
        """Write ``values`` only while ``worker`` holds the lease of the running job."""
        return self._apply(update(Job).where(_held_by(job_id, holder)).values(**values)) == 1

    def release_held(self, job_id: str, worker: str) -> bool:
        """Back to the queue, giving the attempt back (a clean shutdown is not a failure)."""
        return self.update_held(
            job_id,
            worker,
            status=QUEUED,
            worker=None,
            lease_until=None,
            attempts=Job.attempts - 1,
        )

    def update_unfinished(self, job_id: str, /, **values: object) -> bool:
        """Write ``values`` only while the job is queued or running (cancellation)."""
        return (
            self._apply(
                update(Job)
                .where(Job.id == job_id, Job.status.in_((QUEUED, RUNNING)))
                .values(**values)
            )
            == 1
        )

    def _apply(self, statement: Update) -> int:
        result = cast(
            CursorResult[Any],
            self.session.execute(statement.execution_options(synchronize_session=False)),
        )
        return result.rowcount


class JobFindings:
    """The ``findings`` table: one row per finding of one job."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def get(self, finding_id: str) -> JobFinding | None:
        return self.session.get(JobFinding, finding_id)

    def add(self, finding: JobFinding) -> None:
        self.session.add(finding)

    def flush(self) -> None:
        self.session.flush()

    def of_job(self, job_id: str) -> Sequence[JobFinding]:
        """All findings of a job, most severe first (the API's and the exports' order)."""
        return self.session.scalars(_of_job(job_id)).all()

    def page(
        self,
        job_id: str,
        *,
        severity_rank: int | None,
        module: str | None,
        state: str | None,
        after: JobFinding | None,
        limit: int,
        confidences: Sequence[str] | None = None,
    ) -> list[JobFinding]:
        """A filtered page of a job's findings, keyset-paginated on (severity_rank, id)."""
        query = _of_job(job_id)
        if severity_rank is not None:
            query = query.where(JobFinding.severity_rank == severity_rank)
        if confidences is not None:
            query = query.where(JobFinding.confidence.in_(confidences))
        if module is not None:
            query = query.where(JobFinding.module == module)
        if state is not None:
            query = query.where(JobFinding.state == state)
        if after is not None:
            query = query.where(
                or_(
                    JobFinding.severity_rank > after.severity_rank,
                    and_(
                        JobFinding.severity_rank == after.severity_rank,
                        JobFinding.id > after.id,
                    ),
                )
            )
        return list(self.session.scalars(query.limit(limit)))

    def fingerprints_of_job(self, job_id: str) -> set[str]:
        return set(
            self.session.scalars(select(JobFinding.fingerprint).where(JobFinding.job_id == job_id))
        )

    def project_states(
        self, project_key: str, fingerprints: Sequence[str], *, except_job: str
    ) -> dict[str, str]:
        """The latest state of each fingerprint in the project's other jobs."""
        states: dict[str, str] = {}
        for start in range(0, len(fingerprints), _IN_CHUNK):
            rows = self.session.execute(
                select(JobFinding.fingerprint, JobFinding.state)
                .where(
                    JobFinding.project_key == project_key,
                    JobFinding.fingerprint.in_(fingerprints[start : start + _IN_CHUNK]),
                    JobFinding.job_id != except_job,
                )
                .order_by(JobFinding.created_at)
            )
            for fp, state in rows:
                states[fp] = state  # ordered oldest first: the newest wins
        return states


def _of_job(job_id: str) -> Select[JobFinding]:
    return (
        select(JobFinding)
        .where(JobFinding.job_id == job_id)
        .order_by(JobFinding.severity_rank, JobFinding.id)
    )


class FindingEvents:
    """The ``finding_events`` table: the state history of findings."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def add(self, event: FindingEvent) -> None:
        self.session.add(event)

    def of_finding(self, finding_id: str) -> Sequence[FindingEvent]:
        return self.session.scalars(
            select(FindingEvent)
            .where(FindingEvent.finding_id == finding_id)
            .order_by(FindingEvent.created_at)
        ).all()
