"""Just-in-time membership from an SSO login, role mapping and leavers.

:func:`admit` decides what a validated login (OIDC or SAML alike, a :class:`Login`) means for
the organization and writes it: the identity link, the user, the membership and its role.

Who may be provisioned (each refusal is an :class:`SsoAccessDeniedError`, nothing written):

- A login is recognised by its identity link (organization, issuer, subject), never by
  e-mail alone once linked, so an IdP account renamed to someone else's address does not
  inherit their Stockade account.
- A first login needs an e-mail the IdP says is verified, at one of the organization's
  verified domains: an IdP cannot mint accounts for addresses its organization does not own.
- A first login for an address that already has a Stockade account links to it only if
  that account is already a member of (or invited to) the organization: the organization
  vouched for it. Anyone else would hand the IdP the keys to an account it never managed.
- A Removed member is not re-admitted by SSO; an Admin re-invites them.

Roles: a new member gets the highest role ``role_mapping`` gives their groups, else
``default_role`` (Member or Viewer), or the role they were invited with. An existing member's role follows the mapping when one
of their groups is mapped; the Owner's role is never changed by SSO.

Leavers: with ``required_group`` set, a login without that group is a leaver. ``demote``
makes the member a Viewer (the login continues); ``remove`` marks the membership Removed and
the login is refused. Either way nothing is provisioned for a non-member.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from stockade.sso.domains import of_email
from stockade.sso.errors import SsoAccessDeniedError
from stockade.store.models import User
from stockade.store.sso_models import DEMOTE, SsoConnection, SsoDomain, SsoIdentity
from stockade.store.tenancy_models import ACTIVE, INVITED, PENDING, REMOVED, Membership
from stockade.store.types import utcnow

OWNER, VIEWER = "Owner", "Viewer"
_RANK = {"Viewer": 0, "Member": 1, "Admin": 2, "Owner": 3}
# Accounts created by SSO have no password: this is no argon2 hash, so no password matches.
NO_PASSWORD = "!sso"  # noqa: S105 - a marker, not a secret


@dataclass(frozen=True)
class Login:
    """A validated SSO login, whatever the protocol."""

    issuer: str
    subject: str
    email: str | None
    email_verified: bool
    name: str | None = None
    groups: tuple[str, ...] = ()


@dataclass(frozen=True)
class Event:
    """Something to put on the audit log (the caller writes it: sso does not import the
    team layer)."""

    action: str
    target_id: str
    before: dict[str, Any] | None = None
    after: dict[str, Any] | None = None


@dataclass
class Outcome:
    """What the login came to. ``refused`` is set for a leaver removed just now: the
    removal must commit, and the login is then refused with that code."""

    user: User
    role: str | None
    events: list[Event] = field(default_factory=list)
    refused: str | None = None


def _deny(code: str, message: str) -> SsoAccessDeniedError:
    return SsoAccessDeniedError(code, message)


def mapped_role(connection: SsoConnection, groups: tuple[str, ...]) -> str | None:
    """The highest role the mapping gives any of ``groups``, or None when none is mapped."""
    mapping = connection.role_mapping or {}
    roles = [str(mapping[g]) for g in groups if g in mapping]
    return max(roles, key=_RANK.__getitem__) if roles else None


def _verified(session: Session, organization_id: str, domain: str | None) -> bool:
    if domain is None:
        return False
    row = session.get(SsoDomain, (organization_id, domain))
    return row is not None and row.verified_at is not None


def _membership(session: Session, organization_id: str, user: User) -> Membership | None:
    query = select(Membership).where(
        Membership.organization_id == organization_id,
        (Membership.user_id == user.id) | (Membership.email == user.email),
    )
    return session.scalars(query).first()


def _user(session: Session, connection: SsoConnection, login: Login, now: datetime) -> User:
    """The linked user, or the one this first login links to or creates."""
    org = connection.organization_id
    link = session.scalars(
        select(SsoIdentity).where(
            SsoIdentity.organization_id == org,
            SsoIdentity.issuer == login.issuer,
            SsoIdentity.subject == login.subject,
        )
    ).first()
    if link is not None:
        user = session.get(User, link.user_id)
        assert user is not None  # the link cascades with the user
        link.last_login_at = now
        if login.email:
            link.email = login.email
        return user
    if not login.email or not login.email_verified:
        raise _deny("sso_email_unverified", "the IdP did not assert a verified e-mail address")
    if not _verified(session, org, of_email(login.email)):
        raise _deny(
            "sso_domain_unverified",
            "the e-mail address is not at a domain the organization has verified",
        )
    user = session.scalars(select(User).where(User.email == login.email)).first()
    if user is None:
        user = User(
            email=login.email,
            name=(login.name or "")[:200] or None,
            password_hash=NO_PASSWORD,
            is_admin=False,
            is_active=True,
            totp_enabled=False,
        )
        session.add(user)
        session.flush()
    else:
        row = _membership(session, org, user)
        if row is None or row.status not in (ACTIVE, INVITED, PENDING):
            raise _deny(
                "sso_account_exists",
                "an account with this e-mail exists and is not a member of the organization; "
                "an Admin must invite it before it can sign in with SSO",
            )
    session.add(
        SsoIdentity(
            organization_id=org,
            issuer=login.issuer,
            subject=login.subject,
            user_id=user.id,
            email=login.email,
            created_at=now,
            last_login_at=now,
        )
    )
    return user


def admit(
    session: Session, connection: SsoConnection, login: Login, *, now: datetime | None = None
) -> Outcome:
    """Apply ``login`` to the organization (see the module docstring); raises
    :class:`SsoAccessDeniedError` for a login that is not admitted."""
    moment = now or utcnow()
    org = connection.organization_id
    user = _user(session, connection, login, moment)
    if not user.is_active:
        raise _deny("sso_account_disabled", "the account is disabled")
    row = _membership(session, org, user)
    leaver = connection.required_group is not None and connection.required_group not in login.groups
    if leaver:
        return _leaver(connection, user, row, moment)
    mapped = mapped_role(connection, login.groups)
    outcome = Outcome(user, None)
    if row is None or row.status in (INVITED, PENDING):
        # An invitation's role was an Admin's explicit choice; only a mapping overrides it.
        role = mapped or (row.role if row is not None else connection.default_role)
        if row is None:
            row = Membership(organization_id=org, email=user.email, created_at=moment)
            session.add(row)
        row.user_id, row.role, row.status = user.id, role, ACTIVE
        row.joined_at, row.last_active_at = moment, moment
        outcome.events.append(Event("member.sso_provisioned", user.id, after={"role": role}))
    elif row.status == REMOVED:
        raise _deny(
            "sso_member_removed",
            "this member was removed from the organization; an Admin must re-invite them",
        )
    elif mapped is not None and row.role not in (OWNER, mapped):
        before = row.role
        row.role = mapped
        outcome.events.append(
            Event(
                "member.sso_role_changed", user.id, before={"role": before}, after={"role": mapped}
            )
        )
    outcome.role = row.role
    user.last_login_at = moment
    session.flush()
    return outcome


def _leaver(
    connection: SsoConnection, user: User, row: Membership | None, now: datetime
) -> Outcome:
    if row is None or row.status != ACTIVE:
        raise _deny("sso_not_in_group", "the IdP does not put this account in the organization")
    if row.role == OWNER:
        # The Owner is never demoted or removed by an IdP; the login alone is refused.
        raise _deny("sso_not_in_group", "the IdP no longer puts this account in the organization")
    outcome = Outcome(user, row.role)
    before = {"role": row.role, "status": row.status}
    if connection.leaver_action == DEMOTE:
        if row.role != VIEWER:
            row.role = VIEWER
            outcome.events.append(
                Event("member.sso_demoted", user.id, before=before, after={"role": VIEWER})
            )
        outcome.role = VIEWER
        user.last_login_at = now
        return outcome
    row.status, row.removed_at = REMOVED, now
    outcome.events.append(
        Event("member.sso_removed", user.id, before=before, after={"status": REMOVED})
    )
    outcome.role = None
    outcome.refused = "sso_access_revoked"
    return outcome
