"""Accounts and sessions: register, login, refresh, logout, me, two-factor."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta

import pyotp
from fastapi import APIRouter, Depends, Request, Response
from fastapi.responses import JSONResponse
from sqlalchemy.orm import Session

from stockade.server.auth import bruteforce, cookies, iplimit
from stockade.server.auth.passwords import weakness
from stockade.server.auth.principal import AuthMethod, CurrentUser, Principal, check_csrf
from stockade.server.auth.tokens import SessionClaims, random_token, same, sha256_hex
from stockade.server.content import require_json
from stockade.server.context import AppContext, Context, DbSession, client_ip
from stockade.server.problems import ProblemError
from stockade.server.schemas.auth import (
    CodeRequest,
    LoginRequest,
    LoginResponse,
    MeResponse,
    RegisterRequest,
    TwoFactorSetup,
    TwoFactorStatus,
    UserOut,
)
from stockade.server.schemas.common import problems
from stockade.store.crypto import SecretBox
from stockade.store.models import User, UserSession
from stockade.store.repositories import LoginAttempts, Sessions, Users
from stockade.store.types import new_id, utcnow

SESSION_LIFETIME = timedelta(hours=12)
ISSUER = "Stockade"

router = APIRouter(prefix="/api/v1/auth", tags=["auth"], dependencies=[Depends(require_json)])


def user_out(user: User) -> UserOut:
    return UserOut(
        id=user.id,
        email=user.email,
        name=user.name,
        is_admin=user.is_admin,
        two_factor_enabled=user.totp_enabled,
        created_at=user.created_at,
    )


@router.post(
    "/register",
    operation_id="registerUser",
    status_code=201,
    response_model=UserOut,
    responses=problems(400, 409, 413, 415, 422, 429),
    dependencies=[Depends(iplimit.per_ip(iplimit.REGISTER))],
)
def register(body: RegisterRequest, ctx: Context, db: DbSession, response: Response) -> UserOut:
    """Create an account. The first user and `server.admin_emails` become instance admins.

    Limited per client IP (`auth.ip_limits`): 429 with `Retry-After` beyond it.
    """
    email = str(body.email).lower()
    reason = weakness(body.password, email)
    if reason is not None:
        raise ProblemError(
            422,
            "weak_password",
            reason,
            extra={
                "errors": [{"loc": ["body", "password"], "msg": reason, "type": "weak_password"}]
            },
        )
    # Hashed before the first query: the request's transaction begins at that query and,
    # on SQLite, holds the write lock until the commit; argon2 must not run under it. Hashing
    # for a taken address too keeps the answer's timing from telling which addresses exist.
    password_hash = ctx.passwords.hash(body.password)
    users = Users(db)
    if users.by_email(email) is not None:
        raise ProblemError(409, "email_taken", "an account with this e-mail already exists")
    admins = {a.lower() for a in ctx.settings.server.admin_emails}
    is_admin = users.count() == 0 or email in admins
    user = users.add(email=email, name=body.name, password_hash=password_hash, is_admin=is_admin)
    response.headers["Location"] = "/api/v1/auth/me"
    return user_out(user)


def _record_failure(ctx: AppContext, request_db: Session, email: str, ip: str) -> None:
    """In its own transaction: the request's own is rolled back by the error. It is ended
    first, so that it does not hold SQLite's write lock while this one waits for it."""
    request_db.rollback()
    with ctx.db.session() as db:
        LoginAttempts(db).record(email=email, ip=ip, success=False)


def _verify_totp(box: SecretBox, user: User, code: str | None) -> bool:
    """The code against the user's TOTP secret, which is stored sealed (store.crypto)."""
    if not (user.totp_secret and code):
        return False
    return bool(pyotp.TOTP(box.open_text(user.totp_secret)).verify(code, valid_window=1))


@router.post(
    "/login",
    operation_id="login",
    response_model=LoginResponse,
    responses=problems(400, 401, 413, 415, 422, 429),
    dependencies=[Depends(iplimit.per_ip(iplimit.LOGIN))],
)
def login(body: LoginRequest, request: Request, ctx: Context, db: DbSession) -> JSONResponse:
    """Start a cookie session; sets `stockade_session`, `stockade_refresh` and `stockade_csrf`.

    The slow checks (argon2, TOTP) run between two short transactions, never inside one: on
    SQLite a transaction holds the write lock, and every other request would wait for them.
    """
    email, ip = body.email.strip().lower(), client_ip(request, ctx)
    with ctx.db.session() as read:
        bruteforce.check(read, email=email, ip=ip)
        found = Users(read).by_email(email)
    ok = ctx.passwords.verify(found.password_hash if found else None, body.password)
    if found is None or not ok or not found.is_active:
        _record_failure(ctx, db, email, ip)
        raise ProblemError(401, "invalid_credentials", "wrong e-mail or password")
    if found.totp_enabled:
        if body.totp_code is None:
            raise ProblemError(
                401, "totp_required", "this account needs a two-factor code (totp_code)"
            )
        if not _verify_totp(ctx.box, found, body.totp_code):
            _record_failure(ctx, db, email, ip)
            raise ProblemError(401, "invalid_totp", "the two-factor code is wrong")
    rehashed = (
        ctx.passwords.hash(body.password)
        if ctx.passwords.needs_rehash(found.password_hash)
        else None
    )
    return _finish_login(request, ctx, db, found.id, rehashed)


def _finish_login(
    request: Request, ctx: AppContext, db: DbSession, user_id: str, rehashed: str | None
) -> JSONResponse:
    """The writes of a successful login, in the request's (short) transaction."""
    user = Users(db).get(user_id)
    if user is None or not user.is_active:  # deleted or disabled during the checks
        raise ProblemError(401, "invalid_credentials", "wrong e-mail or password")
    LoginAttempts(db).clear_failures(user.email)
    if rehashed is not None:
        user.password_hash = rehashed
    user.last_login_at = utcnow()
    return _start_session(request, ctx, db, user)


def _start_session(request: Request, ctx: AppContext, db: DbSession, user: User) -> JSONResponse:
    opened = open_session(request, ctx, db, user)
    body = LoginResponse(user=user_out(user), csrf_token=opened.csrf, expires_at=opened.expires_at)
    response = JSONResponse(body.model_dump(mode="json"))
    opened.set_cookies(response, secure=ctx.settings.cookie_secure)
    return response


@dataclass(frozen=True)
class OpenedSession:
    """A new session row and the three cookie values that carry it (shown once)."""

    session_id: str
    jwt: str
    refresh: str
    csrf: str
    expires_at: datetime

    def set_cookies(self, response: Response, *, secure: bool) -> None:
        cookies.set_auth_cookies(
            response,
            jwt=self.jwt,
            refresh=self.refresh,
            csrf=self.csrf,
            expires=self.expires_at,
            secure=secure,
        )


def open_session(request: Request, ctx: AppContext, db: Session, user: User) -> OpenedSession:
    """The session of a successful login, password or single sign-on alike."""
    now = utcnow()
    session_id, csrf = new_id(), random_token()
    refresh = _refresh_token(session_id)
    row = Sessions(db).add(
        UserSession(
            id=session_id,
            user_id=user.id,
            refresh_hash=sha256_hex(refresh),
            csrf_hash=sha256_hex(csrf),
            created_at=now,
            last_seen_at=now,
            expires_at=now + SESSION_LIFETIME,
            ip=client_ip(request, ctx),
            user_agent=request.headers.get("user-agent", "")[:300] or None,
        )
    )
    token = ctx.jwt.issue(SessionClaims(user.id, row.id), now, row.expires_at)
    return OpenedSession(row.id, token, refresh, csrf, row.expires_at)


@router.post(
    "/refresh",
    operation_id="refreshSession",
    response_model=LoginResponse,
    responses=problems(401, 403),
)
def refresh(request: Request, ctx: Context, db: DbSession) -> JSONResponse:
    """Rotate the refresh token and issue a new session cookie (needs `X-CSRF-Token`).

    A refresh token used twice means it was copied: the session is revoked for both holders.
    """
    token = request.cookies.get(cookies.REFRESH_COOKIE, "")
    session_id = _session_of(token)
    row = Sessions(db).get(session_id) if session_id else None
    now = utcnow()
    idle = timedelta(minutes=ctx.settings.auth.session_timeout_minutes)
    if (
        row is None
        or row.revoked_at is not None
        or row.expires_at <= now
        or now - row.last_seen_at > idle
    ):
        raise ProblemError(
            401, "invalid_refresh_token", "the refresh token is unknown, revoked or expired"
        )
    if not same(sha256_hex(token), row.refresh_hash):
        _revoke_session(ctx, db, row.id)
        raise ProblemError(
            401, "refresh_token_reused", "the refresh token was already used; session ended"
        )
    check_csrf(request, row)
    user = Users(db).get(row.user_id)
    if user is None or not user.is_active:
        raise ProblemError(401, "invalid_refresh_token", "the account is not active")
    new_refresh, csrf = _refresh_token(row.id), request.cookies.get(cookies.CSRF_COOKIE, "")
    row.refresh_hash, row.last_seen_at = sha256_hex(new_refresh), now
    jwt = ctx.jwt.issue(SessionClaims(user.id, row.id), now, row.expires_at)
    body = LoginResponse(user=user_out(user), csrf_token=csrf, expires_at=row.expires_at)
    response = JSONResponse(body.model_dump(mode="json"))
    cookies.set_auth_cookies(
        response,
        jwt=jwt,
        refresh=new_refresh,
        csrf=csrf,
        expires=row.expires_at,
        secure=ctx.settings.cookie_secure,
    )
    return response


def _refresh_token(session_id: str) -> str:
    """``<session id>.<random>``: the id finds the session, so reuse of a rotated token is
    recognised (its hash no longer matches) rather than merely unknown."""
    return f"{session_id}.{random_token()}"


def _session_of(refresh_token: str) -> str | None:
    prefix = refresh_token.split(".", 1)[0]
    try:
        return str(uuid.UUID(prefix)) if "." in refresh_token else None
    except ValueError:
        return None


def _revoke_session(ctx: AppContext, request_db: Session, session_id: str) -> None:
    """In its own transaction (ending the request's first, as in ``_record_failure``)."""
    request_db.rollback()
    with ctx.db.session() as db:
        row = Sessions(db).get(session_id)
        if row is not None and row.revoked_at is None:
            row.revoked_at = utcnow()


@router.post("/logout", operation_id="logout", status_code=204, responses=problems(401, 403))
def logout(principal: CurrentUser, ctx: Context, db: DbSession) -> Response:
    """End the cookie session server-side (the JWT stops working at once)."""
    if principal.method is AuthMethod.SESSION and principal.session_id is not None:
        row = Sessions(db).get(principal.session_id)
        if row is not None:
            row.revoked_at = utcnow()
    response = Response(status_code=204)
    cookies.clear_auth_cookies(response, secure=ctx.settings.cookie_secure)
    return response


@router.get(
    "/me", operation_id="getCurrentUser", response_model=MeResponse, responses=problems(401)
)
def me(principal: CurrentUser) -> MeResponse:
    """The authenticated caller, and how they authenticated."""
    return MeResponse(
        **user_out(principal.user).model_dump(),
        auth_method=principal.method.value,
        api_key_id=principal.api_key_id,
        organization_id=principal.organization_id,
        role=principal.role,
    )


@router.post(
    "/2fa/setup",
    operation_id="setupTwoFactor",
    response_model=TwoFactorSetup,
    responses=problems(401, 403, 409),
)
def setup_2fa(principal: CurrentUser, ctx: Context, db: DbSession) -> TwoFactorSetup:
    """Create a new TOTP secret; it takes effect after `/2fa/enable` with a valid code."""
    user = _reload(principal, db)
    if user.totp_enabled:
        raise ProblemError(
            409, "two_factor_enabled", "two-factor authentication is already enabled"
        )
    secret = pyotp.random_base32()
    user.totp_secret = ctx.box.seal_text(secret)  # shown once, here; sealed at rest
    uri = pyotp.TOTP(secret).provisioning_uri(name=user.email, issuer_name=ISSUER)
    return TwoFactorSetup(secret=secret, otpauth_uri=uri)


@router.post(
    "/2fa/enable",
    operation_id="enableTwoFactor",
    response_model=TwoFactorStatus,
    responses=problems(400, 401, 403, 409, 415, 422),
)
def enable_2fa(
    body: CodeRequest, principal: CurrentUser, ctx: Context, db: DbSession
) -> TwoFactorStatus:
    """Turn on two-factor login after proving the authenticator app has the secret."""
    user = _reload(principal, db)
    if user.totp_enabled:
        raise ProblemError(
            409, "two_factor_enabled", "two-factor authentication is already enabled"
        )
    if user.totp_secret is None:
        raise ProblemError(409, "two_factor_not_set_up", "call /api/v1/auth/2fa/setup first")
    if not _verify_totp(ctx.box, user, body.code):
        raise ProblemError(400, "invalid_totp", "the two-factor code is wrong")
    user.totp_enabled = True
    return TwoFactorStatus(two_factor_enabled=True)


@router.post(
    "/2fa/disable",
    operation_id="disableTwoFactor",
    response_model=TwoFactorStatus,
    responses=problems(400, 401, 403, 409, 415, 422),
)
def disable_2fa(
    body: CodeRequest, principal: CurrentUser, ctx: Context, db: DbSession
) -> TwoFactorStatus:
    """Turn off two-factor login; needs a current code."""
    user = _reload(principal, db)
    if not user.totp_enabled:
        raise ProblemError(
            409, "two_factor_not_enabled", "two-factor authentication is not enabled"
        )
    if not _verify_totp(ctx.box, user, body.code):
        raise ProblemError(400, "invalid_totp", "the two-factor code is wrong")
    user.totp_enabled, user.totp_secret = False, None
    return TwoFactorStatus(two_factor_enabled=False)


def _reload(principal: Principal, db: DbSession) -> User:
    user = Users(db).get(principal.user_id)
    if user is None:
        raise ProblemError(401, "unauthenticated", "the account no longer exists")
    return user
