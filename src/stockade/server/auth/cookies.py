"""Names and attributes of the three auth cookies (API.md, Authentication)."""

from __future__ import annotations

from datetime import datetime

from fastapi import Response

SESSION_COOKIE = "stockade_session"
REFRESH_COOKIE = "stockade_refresh"
CSRF_COOKIE = "stockade_csrf"
CSRF_HEADER = "X-CSRF-Token"
REFRESH_PATH = "/api/v1/auth"


def set_auth_cookies(
    response: Response, *, jwt: str, refresh: str, csrf: str, expires: datetime, secure: bool
) -> None:
    common = {"expires": expires, "secure": secure, "samesite": "lax"}
    response.set_cookie(SESSION_COOKIE, jwt, httponly=True, path="/", **common)  # type: ignore[arg-type]
    response.set_cookie(REFRESH_COOKIE, refresh, httponly=True, path=REFRESH_PATH, **common)  # type: ignore[arg-type]
    response.set_cookie(CSRF_COOKIE, csrf, httponly=False, path="/", **common)  # type: ignore[arg-type]


def clear_auth_cookies(response: Response, *, secure: bool) -> None:
    response.delete_cookie(SESSION_COOKIE, path="/", secure=secure, httponly=True, samesite="lax")
    response.delete_cookie(
        REFRESH_COOKIE, path=REFRESH_PATH, secure=secure, httponly=True, samesite="lax"
    )
    response.delete_cookie(CSRF_COOKIE, path="/", secure=secure, samesite="lax")
