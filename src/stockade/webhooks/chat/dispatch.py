"""Sending the chat outbox: the webhook dispatcher's rounds, for chat messages.

Same protocol as :mod:`stockade.webhooks.delivery`: due rows are claimed in a short
transaction (``SKIP LOCKED`` on PostgreSQL, the due time moved forward by a lease), posted
outside any transaction through the same :class:`~stockade.webhooks.sender.Sender` (SSRF
guard, pinned address, no redirects, capped answer), and the outcome recorded: a 2xx
delivers; anything else retries on ``webhooks.retry_schedule_seconds`` and ends ``failed``
(kept and listed, never dropped). Three days of failures turn the organization's chat
notifications off and notify its Owner and Admins.

The URL is unsealed at send time, so a corrected URL also carries the messages already
queued; a message whose organization has turned chat off (or removed it) fails at once.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import orjson
from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from stockade.store import Database
from stockade.store.chat_models import FAILED, PENDING, ChatIntegration, ChatMessage
from stockade.store.crypto import SealedValueError, SecretBox
from stockade.store.types import utcnow
from stockade.webhooks.chat.messages import render
from stockade.webhooks.delivery import (
    CLAIM_LEASE,
    DISABLE_AFTER,
    PARALLEL,
    Outcome,
    attempt_values,
    notify_admins,
)
from stockade.webhooks.errors import SendError, WebhookRejectedError
from stockade.webhooks.sender import Sender

log = logging.getLogger("stockade.webhooks")
HEADERS = {"Content-Type": "application/json", "User-Agent": "Stockade-Chat/1"}


@dataclass(frozen=True)
class ChatAttempt:
    message_id: str
    attempts: int
    organization_id: str
    kind: str
    data: Mapping[str, Any]
    sealed_url: bytes


def send(
    sender: Sender,
    box: SecretBox,
    sealed_url: bytes,
    kind: str,
    data: Mapping[str, Any],
    public_url: str | None,
) -> Outcome:
    """One post of the rendered message (the dispatcher's attempts and the test action)."""
    body = orjson.dumps(render(kind, data, public_url))
    try:
        url = box.open(sealed_url).decode("utf-8")
    except SealedValueError:  # the server key changed: an attempt that fails, visibly
        return Outcome(None, None, None, "the chat URL cannot be unsealed with the server keys")
    try:
        answer = sender.post(url, dict(HEADERS), body)
    except (SendError, WebhookRejectedError) as exc:
        return Outcome(None, None, None, str(exc)[:1000])
    return Outcome(answer.status_code, answer.body, answer.duration_ms, None)


def deliver_due(
    db: Database,
    sender: Sender,
    box: SecretBox,
    schedule: list[int] | tuple[int, ...],
    *,
    public_url: str | None = None,
    batch: int = 50,
    parallel: int = PARALLEL,
    now: datetime | None = None,
    observe: Callable[[Outcome], None] | None = None,
) -> int:
    """One round: claim up to ``batch`` due messages and send them, ``parallel`` at a time;
    returns how many were claimed (a full batch means more may be due)."""
    claimed = _claim(db, now or utcnow(), batch)
    if not claimed:
        return 0

    def one(job: ChatAttempt) -> None:
        outcome = send(sender, box, job.sealed_url, job.kind, job.data, public_url)
        _record(db, job, outcome, schedule)
        if observe is not None:
            observe(outcome)

    with ThreadPoolExecutor(max_workers=min(parallel, len(claimed))) as pool:
        list(pool.map(one, claimed))
    return len(claimed)


def outbox_counts(db: Database) -> dict[str, int]:
    """Pending messages (and how many of them are retries) and failed ones, for metrics."""
    count = select(func.count()).select_from(ChatMessage)
    with db.session() as s:
        pending = s.scalar(count.where(ChatMessage.status == PENDING)) or 0
        retrying = (
            s.scalar(count.where(ChatMessage.status == PENDING, ChatMessage.attempts > 0)) or 0
        )
        failed = s.scalar(count.where(ChatMessage.status == FAILED)) or 0
    return {"pending": int(pending), "retrying": int(retrying), "failed": int(failed)}


def _claim(db: Database, now: datetime, batch: int) -> list[ChatAttempt]:
    with db.session() as s:
        rows = list(
            s.scalars(
                select(ChatMessage)
                .where(ChatMessage.status == PENDING, ChatMessage.next_attempt_at <= now)
                .order_by(ChatMessage.next_attempt_at)
                .limit(batch)
                .with_for_update(skip_locked=True)
            )
        )
        jobs: list[ChatAttempt] = []
        for row in rows:
            settings = s.get(ChatIntegration, row.organization_id)
            if settings is None or not settings.active:
                row.status, row.next_attempt_at = FAILED, None
                row.last_error = "chat notifications are off for this organization"
                continue
            row.next_attempt_at = now + CLAIM_LEASE
            jobs.append(
                ChatAttempt(
                    row.id, row.attempts, row.organization_id, row.kind, row.data, settings.url
                )
            )
        return jobs


def _record(
    db: Database, job: ChatAttempt, outcome: Outcome, schedule: list[int] | tuple[int, ...]
) -> None:
    now = utcnow()
    attempts = job.attempts + 1
    values = attempt_values(attempts, outcome, schedule, now)
    if values.get("status") == FAILED:
        log.warning("chat message %s failed after %d attempts", job.message_id, attempts)
    with db.session() as s:
        s.execute(
            update(ChatMessage)
            .where(ChatMessage.id == job.message_id, ChatMessage.attempts == job.attempts)
            .values(**values)
        )
        _track_health(s, job.organization_id, outcome.ok, now)


def _track_health(s: Session, organization_id: str, ok: bool, now: datetime) -> None:
    """A success ends a run of failures; three days of failures turn chat off."""
    row = s.get(ChatIntegration, organization_id)
    if row is None:
        return
    if ok:
        row.failing_since = None
        return
    row.failing_since = row.failing_since or now
    if row.active and now - row.failing_since >= DISABLE_AFTER:
        row.active = False
        row.disabled_reason = "messages failed for three days"
        log.warning("chat notifications of %s turned off after three days", organization_id)
        notify_admins(
            s,
            organization_id,
            "chat.disabled",
            f"Chat notifications to {row.url_hint} were turned off after three days of "
            "failed messages",
            {},
            now,
        )
