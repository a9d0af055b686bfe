"""An organization's data as JSON lines: the organization, members, jobs, findings and the
audit log, streamed in batches so a large organization never sits in memory.

No secret values leave through here: findings are stored already redacted, and neither API
key hashes, invitation token hashes, job payloads nor git credentials are read.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import orjson
from sqlalchemy import select

from stockade.store import Database
from stockade.store.job_models import Job, JobFinding
from stockade.store.tenancy_models import AuditEvent, Membership, Organization
from stockade.store.types import utcnow
from stockade.tenancy.access import member_status
from stockade.tenancy.settings import OrgSettings

BATCH = 500


def _line(kind: str, data: dict[str, Any]) -> bytes:
    return orjson.dumps({"type": kind, **data}, option=orjson.OPT_UTC_Z) + b"\n"


def lines(db: Database, organization_id: str) -> Iterator[bytes]:
    """The export, one JSON object per line, starting with the organization itself."""
    now = utcnow()
    with db.session() as session:
        org = session.get(Organization, organization_id)
        if org is None:
            return
        yield _line(
            "organization",
            {
                "id": org.id,
                "name": org.name,
                "description": org.description,
                "contact_email": org.contact_email,
                "website_url": org.website_url,
                "plan": org.plan,
                "created_at": org.created_at,
                "settings": OrgSettings.of(org).as_json(),
                "exported_at": now,
            },
        )
        members = select(Membership).where(Membership.organization_id == org.id)
        for m in session.scalars(members.execution_options(yield_per=BATCH)):
            yield _line(
                "member",
                {
                    "user_id": m.user_id,
                    "email": m.email,
                    "role": m.role,
                    "status": member_status(m, now),
                    "joined_at": m.joined_at,
                    "last_active_at": m.last_active_at,
                },
            )
        jobs = select(Job).where(Job.organization_id == org.id).order_by(Job.created_at)
        for job in session.scalars(jobs.execution_options(yield_per=BATCH)):
            yield _line(
                "job",
                {
                    "id": job.id,
                    "status": job.status,
                    "created_by": job.created_by,
                    "project": job.project,
                    "source": job.source,
                    "modules": job.modules,
                    "modules_run": job.modules_run,
                    "summary": job.summary,
                    "created_at": job.created_at,
                    "started_at": job.started_at,
                    "finished_at": job.finished_at,
                },
            )
        findings = (
            select(JobFinding)
            .join(Job, Job.id == JobFinding.job_id)
            .where(Job.organization_id == org.id)
            .order_by(JobFinding.job_id, JobFinding.id)
        )
        for f in session.scalars(findings.execution_options(yield_per=BATCH)):
            yield _line("finding", {"job_id": f.job_id, **f.data, "id": f.id, "state": f.state})
        audit = (
            select(AuditEvent)
            .where(AuditEvent.organization_id == org.id)
            .order_by(AuditEvent.created_at, AuditEvent.id)
        )
        for a in session.scalars(audit.execution_options(yield_per=BATCH)):
            yield _line(
                "audit",
                {
                    "id": a.id,
                    "action": a.action,
                    "outcome": a.outcome,
                    "actor_id": a.actor_id,
                    "actor_email": a.actor_email,
                    "ip": a.ip,
                    "target_type": a.target_type,
                    "target_id": a.target_id,
                    "before": a.before,
                    "after": a.after,
                    "detail": a.detail,
                    "created_at": a.created_at,
                },
            )
