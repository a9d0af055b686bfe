"""The application-wide rate-limit dependency: who is calling, what the route costs, and
whether the request may go on.

Installed once on the application (``FastAPI(dependencies=[...])``), so a route added later
is limited without anyone remembering to; the operational paths (``/health``, ``/metrics``,
``/docs``, ``/api-docs/*``) are let through. It runs before every other dependency of a
route and reads the caller from :func:`~stockade.server.auth.principal.request_credentials`,
which the principal dependencies share through FastAPI's per-request cache (authentication
runs once). Credentials that fail are counted against the client's address, anonymous
tier, before the route raises their 401, so guessing keys or sessions is limited too.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Iterator
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.routing import APIRoute
from sqlalchemy.orm import Session
from starlette.routing import BaseRoute

from stockade.server.auth.principal import Credentials, RequestCredentials, uses_principal
from stockade.server.context import AppContext, Context, DbSession, client_ip
from stockade.server.problems import ProblemError
from stockade.server.ratelimit import headers
from stockade.server.ratelimit.limiter import Decision, Outcome
from stockade.server.ratelimit.policy import (
    Caller,
    CostClass,
    TierKind,
    default_cost_class,
)
from stockade.server.schemas.common import problems
from stockade.sso import scim_tokens

COST_CLASS_KEY = "x-cost-class"
RATE_LIMITED_KEY = "x-rate-limited"
UNLIMITED_PATHS = frozenset({"/health", "/metrics", "/docs"})
UNLIMITED_PREFIXES = ("/api-docs/", "/static-offline-docs/")
ORGANIZATION_PATH = "/api/v1/organizations/{id}"
SCIM_PREFIX = "/scim/"


def cost_class(value: CostClass) -> dict[str, Any]:
    """``openapi_extra`` declaring a route's cost class, e.g.
    ``@router.post(..., openapi_extra=cost_class(CostClass.ANALYSIS))``."""
    return {COST_CLASS_KEY: value.value}


def is_unlimited(path: str) -> bool:
    return path in UNLIMITED_PATHS or path.startswith(UNLIMITED_PREFIXES)


def route_cost_class(route: object, method: str) -> CostClass:
    """The class the route declares (``x-cost-class``), else the method's default."""
    extra = getattr(route, "openapi_extra", None) or {}
    declared = extra.get(COST_CLASS_KEY)
    return CostClass(declared) if declared else default_cost_class(method)


def rate_limit(
    request: Request, ctx: Context, credentials: RequestCredentials, db: DbSession
) -> None:
    """Count the request or refuse it (429 ``rate_limited``; 503 when the limiter's storage
    is down and the request is not a read). The headers go out with whatever the route
    answers (see :mod:`.headers`)."""
    limiter = ctx.rate_limiter
    route = request.scope.get("route")
    template = getattr(route, "path", request.url.path)
    if limiter is None or is_unlimited(template):
        return
    cls = route_cost_class(route, request.method)
    # Only a route that works with the caller may use the request's transaction for the
    # membership check (see request_credentials); the others have no organization context.
    org_db = db if uses_principal(route) else None
    caller = scim_caller(request, db, template) or identify(
        request, ctx, org_db, credentials, template
    )
    decision = limiter.check(caller, limiter.policy.cost(cls))
    windows = limiter.policy.windows(caller)
    request.state.ratelimit_headers = headers.encoded(headers.for_decision(windows, decision))
    if decision.outcome is Outcome.LIMITED:
        raise _too_many(decision)
    if decision.outcome is Outcome.UNAVAILABLE and cls is not CostClass.GET:
        raise ProblemError(
            503,
            "rate_limiter_unavailable",
            "the rate limiter's storage is unavailable; only reads are served until it is back",
            headers={headers.RETRY_AFTER: str(decision.retry_after)},
        )


def identify(
    request: Request,
    ctx: AppContext,
    db: Session | None,
    credentials: Credentials,
    template: str,
) -> Caller:
    """The API key, else the user, else the client address (``trusted_proxies`` honoured);
    the organization bonus only for a verified organization context (an organization key,
    or an active membership looked up in ``db``; none without it)."""
    principal = credentials.principal
    if principal is None:
        return Caller(f"ip:{client_ip(request, ctx)}", TierKind.ANONYMOUS)
    if principal.api_key_id is not None:
        key, tier = f"key:{principal.api_key_id}", TierKind.API_KEY
    else:
        key, tier = f"user:{principal.user_id}", TierKind.AUTHENTICATED
    if principal.organization_id is not None:
        return Caller(key, tier, organization=True)  # checked when the key was resolved
    org = _organization_of(request, template)
    lookup = ctx.memberships
    member = org and lookup and db is not None and lookup(db, principal.user_id, org)
    return Caller(key, tier, organization=bool(member))


def scim_caller(request: Request, db: Session, template: str) -> Caller | None:
    """An identity provider's SCIM client is counted per token on the API-key tier (with the
    organization bonus): its first sync of thousands of users must not share the anonymous
    budget of its address. An unknown or revoked token returns None and is counted against
    the address like any failed credential."""
    if not template.startswith(SCIM_PREFIX):
        return None
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    row = scim_tokens.lookup(db, token.strip()) if scheme.lower() == "bearer" else None
    return None if row is None else Caller(f"scim:{row.id}", TierKind.API_KEY, organization=True)


def _organization_of(request: Request, template: str) -> str | None:
    """The organization a request acts in: ``/api/v1/organizations/{id}/...`` or an
    ``organization_id`` query parameter. Only a well-formed id counts (anything else cannot
    name an organization the caller belongs to)."""
    if template == ORGANIZATION_PATH or template.startswith(ORGANIZATION_PATH + "/"):
        value = request.path_params.get("id")
    else:
        value = request.query_params.get("organization_id")
    if not isinstance(value, str):
        return None
    try:
        return str(uuid.UUID(value))
    except ValueError:
        return None


def _too_many(decision: Decision) -> ProblemError:
    state = decision.refused_by
    assert state is not None
    window = state.window
    return ProblemError(
        429,
        "rate_limited",
        f"rate limit exceeded in the {window.name} window: {window.amount} cost units per "
        f"{window.seconds} s, {state.remaining} left, this request costs {decision.cost}; "
        f"retry in {decision.retry_after} s",
        headers={headers.RETRY_AFTER: str(decision.retry_after)},
        extra={"window": window.name, "retry_after": decision.retry_after},
    )


def declare_cost_classes(app: FastAPI) -> None:
    """Write every route's cost class into the OpenAPI document (``x-cost-class``; the
    operational routes get ``x-rate-limited: false``) and document its 429. Called once the
    routes exist; an unknown declared class fails here, at start, not on a request."""
    for route in _api_routes(app.router.routes):
        extra = dict(route.openapi_extra or {})
        if is_unlimited(route.path):
            extra[RATE_LIMITED_KEY] = False
        else:
            declared = extra.get(COST_CLASS_KEY)
            if declared is not None:
                extra[COST_CLASS_KEY] = CostClass(declared).value
            elif len(methods := route.methods or set()) == 1:
                extra[COST_CLASS_KEY] = default_cost_class(next(iter(methods))).value
            route.responses.setdefault(429, _TOO_MANY)
        route.openapi_extra = extra


def _api_routes(routes: Iterable[BaseRoute]) -> Iterator[APIRoute]:
    """The application's routes themselves: FastAPI keeps an included router as one entry
    that refers to it (and builds its per-request view lazily, from these objects)."""
    for route in routes:
        if isinstance(route, APIRoute):
            yield route
        elif isinstance(inner := getattr(route, "original_router", None), APIRouter):
            yield from _api_routes(inner.routes)


_TOO_MANY = {
    **problems(429)[429],
    "description": "Rate limited (`rate_limited`: a window is full; see `Retry-After`)",
    "headers": {
        "Retry-After": {
            "description": "Seconds until the request fits",
            "schema": {"type": "integer"},
        },
        "RateLimit-Policy": {
            "description": "The caller's windows (IETF draft syntax)",
            "schema": {"type": "string"},
        },
        "RateLimit": {
            "description": "Units left and seconds to reset, per window",
            "schema": {"type": "string"},
        },
    },
}
