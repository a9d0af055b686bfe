"""Who is calling: resolve a cookie session or an ``X-API-Key`` into a :class:`Principal`."""

from __future__ import annotations

import contextlib
import weakref
from dataclasses import dataclass
from datetime import timedelta
from enum import StrEnum
from typing import Annotated

from fastapi import Depends, Request, Security
from fastapi.dependencies.models import Dependant
from fastapi.security import APIKeyCookie, APIKeyHeader
from sqlalchemy.orm import Session

from stockade.core import apikey
from stockade.server.auth import cookies
from stockade.server.auth.tokens import same, sha256_hex
from stockade.server.context import AppContext, Context, DbSession
from stockade.server.problems import ProblemError
from stockade.store.models import ApiKey, User, UserSession
from stockade.store.repositories import ApiKeys, Sessions, Users
from stockade.store.types import utcnow
from stockade.tenancy.roles import Role, capped

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
# Activity timestamps are written at most this often: a write per request would make every
# read a database write, and a minute is far below the idle timeout's resolution.
TOUCH_INTERVAL = timedelta(seconds=60)


class AuthMethod(StrEnum):
    SESSION = "session"
    API_KEY = "api_key"


@dataclass(frozen=True)
class Principal:
    """The authenticated caller.

    ``organization_id``/``role`` are set only for an organization-scoped API key: such a key
    acts only inside that organization, with at most that role.
    """

    user: User
    method: AuthMethod
    session_id: str | None = None
    api_key_id: str | None = None
    organization_id: str | None = None
    role: str | None = None
    # How long the cookie session was idle before this request (organizations may have a
    # shorter timeout than the instance's).
    idle_seconds: float | None = None

    @property
    def user_id(self) -> str:
        return self.user.id


def _unauthorized(code: str, detail: str) -> ProblemError:
    return ProblemError(
        401, code, detail, headers={"WWW-Authenticate": 'X-API-Key, Cookie realm="stockade"'}
    )


def _org_key_role(ctx: AppContext, db: Session, user: User, row: ApiKey) -> str | None:
    """An organization key acts with its role capped at the creator's current role, and stops
    working when the creator is no longer an active member."""
    if row.organization_id is None:
        return None
    current = ctx.memberships(db, user.id, row.organization_id) if ctx.memberships else None
    if current is None:
        raise _unauthorized("invalid_api_key", "the API key's owner left its organization")
    return capped(Role(row.role or Role.MEMBER), Role(current)).value


def _from_api_key(key: str, ctx: AppContext, db: Session) -> Principal:
    if not apikey.is_valid(key):
        raise _unauthorized("invalid_api_key", "the API key is malformed or its checksum is wrong")
    row = ApiKeys(db).by_hash(sha256_hex(key))
    now = utcnow()
    if row is None or row.revoked_at is not None:
        raise _unauthorized("invalid_api_key", "the API key is unknown or revoked")
    if row.expires_at is not None and row.expires_at <= now:
        raise _unauthorized("api_key_expired", "the API key has expired")
    user = Users(db).get(row.user_id)
    if user is None or not user.is_active:
        raise _unauthorized("invalid_api_key", "the API key's owner is not active")
    if row.last_used_at is None or now - row.last_used_at > TOUCH_INTERVAL:
        row.last_used_at = now
    role = _org_key_role(ctx, db, user, row)
    return Principal(
        user,
        AuthMethod.API_KEY,
        api_key_id=row.id,
        organization_id=row.organization_id,
        role=role,
    )


def _live_session(token: str, ctx: AppContext, db: Session) -> tuple[UserSession, User]:
    claims = ctx.jwt.verify(token)
    if claims is None:
        raise _unauthorized("invalid_session", "the session token is invalid or expired")
    row = Sessions(db).get(claims.session_id)
    if row is None or row.user_id != claims.user_id or row.revoked_at is not None:
        raise _unauthorized("session_revoked", "the session has ended; log in again")
    now = utcnow()
    idle = timedelta(minutes=ctx.settings.auth.session_timeout_minutes)
    if row.expires_at <= now or now - row.last_seen_at > idle:
        raise _unauthorized("session_expired", "the session expired; log in again")
    user = Users(db).get(row.user_id)
    if user is None or not user.is_active:
        raise _unauthorized("session_revoked", "the account is not active")
    return row, user


def check_csrf(request: Request, row: UserSession) -> None:
    """Double submit: header equals the cookie, and both belong to this session."""
    header = request.headers.get(cookies.CSRF_HEADER, "")
    cookie = request.cookies.get(cookies.CSRF_COOKIE, "")
    if not header or not cookie or not same(header, cookie):
        raise ProblemError(
            403, "csrf_failed", f"missing or mismatched {cookies.CSRF_HEADER} header"
        )
    if not same(sha256_hex(header), row.csrf_hash):
        raise ProblemError(403, "csrf_failed", "the CSRF token belongs to another session")


def authenticate(request: Request, ctx: AppContext, db: Session) -> Principal | None:
    key = request.headers.get("x-api-key")
    if key is not None:
        return _from_api_key(key.strip(), ctx, db)
    token = request.cookies.get(cookies.SESSION_COOKIE)
    if not token:
        return None
    row, user = _live_session(token, ctx, db)
    if request.method not in SAFE_METHODS:
        check_csrf(request, row)
    now = utcnow()
    idle = (now - row.last_seen_at).total_seconds()
    if now - row.last_seen_at > TOUCH_INTERVAL:
        row.last_seen_at = now
    return Principal(user, AuthMethod.SESSION, session_id=row.id, idle_seconds=idle)


@dataclass(frozen=True)
class Credentials:
    """What the request's credentials came to: a principal, nobody (``None``, no error), or
    the refusal (401/403) to raise where a route needs the caller.

    Resolved once per request and shared through FastAPI's dependency cache: the rate
    limiter reads it before any route dependency (a refused credential is counted against
    the client's IP before its 401 is raised) and the principal dependencies reuse it.
    """

    principal: Principal | None = None
    error: ProblemError | None = None


def request_credentials(request: Request, ctx: Context, db: DbSession) -> Credentials:
    """Read in the request's transaction when the route asks for the caller (its writes,
    e.g. a key's ``last_used_at``, commit with the route's). A route that never does
    (login, register, refresh) has them read only for the rate limiter, in a transaction of
    their own: on SQLite the request's transaction holds the write lock from its first
    query, and those routes hash passwords before theirs."""
    if uses_principal(request.scope.get("route")):
        return _read_credentials(request, ctx, db)
    with ctx.db.session() as own:
        return _read_credentials(request, ctx, own)


def _read_credentials(request: Request, ctx: AppContext, db: Session) -> Credentials:
    try:
        return Credentials(principal=authenticate(request, ctx, db))
    except ProblemError as exc:
        return Credentials(error=exc)


_USES_PRINCIPAL: weakref.WeakKeyDictionary[object, bool] = weakref.WeakKeyDictionary()


def uses_principal(route: object) -> bool:
    """Whether the route, or one of its dependencies, asks for the caller (worked out once
    per route from its dependency tree)."""
    with contextlib.suppress(KeyError, TypeError):
        return _USES_PRINCIPAL[route]
    dependant = getattr(route, "dependant", None)
    found = isinstance(dependant, Dependant) and _needs_principal(dependant)
    with contextlib.suppress(TypeError):
        _USES_PRINCIPAL[route] = found
    return found


def _needs_principal(dependant: Dependant) -> bool:
    return any(
        d.call in (optional_principal, require_principal) or _needs_principal(d)
        for d in dependant.dependencies
    )


RequestCredentials = Annotated[Credentials, Depends(request_credentials)]


def optional_principal(credentials: RequestCredentials) -> Principal | None:
    """The caller, or None without credentials; bad credentials are still a 401 (or a CSRF
    403), never silently anonymous."""
    if credentials.error is not None:
        raise credentials.error
    return credentials.principal


# Declared as FastAPI security schemes so the OpenAPI document lists both credential forms
# on exactly the operations that require authentication. Reading is done in `authenticate`.
_API_KEY_SCHEME = APIKeyHeader(name="X-API-Key", scheme_name="ApiKeyAuth", auto_error=False)
_COOKIE_SCHEME = APIKeyCookie(
    name=cookies.SESSION_COOKIE, scheme_name="CookieAuth", auto_error=False
)


def require_principal(
    principal: Annotated[Principal | None, Depends(optional_principal)],
    _key: Annotated[str | None, Security(_API_KEY_SCHEME)] = None,
    _cookie: Annotated[str | None, Security(_COOKIE_SCHEME)] = None,
) -> Principal:
    if principal is None:
        raise _unauthorized(
            "unauthenticated", "authentication required: X-API-Key or session cookie"
        )
    return principal


OptionalPrincipal = Annotated[Principal | None, Depends(optional_principal)]
CurrentPrincipal = Annotated[Principal, Depends(require_principal)]
CurrentUser = CurrentPrincipal


def require_instance_admin(principal: CurrentPrincipal) -> Principal:
    """Instance administrators only (e.g. changing an organization's plan)."""
    if not principal.user.is_admin:
        raise ProblemError(403, "admin_required", "only instance administrators may do this")
    return principal


AdminUser = Annotated[Principal, Depends(require_instance_admin)]
