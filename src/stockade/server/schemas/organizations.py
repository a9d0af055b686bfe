"""Bodies of the organization, member, invitation, audit and notification endpoints."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

from pydantic import BaseModel, EmailStr, Field

from stockade.core.plans import Plan
from stockade.server.schemas.auth import SPECIAL_USE_EMAIL_PATTERN
from stockade.server.schemas.common import Strict
from stockade.tenancy.roles import Role

_URL = Field(
    default=None,
    max_length=2048,
    description="An absolute http(s) URL (`javascript:`, `data:` and others are refused).",
    # Checked by the service, not by a schema pattern: a refused URL is a security-relevant
    # attempt and goes on the audit log (422 ``invalid_website_url``).
)


class SettingsIn(Strict):
    """Only the keys given change. Custom `session_timeout_minutes` and `ip_allowlist` are
    Enterprise features (403 `plan_required`); `audit_retention_days` may not exceed the
    plan's (Free 30, Pro 90, Enterprise 730)."""

    require_2fa: bool | None = None
    session_timeout_minutes: int | None = Field(default=None, ge=5, le=1440)
    ip_allowlist: list[str] | None = Field(
        default=None, max_length=100, description="CIDR ranges or single addresses."
    )
    scan_retention_days: int | None = Field(default=None, ge=30, le=730)
    audit_retention_days: int | None = Field(default=None, ge=30, le=730)


class SettingsOut(BaseModel):
    require_2fa: bool
    session_timeout_minutes: int
    ip_allowlist: list[str]
    scan_retention_days: int
    audit_retention_days: int


class OrganizationCreate(Strict):
    name: str = Field(min_length=1, max_length=100)
    description: str | None = Field(default=None, max_length=2000)
    contact_email: EmailStr | None = Field(
        default=None, max_length=254, json_schema_extra={"pattern": SPECIAL_USE_EMAIL_PATTERN}
    )
    website_url: str | None = _URL


class OrganizationUpdate(Strict):
    """Partial update: absent keys keep their value."""

    name: str | None = Field(default=None, min_length=1, max_length=100)
    description: str | None = Field(default=None, max_length=2000)
    contact_email: EmailStr | None = Field(
        default=None, max_length=254, json_schema_extra={"pattern": SPECIAL_USE_EMAIL_PATTERN}
    )
    website_url: str | None = _URL
    settings: SettingsIn | None = None


class OrganizationOut(BaseModel):
    id: str
    name: str
    description: str | None
    logo_url: str | None
    contact_email: str | None
    website_url: str | None
    plan: Plan
    created_at: datetime
    settings: SettingsOut
    role: Role = Field(description="The caller's role in the organization.")


class OrganizationPage(BaseModel):
    items: list[OrganizationOut]
    next_cursor: str | None


class PasswordConfirmation(Strict):
    password: str = Field(min_length=1, max_length=256)


class PlanChange(Strict):
    plan: Plan
    tokens_per_month: int | None = Field(
        default=None, ge=1, le=100_000_000, description="Enterprise only: the monthly pool."
    )


class Transfer(Strict):
    new_owner_id: UUID
    password: str = Field(min_length=1, max_length=256)


class MemberOut(BaseModel):
    id: str = Field(description="The membership id (also accepted where a user id is).")
    user_id: str | None = Field(description="Empty while an invitee has no account.")
    email: str
    role: Role
    status: str = Field(examples=["Active"])
    joined_at: datetime | None
    last_active_at: datetime | None


class MemberPage(BaseModel):
    items: list[MemberOut]
    next_cursor: str | None


class InviteIn(Strict):
    email: EmailStr = Field(max_length=254)
    role: Role = Role.MEMBER


class InvitationOut(BaseModel):
    url: str
    token: str = Field(description="Shown once; only its hash is stored.")
    expires_at: datetime


class MemberInvited(MemberOut):
    invitation: InvitationOut


class RoleChange(Strict):
    role: Role


class OptionalRole(Strict):
    role: Role | None = None


class AuditEventOut(BaseModel):
    id: str
    action: str
    outcome: str
    actor_id: str | None
    actor_email: str | None
    ip: str | None
    target_type: str | None
    target_id: str | None
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    detail: str | None
    created_at: datetime


class AuditPage(BaseModel):
    items: list[AuditEventOut]
    next_cursor: str | None


class NotificationOut(BaseModel):
    id: str
    kind: str
    message: str
    organization_id: str | None
    data: dict[str, Any]
    created_at: datetime
    read_at: datetime | None


class NotificationPage(BaseModel):
    items: list[NotificationOut]
    next_cursor: str | None


class OrganizationRef(BaseModel):
    id: str
    name: str


class MyInvitationOut(BaseModel):
    id: str
    organization: OrganizationRef
    role: Role
    expires_at: datetime


class MyInvitationPage(BaseModel):
    items: list[MyInvitationOut]
    next_cursor: str | None
