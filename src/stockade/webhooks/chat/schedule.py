"""The daily summary and weekly report: which slot is due, and queueing it once.

A *slot* is a local calendar date of the organization's time zone: the daily slot of
2026-03-08 falls at ``hour`` o'clock that day, the weekly slot on the configured
``weekday``. :func:`latest_slot` gives the most recent slot at or before ``now``, never
older ones, so a server that was down for three days sends one summary when it starts (the
latest), not three. The summary covers the time since the previous slot.

Daylight saving time: slots are dates, so each local day has exactly one, whatever its
length. A local hour skipped by a spring-forward change falls an hour later in wall-clock
terms (``fold=0``); one repeated by a fall-back change is its first occurrence. A window
across a change is 23 or 25 hours long, which is what a person in that zone calls a day.

:func:`enqueue_due` runs in every API instance (a loop in ``server/maintenance.py``) or as a
Celery beat task: the unique ``(organization, kind, slot)`` row makes concurrent and
repeated runs queue a slot once.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from stockade.store import Database
from stockade.store.chat_models import ChatIntegration, ChatMessage
from stockade.store.types import utcnow
from stockade.webhooks.chat import kinds
from stockade.webhooks.chat.integration import zone as to_zone
from stockade.webhooks.chat.outbox import enqueue
from stockade.webhooks.chat.summary import summarize
from stockade.webhooks.errors import WebhookRejectedError

log = logging.getLogger("stockade.webhooks")


@dataclass(frozen=True)
class Slot:
    key: str  # the local date, e.g. "2026-03-08"
    due: datetime  # UTC
    start: datetime  # UTC: the previous slot, where the report's window begins


def _at(day: date, hour: int, zone: ZoneInfo) -> datetime:
    return datetime.combine(day, time(hour), tzinfo=zone).astimezone(UTC)


def latest_slot(kind: str, now: datetime, zone: ZoneInfo, hour: int, weekday: int) -> Slot:
    """The most recent slot of ``kind`` (daily or weekly) at or before ``now``."""
    step = timedelta(days=1 if kind == kinds.DAILY_SUMMARY else 7)
    day = now.astimezone(zone).date()
    if kind == kinds.WEEKLY_REPORT:
        day -= timedelta(days=(day.weekday() - weekday) % 7)
    if _at(day, hour, zone) > now:
        day -= step
    return Slot(day.isoformat(), _at(day, hour, zone), _at(day - step, hour, zone))


def enqueue_due(db: Database, now: datetime | None = None) -> int:
    """Queue every organization's due summary and report that is not queued yet; returns
    how many were queued. Slots before the settings were created are never due."""
    moment = now or utcnow()
    with db.session() as s:
        organizations = list(
            s.scalars(select(ChatIntegration.organization_id).where(ChatIntegration.active))
        )
    queued = 0
    for organization_id in organizations:
        try:
            queued += _enqueue_for(db, organization_id, moment)
        except Exception:  # one organization's failure must not hold back the others
            log.warning("chat schedule of %s failed", organization_id, exc_info=True)
    return queued


def _enqueue_for(db: Database, organization_id: str, now: datetime) -> int:
    queued = 0
    with db.session() as s:
        row = s.get(ChatIntegration, organization_id)
        if row is None or not row.active:
            return 0
        try:
            zone = to_zone(row.timezone)
        except WebhookRejectedError:
            log.warning("chat settings of %s name an unknown time zone", organization_id)
            return 0
        for kind in kinds.SCHEDULED:
            if not row.events.get(kind):
                continue
            slot = latest_slot(kind, now, zone, row.hour, row.weekday)
            if slot.due < row.created_at:
                continue
            exists = s.scalar(
                select(ChatMessage.id).where(
                    ChatMessage.organization_id == organization_id,
                    ChatMessage.kind == kind,
                    ChatMessage.slot == slot.key,
                )
            )
            if exists is not None:
                continue
            data = summarize(s, organization_id, slot.start, slot.due)
            local = slot.start.astimezone(zone), slot.due.astimezone(zone)
            data.update(
                {
                    "from": local[0].strftime("%Y-%m-%d %H:%M"),
                    "to": local[1].strftime("%Y-%m-%d %H:%M"),
                    "timezone": row.timezone,
                }
            )
            try:
                with s.begin_nested():  # another instance may have queued it meanwhile
                    enqueue(s, organization_id, kind, data, slot=slot.key, now=now)
            except IntegrityError:
                continue
            queued += 1
    return queued
