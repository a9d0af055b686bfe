"""Monthly token quotas: the caller's pool, an organization's usage by member, and
Enterprise budgets."""

from __future__ import annotations

from typing import Annotated
from uuid import UUID

from fastapi import APIRouter, Depends, Query
from sqlalchemy import select

from stockade.core.plans import Plan
from stockade.quota import ledger
from stockade.quota.ledger import Scope, Usage
from stockade.server.content import require_json
from stockade.server.orgaccess import UnitDep, requires
from stockade.server.schemas.common import problems
from stockade.server.schemas.quota import Budgets, MemberUsage, OrganizationQuotaOut, QuotaOut
from stockade.store.tenancy_models import Membership
from stockade.tenancy.access import Access, resolve
from stockade.tenancy.errors import AccessDeniedError, InvalidInputError
from stockade.tenancy.permissions import Permission

router = APIRouter(tags=["quota"])


def quota_out(usage: Usage) -> QuotaOut:
    return QuotaOut(
        plan=Plan(usage.plan),
        period_start=usage.period_start,
        period_end=usage.period_end,
        tokens_limit=usage.tokens_limit,
        tokens_used=usage.tokens_used,
        tokens_remaining=usage.tokens_remaining,
        resets_at=usage.period_end,
    )


@router.get(
    "/api/v1/quota",
    operation_id="getQuota",
    response_model=QuotaOut,
    responses=problems(401, 403, 404, 422),
)
def get_quota(
    unit: UnitDep,
    organization_id: Annotated[UUID | None, Query(description="An organization's pool")] = None,
) -> QuotaOut:
    """The pool the caller's jobs draw on this month: an organization's (any member may look)
    or the personal Free allowance (48 tokens) outside organizations."""
    org = str(organization_id) if organization_id else unit.actor.organization_id
    if org is not None:
        resolve(unit.session, unit.actor, org, Permission.SETTINGS_VIEW, now=unit.now)
    return quota_out(ledger.usage(unit.session, Scope(org, unit.actor.user_id), unit.now))


@router.get(
    "/api/v1/organizations/{id}/analytics/quota",
    operation_id="getOrganizationQuota",
    response_model=OrganizationQuotaOut,
    responses=problems(401, 403, 404, 422),
)
def organization_quota(
    unit: UnitDep, access: Annotated[Access, requires(Permission.BILLING_VIEW)]
) -> OrganizationQuotaOut:
    """The organization's pool this month with each member's share (Owner, Admin)."""
    org = access.organization.id
    usage = ledger.usage(unit.session, Scope(org, unit.actor.user_id), unit.now)
    spent = ledger.by_member(unit.session, org, usage.period)
    emails = dict(
        unit.session.execute(
            select(Membership.user_id, Membership.email).where(Membership.organization_id == org)
        ).all()
    )
    members = [
        MemberUsage(user_id=user, email=emails.get(user), tokens_used=total)
        for user, total in sorted(spent.items(), key=lambda kv: -kv[1])
    ]
    return OrganizationQuotaOut(**quota_out(usage).model_dump(), by_member=members)


@router.get(
    "/api/v1/organizations/{id}/budgets",
    operation_id="getBudgets",
    response_model=Budgets,
    responses=problems(401, 403, 404, 422),
)
def get_budgets(access: Annotated[Access, requires(Permission.BILLING_VIEW)]) -> Budgets:
    """Department quotas and member budgets (Enterprise; Owner, Admin)."""
    return Budgets.model_validate(access.organization.budgets or {})


@router.put(
    "/api/v1/organizations/{id}/budgets",
    operation_id="setBudgets",
    response_model=Budgets,
    responses=problems(400, 401, 403, 404, 413, 415, 422),
    dependencies=[Depends(require_json)],
)
def set_budgets(
    body: Budgets, unit: UnitDep, access: Annotated[Access, requires(Permission.BILLING_MANAGE)]
) -> Budgets:
    """Replace the department quotas and member budgets (Enterprise; Owner). Every id must be
    a member; a budget applies inside the organization's pool, never beyond it."""
    org = access.organization
    if org.plan != Plan.ENTERPRISE.value:
        raise AccessDeniedError(
            "plan_required",
            "department quotas and member budgets need the Enterprise plan",
            audit=unit.denied(org.id, "organization.budgets", "plan_required"),
        )
    ids = {m for d in body.departments for m in d.member_ids} | set(body.members)
    known = set(
        unit.session.scalars(
            select(Membership.user_id).where(
                Membership.organization_id == org.id, Membership.user_id.in_(ids)
            )
        )
    )
    if ids - known:
        raise InvalidInputError(
            "unknown_member", f"not members of the organization: {', '.join(sorted(ids - known))}"
        )
    before = org.budgets
    org.budgets = body.model_dump()
    unit.audit(
        org.id,
        "organization.budgets",
        target_type="organization",
        target_id=org.id,
        before=before,
        after=org.budgets,
    )
    return body
