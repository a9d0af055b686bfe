"""Queueing chat messages in the caller's transaction: a job's new findings at or above the
organization's ``min_severity`` (one message per job), and quota thresholds.

Like :func:`stockade.webhooks.events.emit`, this does one indexed read (the organization's
settings) and at most one insert, never network I/O; the dispatcher sends after the commit.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from stockade.core.severity import Severity
from stockade.store.chat_models import PENDING, ChatIntegration, ChatMessage
from stockade.store.types import utcnow
from stockade.webhooks.chat import kinds
from stockade.webhooks.events import QUEUED

# A message lists at most this many findings, most severe first, then says how many more.
FINDINGS_PER_MESSAGE = 10


def subscribed(
    session: Session, organization_id: str | None, switch: str
) -> ChatIntegration | None:
    """The organization's active settings if ``switch`` is on."""
    if organization_id is None:
        return None
    row = session.get(ChatIntegration, organization_id)
    if row is None or not row.active or not row.events.get(switch):
        return None
    return row


def enqueue(
    session: Session,
    organization_id: str,
    kind: str,
    data: dict[str, Any],
    *,
    slot: str | None = None,
    now: datetime | None = None,
) -> ChatMessage:
    """One pending message, due at once; the dispatcher is woken after the commit. ``now``
    dates the message (a scheduler with an injected clock passes its own); it is due by the
    wall clock at the latest, so a message is never held back by a clock ahead of it."""
    moment = now or utcnow()
    row = ChatMessage(
        organization_id=organization_id,
        kind=kind,
        slot=slot,
        data=data,
        status=PENDING,
        attempts=0,
        next_attempt_at=min(moment, utcnow()),
        created_at=moment,
    )
    session.add(row)
    session.flush()
    session.info[QUEUED] = True
    return row


def _rank(finding: Mapping[str, Any]) -> int:
    try:
        return Severity(str(finding.get("severity"))).rank
    except ValueError:
        return -1


def new_findings(
    session: Session,
    organization_id: str | None,
    scan_id: str,
    project: str | None,
    findings: Sequence[Mapping[str, Any]],
    now: datetime,
) -> ChatMessage | None:
    """The job's new findings at or above ``min_severity`` as one message (ids, rules and
    locations only); nothing when there are none or the switch is off."""
    row = subscribed(session, organization_id, kinds.CRITICAL_FINDINGS)
    if row is None:
        return None
    floor = Severity(row.min_severity).rank
    chosen = sorted((f for f in findings if _rank(f) >= floor), key=_rank, reverse=True)
    if not chosen:
        return None
    data = {
        "scan_id": scan_id,
        "project": project,
        "total": len(chosen),
        "counts": dict(Counter(str(f["severity"]) for f in chosen)),
        "findings": [
            {key: f.get(key) for key in ("id", "rule_id", "severity", "title", "file", "line")}
            for f in chosen[:FINDINGS_PER_MESSAGE]
        ],
    }
    return enqueue(session, row.organization_id, kinds.CRITICAL_FINDINGS, data, now=now)


def quota_alert(
    session: Session,
    organization_id: str | None,
    threshold: int,
    used: int,
    limit: int,
    now: datetime,
) -> ChatMessage | None:
    """A crossed usage threshold (each is announced once per period by the quota layer)."""
    row = subscribed(session, organization_id, kinds.QUOTA_ALERTS)
    if row is None:
        return None
    data = {"threshold": threshold, "tokens_used": used, "tokens_limit": limit}
    return enqueue(session, row.organization_id, kinds.QUOTA_ALERTS, data, now=now)
