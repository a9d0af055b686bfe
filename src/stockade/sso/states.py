"""Logins in flight and one-time values: the server-side half of ``state``, ``nonce``, PKCE,
SAML ``InResponseTo`` and the assertion replay cache.

Every value here is single use. A state is consumed by one conditional ``UPDATE`` (unused,
unexpired, this organization), so two callbacks racing with the same state cannot both win;
a replay key is a primary key, so the second insert of an assertion id fails in the
database, not in a read-then-write window. Only the SHA-256 of a state is stored: the value
itself lives in the browser (query string and a cookie), so a database copy cannot be used
to complete someone's login.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from stockade.sso.errors import SsoStateError
from stockade.store.sso_models import SAML, SsoLoginState, SsoReplay
from stockade.store.types import utcnow

# Long enough to type a password and a second factor at the IdP, short enough that a
# leaked state is worthless soon.
STATE_LIFETIME = timedelta(minutes=10)


@dataclass(frozen=True)
class Pending:
    """What the callback needs of the login it completes."""

    organization_id: str
    protocol: str
    nonce: str | None
    code_verifier: str | None
    return_to: str | None
    request_id: str | None


def digest(state: str) -> str:
    return hashlib.sha256(state.encode("utf-8")).hexdigest()


def begin(
    session: Session,
    organization_id: str,
    protocol: str,
    *,
    nonce: str | None = None,
    code_verifier: str | None = None,
    return_to: str | None = None,
    request_id: str | None = None,
    now: datetime | None = None,
) -> str:
    """Record a login about to be sent to the IdP; returns the new ``state`` value."""
    moment = now or utcnow()
    state = secrets.token_urlsafe(32)
    session.add(
        SsoLoginState(
            state_hash=digest(state),
            organization_id=organization_id,
            protocol=protocol,
            nonce=nonce,
            code_verifier=code_verifier,
            return_to=return_to,
            request_id=request_id,
            created_at=moment,
            expires_at=moment + STATE_LIFETIME,
        )
    )
    session.flush()
    return state


def consume(
    session: Session, organization_id: str, state: str | None, *, now: datetime | None = None
) -> Pending:
    """The pending login of ``state``, marked used; refused when missing, unknown, expired,
    already used or begun for another organization (all alike, on purpose)."""
    if not state:
        raise SsoStateError("sso_state_missing", "the callback carries no state")
    moment = now or utcnow()
    key = digest(state)
    claimed = session.execute(
        update(SsoLoginState)
        .where(
            SsoLoginState.state_hash == key,
            SsoLoginState.organization_id == organization_id,
            SsoLoginState.used_at.is_(None),
            SsoLoginState.expires_at > moment,
        )
        .values(used_at=moment)
        .execution_options(synchronize_session=False)
    )
    if getattr(claimed, "rowcount", 0) != 1:
        raise SsoStateError(
            "sso_state_invalid", "the login state is unknown, expired or already used"
        )
    row = session.get(SsoLoginState, key)
    assert row is not None
    return Pending(
        row.organization_id,
        row.protocol,
        row.nonce,
        row.code_verifier,
        row.return_to,
        row.request_id,
    )


def attach_request(session: Session, state: str, request_id: str) -> None:
    """Name the SAML AuthnRequest a login sent: its ID is only known once the request is
    built, and the request carries the state (as ``RelayState``) already."""
    session.execute(
        update(SsoLoginState)
        .where(SsoLoginState.state_hash == digest(state))
        .values(request_id=request_id)
        .execution_options(synchronize_session=False)
    )


def remember_request(
    session: Session,
    organization_id: str,
    request_id: str,
    *,
    return_to: str | None = None,
    now: datetime | None = None,
) -> str:
    """A SAML AuthnRequest sent: its ID is what the response's ``InResponseTo`` must name.
    Returns the ``RelayState`` to send along with it."""
    return begin(
        session, organization_id, SAML, return_to=return_to, request_id=request_id, now=now
    )


def consume_request(
    session: Session, organization_id: str, request_id: str | None, *, now: datetime | None = None
) -> Pending:
    """The pending SAML login whose AuthnRequest had ``request_id``, marked used; refused
    when unknown (unsolicited), expired, already answered or another organization's."""
    if not request_id:
        raise SsoStateError("sso_state_missing", "the response answers no request")
    moment = now or utcnow()
    row = session.scalars(
        select(SsoLoginState).where(SsoLoginState.request_id == request_id)
    ).first()
    if row is None:
        raise SsoStateError("sso_state_invalid", "the response answers no request of ours")
    claimed = session.execute(
        update(SsoLoginState)
        .where(
            SsoLoginState.state_hash == row.state_hash,
            SsoLoginState.organization_id == organization_id,
            SsoLoginState.protocol == SAML,
            SsoLoginState.used_at.is_(None),
            SsoLoginState.expires_at > moment,
        )
        .values(used_at=moment)
        .execution_options(synchronize_session=False)
    )
    if getattr(claimed, "rowcount", 0) != 1:
        raise SsoStateError(
            "sso_state_invalid", "the request is expired, already answered or not ours"
        )
    return Pending(organization_id, SAML, None, None, row.return_to, request_id)


def remember_assertion(
    session: Session, organization_id: str, key: str, expires_at: datetime
) -> bool:
    """Record a one-time value (a SAML assertion id); False when it was seen before.

    Kept until ``expires_at`` (the assertion's own end of validity, after which it would be
    refused anyway). The insert runs in a savepoint, so a duplicate leaves the caller's
    transaction usable."""
    stored = digest(f"{organization_id}:{key}")  # bounded length, one namespace per org
    try:
        with session.begin_nested():
            session.add(
                SsoReplay(key=stored, organization_id=organization_id, expires_at=expires_at)
            )
            session.flush()
    except IntegrityError:
        return False
    return True


def purge(session: Session, *, now: datetime | None = None) -> int:
    """Delete expired login states and replay keys; returns how many rows went."""
    moment = now or utcnow()
    # A used state is kept until it expires, so a replayed callback is still recognised.
    gone = session.execute(delete(SsoLoginState).where(SsoLoginState.expires_at <= moment))
    spent = session.execute(delete(SsoReplay).where(SsoReplay.expires_at <= moment))
    return int(getattr(gone, "rowcount", 0) or 0) + int(getattr(spent, "rowcount", 0) or 0)
