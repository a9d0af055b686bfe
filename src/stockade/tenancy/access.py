"""Who may do what in an organization: the one check every organization resource goes through.

:func:`resolve` turns an :class:`Actor` and an organization id into an :class:`Access`, or
refuses. Its order is deliberate:

1. not a member (never was, invited, pending, removed), or an API key scoped to another
   organization: :class:`NotFoundError`, exactly as for an organization that does not exist;
2. the organization's IP allow-list, then its SSO enforcement, then its session timeout, then
   its 2FA requirement;
3. an Active member idle for more than 30 days is Inactive until an Admin reactivates them;
4. the permission matrix, with an organization API key's role capped at its creator's role.

Refusals in steps 2–4 carry an audit record, so a denied attempt is on the log.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from stockade.core.plans import limits
from stockade.store.models import ApiKey
from stockade.store.sso_models import SsoConnection, SsoSession
from stockade.store.tenancy_models import ACTIVE, INACTIVE, Membership, Organization
from stockade.store.types import utcnow
from stockade.tenancy.audit import DENIED, AuditRecord
from stockade.tenancy.errors import AccessDeniedError, NotFoundError, SessionExpiredError
from stockade.tenancy.permissions import Permission, allows
from stockade.tenancy.roles import Role, capped, parse_role
from stockade.tenancy.settings import OrgSettings

INACTIVE_AFTER = timedelta(days=30)
# Activity is written at most this often (a write per read would make every GET a write).
TOUCH_INTERVAL = timedelta(seconds=60)


@dataclass(frozen=True)
class Actor:
    """The caller as the team layer sees it.

    ``organization_id``/``role`` are set only for an organization-scoped API key: such a key
    acts in that organization alone, with at most that role. ``idle_seconds`` is how long the
    caller's cookie session was idle before this request (None for API keys).
    """

    user_id: str
    organization_id: str | None = None
    role: str | None = None
    email: str = ""
    ip: str | None = None
    two_factor: bool = False
    idle_seconds: float | None = None
    # How the caller authenticated, for SSO enforcement: the cookie session or the API key
    # (one of them), and whether they are an instance administrator (break-glass).
    session_id: str | None = None
    api_key_id: str | None = None
    instance_admin: bool = False

    def record(self, organization_id: str | None, action: str, **values: object) -> AuditRecord:
        """An audit record of this actor (who and from where filled in)."""
        return AuditRecord(
            organization_id=organization_id,
            action=action,
            actor_id=self.user_id,
            actor_email=self.email or None,
            ip=self.ip,
            **values,  # type: ignore[arg-type]
        )


@dataclass(frozen=True)
class Access:
    """A member's standing in one organization for the current request."""

    organization: Organization
    membership: Membership
    role: Role
    actor: Actor
    settings: OrgSettings = field(repr=False)

    def can(self, permission: Permission) -> bool:
        return allows(self.role, permission)

    def require(self, permission: Permission) -> None:
        if not self.can(permission):
            raise AccessDeniedError(
                "insufficient_role",
                f"the {self.role.value} role may not do this ({permission.value})",
                audit=self.actor.record(
                    self.organization.id, "access.denied", outcome=DENIED, detail=permission.value
                ),
            )


def member_status(membership: Membership, now: datetime) -> str:
    """The spec's status: ``Active`` members idle for more than 30 days are ``Inactive``."""
    if membership.status != ACTIVE:
        return membership.status
    seen = membership.last_active_at or membership.joined_at or membership.created_at
    return INACTIVE if now - seen > INACTIVE_AFTER else ACTIVE


def membership_of(session: Session, organization_id: str, user_id: str) -> Membership | None:
    query = select(Membership).where(
        Membership.organization_id == organization_id, Membership.user_id == user_id
    )
    return session.scalars(query).first()


def active_role(session: Session, user_id: str, organization_id: str) -> str | None:
    """The user's role if they are an Active (not Inactive) member, else None. Used to check
    an organization API key's creator on every use."""
    row = membership_of(session, organization_id, user_id)
    if row is None or member_status(row, utcnow()) != ACTIVE:
        return None
    return row.role


def resolve(
    session: Session,
    actor: Actor,
    organization_id: str,
    permission: Permission | None = None,
    *,
    now: datetime | None = None,
) -> Access:
    """The caller's access to the organization, checked for ``permission``; see the module
    docstring for the order of refusals."""
    now = now or utcnow()
    not_found = NotFoundError("organization_not_found", "no such organization")
    if actor.organization_id is not None and actor.organization_id != organization_id:
        raise not_found
    org = session.get(Organization, organization_id)
    row = membership_of(session, organization_id, actor.user_id) if org is not None else None
    if org is None or row is None or row.status != ACTIVE:
        raise not_found
    settings = OrgSettings.of(org)
    _check_network(actor, org, settings)
    _check_sso(session, actor, org)
    _check_session(actor, org, settings)
    _check_two_factor(actor, org, settings)
    if member_status(row, now) == INACTIVE:
        raise AccessDeniedError(
            "member_inactive",
            "your membership is inactive after more than 30 days without activity; "
            "ask an Admin to reactivate it",
            audit=actor.record(org.id, "access.denied", outcome=DENIED, detail="inactive"),
        )
    role = Role(row.role)
    if actor.role is not None:
        role = capped(parse_role(actor.role) or Role.VIEWER, role)
    access = Access(org, row, role, actor, settings)
    if permission is not None:
        access.require(permission)
    if row.last_active_at is None or now - row.last_active_at > TOUCH_INTERVAL:
        row.last_active_at = now
    return access


def _check_network(actor: Actor, org: Organization, settings: OrgSettings) -> None:
    if not settings.ip_allowlist:
        return
    if not ip_allowed(actor.ip, settings.ip_allowlist):
        raise AccessDeniedError(
            "ip_not_allowed",
            "this organization accepts requests only from its IP allow-list",
            audit=actor.record(org.id, "access.denied", outcome=DENIED, detail="ip_allowlist"),
        )


def ip_allowed(ip: str | None, allowlist: list[str]) -> bool:
    try:
        address = ipaddress.ip_address(ip or "")
    except ValueError:
        return False
    return any(address in ipaddress.ip_network(cidr, strict=False) for cidr in allowlist)


def _check_sso(session: Session, actor: Actor, org: Organization) -> None:
    """An organization that enforces single sign-on (Enterprise) admits a cookie session
    only if it began with an SSO login to this organization, and an API key only if it is
    this organization's own key created after enforcement went on (creating one needs an
    SSO session; a personal key could have been minted from a password session). Instance
    administrators keep access with a password (break-glass)."""
    connection = session.get(SsoConnection, org.id)
    if connection is None or not connection.enforced or actor.instance_admin:
        return
    if not limits(org.plan).enterprise_settings:
        return  # SSO logins are refused off Enterprise; enforcing would lock everyone out
    if actor.api_key_id is not None:
        key = session.get(ApiKey, actor.api_key_id)
        since = connection.enforced_at
        if key is not None and key.organization_id == org.id and since and key.created_at >= since:
            return
    elif actor.session_id is not None:
        born = session.get(SsoSession, actor.session_id)
        if born is not None and born.organization_id == org.id:
            return
    raise AccessDeniedError(
        "sso_required",
        "this organization requires single sign-on: log in at "
        f"/api/v1/auth/sso/{org.id}/login (API keys need to be created after that)",
        audit=actor.record(org.id, "access.denied", outcome=DENIED, detail="sso_required"),
    )


def _check_session(actor: Actor, org: Organization, settings: OrgSettings) -> None:
    if actor.idle_seconds is None:
        return
    if actor.idle_seconds > settings.session_timeout_minutes * 60:
        raise SessionExpiredError(
            "session_expired",
            f"this organization ends sessions after {settings.session_timeout_minutes} "
            "idle minutes; log in again",
        )


def _check_two_factor(actor: Actor, org: Organization, settings: OrgSettings) -> None:
    if settings.require_2fa and not actor.two_factor:
        raise AccessDeniedError(
            "two_factor_required",
            "this organization requires two-factor authentication: enable it with "
            "POST /api/v1/auth/2fa/setup and then POST /api/v1/auth/2fa/enable",
            audit=actor.record(org.id, "access.denied", outcome=DENIED, detail="2fa_required"),
        )
