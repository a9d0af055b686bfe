"""Tables of the team layer: organizations, their logos, members, invitations, the audit log,
in-app notifications and the e-mail outbox.

A member's status is stored as ``Invited``, ``Active``, ``Pending Approval`` or ``Removed``;
``Inactive`` is not stored but computed from ``last_active_at`` (an Active member idle for more
than 30 days), so no sweeper has to run for a member to become Inactive and an Admin's
reactivation is a single timestamp write.

The audit log has no foreign key to its organization on purpose: the entry that records an
organization's deletion must outlive the organization. Rows are only ever inserted (and
purged by retention); nothing in the API updates them.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Index, Integer, LargeBinary, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from stockade.store.models import Base
from stockade.store.types import new_id, utcnow

INVITED, ACTIVE, PENDING, INACTIVE, REMOVED = (
    "Invited",
    "Active",
    "Pending Approval",
    "Inactive",
    "Removed",
)
INVITE, SHARE = "invite", "share"


class Organization(Base):
    __tablename__ = "organizations"

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_id)
    name: Mapped[str] = mapped_column(String(100))
    description: Mapped[str | None] = mapped_column(Text)
    contact_email: Mapped[str | None] = mapped_column(String(254))
    website_url: Mapped[str | None] = mapped_column(String(2048))
    plan: Mapped[str] = mapped_column(String(16), default="Free")
    # Enterprise only: a custom monthly token pool (None = the plan's default).
    tokens_per_month: Mapped[int | None] = mapped_column(Integer)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    # Enterprise budgets: {"members": {user_id: tokens}, "departments": [{"name", "member_ids",
    # "tokens_per_month"}]}; read by the quota ledger.
    budgets: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    # Bumped on every logo change; part of ``logo_url`` so caches see a new logo at once.
    logo_version: Mapped[int] = mapped_column(Integer, default=0)
    created_by: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)


class OrganizationLogo(Base):
    """The re-encoded logo (never the uploaded bytes), kept apart so listing organizations
    does not read images."""

    __tablename__ = "organization_logos"

    organization_id: Mapped[str] = mapped_column(
        ForeignKey("organizations.id", ondelete="CASCADE"), primary_key=True
    )
    media_type: Mapped[str] = mapped_column(String(32))
    content: Mapped[bytes] = mapped_column(LargeBinary)
    width: Mapped[int] = mapped_column(Integer)
    height: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)


class Membership(Base):
    """One person's place in one organization. ``user_id`` is empty while an invitation to an
    e-mail address without an account is pending; ``email`` is always set."""

    __tablename__ = "memberships"
    __table_args__ = (
        Index("ix_memberships_org_email", "organization_id", "email", unique=True),
        Index("ix_memberships_user_org", "user_id", "organization_id"),
    )

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_id)
    organization_id: Mapped[str] = mapped_column(ForeignKey("organizations.id", ondelete="CASCADE"))
    user_id: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    email: Mapped[str] = mapped_column(String(254))
    role: Mapped[str] = mapped_column(String(16))
    status: Mapped[str] = mapped_column(String(20))
    invited_by: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    joined_at: Mapped[datetime | None]
    last_active_at: Mapped[datetime | None]
    removed_at: Mapped[datetime | None]


class Invitation(Base):
    """An invitation (single use, for one e-mail) or a share link (many join requests).

    Only the SHA-256 of the token is stored; the token itself is shown once to its creator.
    """

    __tablename__ = "invitations"

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_id)
    organization_id: Mapped[str] = mapped_column(
        ForeignKey("organizations.id", ondelete="CASCADE"), index=True
    )
    kind: Mapped[str] = mapped_column(String(8))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    membership_id: Mapped[str | None] = mapped_column(
        ForeignKey("memberships.id", ondelete="CASCADE"), index=True
    )
    email: Mapped[str | None] = mapped_column(String(254))
    role: Mapped[str] = mapped_column(String(16))
    created_by: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime]
    used_at: Mapped[datetime | None]
    revoked_at: Mapped[datetime | None]


class AuditEvent(Base):
    """One security-relevant action (or a refused attempt at one); insert-only."""

    __tablename__ = "audit_events"
    __table_args__ = (Index("ix_audit_events_org_created", "organization_id", "created_at", "id"),)

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_id)
    organization_id: Mapped[str | None] = mapped_column(String(36))
    actor_id: Mapped[str | None] = mapped_column(String(36))
    actor_email: Mapped[str | None] = mapped_column(String(254))
    ip: Mapped[str | None] = mapped_column(String(64))
    action: Mapped[str] = mapped_column(String(64))
    outcome: Mapped[str] = mapped_column(String(16), default="success")
    target_type: Mapped[str | None] = mapped_column(String(32))
    target_id: Mapped[str | None] = mapped_column(String(64))
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    detail: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class Notification(Base):
    __tablename__ = "notifications"
    __table_args__ = (Index("ix_notifications_user_created", "user_id", "created_at", "id"),)

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_id)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    organization_id: Mapped[str | None] = mapped_column(String(36))
    kind: Mapped[str] = mapped_column(String(32))
    message: Mapped[str] = mapped_column(Text)
    data: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    read_at: Mapped[datetime | None]


class OutboundMail(Base):
    """An e-mail waiting to be sent. Written in the transaction of the change it reports, so
    a crash between commit and delivery loses nothing; a sender claims a row by moving
    ``next_attempt_at`` forward and marks it ``sent_at`` once the SMTP server accepted it."""

    __tablename__ = "mail_outbox"
    __table_args__ = (Index("ix_mail_outbox_pending", "sent_at", "next_attempt_at"),)

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_id)
    recipient: Mapped[str] = mapped_column(String(254))
    subject: Mapped[str] = mapped_column(String(300))
    body: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    next_attempt_at: Mapped[datetime] = mapped_column(default=utcnow)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    sent_at: Mapped[datetime | None]
    failed: Mapped[bool] = mapped_column(Boolean, default=False)
    last_error: Mapped[str | None] = mapped_column(Text)
