"""Organizations: create, list, read, update, delete, logo, plan and ownership transfer.

Operations on an existing organization take the caller's :class:`~stockade.tenancy.access.Access`
for the permission it needs; nothing here compares roles by hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from stockade.core.plans import Plan, limits
from stockade.store.job_models import Job
from stockade.store.models import ApiKey
from stockade.store.tenancy_models import ACTIVE, Membership, Organization, OrganizationLogo
from stockade.tenancy import notifications
from stockade.tenancy.access import Access, ip_allowed, member_status
from stockade.tenancy.errors import (
    AccessDeniedError,
    InvalidInputError,
    NotFoundError,
    StateConflictError,
)
from stockade.tenancy.logo import Logo
from stockade.tenancy.permissions import Permission
from stockade.tenancy.roles import Role
from stockade.tenancy.settings import OrgSettings, downgraded, updated
from stockade.tenancy.unit import Unit

GENERAL_FIELDS = ("name", "description", "contact_email", "website_url")


@dataclass(frozen=True)
class Membered:
    """An organization with the caller's role in it (for listings)."""

    organization: Organization
    role: Role


def check_website(url: str | None) -> str | None:
    """Only absolute ``http``/``https`` URLs: a ``javascript:`` or ``data:`` URL would run in
    any dashboard that renders the link."""
    if url is None or url == "":
        return None
    refused = InvalidInputError(
        "invalid_website_url", "website_url must be an absolute http(s) URL"
    )
    try:
        parts = urlsplit(url.strip())
        parts.port  # noqa: B018 - raises for a port out of range
    except ValueError:  # an unclosed "[" of an IPv6 literal, a port out of range
        raise refused from None
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        raise refused
    return url.strip()


def create(unit: Unit, values: dict[str, Any]) -> Organization:
    """A new Free organization; the creator is its Owner (and, by rank, an Admin)."""
    actor = unit.actor
    if actor.organization_id is not None:
        raise AccessDeniedError(
            "forbidden", "an organization-scoped API key cannot create organizations"
        )
    org = Organization(
        name=values["name"],
        description=values.get("description"),
        contact_email=values.get("contact_email") or actor.email or None,
        website_url=check_website(values.get("website_url")),
        plan=Plan.FREE.value,
        settings={},
        logo_version=0,
        created_by=actor.user_id,
        created_at=unit.now,
        updated_at=unit.now,
    )
    unit.session.add(org)
    unit.session.flush()
    unit.session.add(
        Membership(
            organization_id=org.id,
            user_id=actor.user_id,
            email=actor.email.lower(),
            role=Role.OWNER.value,
            status=ACTIVE,
            created_at=unit.now,
            joined_at=unit.now,
            last_active_at=unit.now,
        )
    )
    unit.audit(
        org.id,
        "organization.create",
        target_type="organization",
        target_id=org.id,
        after=snapshot(org),
    )
    return org


def snapshot(org: Organization) -> dict[str, Any]:
    """The audited view of an organization: its general fields, plan and settings."""
    data: dict[str, Any] = {name: getattr(org, name) for name in GENERAL_FIELDS}
    data["plan"] = org.plan
    data["settings"] = OrgSettings.of(org).as_json()
    return data


def mine(session: Session, unit: Unit, *, limit: int, after: str | None) -> Sequence[Membered]:
    """Organizations the caller is an Active member of, by name; an organization-scoped key
    sees only its own."""
    query = (
        select(Organization, Membership)
        .join(Membership, Membership.organization_id == Organization.id)
        .where(Membership.user_id == unit.actor.user_id, Membership.status == ACTIVE)
    )
    if unit.actor.organization_id is not None:
        query = query.where(Organization.id == unit.actor.organization_id)
    if after is not None:
        query = query.where(Organization.id > after)
    rows = session.execute(query.order_by(Organization.id).limit(limit)).all()
    return [Membered(org, Role(m.role)) for org, m in rows]


def update_org(unit: Unit, access: Access, values: dict[str, Any]) -> Organization:
    """Change general fields and settings (only the keys given). Settings are checked against
    the plan; an allow-list that would shut out the caller is refused."""
    access.require(Permission.SETTINGS_MODIFY)
    org = access.organization
    before = snapshot(org)
    try:
        _apply(unit, access, values)
    except (AccessDeniedError, InvalidInputError) as exc:
        exc.audit = unit.denied(org.id, "organization.update", exc.code)
        raise
    org.updated_at = unit.now
    unit.audit(
        org.id,
        "organization.update",
        target_type="organization",
        target_id=org.id,
        before=before,
        after=snapshot(org),
    )
    return org


def _apply(unit: Unit, access: Access, values: dict[str, Any]) -> None:
    org = access.organization
    for name in GENERAL_FIELDS:
        if name in values:
            value = values[name]
            setattr(org, name, check_website(value) if name == "website_url" else value)
    changes = dict(values.get("settings") or {})
    if not changes:
        return
    result = updated(org, changes)
    if result.require_2fa and not OrgSettings.of(org).require_2fa and not unit.actor.two_factor:
        raise StateConflictError(
            "enable_2fa_first",
            "enable two-factor authentication on your own account before requiring it",
        )
    if result.ip_allowlist and not ip_allowed(unit.actor.ip, result.ip_allowlist):
        raise StateConflictError(
            "allowlist_excludes_you",
            f"the IP allow-list does not include your address ({unit.actor.ip})",
        )
    org.settings = result.as_json()


def delete_org(unit: Unit, access: Access, password: str) -> None:
    """Delete the organization with its scans, members, invitations and logo; its
    organization API keys are revoked. The Owner confirms with their password."""
    access.require(Permission.ORG_DELETE)
    org = access.organization
    confirm_password(unit, org.id, "organization.delete", password)
    session = unit.session
    before = snapshot(org)
    session.execute(delete(Job).where(Job.organization_id == org.id))
    session.execute(
        update(ApiKey)
        .where(ApiKey.organization_id == org.id, ApiKey.revoked_at.is_(None))
        .values(revoked_at=unit.now)
    )
    session.delete(org)
    unit.audit(
        org.id, "organization.delete", target_type="organization", target_id=org.id, before=before
    )


def confirm_password(unit: Unit, organization_id: str, action: str, password: str) -> None:
    if not unit.verify_password(unit.actor.user_id, password):
        raise AccessDeniedError(
            "password_incorrect",
            "the password is not correct",
            audit=unit.denied(organization_id, action, "password_incorrect"),
        )


def set_logo(unit: Unit, access: Access, logo: Logo) -> Organization:
    access.require(Permission.SETTINGS_MODIFY)
    org = access.organization
    row = unit.session.get(OrganizationLogo, org.id)
    if row is None:
        row = OrganizationLogo(organization_id=org.id)
        unit.session.add(row)
    row.media_type = logo.media_type
    row.content = logo.content
    row.width = logo.width
    row.height = logo.height
    row.updated_at = unit.now
    org.logo_version = (org.logo_version or 0) + 1
    unit.audit(
        org.id,
        "organization.logo_update",
        target_type="organization",
        target_id=org.id,
        after={"media_type": logo.media_type, "width": logo.width, "height": logo.height},
    )
    return org


def remove_logo(unit: Unit, access: Access) -> None:
    access.require(Permission.SETTINGS_MODIFY)
    row = unit.session.get(OrganizationLogo, access.organization.id)
    if row is None:
        raise NotFoundError("logo_not_found", "the organization has no logo")
    unit.session.delete(row)
    access.organization.logo_version = 0
    unit.audit(
        access.organization.id,
        "organization.logo_delete",
        target_type="organization",
        target_id=access.organization.id,
    )


def logo(unit: Unit, access: Access) -> OrganizationLogo:
    access.require(Permission.SETTINGS_VIEW)
    row = unit.session.get(OrganizationLogo, access.organization.id)
    if row is None:
        raise NotFoundError("logo_not_found", "the organization has no logo")
    return row


def set_plan(unit: Unit, organization_id: str, plan: str, tokens: int | None) -> Organization:
    """Instance administrators only (the caller checks that): change the plan tier.

    A custom token pool is an Enterprise feature; moving down drops the settings the new plan
    lacks. A Free organization keeps members above its limit but cannot add more.
    """
    org = unit.session.get(Organization, organization_id)
    if org is None:
        raise NotFoundError("organization_not_found", "no such organization")
    if tokens is not None and plan != Plan.ENTERPRISE.value:
        raise InvalidInputError(
            "tokens_require_enterprise", "tokens_per_month can be set only for Enterprise"
        )
    before = snapshot(org) | {"tokens_per_month": org.tokens_per_month}
    old_audit_max = limits(org.plan).audit_retention_days
    settings = OrgSettings.of(org)
    org.plan = plan
    if settings.audit_retention_days == old_audit_max:
        org.settings = settings.as_json() | {
            "audit_retention_days": limits(plan).audit_retention_days
        }
    org.settings = downgraded(org)
    org.tokens_per_month = tokens if plan == Plan.ENTERPRISE.value else None
    org.updated_at = unit.now
    unit.audit(
        org.id,
        "organization.plan_change",
        target_type="organization",
        target_id=org.id,
        before=before,
        after=snapshot(org) | {"tokens_per_month": org.tokens_per_month},
    )
    return org


def transfer(unit: Unit, access: Access, new_owner_id: str, password: str) -> Membership:
    """Make an Active Admin the Owner; the former Owner becomes an Admin."""
    access.require(Permission.ORG_TRANSFER)
    org = access.organization
    confirm_password(unit, org.id, "organization.transfer", password)
    target = unit.session.scalars(
        select(Membership).where(
            Membership.organization_id == org.id, Membership.user_id == new_owner_id
        )
    ).first()
    if target is None or target.status not in (ACTIVE,):
        raise StateConflictError(
            "transfer_target_not_admin",
            "the new Owner must be an Active Admin of the organization",
            audit=unit.denied(org.id, "organization.transfer", "target_not_member"),
        )
    if target.role != Role.ADMIN.value or member_status(target, unit.now) != ACTIVE:
        raise StateConflictError(
            "transfer_target_not_admin",
            "make the member an Admin first: only an Active Admin can become the Owner",
            audit=unit.denied(org.id, "organization.transfer", "target_not_admin"),
        )
    access.membership.role = Role.ADMIN.value
    target.role = Role.OWNER.value
    unit.audit(
        org.id,
        "organization.transfer",
        target_type="member",
        target_id=new_owner_id,
        before={"owner": unit.actor.user_id},
        after={"owner": new_owner_id},
    )
    unit.notifier.send(
        kind=notifications.OWNERSHIP,
        message=f"You are now the Owner of {org.name}",
        organization_id=org.id,
        user_id=target.user_id,
        address=target.email,
    )
    return target
