"""API keys: create (plaintext shown once), list (masked), revoke."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Annotated
from uuid import UUID

from fastapi import APIRouter, Depends, Query, Request, Response

from stockade.core import apikey
from stockade.server import pagination
from stockade.server.auth.principal import CurrentUser, Principal
from stockade.server.auth.tokens import sha256_hex
from stockade.server.content import require_json
from stockade.server.context import AppContext, Context, DbSession
from stockade.server.deps import actor_of
from stockade.server.problems import ProblemError
from stockade.server.schemas.api_keys import ApiKeyCreate, ApiKeyCreated, ApiKeyOut, ApiKeyPage
from stockade.server.schemas.common import problems
from stockade.store.models import ApiKey
from stockade.store.repositories import ApiKeys
from stockade.store.types import utcnow
from stockade.tenancy import audit
from stockade.tenancy.access import Actor, resolve
from stockade.tenancy.errors import AccessDeniedError as TenancyRefusal
from stockade.tenancy.permissions import Permission
from stockade.tenancy.roles import KEY_ROLES, Role, rank

# API.md / the spec: rotating keys is recommended every 90 days; older keys are flagged.
ROTATION_AGE = timedelta(days=90)

router = APIRouter(
    prefix="/api/v1/api-keys", tags=["api-keys"], dependencies=[Depends(require_json)]
)


def key_out(row: ApiKey) -> ApiKeyOut:
    return ApiKeyOut(
        id=row.id,
        name=row.name,
        masked_key=f"{row.prefix}…{row.last_four}",
        organization_id=row.organization_id,
        role=row.role,
        created_at=row.created_at,
        expires_at=row.expires_at,
        last_used_at=row.last_used_at,
        rotation_due=utcnow() - row.created_at > ROTATION_AGE,
        user_id=row.user_id,
    )


@router.post(
    "",
    operation_id="createApiKey",
    status_code=201,
    response_model=ApiKeyCreated,
    responses=problems(400, 401, 403, 404, 413, 415, 422),
)
def create_key(
    request: Request,
    body: ApiKeyCreate,
    principal: CurrentUser,
    ctx: Context,
    db: DbSession,
    response: Response,
) -> ApiKeyCreated:
    """Create a key for the caller; the plaintext `key` is in this response only."""
    if body.role is not None and body.organization_id is None:
        raise ProblemError(
            422, "role_without_organization", "role applies only to an organization-scoped key"
        )
    role = _scoped_role(request, ctx, db, principal, body) if body.organization_id else None
    plaintext = apikey.generate()
    now = utcnow()
    row = ApiKeys(db).add(
        ApiKey(
            user_id=principal.user_id,
            name=body.name,
            key_hash=sha256_hex(plaintext),
            prefix=plaintext[:8],
            last_four=plaintext[-4:],
            created_at=now,
            expires_at=now + timedelta(days=body.expires_in_days) if body.expires_in_days else None,
            organization_id=str(body.organization_id) if body.organization_id else None,
            role=role,
        )
    )
    if row.organization_id is not None:
        audit.append(
            db,
            actor_of(request, ctx, principal).record(
                row.organization_id,
                "api_key.create",
                target_type="api_key",
                target_id=row.id,
                after={"name": row.name, "role": row.role, "expires_at": _iso(row.expires_at)},
            ),
        )
    response.headers["Location"] = f"/api/v1/api-keys/{row.id}"
    return ApiKeyCreated(**key_out(row).model_dump(), key=plaintext)


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value else None


def _scoped_role(
    request: Request, ctx: AppContext, db: DbSession, principal: Principal, body: ApiKeyCreate
) -> str:
    """The key's role: as requested (default Member), Admin or Member only, never above the
    creator's own role in the organization.

    Creating one needs ``scans:create`` in the organization (so not a Viewer); a non-member
    gets the same 404 as for an organization that does not exist.
    """
    requested = body.role or Role.MEMBER
    if requested not in KEY_ROLES:
        raise ProblemError(422, "invalid_role", "an organization API key's role is Admin or Member")
    actor = actor_of(request, ctx, principal)
    access = resolve(db, actor, str(body.organization_id), Permission.SCANS_CREATE)
    if rank(requested) > rank(access.role):
        raise TenancyRefusal(
            "role_above_caller",
            f"a {access.role.value} cannot create a key with the {requested.value} role",
            audit=actor.record(
                access.organization.id,
                "api_key.create",
                outcome="denied",
                detail="role_above_caller",
            ),
        )
    return requested.value


@router.get("", operation_id="listApiKeys", response_model=ApiKeyPage, responses=problems(401, 422))
def list_keys(
    principal: CurrentUser,
    ctx: Context,
    db: DbSession,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
    cursor: Annotated[str | None, pagination.CURSOR_QUERY] = None,
) -> ApiKeyPage:
    """The caller's active keys, newest first, masked."""
    caller = principal.user_id
    start = pagination.after(ctx, cursor, pagination.API_KEYS, caller)
    rows = list(ApiKeys(db).page(caller, limit=limit + 1, after=start))
    more = len(rows) > limit
    rows = rows[:limit]
    last = rows[-1].id if more else None
    return ApiKeyPage(
        items=[key_out(r) for r in rows],
        next_cursor=pagination.next_cursor(ctx, pagination.API_KEYS, caller, last),
    )


@router.delete(
    "/{key_id}", operation_id="revokeApiKey", status_code=204, responses=problems(401, 403, 404)
)
def revoke_key(
    key_id: UUID, request: Request, principal: CurrentUser, ctx: Context, db: DbSession
) -> Response:
    """Revoke one of the caller's keys; it stops working at once."""
    row = ApiKeys(db).for_user(principal.user_id, str(key_id))
    if row is None or row.revoked_at is not None:
        raise ProblemError(404, "api_key_not_found", "no such API key")
    revoke(db, row, actor_of(request, ctx, principal))
    return Response(status_code=204)


def revoke(db: DbSession, row: ApiKey, actor: Actor) -> None:
    """Revoke a key; an organization key's revocation is on that organization's audit log."""
    row.revoked_at = utcnow()
    if row.organization_id is not None:
        audit.append(
            db,
            actor.record(
                row.organization_id,
                "api_key.revoke",
                target_type="api_key",
                target_id=row.id,
                before={"name": row.name, "user_id": row.user_id},
            ),
        )
