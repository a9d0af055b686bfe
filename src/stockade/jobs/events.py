"""The events the jobs domain causes, with their payloads, written through
:func:`stockade.webhooks.events.emit` in the transaction of the change itself.

``scan.completed`` carries exactly the fields of the spec's table; the others carry the ids
a receiver needs to fetch more (``GET /api/v1/jobs/{scan_id}``, ``.../findings``).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from stockade.store.job_models import Job, JobFinding
from stockade.store.job_repositories import JobFindings, Jobs
from stockade.webhooks import catalog
from stockade.webhooks.chat import outbox as chat
from stockade.webhooks.events import emit

# At most this many findings per finding.created event: a larger job sends several.
FINDINGS_PER_EVENT = 500


def _project(job: Job) -> dict[str, str]:
    project = job.project or {}
    return {
        "name": str(project.get("name", "")),
        "source": str(project.get("source", job.source.get("type", ""))),
        "url": str(project.get("url", job.source.get("url", ""))),
    }


def scan_started(session: Session, job_id: str, now: datetime) -> None:
    job = session.get(Job, job_id)
    if job is None or job.organization_id is None:
        return
    emit(
        session,
        job.organization_id,
        catalog.SCAN_STARTED,
        {"scan_id": job.id, "project": _project(job), "modules": list(job.modules)},
        now=now,
    )


def scan_completed(
    session: Session,
    job: Job,
    summary: dict[str, int],
    modules_run: Sequence[str],
    now: datetime,
) -> None:
    """``scan.completed`` exactly as the spec lists it, then ``finding.created`` for the
    job's new findings (not seen in the project's previous job), in batches, and the chat
    message announcing the new ones at or above the organization's chosen severity."""
    if job.organization_id is None:
        return
    started = job.started_at or now
    emit(
        session,
        job.organization_id,
        catalog.SCAN_COMPLETED,
        {
            "scan_id": job.id,
            "project": _project(job),
            "analysis_results": {
                key: int(summary.get(key, 0))
                for key in ("total_findings", "critical", "high", "medium", "low")
            },
            "modules_run": list(modules_run),
            "duration_seconds": int((now - started).total_seconds()),
        },
        now=now,
    )
    created = _new_findings(session, job)
    for start in range(0, len(created), FINDINGS_PER_EVENT):
        emit(
            session,
            job.organization_id,
            catalog.FINDING_CREATED,
            {"scan_id": job.id, "findings": created[start : start + FINDINGS_PER_EVENT]},
            now=now,
        )
    project = (job.project or {}).get("name")
    chat.new_findings(session, job.organization_id, job.id, project, created, now)


def _new_findings(session: Session, job: Job) -> list[dict[str, Any]]:
    """The job's open findings whose fingerprint the project's previous job did not have
    (all of them for a first scan or a job without a project)."""
    previous: set[str] = set()
    if job.project_key:
        prev = Jobs(session).previous_completed(job.project_key, job)
        if prev is not None:
            previous = JobFindings(session).fingerprints_of_job(prev)
    rows = session.scalars(
        select(JobFinding)
        .where(JobFinding.job_id == job.id, JobFinding.state == "open")
        .order_by(JobFinding.severity_rank, JobFinding.id)
    )
    return [_finding(r) for r in rows if r.fingerprint not in previous]


def _finding(row: JobFinding) -> dict[str, Any]:
    data = row.data
    return {
        "id": row.id,
        "rule_id": row.rule_id,
        "module": row.module,
        "severity": row.severity,
        "title": data.get("title"),
        "file": data.get("file"),
        "line": data.get("line"),
        "fingerprint": row.fingerprint,
    }


def finding_resolved(
    session: Session,
    job: Job,
    row: JobFinding,
    user_id: str,
    justification: str | None,
    now: datetime,
) -> None:
    emit(
        session,
        job.organization_id,
        catalog.FINDING_RESOLVED,
        {
            "scan_id": job.id,
            "finding": _finding(row),
            "resolved_by": user_id,
            "justification": justification,
        },
        now=now,
    )


def quota_threshold(
    session: Session,
    organization_id: str | None,
    thresholds: Sequence[int],
    used: int,
    limit: int,
    now: datetime,
) -> None:
    for threshold in thresholds:
        emit(
            session,
            organization_id,
            catalog.QUOTA_THRESHOLD,
            {"threshold": threshold, "tokens_used": used, "tokens_limit": limit},
            now=now,
        )
        chat.quota_alert(session, organization_id, threshold, used, limit, now)
