"""The audit log: who did what to which organization, from where, before and after.

Entries are only ever appended (and purged by retention). :class:`AuditRecord` is the value a
service builds; :func:`append` writes it in the caller's transaction, so an action and its
entry commit together. A *refused* attempt travels on the error instead
(:attr:`stockade.tenancy.errors.TenancyError.audit`) because its transaction rolls back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from stockade.store.tenancy_models import AuditEvent
from stockade.store.types import utcnow

SUCCESS, DENIED = "success", "denied"


@dataclass(frozen=True)
class AuditRecord:
    organization_id: str | None
    action: str
    actor_id: str | None = None
    actor_email: str | None = None
    ip: str | None = None
    target_type: str | None = None
    target_id: str | None = None
    before: dict[str, Any] | None = None
    after: dict[str, Any] | None = None
    outcome: str = SUCCESS
    detail: str | None = None
    at: datetime = field(default_factory=utcnow)


def append(session: Session, record: AuditRecord) -> AuditEvent:
    row = AuditEvent(
        organization_id=record.organization_id,
        actor_id=record.actor_id,
        actor_email=record.actor_email,
        ip=record.ip,
        action=record.action,
        outcome=record.outcome,
        target_type=record.target_type,
        target_id=record.target_id,
        before=record.before,
        after=record.after,
        detail=record.detail,
        created_at=record.at,
    )
    session.add(row)
    return row


def page(
    session: Session,
    organization_id: str,
    *,
    action: str | None = None,
    actor_id: str | None = None,
    after: AuditEvent | None = None,
    limit: int = 50,
) -> Sequence[AuditEvent]:
    """Newest first. ``action`` matches exactly, or a family with a trailing dot
    (``member.`` matches every member action)."""
    query = select(AuditEvent).where(AuditEvent.organization_id == organization_id)
    if action:
        if action.endswith("."):
            query = query.where(AuditEvent.action.startswith(action, autoescape=True))
        else:
            query = query.where(AuditEvent.action == action)
    if actor_id:
        query = query.where(AuditEvent.actor_id == actor_id)
    if after is not None:
        query = query.where(
            (AuditEvent.created_at < after.created_at)
            | ((AuditEvent.created_at == after.created_at) & (AuditEvent.id < after.id))
        )
    query = query.order_by(AuditEvent.created_at.desc(), AuditEvent.id.desc()).limit(limit)
    return session.scalars(query).all()


def get(session: Session, organization_id: str, event_id: str) -> AuditEvent | None:
    row = session.get(AuditEvent, event_id)
    return row if row is not None and row.organization_id == organization_id else None
