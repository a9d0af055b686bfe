"""Emitting events: one row in ``events`` and one pending delivery per subscribed, active
webhook of the organization — in the caller's transaction, so the event exists exactly when
the change that caused it committed.

Emitting costs two small inserts plus one indexed query for the organization's webhooks; it
never does network I/O (the dispatcher does, after the commit).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from stockade.store.types import utcnow
from stockade.store.webhook_models import PENDING, Delivery, Event, Webhook

# Set in a session's ``info`` when deliveries were queued: wake the dispatcher after commit.
QUEUED = "stockade.deliveries_queued"


def iso(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def emit(
    session: Session,
    organization_id: str | None,
    event: str,
    data: dict[str, Any],
    *,
    now: datetime | None = None,
) -> Event | None:
    """Record ``event`` with ``data``; every payload also carries ``event``, ``timestamp``
    and ``organization_id``. Personal scopes (no organization) have no webhooks: nothing is
    written for them."""
    if organization_id is None:
        return None
    moment = now or utcnow()
    payload = {"event": event, "timestamp": iso(moment), "organization_id": organization_id}
    payload.update(data)
    row = Event(organization_id=organization_id, event=event, payload=payload, created_at=moment)
    session.add(row)
    session.flush()
    hooks = session.scalars(
        select(Webhook).where(Webhook.organization_id == organization_id, Webhook.active)
    )
    queued = False
    for hook in hooks:
        if event in (hook.events or []):
            session.add(
                Delivery(
                    webhook_id=hook.id,
                    event_id=row.id,
                    event=event,
                    status=PENDING,
                    attempts=0,
                    next_attempt_at=moment,
                    created_at=moment,
                )
            )
            queued = True
    if queued:
        session.info[QUEUED] = True
    return row
