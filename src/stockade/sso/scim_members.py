"""What a SCIM change does to a membership, and its audit entry.

The ``sso`` package may not import the team layer (``tenancy``), so the few rules SCIM needs
from it are replicated here over the same tables, and kept to exactly what
``tenancy.members`` does:

- deactivating is the team layer's *remove*: status ``Removed``, ``removed_at`` set, and the
  member's organization API keys revoked at once (``tenancy.members._retire``); ``Inactive``
  is not a stored status (it is computed from idle time), so ``Removed`` is the one status
  that ends access and that an Admin can see and reverse;
- reactivating sets ``Active`` with a fresh ``last_active_at`` (else a member removed long
  ago would come back already *Inactive*);
- the Owner is never deactivated, removed or re-roled by SCIM (ownership moves only by a
  transfer), and no group maps to Owner;
- roles are ranked Viewer < Member < Admin (``tenancy.roles``).

Roles come from the organization's SSO connection (``default_role``, and ``role_mapping``
from a group's display name to a role), the same settings SAML and OIDC logins use; without
a connection every provisioned member is a Member.

Seats are not checked: SCIM needs the Enterprise plan, whose member count is unlimited.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from scim2_models import ForbiddenException
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from stockade.store.models import ApiKey
from stockade.store.scim_models import ScimGroup, ScimGroupMember, ScimToken
from stockade.store.sso_models import SsoConnection
from stockade.store.tenancy_models import ACTIVE, REMOVED, AuditEvent, Membership

OWNER = "Owner"
# Roles a group may map to, lowest first (the Owner role is given only by a transfer).
MAPPABLE = ("Viewer", "Member", "Admin")
# The role of a provisioned member no mapped group names when the organization has no SSO
# connection (whose ``default_role`` wins otherwise). API.md: never above Member unless mapped.
DEFAULT_ROLE = "Member"


@dataclass(frozen=True)
class Actor:
    """Who makes a SCIM change: the token (and the address it came from), for the audit log."""

    token: ScimToken
    ip: str | None
    now: datetime

    def audit(self, session: Session, action: str, **values: Any) -> None:
        session.add(
            AuditEvent(
                organization_id=self.token.organization_id,
                actor_id=None,
                actor_email=None,
                ip=self.ip,
                action=action,
                detail=f"SCIM token {self.token.name!r} ({self.token.id})",
                created_at=self.now,
                **values,
            )
        )


def _not_owner(row: Membership, what: str) -> None:
    if row.role == OWNER:
        raise ForbiddenException(
            detail=f"the organization's Owner cannot be {what} through SCIM; "
            "transfer ownership in Stockade first"
        )


def deactivate(session: Session, actor: Actor, row: Membership, action: str) -> bool:
    """End the member's access (status Removed, organization API keys revoked); False when
    there was nothing to end."""
    if row.status != ACTIVE:
        return False
    _not_owner(row, "deactivated")
    before = row.status
    row.status, row.removed_at = REMOVED, actor.now
    if row.user_id is not None:
        session.execute(
            update(ApiKey)
            .where(
                ApiKey.organization_id == row.organization_id,
                ApiKey.user_id == row.user_id,
                ApiKey.revoked_at.is_(None),
            )
            .values(revoked_at=actor.now)
        )
    actor.audit(
        session,
        action,
        target_type="member",
        target_id=row.user_id,
        before={"status": before, "role": row.role},
        after={"status": REMOVED},
    )
    return True


def activate(session: Session, actor: Actor, row: Membership, action: str) -> bool:
    """Give the member access again (Active, not idle); False when they already had it."""
    if row.status == ACTIVE:
        return False
    before = row.status
    row.status, row.removed_at = ACTIVE, None
    row.joined_at = row.joined_at or actor.now
    row.last_active_at = actor.now
    actor.audit(
        session,
        action,
        target_type="member",
        target_id=row.user_id,
        before={"status": before},
        after={"status": ACTIVE, "role": row.role},
    )
    return True


def _connection(session: Session, organization_id: str) -> SsoConnection | None:
    return session.get(SsoConnection, organization_id)


def default_role(session: Session, organization_id: str) -> str:
    """The SSO connection's ``default_role`` (at most Member), else Member."""
    connection = _connection(session, organization_id)
    role = connection.default_role if connection is not None else DEFAULT_ROLE
    return role if role in MAPPABLE[:2] else DEFAULT_ROLE


def mapped_role(session: Session, organization_id: str, scim_user_id: str) -> str | None:
    """The highest role the SSO ``role_mapping`` gives one of the SCIM user's groups (by
    display name), None when none of them is mapped."""
    connection = _connection(session, organization_id)
    mapping = connection.role_mapping if connection is not None else {}
    if not mapping:
        return None
    query = (
        select(ScimGroup.display_name)
        .join(ScimGroupMember, ScimGroupMember.group_id == ScimGroup.id)
        .where(ScimGroupMember.scim_user_id == scim_user_id)
    )
    roles = [mapping.get(name) for name in session.scalars(query)]
    valid = [r for r in roles if isinstance(r, str) and r in MAPPABLE]
    return max(valid, key=MAPPABLE.index) if valid else None


def sync_role(session: Session, actor: Actor, scim_user_id: str, row: Membership) -> None:
    """Set the member's role from their groups (the default role when none maps one); the
    Owner keeps theirs. Called whenever the SCIM user's group membership changes."""
    if row.role == OWNER:
        return
    org = row.organization_id
    role = mapped_role(session, org, scim_user_id) or default_role(session, org)
    if role == row.role:
        return
    before, row.role = row.role, role
    actor.audit(
        session,
        "scim.member.role_change",
        target_type="member",
        target_id=row.user_id,
        before={"role": before},
        after={"role": role},
    )


def guard_removal(row: Membership) -> None:
    _not_owner(row, "removed")
