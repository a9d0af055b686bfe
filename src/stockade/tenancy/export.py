"""An organization's data as JSON lines: the organization, members, jobs, findings and the
audit log.

Rows are read in batches of :data:`BATCH`, each batch in a short transaction of its own
(keyset pagination on the primary key), so a large export neither sits in memory nor holds
SQLite's write lock (which every transaction takes at ``BEGIN``) while the client reads.

No secret values leave through here: findings are stored already redacted, and neither API
key hashes, invitation token hashes, job payloads nor git credentials are read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import orjson
from sqlalchemy import Select, select

from stockade.store import Database
from stockade.store.job_models import Job, JobFinding
from stockade.store.tenancy_models import AuditEvent, Membership, Organization
from stockade.store.types import utcnow
from stockade.tenancy.access import member_status
from stockade.tenancy.settings import OrgSettings

BATCH = 500


def _line(kind: str, data: dict[str, Any]) -> bytes:
    return orjson.dumps({"type": kind, **data}, option=orjson.OPT_UTC_Z) + b"\n"


def _organization(org: Organization) -> dict[str, Any]:
    return {
        "id": org.id,
        "name": org.name,
        "description": org.description,
        "contact_email": org.contact_email,
        "website_url": org.website_url,
        "plan": org.plan,
        "created_at": org.created_at,
        "settings": OrgSettings.of(org).as_json(),
        "exported_at": utcnow(),
    }


def _member(m: Membership) -> dict[str, Any]:
    return {
        "user_id": m.user_id,
        "email": m.email,
        "role": m.role,
        "status": member_status(m, utcnow()),
        "joined_at": m.joined_at,
        "last_active_at": m.last_active_at,
    }


def _job(job: Job) -> dict[str, Any]:
    return {
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
    }


def _finding(f: JobFinding) -> dict[str, Any]:
    """Nested: a finding has a ``type`` of its own (the kind of problem)."""
    return {"id": f.id, "job_id": f.job_id, "state": f.state, "finding": f.data}


def _audit(a: AuditEvent) -> dict[str, Any]:
    return {
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
    }


def _batches(
    db: Database, query: Select[Any], key: Any, convert: Callable[[Any], dict[str, Any]]
) -> Iterator[list[dict[str, Any]]]:
    """``query``'s rows in primary-key order, one short transaction per batch."""
    last: str | None = None
    while True:
        with db.session() as session:
            page = query if last is None else query.where(key > last)
            rows = list(session.scalars(page.order_by(key).limit(BATCH)))
            batch = [convert(row) for row in rows]
        if not rows:
            return
        yield batch
        last = rows[-1].id
        if len(rows) < BATCH:
            return


def lines(db: Database, organization_id: str) -> Iterator[bytes]:
    """The export, one JSON object per line, starting with the organization itself."""
    with db.session() as session:
        org = session.get(Organization, organization_id)
        head = _line("organization", _organization(org)) if org is not None else None
    if head is None:
        return
    yield head
    oid = organization_id
    parts: list[tuple[str, Select[Any], Any, Callable[[Any], dict[str, Any]]]] = [
        (
            "member",
            select(Membership).where(Membership.organization_id == oid),
            Membership.id,
            _member,
        ),
        ("job", select(Job).where(Job.organization_id == oid), Job.id, _job),
        (
            "finding",
            select(JobFinding)
            .join(Job, Job.id == JobFinding.job_id)
            .where(Job.organization_id == oid),
            JobFinding.id,
            _finding,
        ),
        (
            "audit",
            select(AuditEvent).where(AuditEvent.organization_id == oid),
            AuditEvent.id,
            _audit,
        ),
    ]
    for kind, query, key, convert in parts:
        for batch in _batches(db, query, key, convert):
            yield b"".join(_line(kind, item) for item in batch)
