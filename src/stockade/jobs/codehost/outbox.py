"""The publications outbox: a row per job that names a code-host target, released when the
job completes, published by a dispatcher round and retried with backoff.

- :func:`attach` writes the row (``waiting``) in the submission's transaction;
- :func:`release` makes it due (``pending``) in the transaction that completes the job, so
  a crash between the two can neither lose a publication nor publish a job that never
  finished (a job that fails or is cancelled leaves it ``waiting``, shown as ``skipped``);
- :func:`publish_due` is one dispatcher round (the server's maintenance loop, or a Celery
  beat task in a scale-out deployment): claim due rows under a lease (``SKIP LOCKED`` on
  PostgreSQL, so dispatchers never publish one row twice at once), publish outside any
  transaction, record each step's outcome. Failed steps are retried on
  ``code_hosts.retry_schedule_seconds`` (a rate limit's reset time is respected); after the
  last attempt the publication is ``failed``, visible in the organization's list.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from stockade.config import Settings
from stockade.core.codec import finding_from_json
from stockade.core.netguard import Resolver, system_resolver
from stockade.jobs.codehost import github, integration
from stockade.jobs.codehost.errors import CodeHostRejectedError, PublishError, RateLimitedError
from stockade.jobs.codehost.interface import CodeHost, Target
from stockade.jobs.codehost.publish import STEPS, Options, Work, run_step
from stockade.store import Database
from stockade.store.codehost_models import (
    FAILED,
    PENDING,
    PUBLISHED,
    SKIPPED,
    WAITING,
    Publication,
    PublishedItem,
)
from stockade.store.crypto import SecretBox
from stockade.store.job_models import Job
from stockade.store.job_repositories import JobFindings
from stockade.store.types import utcnow

log = logging.getLogger("stockade.codehost")
CLAIM_LEASE = timedelta(minutes=10)
NOT_CONFIGURED = "the organization has no GitHub integration"


def iso(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def attach(session: Session, job: Job, target: dict[str, Any]) -> Publication:
    """The job's publication, waiting for the job (in the submission's transaction).
    Only an organization's job can publish: the settings and credentials are its."""
    if job.organization_id is None:
        raise CodeHostRejectedError(
            "code_host_requires_organization",
            "code_host needs an organization job (the integration is an organization setting)",
        )
    row = Publication(
        organization_id=job.organization_id,
        job_id=job.id,
        provider=str(target.get("provider") or integration.GITHUB),
        repo=str(target["repo"]),
        pull_request=target.get("pull_request"),
        commit_sha=str(target["commit"]),
        ref=target.get("ref"),
        status=WAITING,
        attempts=0,
        steps={},
        created_at=job.created_at,
        updated_at=job.created_at,
    )
    session.add(row)
    return row


def release(session: Session, job: Job, now: datetime) -> None:
    """Make the completed job's publication due, in the completing transaction; one indexed
    read when the job names no target. Without settings it is ``skipped``, visibly."""
    row = session.scalars(
        select(Publication).where(Publication.job_id == job.id, Publication.status == WAITING)
    ).first()
    if row is None:
        return
    row.updated_at = now
    if integration.find(session, row.organization_id, row.provider) is None:
        row.status, row.last_error = SKIPPED, NOT_CONFIGURED
        return
    row.status, row.next_attempt_at = PENDING, now


def shown_status(row: Publication, job_status: str | None) -> str:
    """A publication still waiting for a job that ended otherwise than completed will never
    be published: it is shown as ``skipped``."""
    if row.status == WAITING and job_status in ("failed", "cancelled"):
        return SKIPPED
    return row.status


def listing(
    session: Session, organization_id: str, *, after: Publication | None, limit: int
) -> list[tuple[Publication, str | None]]:
    """The organization's publications, newest first, each with its job's status."""
    query = (
        select(Publication, Job.status)
        .join(Job, Job.id == Publication.job_id)
        .where(Publication.organization_id == organization_id)
        .order_by(Publication.created_at.desc(), Publication.id.desc())
        .limit(limit)
    )
    if after is not None:
        query = query.where(
            (Publication.created_at < after.created_at)
            | ((Publication.created_at == after.created_at) & (Publication.id < after.id))
        )
    return [(row, status) for row, status in session.execute(query)]


def get(session: Session, organization_id: str, publication_id: str) -> Publication | None:
    row = session.get(Publication, publication_id)
    return row if row is not None and row.organization_id == organization_id else None


@dataclass(frozen=True)
class Dispatch:
    """How a round reaches the code host (from the server's settings)."""

    allow: Sequence[str]
    schedule: Sequence[int]
    ca_file: Path | None = None
    timeout: float = 30.0
    resolve: Resolver = system_resolver

    @classmethod
    def from_settings(cls, settings: Settings) -> Dispatch:
        hosts = settings.code_hosts
        return cls(
            allow=list(settings.server.allow_private_targets),
            schedule=list(hosts.retry_schedule_seconds),
            ca_file=hosts.ca_file,
            timeout=hosts.timeout_seconds,
        )


def publish_due(
    db: Database,
    box: SecretBox,
    dispatch: Dispatch,
    *,
    batch: int = 10,
    now: datetime | None = None,
) -> int:
    """One round: claim up to ``batch`` due publications and publish them one after the
    other; returns how many were claimed (a full batch means more may be due)."""
    claimed = _claim(db, now or utcnow(), batch)
    for publication_id in claimed:
        try:
            publish_one(db, box, dispatch, publication_id)
        except Exception:  # one broken publication must not stop the round
            log.warning("publication %s: round failed", publication_id, exc_info=True)
    return len(claimed)


def _claim(db: Database, now: datetime, batch: int) -> list[str]:
    with db.session() as s:
        rows = list(
            s.scalars(
                select(Publication)
                .where(Publication.status == PENDING, Publication.next_attempt_at <= now)
                .order_by(Publication.next_attempt_at)
                .limit(batch)
                .with_for_update(skip_locked=True)
            )
        )
        for row in rows:
            row.next_attempt_at = now + CLAIM_LEASE
        return [row.id for row in rows]


@dataclass(frozen=True)
class _Loaded:
    work: Work
    api_url: str
    auth: github.Auth
    steps: dict[str, Any]
    attempts: int


class _Ledger:
    """:class:`~.publish.Ledger` on ``codehost_comments``; each remembered item commits at
    once, so a crash after a comment was posted does not post it again."""

    def __init__(self, db: Database, row: Publication) -> None:
        self.db = db
        self.key = (row.organization_id, row.provider, row.repo)

    def known(self, kind: str, pull_request: int) -> set[str]:
        org, provider, repo = self.key
        with self.db.session() as s:
            return set(
                s.scalars(
                    select(PublishedItem.fingerprint).where(
                        PublishedItem.organization_id == org,
                        PublishedItem.provider == provider,
                        PublishedItem.repo == repo,
                        PublishedItem.kind == kind,
                        PublishedItem.pull_request == pull_request,
                    )
                )
            )

    def remember(self, kind: str, pull_request: int, fingerprint: str, remote_id: str) -> None:
        org, provider, repo = self.key
        try:
            with self.db.session() as s:
                s.add(
                    PublishedItem(
                        organization_id=org,
                        provider=provider,
                        repo=repo,
                        kind=kind,
                        pull_request=pull_request,
                        fingerprint=fingerprint,
                        remote_id=remote_id or None,
                        created_at=utcnow(),
                    )
                )
        except IntegrityError:
            pass  # another dispatcher remembered it first


def publish_one(db: Database, box: SecretBox, dispatch: Dispatch, publication_id: str) -> str:
    """Publish the steps of one claimed publication that have not succeeded yet; returns
    the publication's new status."""
    with db.session() as s:
        row = s.get(Publication, publication_id)
        if row is None:
            return SKIPPED  # the job was deleted
        loaded = _load(s, box, row)
        if loaded is None:
            row.status, row.last_error, row.next_attempt_at = SKIPPED, NOT_CONFIGURED, None
            return SKIPPED
        ledger = _Ledger(db, row)
    steps, retry_at = _run(loaded, ledger, dispatch)
    return _record(db, publication_id, loaded.attempts, steps, retry_at, dispatch.schedule)


def _load(s: Session, box: SecretBox, row: Publication) -> _Loaded | None:
    settings = integration.find(s, row.organization_id, row.provider)
    job = s.get(Job, row.job_id)
    if settings is None or job is None:
        return None
    findings = [
        finding_from_json(f.data) for f in JobFindings(s).of_job(job.id) if f.state == "open"
    ]
    work = Work(
        target=Target(row.repo, row.commit_sha, row.pull_request, row.ref),
        findings=findings,
        modules=list(job.modules_run),
        options=Options.from_summary(integration.summary(settings)),
    )
    return _Loaded(
        work,
        settings.api_url,
        integration.credentials(box, settings),
        dict(row.steps or {}),
        row.attempts,
    )


def _run(
    loaded: _Loaded, ledger: _Ledger, dispatch: Dispatch
) -> tuple[dict[str, Any], datetime | None]:
    steps = loaded.steps
    work = loaded.work
    pending = [
        step
        for step in STEPS
        if work.options.wanted(step, work.target) and steps.get(step, {}).get("state") != "done"
    ]
    for step in STEPS:
        if not work.options.wanted(step, work.target) and step not in steps:
            steps[step] = {"state": "skipped", "detail": "off in the settings", "at": iso(utcnow())}
    if not pending:
        return steps, None
    retry_at: datetime | None = None
    try:
        host: CodeHost = github.connect(
            loaded.api_url,
            loaded.auth,
            allow=dispatch.allow,
            ca_file=dispatch.ca_file,
            timeout=dispatch.timeout,
            resolve=dispatch.resolve,
        )
    except PublishError as exc:
        for step in pending:
            steps[step] = _failed(exc)
        return steps, None
    try:
        for step in pending:
            try:
                note = run_step(step, host, work, ledger)
                steps[step] = {"state": "done", "detail": note, "at": iso(utcnow())}
            except RateLimitedError as exc:
                steps[step] = _failed(exc)
                retry_at = max(retry_at or exc.retry_at, exc.retry_at)
            except PublishError as exc:
                steps[step] = _failed(exc)
            except Exception as exc:  # a bug must show on the publication, not loop
                log.warning("publication step %s failed", step, exc_info=True)
                steps[step] = _failed(PublishError("internal_error", type(exc).__name__))
    finally:
        host.close()
    return steps, retry_at


def _failed(exc: PublishError) -> dict[str, Any]:
    return {"state": "failed", "error": f"{exc.code}: {exc}"[:1000], "at": iso(utcnow())}


def _record(
    db: Database,
    publication_id: str,
    attempts_before: int,
    steps: dict[str, Any],
    retry_at: datetime | None,
    schedule: Sequence[int],
) -> str:
    now = utcnow()
    failed = {k: v["error"] for k, v in steps.items() if v.get("state") == "failed"}
    with db.session() as s:
        row = s.get(Publication, publication_id)
        if row is None or row.attempts != attempts_before:
            return SKIPPED if row is None else row.status  # deleted, or recorded by another
        row.steps = steps
        row.attempts = attempts = attempts_before + 1
        row.updated_at = now
        if not failed:
            row.status, row.published_at, row.next_attempt_at = PUBLISHED, now, None
            row.last_error = None
        else:
            row.last_error = "; ".join(f"{k}: {v}" for k, v in failed.items())[:2000]
            if attempts > len(schedule):
                row.status, row.next_attempt_at = FAILED, None
                log.warning("publication %s failed after %d attempts", row.id, attempts)
            else:
                delay = schedule[attempts - 1] * random.uniform(0.9, 1.1)  # noqa: S311 - jitter
                due = now + timedelta(seconds=delay)
                row.next_attempt_at = max(due, retry_at) if retry_at else due
        return row.status
