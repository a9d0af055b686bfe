"""SCIM bearer tokens of an organization: create (shown once), list, revoke.

Owner only (``sso:manage_scim``: API.md gives the token to "an Owner") and Enterprise only
(403 ``plan_required``, checked after the role so an Admin learns nothing about the plan).
The SCIM endpoints themselves are in :mod:`.scim`.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response

from stockade.core.plans import Plan
from stockade.server.content import require_json
from stockade.server.orgaccess import UnitDep, requires
from stockade.server.schemas.common import problems
from stockade.server.schemas.scim import (
    ScimTokenCreate,
    ScimTokenCreated,
    ScimTokenOut,
    ScimTokenPage,
)
from stockade.sso import scim_tokens
from stockade.store.scim_models import ScimToken
from stockade.tenancy.access import Access
from stockade.tenancy.errors import AccessDeniedError, NotFoundError
from stockade.tenancy.permissions import Permission
from stockade.tenancy.unit import Unit

router = APIRouter(prefix="/api/v1/organizations/{id}/scim/tokens", tags=["scim"])
Manage = Annotated[Access, requires(Permission.SCIM_MANAGE)]


def out(row: ScimToken) -> ScimTokenOut:
    return ScimTokenOut(
        id=row.id,
        name=row.name,
        masked_token=f"{scim_tokens.PREFIX}…{row.last_four}",
        created_by=row.created_by,
        created_at=row.created_at,
        last_used_at=row.last_used_at,
        revoked_at=row.revoked_at,
    )


def _enterprise(unit: Unit, access: Access, action: str) -> None:
    org = access.organization
    if org.plan != Plan.ENTERPRISE.value:
        raise AccessDeniedError(
            "plan_required",
            "SCIM provisioning needs the Enterprise plan",
            audit=unit.denied(org.id, action, "plan_required"),
        )


@router.post(
    "",
    operation_id="createScimToken",
    status_code=201,
    response_model=ScimTokenCreated,
    responses=problems(400, 401, 403, 404, 413, 415, 422),
    dependencies=[Depends(require_json)],
)
def create_scim_token(
    body: ScimTokenCreate, unit: UnitDep, access: Manage, request: Request, response: Response
) -> ScimTokenCreated:
    """A new SCIM bearer token (Owner, Enterprise); the token is in this response only."""
    _enterprise(unit, access, "scim.token.create")
    org = access.organization.id
    issued = scim_tokens.issue(unit.session, org, body.name, unit.actor.user_id, unit.now)
    row = issued.row
    unit.audit(
        org,
        "scim.token.create",
        target_type="scim_token",
        target_id=row.id,
        after={"name": row.name},
    )
    response.headers["Location"] = f"/api/v1/organizations/{org}/scim/tokens/{row.id}"
    base_url = str(request.base_url).rstrip("/") + "/scim/v2"
    return ScimTokenCreated(**out(row).model_dump(), token=issued.token, base_url=base_url)


@router.get(
    "",
    operation_id="listScimTokens",
    response_model=ScimTokenPage,
    responses=problems(401, 403, 404, 422),
)
def list_scim_tokens(unit: UnitDep, access: Manage) -> ScimTokenPage:
    """Every token of the organization, revoked ones included, masked."""
    _enterprise(unit, access, "scim.token.list")
    rows = scim_tokens.listing(unit.session, access.organization.id)
    return ScimTokenPage(items=[out(r) for r in rows], next_cursor=None)


@router.delete(
    "/{token_id}",
    operation_id="revokeScimToken",
    status_code=204,
    responses=problems(401, 403, 404, 422),
)
def revoke_scim_token(token_id: str, unit: UnitDep, access: Manage) -> Response:
    """Revoke a token: the identity provider using it gets 401 from its next request."""
    _enterprise(unit, access, "scim.token.revoke")
    org = access.organization.id
    row = scim_tokens.find(unit.session, org, token_id)
    if row is None:
        raise NotFoundError("scim_token_not_found", "no such SCIM token")
    if scim_tokens.revoke(row, unit.now):
        unit.audit(
            org,
            "scim.token.revoke",
            target_type="scim_token",
            target_id=row.id,
            before={"name": row.name},
        )
    return Response(status_code=204)
