"""The per-organization SCIM bearer tokens: issue, list, revoke and authenticate.

A token is ``stk_scim_`` plus 43 random URL-safe characters; only its SHA-256 is stored,
so the Owner who creates it sees it once. Looking a token up by its hash is an index probe
on a value an attacker cannot choose to collide, so no constant-time comparison is needed
beyond the database's equality.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from stockade.store.scim_models import ScimToken

PREFIX = "stk_scim_"
# ``last_used_at`` is written at most this often: every SCIM call would otherwise write.
TOUCH_INTERVAL = timedelta(seconds=60)


@dataclass(frozen=True)
class Issued:
    """A new token: ``token`` is returned to its creator once and never stored."""

    row: ScimToken
    token: str


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def issue(
    session: Session, organization_id: str, name: str, created_by: str | None, now: datetime
) -> Issued:
    token = PREFIX + secrets.token_urlsafe(32)
    row = ScimToken(
        organization_id=organization_id,
        name=name,
        token_hash=digest(token),
        last_four=token[-4:],
        created_by=created_by,
        created_at=now,
    )
    session.add(row)
    session.flush()
    return Issued(row, token)


def listing(session: Session, organization_id: str) -> Sequence[ScimToken]:
    """The organization's tokens, revoked ones included (the audit trail of who had access)."""
    query = (
        select(ScimToken)
        .where(ScimToken.organization_id == organization_id)
        .order_by(ScimToken.created_at.desc(), ScimToken.id)
    )
    return session.scalars(query).all()


def find(session: Session, organization_id: str, token_id: str) -> ScimToken | None:
    row = session.get(ScimToken, token_id)
    return row if row is not None and row.organization_id == organization_id else None


def revoke(row: ScimToken, now: datetime) -> bool:
    """Revoke ``row``; False when it already was (revoking twice changes nothing)."""
    if row.revoked_at is not None:
        return False
    row.revoked_at = now
    return True


def lookup(session: Session, token: str) -> ScimToken | None:
    """The live token row for ``token``, or None (unknown, malformed or revoked); reads
    only (the rate limiter asks before the route authenticates)."""
    if not token.startswith(PREFIX) or len(token) > 128:
        return None
    row = session.scalars(select(ScimToken).where(ScimToken.token_hash == digest(token))).first()
    return None if row is None or row.revoked_at is not None else row


def authenticate(session: Session, token: str, now: datetime) -> ScimToken | None:
    """:func:`lookup`, and the token's ``last_used_at`` brought up to date."""
    row = lookup(session, token)
    if row is None:
        return None
    if row.last_used_at is None or now - row.last_used_at > TOUCH_INTERVAL:
        row.last_used_at = now
    return row
