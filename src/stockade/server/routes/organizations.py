"""Organizations: create, list, read, update, delete, logo, plan, transfer, leave, share
link, audit log, organization API keys and export.

Every route on an existing organization declares the permission it needs
(``requires(...)``, see :mod:`stockade.server.orgaccess`); the services never see a caller
that lacks it.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request, Response
from fastapi.responses import StreamingResponse
from sqlalchemy import select
from starlette.concurrency import iterate_in_threadpool, run_in_threadpool

from stockade.server import pagination
from stockade.server.content import require_image, require_json, require_json_body
from stockade.server.context import Context, DbSession
from stockade.server.deps import AdminUser, actor_of
from stockade.server.orgaccess import OrganizationId, UnitDep, requires
from stockade.server.problems import ProblemError
from stockade.server.routes.api_keys import key_out, revoke
from stockade.server.schemas.api_keys import ApiKeyPage
from stockade.server.schemas.common import problems
from stockade.server.schemas.organizations import (
    AuditEventOut,
    AuditPage,
    InvitationOut,
    OrganizationCreate,
    OrganizationOut,
    OrganizationPage,
    OrganizationUpdate,
    PasswordConfirmation,
    PlanChange,
    SettingsOut,
    Transfer,
)
from stockade.store.models import ApiKey
from stockade.store.tenancy_models import AuditEvent, Organization
from stockade.tenancy import audit, export, members, organizations
from stockade.tenancy.access import Access
from stockade.tenancy.errors import TenancyError
from stockade.tenancy.logo import MAX_LOGO_BYTES, normalize
from stockade.tenancy.permissions import Permission
from stockade.tenancy.roles import Role
from stockade.tenancy.settings import OrgSettings
from stockade.tenancy.unit import Unit

router = APIRouter(prefix="/api/v1/organizations", tags=["organizations"])
JSON_BODY = [Depends(require_json)]
AUDIT_LOG = "audit-log"
ORGANIZATIONS = "organizations"
ORG_KEYS = "organization-api-keys"


def organization_out(org: Organization, role: Role) -> OrganizationOut:
    logo = f"/api/v1/organizations/{org.id}/logo?v={org.logo_version}" if org.logo_version else None
    return OrganizationOut(
        id=org.id,
        name=org.name,
        description=org.description,
        logo_url=logo,
        contact_email=org.contact_email,
        website_url=org.website_url,
        plan=org.plan,  # type: ignore[arg-type]
        created_at=org.created_at,
        settings=SettingsOut(**OrgSettings.of(org).as_json()),
        role=role,
    )


@router.post(
    "",
    operation_id="createOrganization",
    status_code=201,
    response_model=OrganizationOut,
    responses=problems(400, 401, 403, 413, 415, 422),
    dependencies=JSON_BODY,
)
def create_organization(
    body: OrganizationCreate, unit: UnitDep, response: Response
) -> OrganizationOut:
    """Create an organization (Free plan); the caller becomes its Owner."""
    org = organizations.create(unit, body.model_dump(exclude_none=True, mode="json"))
    response.headers["Location"] = f"/api/v1/organizations/{org.id}"
    return organization_out(org, Role.OWNER)


@router.get(
    "",
    operation_id="listOrganizations",
    response_model=OrganizationPage,
    responses=problems(401, 422),
)
def list_organizations(
    unit: UnitDep,
    ctx: Context,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
    cursor: Annotated[str | None, pagination.CURSOR_QUERY] = None,
) -> OrganizationPage:
    """The organizations the caller is an Active member of, with the caller's role."""
    me = unit.actor.user_id
    start = pagination.after(ctx, cursor, ORGANIZATIONS, me)
    rows = organizations.mine(unit.session, unit, limit=limit + 1, after=start)
    items, next_cursor = pagination.page(
        ctx, rows, limit, ORGANIZATIONS, me, lambda r: r.organization.id
    )
    return OrganizationPage(
        items=[organization_out(r.organization, r.role) for r in items], next_cursor=next_cursor
    )


@router.get(
    "/{id}",
    operation_id="getOrganization",
    response_model=OrganizationOut,
    responses=problems(401, 403, 404, 422),
)
def get_organization(
    access: Annotated[Access, requires(Permission.SETTINGS_VIEW)],
) -> OrganizationOut:
    """Details and settings (any member)."""
    return organization_out(access.organization, access.role)


@router.put(
    "/{id}",
    operation_id="updateOrganization",
    response_model=OrganizationOut,
    responses=problems(400, 401, 403, 404, 409, 413, 415, 422),
    dependencies=JSON_BODY,
)
def update_organization(
    body: OrganizationUpdate,
    unit: UnitDep,
    access: Annotated[Access, requires(Permission.SETTINGS_MODIFY)],
) -> OrganizationOut:
    """Change general information and security settings (Owner, Admin); absent keys keep
    their value."""
    values = body.model_dump(exclude_unset=True, mode="json")
    if "settings" in values:
        values["settings"] = {k: v for k, v in values["settings"].items() if v is not None}
    if "name" in values and values["name"] is None:
        raise ProblemError(422, "validation_failed", "name cannot be null")
    org = organizations.update_org(unit, access, values)
    return organization_out(org, access.role)


@router.delete(
    "/{id}",
    operation_id="deleteOrganization",
    status_code=204,
    responses=problems(400, 401, 403, 404, 415, 422),
    dependencies=[Depends(require_json_body)],
)
def delete_organization(
    body: PasswordConfirmation,
    unit: UnitDep,
    access: Annotated[Access, requires(Permission.ORG_DELETE)],
) -> Response:
    """Delete the organization, its scans, members and invitations (Owner; the body carries
    the Owner's password)."""
    organizations.delete_org(unit, access, body.password)
    return Response(status_code=204)


@router.put(
    "/{id}/plan",
    operation_id="setOrganizationPlan",
    response_model=OrganizationOut,
    responses=problems(400, 401, 403, 404, 415, 422),
    dependencies=JSON_BODY,
)
def set_plan(
    organization_id: OrganizationId,
    body: PlanChange,
    admin: AdminUser,
    request: Request,
    ctx: Context,
    db: DbSession,
) -> OrganizationOut:
    """Instance administrators (`server.admin_emails`) set the plan tier; there is no
    payment integration in a self-hosted service."""
    unit = Unit(db, actor_of(request, ctx, admin))
    org = organizations.set_plan(unit, str(organization_id), body.plan.value, body.tokens_per_month)
    return organization_out(org, Role.VIEWER)


@router.post(
    "/{id}/transfer",
    operation_id="transferOrganization",
    response_model=OrganizationOut,
    responses=problems(400, 401, 403, 404, 409, 413, 415, 422),
    dependencies=JSON_BODY,
)
def transfer_ownership(
    body: Transfer,
    unit: UnitDep,
    access: Annotated[Access, requires(Permission.ORG_TRANSFER)],
) -> OrganizationOut:
    """Make an Active Admin the Owner (the Owner's password confirms); the former Owner
    becomes an Admin."""
    organizations.transfer(unit, access, str(body.new_owner_id), body.password)
    return organization_out(access.organization, Role.ADMIN)


@router.post(
    "/{id}/leave",
    operation_id="leaveOrganization",
    status_code=204,
    responses=problems(401, 403, 404, 409, 422),
)
def leave_organization(unit: UnitDep, access: Annotated[Access, requires(None)]) -> Response:
    """Leave the organization; the Owner must transfer ownership first (409)."""
    members.leave(unit, access)
    return Response(status_code=204)


@router.post(
    "/{id}/share-link",
    operation_id="createShareLink",
    status_code=201,
    response_model=InvitationOut,
    responses=problems(401, 403, 404, 422),
)
def create_share_link(
    unit: UnitDep, access: Annotated[Access, requires(Permission.MEMBERS_MANAGE)]
) -> InvitationOut:
    """A link (valid 7 days) through which logged-in users ask to join (Pending Approval);
    a new link revokes the previous one. The token is shown once."""
    issued = members.share_link(unit, access)
    return InvitationOut(url=issued.url, token=issued.token, expires_at=issued.expires_at)


@router.get(
    "/{id}/audit-log",
    operation_id="listAuditLog",
    response_model=AuditPage,
    responses=problems(401, 403, 404, 422),
)
def audit_log(
    access: Annotated[Access, requires(Permission.AUDIT_VIEW)],
    ctx: Context,
    db: DbSession,
    action: Annotated[
        str | None,
        Query(max_length=64, description="Exact action, or a family ending in `.` (`member.`)"),
    ] = None,
    actor: Annotated[str | None, Query(max_length=36, description="Actor user id")] = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
    cursor: Annotated[str | None, pagination.CURSOR_QUERY] = None,
) -> AuditPage:
    """The organization's audit log, newest first (Owner, Admin). Entries cannot be edited
    or deleted through the API; retention follows the plan."""
    org = access.organization.id
    listing = f"{AUDIT_LOG}:{org}:{action or ''}:{actor or ''}"
    start = pagination.after(ctx, cursor, listing, access.actor.user_id)
    after = audit.get(db, org, start) if start else None
    if start and after is None:
        raise pagination.invalid_cursor()
    rows = audit.page(db, org, action=action, actor_id=actor, after=after, limit=limit + 1)
    items, next_cursor = pagination.page(
        ctx, rows, limit, listing, access.actor.user_id, lambda r: r.id
    )
    return AuditPage(items=[_audit_out(r) for r in items], next_cursor=next_cursor)


def _audit_out(row: AuditEvent) -> AuditEventOut:
    return AuditEventOut.model_validate(row, from_attributes=True)


@router.get(
    "/{id}/api-keys",
    operation_id="listOrganizationApiKeys",
    response_model=ApiKeyPage,
    responses=problems(401, 403, 404, 422),
)
def organization_keys(
    access: Annotated[Access, requires(Permission.API_KEYS_MANAGE)],
    ctx: Context,
    db: DbSession,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
    cursor: Annotated[str | None, pagination.CURSOR_QUERY] = None,
) -> ApiKeyPage:
    """Every active API key scoped to the organization, masked, with `rotation_due` for keys
    older than 90 days (Owner, Admin)."""
    org = access.organization.id
    listing = f"{ORG_KEYS}:{org}"
    start = pagination.after(ctx, cursor, listing, access.actor.user_id)
    query = select(ApiKey).where(ApiKey.organization_id == org, ApiKey.revoked_at.is_(None))
    if start:
        query = query.where(ApiKey.id > start)
    rows = list(db.scalars(query.order_by(ApiKey.id).limit(limit + 1)))
    items, next_cursor = pagination.page(
        ctx, rows, limit, listing, access.actor.user_id, lambda r: r.id
    )
    return ApiKeyPage(items=[key_out(r) for r in items], next_cursor=next_cursor)


@router.delete(
    "/{id}/api-keys/{key_id}",
    operation_id="revokeOrganizationApiKey",
    status_code=204,
    responses=problems(401, 403, 404, 422),
)
def revoke_organization_key(
    key_id: str,
    access: Annotated[Access, requires(Permission.API_KEYS_MANAGE)],
    db: DbSession,
) -> Response:
    """Revoke any key scoped to the organization (Owner, Admin)."""
    row = db.get(ApiKey, key_id)
    if row is None or row.organization_id != access.organization.id or row.revoked_at:
        raise ProblemError(404, "api_key_not_found", "no such API key")
    revoke(db, row, access.actor)
    return Response(status_code=204)


@router.get(
    "/{id}/export",
    operation_id="exportOrganization",
    responses={
        200: {
            "description": "JSON lines: organization, members, jobs, findings, audit log",
            "content": {"application/x-ndjson": {"schema": {"type": "string"}}},
        },
        **problems(401, 403, 404, 422),
    },
)
def export_organization(
    access: Annotated[Access, requires(Permission.ORG_EXPORT)],
    unit: UnitDep,
    ctx: Context,
) -> StreamingResponse:
    """Stream the organization's data as JSON lines (Owner). No secret values, key hashes or
    token hashes are included. The export itself is on the audit log."""
    org = access.organization
    unit.audit(org.id, "organization.export", target_type="organization", target_id=org.id)
    name = f"stockade-organization-{org.id}.jsonl"
    return StreamingResponse(
        iterate_in_threadpool(export.lines(ctx.db, org.id)),
        media_type="application/x-ndjson",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@router.put(
    "/{id}/logo",
    operation_id="uploadOrganizationLogo",
    response_model=OrganizationOut,
    responses=problems(400, 401, 403, 404, 413, 415, 422),
    dependencies=[Depends(require_image)],
    openapi_extra={
        "requestBody": {
            "required": True,
            "description": "The image itself (PNG or JPEG, at most 1 MiB), decided by content.",
            "content": {
                "image/png": {"schema": {"type": "string", "format": "binary"}},
                "image/jpeg": {"schema": {"type": "string", "format": "binary"}},
            },
        }
    },
)
async def upload_logo(
    request: Request,
    unit: UnitDep,
    access: Annotated[Access, requires(Permission.SETTINGS_MODIFY)],
) -> OrganizationOut:
    """Set the logo (Owner, Admin). The image is re-encoded (metadata dropped, at most
    512×512), so only bytes Stockade wrote are ever served back; SVG, polyglots and
    anything over 1 MiB are refused."""
    data = await _read_capped(request, MAX_LOGO_BYTES)
    try:
        logo = await run_in_threadpool(normalize, data)
    except TenancyError as exc:  # an SVG, a polyglot, a bomb: refused, and on the audit log
        exc.audit = unit.denied(access.organization.id, "organization.logo_update", exc.code)
        raise
    org = await run_in_threadpool(organizations.set_logo, unit, access, logo)
    return organization_out(org, access.role)


async def _read_capped(request: Request, limit: int) -> bytes:
    """The body, refusing it (413) as soon as it passes ``limit`` bytes."""
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise ProblemError(413, "logo_too_large", f"a logo is at most {limit} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


@router.get(
    "/{id}/logo",
    operation_id="getOrganizationLogo",
    responses={
        200: {
            "description": "The re-encoded logo",
            "content": {
                "image/png": {"schema": {"type": "string", "format": "binary"}},
                "image/jpeg": {"schema": {"type": "string", "format": "binary"}},
            },
        },
        **problems(401, 403, 404, 422),
    },
)
def get_logo(
    unit: UnitDep, access: Annotated[Access, requires(Permission.SETTINGS_VIEW)]
) -> Response:
    """The logo (members only), served with `nosniff` and a sandboxing CSP."""
    row = organizations.logo(unit, access)
    return Response(
        content=row.content,
        media_type=row.media_type,
        headers={
            "X-Content-Type-Options": "nosniff",
            "Content-Security-Policy": "default-src 'none'; sandbox",
        },
    )


@router.delete(
    "/{id}/logo",
    operation_id="deleteOrganizationLogo",
    status_code=204,
    responses=problems(401, 403, 404, 422),
)
def delete_logo(
    unit: UnitDep, access: Annotated[Access, requires(Permission.SETTINGS_MODIFY)]
) -> Response:
    """Remove the logo (Owner, Admin)."""
    organizations.remove_logo(unit, access)
    return Response(status_code=204)
