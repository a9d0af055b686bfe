"""Webhooks of an organization: create, list, read, update, delete, test, deliveries and
redelivery. The caller (the server) has already checked the permission to do so."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from stockade.store.crypto import SecretBox
from stockade.store.types import utcnow
from stockade.store.webhook_models import PENDING, Delivery, Event, Webhook
from stockade.webhooks import catalog
from stockade.webhooks.delivery import Attempt, Outcome, attempt
from stockade.webhooks.errors import WebhookNotFoundError, WebhookRejectedError
from stockade.webhooks.events import QUEUED, iso
from stockade.webhooks.sender import Sender, vet_target

MAX_WEBHOOKS = 20


@dataclass(frozen=True)
class Created:
    webhook: Webhook
    secret: str | None  # shown once


def _events(names: Sequence[str]) -> list[str]:
    unknown = sorted(set(names) - set(catalog.EVENTS))
    if unknown or not names:
        raise WebhookRejectedError(
            "unknown_event",
            f"unknown event(s) {', '.join(unknown)}" if unknown else "name at least one event",
        )
    return sorted(set(names))


def create(
    session: Session,
    box: SecretBox,
    allow: Sequence[str],
    *,
    organization_id: str,
    created_by: str,
    url: str,
    events: Sequence[str],
    secret: str | None,
    active: bool,
) -> Created:
    vet_target(url, allow)
    existing = select(func.count()).where(Webhook.organization_id == organization_id)
    count = int(session.scalar(existing) or 0)
    if count >= MAX_WEBHOOKS:
        raise WebhookRejectedError("too_many_webhooks", f"at most {MAX_WEBHOOKS} webhooks")
    now = utcnow()
    hook = Webhook(
        organization_id=organization_id,
        url=url,
        events=_events(events),
        secret=box.seal(secret.encode()) if secret else None,
        active=active,
        created_by=created_by,
        created_at=now,
        updated_at=now,
    )
    session.add(hook)
    session.flush()
    return Created(hook, secret)


def generated_secret() -> str:
    return "whsec_" + secrets.token_urlsafe(32)


def get(session: Session, organization_id: str, webhook_id: str) -> Webhook:
    hook = session.get(Webhook, webhook_id)
    if hook is None or hook.organization_id != organization_id:
        raise WebhookNotFoundError("webhook_not_found", "no such webhook")
    return hook


def listing(session: Session, organization_id: str) -> Sequence[Webhook]:
    query = select(Webhook).where(Webhook.organization_id == organization_id)
    return session.scalars(query.order_by(Webhook.created_at, Webhook.id)).all()


def update(
    session: Session, box: SecretBox, allow: Sequence[str], hook: Webhook, values: dict[str, Any]
) -> Webhook:
    """Change the given keys; re-activating clears the failure record; a new ``secret``
    replaces the old one (an empty string removes signing)."""
    if "url" in values:
        vet_target(values["url"], allow)
        hook.url = values["url"]
    if "events" in values:
        hook.events = _events(values["events"])
    if "secret" in values:
        hook.secret = box.seal(values["secret"].encode()) if values["secret"] else None
    if "active" in values:
        hook.active = bool(values["active"])
        if hook.active:
            hook.failing_since, hook.disabled_reason = None, None
    hook.updated_at = utcnow()
    return hook


def summary(hook: Webhook) -> dict[str, Any]:
    """The audited view of a webhook (never its secret)."""
    return {
        "url": hook.url,
        "events": hook.events,
        "active": hook.active,
        "signed": hook.secret is not None,
    }


def test(sender: Sender, box: SecretBox, hook: Webhook) -> Outcome:
    """Send a sample ``ping`` now, outside the outbox, and report the answer."""
    now = utcnow()
    payload = {
        "event": catalog.PING,
        "timestamp": iso(now),
        "organization_id": hook.organization_id,
        "webhook_id": hook.id,
        "zen": "Findings are cheaper before the merge.",
    }
    probe = Attempt(
        "ping-" + secrets.token_hex(8), 0, catalog.PING, hook.url, hook.secret, payload, hook.id
    )
    return attempt(sender, box, probe)


def deliveries(
    session: Session, hook: Webhook, *, after: Delivery | None, limit: int
) -> Sequence[Delivery]:
    query = select(Delivery).where(Delivery.webhook_id == hook.id)
    if after is not None:
        query = query.where(
            (Delivery.created_at < after.created_at)
            | ((Delivery.created_at == after.created_at) & (Delivery.id < after.id))
        )
    query = query.order_by(Delivery.created_at.desc(), Delivery.id.desc()).limit(limit)
    return session.scalars(query).all()


def delivery(session: Session, hook: Webhook, delivery_id: str) -> Delivery:
    row = session.get(Delivery, delivery_id)
    if row is None or row.webhook_id != hook.id:
        raise WebhookNotFoundError("delivery_not_found", "no such delivery")
    return row


def redeliver(
    session: Session, hook: Webhook, original: Delivery, now: datetime | None = None
) -> Delivery:
    """A new delivery (new id) of the same event, due now."""
    moment = now or utcnow()
    event = session.get(Event, original.event_id)
    if event is None:
        raise WebhookNotFoundError("delivery_not_found", "the delivery's event is gone")
    row = Delivery(
        webhook_id=hook.id,
        event_id=event.id,
        event=original.event,
        status=PENDING,
        attempts=0,
        next_attempt_at=moment,
        created_at=moment,
    )
    session.add(row)
    session.flush()
    session.info[QUEUED] = True
    return row
