"""Tables of chat notifications: an organization's chat settings and the chat outbox.

The incoming-webhook URL is a credential (anyone holding a Slack incoming-webhook URL can post
to the channel), so it is sealed with the server key like a webhook secret; ``url_hint``
(host and last four characters) is what the API shows.

A chat message is an outbox row written in the transaction that causes it (a job's
completion, a quota threshold, the scheduler's claim of a summary slot), sent later by the
webhook dispatcher with the same retry schedule. Scheduled summaries carry their ``slot``
(the local date they summarize up to); ``(organization_id, kind, slot)`` is unique, so two
schedulers, or one restarted many times, enqueue a slot once. Event messages have no slot
(NULLs never collide in a unique constraint, on SQLite and PostgreSQL alike).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from stockade.store.models import Base
from stockade.store.types import new_id, utcnow

PENDING, DELIVERED, FAILED = "pending", "delivered", "failed"


class ChatIntegration(Base):
    """One per organization (the primary key is the organization)."""

    __tablename__ = "chat_integrations"

    organization_id: Mapped[str] = mapped_column(
        ForeignKey("organizations.id", ondelete="CASCADE"), primary_key=True
    )
    url: Mapped[bytes] = mapped_column(LargeBinary)  # sealed (store.crypto)
    url_hint: Mapped[str] = mapped_column(String(300))
    # {"critical_findings": bool, "quota_alerts": bool, "daily_summary": bool,
    #  "weekly_report": bool}
    events: Mapped[dict[str, bool]] = mapped_column(JSON)
    hour: Mapped[int] = mapped_column(Integer, default=9)
    timezone: Mapped[str] = mapped_column(String(64), default="UTC")
    weekday: Mapped[int] = mapped_column(Integer, default=0)  # 0 = Monday
    min_severity: Mapped[str] = mapped_column(String(16), default="critical")
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    created_by: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)
    # Set at the first failure of a run of failures, cleared by a success.
    failing_since: Mapped[datetime | None]
    disabled_reason: Mapped[str | None] = mapped_column(Text)


class ChatMessage(Base):
    __tablename__ = "chat_messages"
    __table_args__ = (
        UniqueConstraint("organization_id", "kind", "slot", name="uq_chat_messages_slot"),
        Index("ix_chat_messages_due", "status", "next_attempt_at"),
        Index("ix_chat_messages_org_created", "organization_id", "created_at"),
    )

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_id)
    organization_id: Mapped[str] = mapped_column(ForeignKey("organizations.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(32))
    slot: Mapped[str | None] = mapped_column(String(32))
    # What the message says, as data; rendered to Slack's shape when sent.
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), default=PENDING)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    next_attempt_at: Mapped[datetime | None]
    last_status_code: Mapped[int | None] = mapped_column(Integer)
    last_error: Mapped[str | None] = mapped_column(Text)
    last_duration_ms: Mapped[int | None] = mapped_column(Integer)
    response_body: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    delivered_at: Mapped[datetime | None]
