"""SCIM 2.0 under ``/scim/v2`` for identity providers that push users and groups (Okta,
Entra ID).

Two deliberate exceptions to the rest of the API:

- **Authentication** is ``Authorization: Bearer stk_scim_…``, a per-organization token an
  Owner creates (:mod:`.scim_tokens`); it is the API's only Bearer credential and it works
  nowhere else. The organization comes from the token, never from the request, so a token
  cannot reach another organization's resources (they answer 404).
- **Errors** use SCIM's own schema (``urn:ietf:params:scim:api:messages:2.0:Error`` with
  ``status``, ``scimType``, ``detail``) as ``application/scim+json``, because SCIM clients
  parse that and not problem+json. Errors raised before a SCIM route runs (unknown path, rate
  limit, body too large) are still problem+json.

Routes declare no ``requires(...)``: the token, not a member's role, is the permission.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Depends, FastAPI, Request, Response
from fastapi.responses import JSONResponse
from pydantic import ValidationError
from scim2_models import Context as ScimContext
from scim2_models import (
    ForbiddenException,
    InvalidSyntaxException,
    InvalidValueException,
    ListResponse,
    ResourceType,
    ResponseParameters,
    Schema,
    SCIMException,
    UnauthorizedException,
)

from stockade.core.plans import Plan
from stockade.server.content import has_body, is_json, media_type
from stockade.server.context import Context, DbSession, client_ip
from stockade.sso import scim_discovery, scim_tokens
from stockade.sso.scim import Page, ScimService
from stockade.sso.scim_members import Actor
from stockade.store.tenancy_models import Organization

SCIM_JSON = "application/scim+json"
PREFIX = "/scim/v2"
# Not in the OpenAPI document: SCIM describes itself (/ServiceProviderConfig, /Schemas) and
# its bodies and errors are SCIM's, not this API's.
router = APIRouter(prefix=PREFIX, tags=["scim"], include_in_schema=False)


class ScimResponse(JSONResponse):
    media_type = SCIM_JSON


def _scim(payload: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return ScimResponse(payload, status_code=status, headers=headers)


async def _on_scim_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, SCIMException)
    body = exc.to_error().model_dump(scim_ctx=ScimContext.RESOURCE_QUERY_RESPONSE)
    headers = {"WWW-Authenticate": 'Bearer realm="stockade-scim"'} if exc.status == 401 else None
    return _scim(body, exc.status, headers)


def install(app: FastAPI) -> None:
    """Render SCIM errors in SCIM's schema (see the module docstring)."""
    app.add_exception_handler(SCIMException, _on_scim_error)


def base_url(request: Request) -> str:
    return str(request.base_url).rstrip("/") + PREFIX


def scim_service(request: Request, ctx: Context, db: DbSession) -> ScimService:
    """The caller's token, checked: 401 when missing, unknown or revoked; 403 when the
    organization is no longer on the Enterprise plan."""
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    now = ctx.clock()
    row = scim_tokens.authenticate(db, token.strip(), now) if scheme.lower() == "bearer" else None
    if row is None:
        raise UnauthorizedException(detail="a valid SCIM bearer token is required")
    org = db.get(Organization, row.organization_id)
    if org is None or org.plan != Plan.ENTERPRISE.value:
        raise ForbiddenException(
            detail="plan_required: SCIM provisioning needs the Enterprise plan"
        )
    actor = Actor(row, client_ip(request, ctx), now)
    return ScimService(db, actor, base_url(request))


Scim = Annotated[ScimService, Depends(scim_service)]


async def scim_body(request: Request) -> Any:
    """The request's JSON body (``application/scim+json`` or ``application/json``)."""
    if has_body(request) and not is_json(media_type(request)):
        exc = InvalidSyntaxException(detail=f"expected {SCIM_JSON}")
        exc.status = 415
        raise exc
    try:
        return json.loads(await request.body())
    except (ValueError, RecursionError):
        raise InvalidSyntaxException(detail="the request body is not valid JSON") from None


Body = Annotated[Any, Depends(scim_body)]


def _parameters(request: Request) -> ResponseParameters[Any]:
    """``attributes`` / ``excludedAttributes`` (Entra ID asks for groups without members)."""
    query = request.query_params
    raw = {k: query[k] for k in ("attributes", "excludedAttributes") if k in query}
    try:
        return ResponseParameters.model_validate(raw)
    except ValidationError:
        raise InvalidValueException(detail="invalid attributes or excludedAttributes") from None


def _resource(request: Request, resource: Any, status: int = 200) -> Response:
    payload = resource.model_dump(
        scim_ctx=ScimContext.RESOURCE_QUERY_RESPONSE, response_parameters=_parameters(request)
    )
    location = resource.meta.location if resource.meta else None
    return _scim(payload, status, {"Location": location} if status == 201 and location else None)


def _listing(request: Request, page: ListResponse[Any]) -> Response:
    payload = page.model_dump(
        scim_ctx=ScimContext.SEARCH_RESPONSE, response_parameters=_parameters(request)
    )
    return _scim(payload)


def _page(request: Request) -> Page:
    return Page.of(request.query_params.get("startIndex"), request.query_params.get("count"))


def _documents(kind: type[Any], items: list[Any]) -> Response:
    page = ListResponse[kind](  # type: ignore[valid-type]
        total_results=len(items), start_index=1, items_per_page=len(items), resources=items
    )
    return _scim(page.model_dump(scim_ctx=ScimContext.SEARCH_RESPONSE))


# Discovery


@router.get("/ServiceProviderConfig", operation_id="scimServiceProviderConfig")
def service_provider_config(request: Request, scim: Scim) -> Response:
    document = scim_discovery.service_provider_config(base_url(request))
    return _scim(document.model_dump(scim_ctx=ScimContext.RESOURCE_QUERY_RESPONSE))


@router.get("/ResourceTypes", operation_id="scimResourceTypes")
def resource_types(request: Request, scim: Scim) -> Response:
    return _documents(ResourceType, list(scim_discovery.resource_types(base_url(request))))


@router.get("/ResourceTypes/{name}", operation_id="scimResourceType")
def resource_type(name: str, request: Request, scim: Scim) -> Response:
    kind = scim_discovery.resource_type(base_url(request), name)
    return _scim(kind.model_dump(scim_ctx=ScimContext.RESOURCE_QUERY_RESPONSE))


@router.get("/Schemas", operation_id="scimSchemas")
def schemas(request: Request, scim: Scim) -> Response:
    return _documents(Schema, list(scim_discovery.schemas(base_url(request))))


@router.get("/Schemas/{schema_id}", operation_id="scimSchema")
def schema(schema_id: str, request: Request, scim: Scim) -> Response:
    document = scim_discovery.schema(base_url(request), schema_id)
    return _scim(document.model_dump(scim_ctx=ScimContext.RESOURCE_QUERY_RESPONSE))


# Users


@router.get("/Users", operation_id="scimListUsers")
def list_users(request: Request, scim: Scim) -> Response:
    return _listing(request, scim.list_users(request.query_params.get("filter"), _page(request)))


@router.post("/Users", operation_id="scimCreateUser", status_code=201)
def create_user(request: Request, scim: Scim, body: Body) -> Response:
    return _resource(request, scim.create_user(body), 201)


@router.get("/Users/{user_id}", operation_id="scimGetUser")
def get_user(user_id: str, request: Request, scim: Scim) -> Response:
    return _resource(request, scim.get_user(user_id))


@router.put("/Users/{user_id}", operation_id="scimReplaceUser")
def replace_user(user_id: str, request: Request, scim: Scim, body: Body) -> Response:
    return _resource(request, scim.replace_user(user_id, body))


@router.patch("/Users/{user_id}", operation_id="scimPatchUser")
def patch_user(user_id: str, request: Request, scim: Scim, body: Body) -> Response:
    return _resource(request, scim.patch_user(user_id, body))


@router.delete("/Users/{user_id}", operation_id="scimDeleteUser", status_code=204)
def delete_user(user_id: str, scim: Scim) -> Response:
    scim.delete_user(user_id)
    return Response(status_code=204)


# Groups


@router.get("/Groups", operation_id="scimListGroups")
def list_groups(request: Request, scim: Scim) -> Response:
    return _listing(request, scim.list_groups(request.query_params.get("filter"), _page(request)))


@router.post("/Groups", operation_id="scimCreateGroup", status_code=201)
def create_group(request: Request, scim: Scim, body: Body) -> Response:
    return _resource(request, scim.create_group(body), 201)


@router.get("/Groups/{group_id}", operation_id="scimGetGroup")
def get_group(group_id: str, request: Request, scim: Scim) -> Response:
    return _resource(request, scim.get_group(group_id))


@router.put("/Groups/{group_id}", operation_id="scimReplaceGroup")
def replace_group(group_id: str, request: Request, scim: Scim, body: Body) -> Response:
    return _resource(request, scim.replace_group(group_id, body))


@router.patch("/Groups/{group_id}", operation_id="scimPatchGroup")
def patch_group(group_id: str, request: Request, scim: Scim, body: Body) -> Response:
    return _resource(request, scim.patch_group(group_id, body))


@router.delete("/Groups/{group_id}", operation_id="scimDeleteGroup", status_code=204)
def delete_group(group_id: str, scim: Scim) -> Response:
    scim.delete_group(group_id)
    return Response(status_code=204)
