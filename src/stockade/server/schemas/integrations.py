"""Bodies of the chat integration endpoints."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

from stockade.server.schemas.common import Strict

MinSeverity = Literal["critical", "high", "medium", "low"]


class ChatEvents(Strict):
    critical_findings: bool = Field(
        default=True, description="New findings at or above `min_severity`, one message per scan."
    )
    quota_alerts: bool = Field(default=True, description="50, 75, 90 and 100 % of the quota.")
    daily_summary: bool = Field(default=False, description="Every day at `hour`.")
    weekly_report: bool = Field(default=False, description="On `weekday` at `hour`.")


class ChatSettingsIn(Strict):
    url: str | None = Field(
        default=None,
        min_length=9,
        max_length=2048,
        description="A Slack-compatible incoming-webhook URL (https, no credentials, public "
        "unless `server.allow_private_targets` allows it). It is a credential: stored sealed "
        "and never shown again. May be left out to keep the current one.",
    )
    events: ChatEvents = ChatEvents()
    hour: int = Field(default=9, ge=0, le=23, description="Local hour of the summaries.")
    timezone: str = Field(
        default="UTC", min_length=1, max_length=64, description="An IANA time zone name."
    )
    weekday: int = Field(default=0, ge=0, le=6, description="Weekly report day, 0 = Monday.")
    min_severity: MinSeverity = "critical"
    active: bool = True


class ChatSettingsOut(BaseModel):
    url: str = Field(description="Masked: host and last four characters only.")
    events: ChatEvents
    hour: int
    timezone: str
    weekday: int
    min_severity: MinSeverity
    active: bool
    created_at: datetime
    updated_at: datetime
    failing_since: datetime | None
    disabled_reason: str | None


class ChatMessageOut(BaseModel):
    id: str
    kind: Literal["critical_findings", "quota_alerts", "daily_summary", "weekly_report"]
    slot: str | None = Field(description="The local date a summary or report covers up to.")
    status: Literal["pending", "delivered", "failed"]
    attempts: int
    next_attempt_at: datetime | None
    last_status_code: int | None
    last_error: str | None
    last_duration_ms: int | None
    response_body: str | None
    created_at: datetime
    delivered_at: datetime | None


class ChatMessagePage(BaseModel):
    items: list[ChatMessageOut]
    next_cursor: str | None
