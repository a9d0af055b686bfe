"""Bodies of the webhook endpoints."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

from stockade.server.schemas.common import Strict

EventName = Literal[
    "scan.started", "scan.completed", "finding.created", "finding.resolved", "quota.threshold"
]


class WebhookCreate(Strict):
    url: str = Field(
        min_length=9,
        max_length=2048,
        description="An https:// URL without credentials; private and loopback targets are "
        "refused unless `server.allow_private_targets` allows them.",
    )
    events: list[EventName] = Field(min_length=1, max_length=10)
    secret: str | None = Field(
        default=None,
        min_length=16,
        max_length=256,
        description="Signs every delivery (`X-Stockade-Signature`). Omitted: one is generated. "
        "Either way it is shown once, in the creation response.",
    )
    active: bool = True


class WebhookUpdate(Strict):
    url: str | None = Field(default=None, min_length=9, max_length=2048)
    events: list[EventName] | None = Field(default=None, min_length=1, max_length=10)
    secret: str | None = Field(default=None, min_length=16, max_length=256)
    active: bool | None = None


class WebhookOut(BaseModel):
    id: str
    url: str
    events: list[str]
    active: bool
    signed: bool = Field(description="Whether deliveries carry X-Stockade-Signature.")
    created_at: datetime
    updated_at: datetime
    failing_since: datetime | None
    disabled_reason: str | None


class WebhookCreated(WebhookOut):
    secret: str = Field(description="The signing secret; shown only in this response.")


class WebhookPage(BaseModel):
    items: list[WebhookOut]
    next_cursor: str | None


class TestResult(BaseModel):
    status_code: int | None = Field(description="The receiver's status; null if none came.")
    body: str | None = Field(description="The first 2 KiB of the receiver's answer.")
    duration_ms: int | None
    error: str | None = Field(description="Why no answer came (connection, TLS, refused).")


class DeliveryOut(BaseModel):
    id: str = Field(description="The X-Stockade-Delivery id, stable across retries.")
    event: str
    status: Literal["pending", "delivered", "failed"]
    attempts: int
    next_attempt_at: datetime | None
    last_status_code: int | None
    last_error: str | None
    last_duration_ms: int | None
    response_body: str | None
    created_at: datetime
    delivered_at: datetime | None


class DeliveryPage(BaseModel):
    items: list[DeliveryOut]
    next_cursor: str | None
