"""Members and their lifecycle: invite, resend, cancel, change role, remove, approve, deny,
reactivate, reinvite, accept, join through a share link, and leave.

The spec's state table decides which action is allowed in which status; anything else is a
:class:`StateConflictError` (``invalid_member_state``). Who may act on whom follows delegation
(:func:`stockade.tenancy.roles.can_grant`): the Owner manages Admins and below, an Admin
manages Members and Viewers, nobody manages the Owner except by transfer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from stockade.core.plans import limits
from stockade.store.models import ApiKey, User
from stockade.store.tenancy_models import (
    ACTIVE,
    INACTIVE,
    INVITE,
    INVITED,
    PENDING,
    REMOVED,
    SHARE,
    Invitation,
    Membership,
    Organization,
)
from stockade.tenancy import notifications
from stockade.tenancy.access import Access, member_status
from stockade.tenancy.errors import (
    AccessDeniedError,
    GoneError,
    InvalidInputError,
    NotFoundError,
    StateConflictError,
)
from stockade.tenancy.permissions import Permission
from stockade.tenancy.roles import Role, can_grant, parse_role
from stockade.tenancy.unit import INVITE_LINK, JOIN_LINK, Unit, new_token, token_hash

INVITATION_VALIDITY = timedelta(days=7)
# Statuses that hold a seat against the plan's member limit.
SEATED = (INVITED, ACTIVE, PENDING)


@dataclass(frozen=True)
class Issued:
    """A freshly issued invitation or share link: the token is shown once, never stored."""

    token: str
    url: str
    expires_at: datetime


@dataclass(frozen=True)
class Invited:
    membership: Membership
    invitation: Issued


def listing(
    unit: Unit, access: Access, *, status: str | None, after: str | None, limit: int
) -> Sequence[Membership]:
    """Members by e-mail; ``status`` filters by the spec's status (Inactive is computed)."""
    access.require(Permission.SETTINGS_VIEW)
    query = select(Membership).where(Membership.organization_id == access.organization.id)
    if status is not None:
        stored = ACTIVE if status == INACTIVE else status
        query = query.where(Membership.status == stored)
        if status in (ACTIVE, INACTIVE):
            cutoff = unit.now - timedelta(days=30)
            seen = func.coalesce(Membership.last_active_at, Membership.joined_at)
            query = query.where(seen < cutoff if status == INACTIVE else seen >= cutoff)
    if after is not None:
        query = query.where(Membership.email > after)
    return unit.session.scalars(query.order_by(Membership.email).limit(limit)).all()


def find(session: Session, organization_id: str, ref: str) -> Membership | None:
    """A member by user id, or by membership id (an invitee without an account has none)."""
    query = select(Membership).where(
        Membership.organization_id == organization_id,
        (Membership.user_id == ref) | (Membership.id == ref),
    )
    return session.scalars(query).first()


def _target(unit: Unit, access: Access, ref: str, action: str, *allowed: str) -> Membership:
    """The member a managing action is about: the caller may manage members and this one
    (delegation), it is not the caller, and (when ``allowed`` is given) its status allows
    the action."""
    access.require(Permission.MEMBERS_MANAGE)
    row = find(unit.session, access.organization.id, ref)
    if row is None:
        raise NotFoundError("member_not_found", "no such member")
    if row.user_id == unit.actor.user_id:
        raise StateConflictError(
            "cannot_manage_self",
            "use leave, or ask another Admin",
            audit=unit.denied(access.organization.id, action, "self"),
        )
    if not can_grant(access.role, Role(row.role)):
        raise AccessDeniedError(
            "role_above_caller",
            f"a {access.role.value} cannot manage a member whose role is {row.role}",
            audit=unit.denied(access.organization.id, action, "role_above_caller"),
        )
    if allowed:
        _expect(row, unit.now, *allowed)
    return row


def _tell(
    unit: Unit, row: Membership, kind: str, message: str, data: dict[str, str] | None = None
) -> None:
    """Notify the member ``row`` is about (in-app, and by e-mail when SMTP is configured)."""
    unit.notifier.send(
        kind=kind,
        message=message,
        organization_id=row.organization_id,
        user_id=row.user_id,
        address=row.email,
        data=data,
    )


def _expect(row: Membership, now: datetime, *allowed: str) -> str:
    status = member_status(row, now)
    if status not in allowed:
        raise StateConflictError(
            "invalid_member_state",
            f"not allowed while the member is {status} (allowed: {', '.join(allowed)})",
        )
    return status


def _role(unit: Unit, access: Access, value: str, action: str) -> Role:
    role = parse_role(value)
    if role is None:
        raise InvalidInputError("invalid_role", f"unknown role {value!r}")
    if role is Role.OWNER:
        raise InvalidInputError(
            "invalid_role", "the Owner role is given only by transferring ownership"
        )
    if not can_grant(access.role, role):
        raise AccessDeniedError(
            "role_above_caller",
            f"a {access.role.value} cannot grant the {role.value} role",
            audit=unit.denied(access.organization.id, action, "role_above_caller"),
        )
    return role


def _seat(unit: Unit, org: Organization, action: str, *, besides: str | None = None) -> None:
    """Refuse when the plan's member limit is reached (``besides``: a row already counted
    that is only changing status)."""
    cap = limits(org.plan).max_members
    if cap is None:
        return
    query = (
        select(func.count())
        .select_from(Membership)
        .where(Membership.organization_id == org.id, Membership.status.in_(SEATED))
    )
    if besides is not None:
        query = query.where(Membership.id != besides)
    seated = unit.session.scalar(query)
    if (seated or 0) >= cap:
        raise StateConflictError(
            "member_limit_reached",
            f"the {org.plan} plan allows up to {cap} members; ask an instance administrator "
            "for a larger plan",
            audit=unit.denied(org.id, action, "member_limit_reached"),
        )


def _issue(
    unit: Unit, org: Organization, row: Membership | None, kind: str, role: str, email: str | None
) -> Issued:
    """A new token for ``row`` (earlier unused ones revoked) or a new share link."""
    token, digest = new_token()
    expires = unit.now + INVITATION_VALIDITY
    revoke = update(Invitation).where(
        Invitation.organization_id == org.id,
        Invitation.used_at.is_(None),
        Invitation.revoked_at.is_(None),
    )
    if row is not None:
        revoke = revoke.where(Invitation.membership_id == row.id)
    else:
        revoke = revoke.where(Invitation.kind == SHARE)
    unit.session.execute(revoke.values(revoked_at=unit.now))
    unit.session.add(
        Invitation(
            organization_id=org.id,
            kind=kind,
            token_hash=digest,
            membership_id=row.id if row is not None else None,
            email=email,
            role=role,
            created_by=unit.actor.user_id,
            created_at=unit.now,
            expires_at=expires,
        )
    )
    link = unit.link(INVITE_LINK if kind == INVITE else JOIN_LINK, token)
    return Issued(token, link, expires)


def _notify_invitee(unit: Unit, org: Organization, row: Membership, issued: Issued) -> None:
    user = unit.session.scalars(select(User).where(User.email == row.email)).first()
    unit.notifier.send(
        kind=notifications.INVITATION,
        message=f"You are invited to join {org.name} as {row.role}",
        organization_id=org.id,
        user_id=user.id if user else None,
        address=row.email,
        data={"url": issued.url, "role": row.role, "expires_at": issued.expires_at.isoformat()},
    )


def invite(unit: Unit, access: Access, email: str, role_name: str) -> Invited:
    access.require(Permission.MEMBERS_MANAGE)
    org = access.organization
    role = _role(unit, access, role_name, "member.invite")
    address = email.strip().lower()
    row = unit.session.scalars(
        select(Membership).where(Membership.organization_id == org.id, Membership.email == address)
    ).first()
    if row is not None and row.status != REMOVED:
        raise StateConflictError(
            "already_member", f"{address} is already {member_status(row, unit.now)} here"
        )
    _seat(unit, org, "member.invite")
    if row is None:
        user = unit.session.scalars(select(User).where(User.email == address)).first()
        row = Membership(
            organization_id=org.id,
            email=address,
            created_at=unit.now,
            user_id=user.id if user else None,
        )
        unit.session.add(row)
    before = {"status": row.status, "role": row.role} if row.status else None
    row.role, row.status, row.invited_by = role.value, INVITED, unit.actor.user_id
    row.removed_at = None
    unit.session.flush()
    issued = _issue(unit, org, row, INVITE, role.value, address)
    _notify_invitee(unit, org, row, issued)
    unit.audit(
        org.id,
        "member.reinvite" if before else "member.invite",
        target_type="member",
        target_id=row.user_id or row.id,
        before=before,
        after={"email": address, "role": role.value, "status": INVITED},
    )
    return Invited(row, issued)


def resend(unit: Unit, access: Access, ref: str) -> Invited:
    row = _target(unit, access, ref, "member.resend", INVITED)
    issued = _issue(unit, access.organization, row, INVITE, row.role, row.email)
    _notify_invitee(unit, access.organization, row, issued)
    unit.audit(
        access.organization.id,
        "member.resend",
        target_type="member",
        target_id=row.user_id or row.id,
    )
    return Invited(row, issued)


def reinvite(unit: Unit, access: Access, ref: str, role_name: str | None) -> Invited:
    row = _target(unit, access, ref, "member.reinvite", REMOVED)
    return invite(unit, access, row.email, role_name or row.role)


def change_role(unit: Unit, access: Access, ref: str, role_name: str) -> Membership:
    row = _target(unit, access, ref, "member.role_change")
    role = _role(unit, access, role_name, "member.role_change")
    _expect(row, unit.now, ACTIVE, INACTIVE, INVITED, PENDING)
    before = row.role
    row.role = role.value
    unit.audit(
        access.organization.id,
        "member.role_change",
        target_type="member",
        target_id=row.user_id or row.id,
        before={"role": before},
        after={"role": role.value},
    )
    _tell(
        unit,
        row,
        notifications.ROLE_CHANGED,
        f"Your role in {access.organization.name} is now {role.value}",
        {"from": before, "to": role.value},
    )
    return row


def remove(unit: Unit, access: Access, ref: str) -> None:
    """Remove an Active or Inactive member (access ends at once, their organization keys are
    revoked, their scans stay), or cancel an Invited one."""
    row = _target(unit, access, ref, "member.remove")
    status = _expect(row, unit.now, ACTIVE, INACTIVE, INVITED)
    org = access.organization
    if status == INVITED:
        unit.audit(
            org.id,
            "member.cancel",
            target_type="member",
            target_id=row.user_id or row.id,
            before={"email": row.email},
        )
        unit.session.delete(row)
        return
    _retire(unit, org, row)
    unit.audit(
        org.id,
        "member.remove",
        target_type="member",
        target_id=row.user_id,
        before={"role": row.role, "status": status},
        after={"status": REMOVED},
    )
    _tell(unit, row, notifications.REMOVED, f"You were removed from {org.name}")


def _retire(unit: Unit, org: Organization, row: Membership) -> None:
    row.status = REMOVED
    row.removed_at = unit.now
    if row.user_id is not None:
        unit.session.execute(
            update(ApiKey)
            .where(
                ApiKey.organization_id == org.id,
                ApiKey.user_id == row.user_id,
                ApiKey.revoked_at.is_(None),
            )
            .values(revoked_at=unit.now)
        )


def approve(unit: Unit, access: Access, ref: str, role_name: str | None) -> Membership:
    row = _target(unit, access, ref, "member.approve", PENDING)
    if role_name is not None:
        row.role = _role(unit, access, role_name, "member.approve").value
    org = access.organization
    _seat(unit, org, "member.approve", besides=row.id)
    row.status, row.joined_at, row.last_active_at = ACTIVE, unit.now, unit.now
    unit.audit(
        org.id,
        "member.approve",
        target_type="member",
        target_id=row.user_id,
        after={"role": row.role, "status": ACTIVE},
    )
    _tell(
        unit,
        row,
        notifications.JOIN_APPROVED,
        f"Your request to join {org.name} was approved ({row.role})",
    )
    return row


def deny(unit: Unit, access: Access, ref: str) -> None:
    row = _target(unit, access, ref, "member.deny", PENDING)
    org = access.organization
    unit.audit(
        org.id,
        "member.deny",
        target_type="member",
        target_id=row.user_id,
        before={"email": row.email, "status": PENDING},
    )
    _tell(unit, row, notifications.JOIN_DENIED, f"Your request to join {org.name} was declined")
    unit.session.delete(row)


def reactivate(unit: Unit, access: Access, ref: str) -> Membership:
    row = _target(unit, access, ref, "member.reactivate", INACTIVE)
    row.last_active_at = unit.now
    unit.audit(
        access.organization.id,
        "member.reactivate",
        target_type="member",
        target_id=row.user_id,
        before={"status": INACTIVE},
        after={"status": ACTIVE},
    )
    return row


def share_link(unit: Unit, access: Access) -> Issued:
    """A link anyone logged in can use to ask to join (Pending Approval, role Member);
    issuing a new one revokes the previous link."""
    access.require(Permission.MEMBERS_MANAGE)
    issued = _issue(unit, access.organization, None, SHARE, Role.MEMBER.value, None)
    unit.audit(
        access.organization.id,
        "share_link.create",
        target_type="organization",
        target_id=access.organization.id,
    )
    return issued


def _invitation(unit: Unit, token: str, kind: str) -> Invitation:
    row = unit.session.scalars(
        select(Invitation).where(Invitation.token_hash == token_hash(token))
    ).first()
    if row is None or row.kind != kind:
        raise NotFoundError("invitation_not_found", "no such invitation")
    return _usable(unit, row)


def _usable(unit: Unit, row: Invitation) -> Invitation:
    """Refuse a revoked (404), used (409) or expired (410) invitation."""
    if row.revoked_at is not None:
        raise NotFoundError("invitation_not_found", "no such invitation")
    if row.used_at is not None:
        raise StateConflictError(
            "invitation_used",
            "this invitation was already used",
            audit=unit.denied(row.organization_id, "invitation.accept", "replayed"),
        )
    if row.expires_at <= unit.now:
        raise GoneError(
            "invitation_expired",
            "this invitation has expired; ask for a new one",
            audit=unit.denied(row.organization_id, "invitation.accept", "expired"),
        )
    return row


def accept(unit: Unit, token: str) -> Membership:
    """The invited user joins: Active at once, with the invitation's role."""
    return accept_invitation(unit, _invitation(unit, token, INVITE))


def accept_invitation(unit: Unit, invitation: Invitation) -> Membership:
    """Accept ``invitation`` (found by token, or by id for its addressee)."""
    if invitation.kind != INVITE:
        raise NotFoundError("invitation_not_found", "no such invitation")
    _usable(unit, invitation)
    row = unit.session.get(Membership, invitation.membership_id)
    if row is None or row.status != INVITED:
        raise NotFoundError("invitation_not_found", "no such invitation")
    if unit.actor.email.lower() != row.email:
        raise AccessDeniedError(
            "invitation_email_mismatch",
            "this invitation is for another e-mail address; log in as that user",
            audit=unit.denied(row.organization_id, "invitation.accept", "email_mismatch"),
        )
    invitation.used_at = unit.now
    row.user_id, row.status = unit.actor.user_id, ACTIVE
    row.joined_at, row.last_active_at = unit.now, unit.now
    unit.audit(
        row.organization_id,
        "member.join",
        target_type="member",
        target_id=unit.actor.user_id,
        after={"role": row.role, "status": ACTIVE},
    )
    return row


def join(unit: Unit, token: str) -> Membership:
    """A share link's holder asks to join: Pending Approval until an Admin decides."""
    invitation = _invitation(unit, token, SHARE)
    org = unit.session.get(Organization, invitation.organization_id)
    assert org is not None  # the invitation cascades with its organization
    email = unit.actor.email.lower()
    row = unit.session.scalars(
        select(Membership).where(
            Membership.organization_id == org.id,
            (Membership.user_id == unit.actor.user_id) | (Membership.email == email),
        )
    ).first()
    if row is not None and row.status != REMOVED:
        raise StateConflictError(
            "already_member", f"you are already {member_status(row, unit.now)} here"
        )
    if row is None:
        row = Membership(organization_id=org.id, email=email, created_at=unit.now)
        unit.session.add(row)
    row.user_id, row.role, row.status = unit.actor.user_id, invitation.role, PENDING
    row.removed_at = None
    unit.session.flush()
    unit.audit(
        org.id,
        "member.join_request",
        target_type="member",
        target_id=unit.actor.user_id,
        after={"status": PENDING},
    )
    for admin in _admins(unit.session, org.id):
        unit.notifier.send(
            kind=notifications.JOIN_REQUEST,
            message=f"{email} asks to join {org.name}",
            organization_id=org.id,
            user_id=admin.user_id,
            address=admin.email,
            data={"user_id": unit.actor.user_id},
        )
    return row


def _admins(session: Session, organization_id: str) -> Sequence[Membership]:
    query = select(Membership).where(
        Membership.organization_id == organization_id,
        Membership.status == ACTIVE,
        Membership.role.in_((Role.OWNER.value, Role.ADMIN.value)),
    )
    return session.scalars(query).all()


def leave(unit: Unit, access: Access) -> None:
    if access.membership.role == Role.OWNER.value:
        raise StateConflictError(
            "owner_must_transfer",
            "the Owner cannot leave: transfer ownership to an Admin first",
            audit=unit.denied(access.organization.id, "member.leave", "owner"),
        )
    _retire(unit, access.organization, access.membership)
    unit.audit(
        access.organization.id,
        "member.leave",
        target_type="member",
        target_id=unit.actor.user_id,
        after={"status": REMOVED},
    )


def pending_invitations(unit: Unit) -> Sequence[tuple[Membership, Organization, Invitation]]:
    """The caller's open invitations (by their account's e-mail)."""
    query = (
        select(Membership, Organization, Invitation)
        .join(Organization, Organization.id == Membership.organization_id)
        .join(Invitation, Invitation.membership_id == Membership.id)
        .where(
            Membership.email == unit.actor.email.lower(),
            Membership.status == INVITED,
            Invitation.used_at.is_(None),
            Invitation.revoked_at.is_(None),
            Invitation.expires_at > unit.now,
        )
        .order_by(Invitation.created_at.desc())
    )
    return [(m, o, i) for m, o, i in unit.session.execute(query).all()]
