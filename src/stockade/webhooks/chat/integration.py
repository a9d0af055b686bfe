"""An organization's chat settings: read, replace, remove, and the test message.

The incoming-webhook URL is a credential: it is vetted like a webhook URL (https only, no
credentials in it, a public target unless ``server.allow_private_targets`` allows it),
sealed at rest, and only ever shown as :func:`mask` (host and last four characters). The
caller (the server) has already checked the permission to do so.
"""

from __future__ import annotations

import functools
import zoneinfo
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import select
from sqlalchemy.orm import Session

from stockade.core.severity import Severity
from stockade.store.chat_models import ChatIntegration, ChatMessage
from stockade.store.crypto import SecretBox
from stockade.store.types import utcnow
from stockade.webhooks.chat import kinds
from stockade.webhooks.chat.dispatch import send
from stockade.webhooks.delivery import Outcome
from stockade.webhooks.errors import WebhookNotFoundError, WebhookRejectedError
from stockade.webhooks.sender import Sender, vet_target

SEVERITIES = ("critical", "high", "medium", "low")


def mask(url: str) -> str:
    """What the API shows of a URL: enough to recognise it, never enough to post with."""
    parts = urlsplit(url)
    port = f":{parts.port}" if parts.port else ""
    rest = parts.path + (f"?{parts.query}" if parts.query else "")
    return f"https://{parts.hostname}{port}/…{rest[-4:]}"


@functools.cache
def _zone_names() -> frozenset[str]:
    """The tz database's names; ``localtime`` and ``posixrules`` are files some systems
    keep beside it (the server's own zone), not zones a person chooses."""
    return frozenset(zoneinfo.available_timezones()) - {"localtime", "posixrules"}


def zone(name: str) -> zoneinfo.ZoneInfo:
    """The IANA time zone ``name``; only names of the tz database (no file paths, no
    ``localtime``) are accepted."""
    if name not in _zone_names():
        raise WebhookRejectedError("unknown_timezone", f"unknown time zone {name!r}")
    return zoneinfo.ZoneInfo(name)


def vet(url: str, allow: Sequence[str]) -> None:
    """The webhook checks, reported with chat codes (``chat_url_not_https``, ...)."""
    try:
        vet_target(url, allow)
    except WebhookRejectedError as exc:
        raise WebhookRejectedError(exc.code.replace("webhook", "chat"), str(exc)) from None


def get(session: Session, organization_id: str) -> ChatIntegration:
    found = session.get(ChatIntegration, organization_id)
    if found is None:
        raise WebhookNotFoundError("chat_not_configured", "chat notifications are not set up")
    return found


def configure(
    session: Session,
    box: SecretBox,
    allow: Sequence[str],
    *,
    organization_id: str,
    user_id: str | None,
    values: Mapping[str, Any],
    now: datetime | None = None,
) -> ChatIntegration:
    """Create or replace the settings. ``url`` may be left out when settings exist (the
    sealed one stays); every other key is replaced. Turning notifications back on clears
    the failure record."""
    moment = now or utcnow()
    row = session.get(ChatIntegration, organization_id)
    url = values.get("url")
    if url is None and row is None:
        raise WebhookRejectedError("chat_url_required", "give the incoming-webhook url")
    if url is not None:
        vet(url, allow)
    zone(values["timezone"])
    if values["min_severity"] not in SEVERITIES:
        raise WebhookRejectedError("invalid_severity", "min_severity is critical|high|medium|low")
    if not (0 <= int(values["hour"]) <= 23 and 0 <= int(values["weekday"]) <= 6):
        raise WebhookRejectedError("invalid_schedule", "hour is 0-23 and weekday 0-6")
    events = {key: bool(values["events"].get(key, False)) for key in kinds.SWITCHES}
    if row is None:
        row = ChatIntegration(organization_id=organization_id, created_by=user_id)
        row.created_at = moment
        session.add(row)
    if url is not None:
        row.url = box.seal(url.encode("utf-8"))
        row.url_hint = mask(url)
    active = bool(values["active"])
    if active and not row.active:
        row.failing_since, row.disabled_reason = None, None
    row.events = events
    row.hour = int(values["hour"])
    row.timezone = values["timezone"]
    row.weekday = int(values["weekday"])
    row.min_severity = Severity(values["min_severity"]).value
    row.active = active
    row.updated_at = moment
    session.flush()
    return row


def summary(row: ChatIntegration) -> dict[str, Any]:
    """The audited view of the settings (the URL masked)."""
    return {
        "url": row.url_hint,
        "events": dict(row.events),
        "hour": row.hour,
        "timezone": row.timezone,
        "weekday": row.weekday,
        "min_severity": row.min_severity,
        "active": row.active,
    }


def test(sender: Sender, box: SecretBox, row: ChatIntegration, public_url: str | None) -> Outcome:
    """Post a test message now, outside the outbox, and report the answer."""
    return send(sender, box, row.url, kinds.TEST, {}, public_url)


def messages(session: Session, organization_id: str, limit: int) -> Sequence[ChatMessage]:
    """The newest messages first: what was sent, what waits for a retry, what failed."""
    query = (
        select(ChatMessage)
        .where(ChatMessage.organization_id == organization_id)
        .order_by(ChatMessage.created_at.desc(), ChatMessage.id.desc())
        .limit(limit)
    )
    return session.scalars(query).all()
