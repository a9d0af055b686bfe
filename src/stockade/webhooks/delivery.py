"""The dispatcher: sends due deliveries from the outbox, records every attempt, retries on
the configured schedule, and gives up visibly.

A round claims due deliveries in a short transaction (moving ``next_attempt_at`` forward by a
lease, with ``SKIP LOCKED`` on PostgreSQL, so several dispatchers never send one delivery
twice at once), sends each outside any transaction, then records the outcome. Delivery is at
least once: a dispatcher killed after the receiver answered but before the outcome was written
sends again when the lease lapses, with the same ``X-Stockade-Delivery`` id.

A 2xx answer delivers. Anything else (another status, a timeout, a refused target) schedules
the next attempt per ``webhooks.retry_schedule_seconds`` with ±10 % jitter; after the last
one the delivery is ``failed``. A webhook whose deliveries have failed for three days is
disabled and its organization's Owner and Admins are notified.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timedelta

import orjson
from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from stockade.store import Database
from stockade.store.crypto import SecretBox
from stockade.store.tenancy_models import ACTIVE, Membership, Notification
from stockade.store.types import utcnow
from stockade.store.webhook_models import DELIVERED, FAILED, PENDING, Delivery, Event, Webhook
from stockade.webhooks import signing
from stockade.webhooks.errors import SendError, WebhookRejectedError
from stockade.webhooks.sender import Sender

log = logging.getLogger("stockade.webhooks")
CLAIM_LEASE = timedelta(minutes=2)
PARALLEL = 8
DISABLE_AFTER = timedelta(days=3)


@dataclass(frozen=True)
class Attempt:
    delivery_id: str
    attempts: int
    event: str
    url: str
    secret: bytes | None
    payload: Mapping[str, object]
    webhook_id: str


@dataclass(frozen=True)
class Outcome:
    status_code: int | None
    body: str | None
    duration_ms: int | None
    error: str | None

    @property
    def ok(self) -> bool:
        return self.status_code is not None and 200 <= self.status_code < 300


def attempt(sender: Sender, box: SecretBox, job: Attempt) -> Outcome:
    """Send one attempt (used by the dispatcher and by the test action)."""
    body = orjson.dumps(dict(job.payload))
    secret = box.open(job.secret).decode("utf-8") if job.secret else None
    timestamp = int(utcnow().timestamp())
    headers = signing.headers(job.event, job.delivery_id, timestamp, body, secret)
    try:
        answer = sender.post(job.url, headers, body)
    except (SendError, WebhookRejectedError) as exc:
        return Outcome(None, None, None, str(exc)[:1000])
    return Outcome(answer.status_code, answer.body, answer.duration_ms, None)


def deliver_due(
    db: Database,
    sender: Sender,
    box: SecretBox,
    schedule: Sequence[int],
    *,
    batch: int = 50,
    parallel: int = PARALLEL,
    now: datetime | None = None,
    observe: Callable[[Outcome], None] | None = None,
) -> int:
    """One round: claim up to ``batch`` due deliveries and send them, ``parallel`` at a time
    (a slow receiver holds one sender thread, not the round); returns how many succeeded.
    ``observe`` sees every attempt's outcome (the server counts them for its metrics)."""
    claimed = _claim(db, now or utcnow(), batch)
    if not claimed:
        return 0

    def one(job: Attempt) -> bool:
        outcome = attempt(sender, box, job)
        _record(db, job, outcome, schedule)
        if observe is not None:
            observe(outcome)
        return outcome.ok

    with ThreadPoolExecutor(max_workers=min(parallel, len(claimed))) as pool:
        return sum(pool.map(one, claimed))


def outbox_counts(db: Database) -> dict[str, int]:
    """Pending deliveries (and how many of them are retries) and failed ones, for metrics."""
    with db.session() as s:
        pending = s.scalar(select(func.count()).where(Delivery.status == PENDING)) or 0
        retrying = (
            s.scalar(select(func.count()).where(Delivery.status == PENDING, Delivery.attempts > 0))
            or 0
        )
        failed = s.scalar(select(func.count()).where(Delivery.status == FAILED)) or 0
    return {"pending": int(pending), "retrying": int(retrying), "failed": int(failed)}


def _claim(db: Database, now: datetime, batch: int) -> list[Attempt]:
    with db.session() as s:
        rows = list(
            s.scalars(
                select(Delivery)
                .where(Delivery.status == PENDING, Delivery.next_attempt_at <= now)
                .order_by(Delivery.next_attempt_at)
                .limit(batch)
                .with_for_update(skip_locked=True)
            )
        )
        jobs: list[Attempt] = []
        for row in rows:
            hook = s.get(Webhook, row.webhook_id)
            event = s.get(Event, row.event_id)
            row.next_attempt_at = now + CLAIM_LEASE
            if hook is None or event is None:
                continue
            jobs.append(
                Attempt(
                    row.id, row.attempts, row.event, hook.url, hook.secret, event.payload, hook.id
                )
            )
        return jobs


def next_attempt(attempts: int, schedule: Sequence[int], now: datetime) -> datetime | None:
    """When to try again after ``attempts`` failed attempts (±10 % jitter, so receivers that
    came back are not hit by every retry at once); None once the schedule is used up. The
    chat outbox retries on the same schedule."""
    if attempts > len(schedule):
        return None
    delay = schedule[attempts - 1] * random.uniform(0.9, 1.1)  # noqa: S311 - jitter
    return now + timedelta(seconds=delay)


def attempt_values(
    attempts: int, outcome: Outcome, schedule: Sequence[int], now: datetime
) -> dict[str, object]:
    """The columns one attempt sets on an outbox row (a webhook delivery, a chat message):
    the answer, and delivered, failed for good (``status`` FAILED) or due again later."""
    values: dict[str, object] = {
        "attempts": attempts,
        "last_status_code": outcome.status_code,
        "last_error": outcome.error,
        "last_duration_ms": outcome.duration_ms,
        "response_body": outcome.body,
    }
    retry_at = next_attempt(attempts, schedule, now)
    if outcome.ok:
        values.update(status=DELIVERED, delivered_at=now, next_attempt_at=None)
    elif retry_at is None:
        values.update(status=FAILED, next_attempt_at=None)
    else:
        values.update(next_attempt_at=retry_at)
    return values


def _record(db: Database, job: Attempt, outcome: Outcome, schedule: Sequence[int]) -> None:
    now = utcnow()
    attempts = job.attempts + 1
    values = attempt_values(attempts, outcome, schedule, now)
    if values.get("status") == FAILED:
        log.warning("webhook delivery %s failed after %d attempts", job.delivery_id, attempts)
    with db.session() as s:
        s.execute(
            update(Delivery)
            .where(Delivery.id == job.delivery_id, Delivery.attempts == job.attempts)
            .values(**values)
        )
        _track_health(s, job.webhook_id, outcome.ok, now)


def _track_health(s: Session, webhook_id: str, ok: bool, now: datetime) -> None:
    """A success ends a run of failures; three days of failures disable the webhook."""
    hook = s.get(Webhook, webhook_id)
    if hook is None:
        return
    if ok:
        hook.failing_since = None
        return
    hook.failing_since = hook.failing_since or now
    if hook.active and now - hook.failing_since >= DISABLE_AFTER:
        hook.active = False
        hook.disabled_reason = "deliveries failed for three days"
        log.warning("webhook %s disabled after three days of failures", hook.id)
        notify_admins(
            s,
            hook.organization_id,
            "webhook.disabled",
            f"A webhook to {hook.url} was disabled after three days of failed deliveries",
            {"webhook_id": hook.id},
            now,
        )


def notify_admins(
    s: Session,
    organization_id: str,
    kind: str,
    message: str,
    data: dict[str, object],
    now: datetime,
) -> None:
    """An in-app notification to the organization's active Owners and Admins (an outbox
    target turned off after three days of failures, say)."""
    admins = s.scalars(
        select(Membership.user_id).where(
            Membership.organization_id == organization_id,
            Membership.status == ACTIVE,
            Membership.role.in_(("Owner", "Admin")),
        )
    )
    for user_id in admins:
        if user_id is not None:
            s.add(
                Notification(
                    user_id=user_id,
                    organization_id=organization_id,
                    kind=kind,
                    message=message,
                    data=data,
                    created_at=now,
                )
            )
