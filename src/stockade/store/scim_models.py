"""Tables of SCIM provisioning: per-organization bearer tokens, the link between a SCIM User
resource and a membership, and the groups an identity provider pushes.

A SCIM User is not a Stockade account: one account may belong to several organizations, and
each organization's identity provider sees only its own link row (:class:`ScimUser`), whose
id is the SCIM ``id``. Deleting the SCIM resource removes the link and the membership's
access, never the account. Whether the member is ``active`` is read from the membership's
status, so SCIM and the members API can never disagree about it.

Tokens are stored as SHA-256 only; the token itself is shown once to the Owner who made it.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from stockade.store.models import Base
from stockade.store.types import new_id, utcnow


class ScimToken(Base):
    __tablename__ = "scim_tokens"

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_id)
    organization_id: Mapped[str] = mapped_column(
        ForeignKey("organizations.id", ondelete="CASCADE"), index=True
    )
    name: Mapped[str] = mapped_column(String(100))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    last_four: Mapped[str] = mapped_column(String(4))
    created_by: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    last_used_at: Mapped[datetime | None]
    revoked_at: Mapped[datetime | None]


class ScimUser(Base):
    """One provisioned member as the identity provider sees it (``id`` is the SCIM id)."""

    __tablename__ = "scim_users"
    __table_args__ = (
        # userName is unique per organization, compared case-insensitively (RFC 7643 §4.1.1).
        Index("ix_scim_users_org_user_name", "organization_id", "user_name_key", unique=True),
        Index("ix_scim_users_org_external", "organization_id", "external_id"),
    )

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_id)
    organization_id: Mapped[str] = mapped_column(ForeignKey("organizations.id", ondelete="CASCADE"))
    membership_id: Mapped[str] = mapped_column(
        ForeignKey("memberships.id", ondelete="CASCADE"), unique=True
    )
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    user_name: Mapped[str] = mapped_column(String(254))
    user_name_key: Mapped[str] = mapped_column(String(254))
    external_id: Mapped[str | None] = mapped_column(String(255))
    given_name: Mapped[str | None] = mapped_column(String(200))
    family_name: Mapped[str | None] = mapped_column(String(200))
    email: Mapped[str] = mapped_column(String(254))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)


class ScimGroup(Base):
    """A group pushed by the identity provider. The role its members get comes from the
    organization's SSO ``role_mapping`` (by display name), so SAML/OIDC logins and SCIM
    agree on one mapping."""

    __tablename__ = "scim_groups"
    __table_args__ = (
        Index("ix_scim_groups_org_display_name", "organization_id", "display_name", unique=True),
    )

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_id)
    organization_id: Mapped[str] = mapped_column(ForeignKey("organizations.id", ondelete="CASCADE"))
    display_name: Mapped[str] = mapped_column(String(255))
    external_id: Mapped[str | None] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)


class ScimGroupMember(Base):
    __tablename__ = "scim_group_members"

    group_id: Mapped[str] = mapped_column(
        ForeignKey("scim_groups.id", ondelete="CASCADE"), primary_key=True
    )
    scim_user_id: Mapped[str] = mapped_column(
        ForeignKey("scim_users.id", ondelete="CASCADE"), primary_key=True, index=True
    )
