"""Tables of single sign-on: an organization's identity-provider connection, its claimed
e-mail domains, login states, the replay cache, identity links and SSO-born sessions.

A login state and a replay key are short-lived rows (minutes): a state is consumed once at
the callback, a replay key (a SAML assertion id) is kept until the assertion itself would
have expired, so the same assertion can never be accepted twice. An identity link
(organization, issuer, subject) is what a returning user is recognised by, so an IdP that
lets users change their e-mail address cannot hand one account to another person.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Index, LargeBinary, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from stockade.store.models import Base
from stockade.store.types import new_id, utcnow

OIDC, SAML = "oidc", "saml"
DEMOTE, REMOVE = "demote", "remove"


class SsoConnection(Base):
    """The organization's one identity provider (OpenID Connect or SAML 2.0)."""

    __tablename__ = "sso_connections"

    organization_id: Mapped[str] = mapped_column(
        ForeignKey("organizations.id", ondelete="CASCADE"), primary_key=True
    )
    protocol: Mapped[str] = mapped_column(String(8))
    oidc_issuer: Mapped[str | None] = mapped_column(String(2048))
    oidc_client_id: Mapped[str | None] = mapped_column(String(255))
    # Sealed with the server key (store.crypto); write-only through the API.
    oidc_client_secret: Mapped[bytes | None] = mapped_column(LargeBinary)
    oidc_scopes: Mapped[list[str]] = mapped_column(JSON, default=list)
    saml_idp_metadata: Mapped[str | None] = mapped_column(Text)
    saml_idp_entity_id: Mapped[str | None] = mapped_column(String(1024))
    default_role: Mapped[str] = mapped_column(String(16))
    role_mapping: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    group_claim: Mapped[str] = mapped_column(String(128))
    required_group: Mapped[str | None] = mapped_column(String(255))
    leaver_action: Mapped[str] = mapped_column(String(8))
    enforced: Mapped[bool] = mapped_column(Boolean, default=False)
    # When enforcement last went on: API keys created before it stop working here.
    enforced_at: Mapped[datetime | None]
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)


class SsoDomain(Base):
    """An e-mail domain an organization claims; only a verified one routes logins."""

    __tablename__ = "sso_domains"
    __table_args__ = (Index("ix_sso_domains_domain", "domain"),)

    organization_id: Mapped[str] = mapped_column(
        ForeignKey("organizations.id", ondelete="CASCADE"), primary_key=True
    )
    domain: Mapped[str] = mapped_column(String(253), primary_key=True)
    verified_at: Mapped[datetime | None]
    verified_by: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class SsoLoginState(Base):
    """One login in flight, keyed by the SHA-256 of its ``state`` (the value itself travels
    only in the browser)."""

    __tablename__ = "sso_login_states"
    __table_args__ = (Index("ix_sso_login_states_expires", "expires_at"),)

    state_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    organization_id: Mapped[str] = mapped_column(
        ForeignKey("organizations.id", ondelete="CASCADE"), index=True
    )
    protocol: Mapped[str] = mapped_column(String(8))
    nonce: Mapped[str | None] = mapped_column(String(128))
    code_verifier: Mapped[str | None] = mapped_column(String(128))
    return_to: Mapped[str | None] = mapped_column(String(2048))
    request_id: Mapped[str | None] = mapped_column(String(255), unique=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime]
    used_at: Mapped[datetime | None]


class SsoReplay(Base):
    """A one-time value already accepted (a SAML assertion id, an id_token's ``jti``)."""

    __tablename__ = "sso_replay"
    __table_args__ = (Index("ix_sso_replay_expires", "expires_at"),)

    key: Mapped[str] = mapped_column(String(255), primary_key=True)
    organization_id: Mapped[str] = mapped_column(ForeignKey("organizations.id", ondelete="CASCADE"))
    expires_at: Mapped[datetime]


class SsoIdentity(Base):
    """The link from an IdP account (issuer, subject) to a Stockade user, per organization."""

    __tablename__ = "sso_identities"
    __table_args__ = (
        Index(
            "ix_sso_identities_org_issuer_subject",
            "organization_id",
            "issuer",
            "subject",
            unique=True,
        ),
    )

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_id)
    organization_id: Mapped[str] = mapped_column(ForeignKey("organizations.id", ondelete="CASCADE"))
    issuer: Mapped[str] = mapped_column(String(1024))
    subject: Mapped[str] = mapped_column(String(255))
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    email: Mapped[str] = mapped_column(String(254))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    last_login_at: Mapped[datetime | None]


class SsoSession(Base):
    """A cookie session that began with an SSO login to this organization: the one kind of
    session an enforcing organization accepts."""

    __tablename__ = "sso_sessions"

    session_id: Mapped[str] = mapped_column(
        ForeignKey("sessions.id", ondelete="CASCADE"), primary_key=True
    )
    organization_id: Mapped[str] = mapped_column(
        ForeignKey("organizations.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
