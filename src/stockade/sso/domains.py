"""E-mail domains an organization claims: verification by an Owner, and discovery.

A verified domain does two things: ``POST /api/v1/auth/sso/discover`` routes an address at
it to the organization's IdP, and SSO logins may provision accounts only at verified
domains (an IdP cannot mint an account for someone else's address).

Verification needs no DNS (an offline instance cannot look up a TXT record): an Owner of the
organization whose own account e-mail is at that domain confirms it. A domain is verified
for at most one organization at a time.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from stockade.sso.config import domain_name
from stockade.sso.errors import SsoAccessDeniedError, SsoConflictError, SsoNotConfiguredError
from stockade.store.sso_models import SsoConnection, SsoDomain
from stockade.store.types import utcnow


def of_email(email: str) -> str | None:
    local, at, domain = email.strip().lower().rpartition("@")
    return domain.rstrip(".") if at and local and domain else None


def verify(
    session: Session,
    organization_id: str,
    domain: str,
    *,
    user_id: str,
    user_email: str,
    now: datetime | None = None,
) -> SsoDomain:
    """Mark ``domain`` verified for the organization by the acting Owner."""
    name = domain_name(domain)
    row = session.get(SsoDomain, (organization_id, name))
    if row is None:
        raise SsoNotConfiguredError(
            "domain_not_claimed", f"{name} is not among the organization's SSO domains"
        )
    if of_email(user_email) != name:
        raise SsoAccessDeniedError(
            "domain_email_mismatch",
            f"only an Owner whose own e-mail address is at {name} can verify it",
        )
    taken = session.scalars(
        select(SsoDomain).where(
            SsoDomain.domain == name,
            SsoDomain.organization_id != organization_id,
            SsoDomain.verified_at.is_not(None),
        )
    ).first()
    if taken is not None:
        raise SsoConflictError("domain_taken", f"{name} is verified by another organization")
    if row.verified_at is None:
        row.verified_at, row.verified_by = now or utcnow(), user_id
    return row


def organization_for(session: Session, email: str) -> str | None:
    """The organization whose verified domain the address is at and that has a connection."""
    domain = of_email(email)
    if domain is None:
        return None
    query = (
        select(SsoDomain.organization_id)
        .join(SsoConnection, SsoConnection.organization_id == SsoDomain.organization_id)
        .where(SsoDomain.domain == domain, SsoDomain.verified_at.is_not(None))
    )
    return session.scalars(query).first()
