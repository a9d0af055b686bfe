"""Every protected endpoint rejects missing, malformed, expired and revoked credentials."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa
from fastapi import FastAPI
from fastapi.testclient import TestClient

from server_fixtures import Accounts
from stockade.core import apikey
from stockade.store.models import ApiKey, UserSession

PROTECTED = [
    ("GET", "/api/v1/auth/me", None),
    ("POST", "/api/v1/auth/logout", None),
    ("POST", "/api/v1/auth/2fa/setup", None),
    ("POST", "/api/v1/auth/2fa/enable", {"code": "123456"}),
    ("POST", "/api/v1/auth/2fa/disable", {"code": "123456"}),
    ("POST", "/api/v1/api-keys", {"name": "x"}),
    ("GET", "/api/v1/api-keys", None),
    ("DELETE", "/api/v1/api-keys/00000000-0000-0000-0000-000000000000", None),
]


def _fake_key() -> str:
    body = "A" * 43
    return "stk_" + body + apikey.checksum(body)


def _expire_key(app: FastAPI) -> None:
    with app.state.ctx.db.session() as s:
        s.execute(sa.update(ApiKey).values(expires_at=datetime.now(UTC) - timedelta(days=1)))


def _revoke_key(app: FastAPI) -> None:
    with app.state.ctx.db.session() as s:
        s.execute(sa.update(ApiKey).values(revoked_at=datetime.now(UTC)))


def _revoke_sessions(app: FastAPI) -> None:
    with app.state.ctx.db.session() as s:
        s.execute(sa.update(UserSession).values(revoked_at=datetime.now(UTC)))


def _idle_sessions(app: FastAPI) -> None:
    with app.state.ctx.db.session() as s:
        s.execute(
            sa.update(UserSession).values(last_seen_at=datetime.now(UTC) - timedelta(hours=1))
        )


Setup = Callable[[FastAPI, TestClient, Accounts], dict[str, str]]


def _none(app: FastAPI, c: TestClient, a: Accounts) -> dict[str, str]:
    return {}


def _malformed(app: FastAPI, c: TestClient, a: Accounts) -> dict[str, str]:
    return {"X-API-Key": "stk_not-a-key"}


def _unknown(app: FastAPI, c: TestClient, a: Accounts) -> dict[str, str]:
    return {"X-API-Key": _fake_key()}


def _with_key(change: Callable[[FastAPI], None]) -> Setup:
    def setup(app: FastAPI, c: TestClient, a: Accounts) -> dict[str, str]:
        with TestClient(app) as other:
            key = a.api_key(other, a.signed_in(other))
        change(app)
        return {"X-API-Key": key}

    return setup


def _with_session(change: Callable[[FastAPI], None]) -> Setup:
    def setup(app: FastAPI, c: TestClient, a: Accounts) -> dict[str, str]:
        acc = a.signed_in(c)
        change(app)
        return {"X-CSRF-Token": acc.csrf or ""}

    return setup


def _bad_cookie(app: FastAPI, c: TestClient, a: Accounts) -> dict[str, str]:
    c.cookies.set("stockade_session", "eyJhbGciOiJIUzI1NiJ9.e30.invalid")
    return {}


CREDENTIALS: dict[str, Setup] = {
    "missing": _none,
    "malformed-key": _malformed,
    "unknown-key": _unknown,
    "expired-key": _with_key(_expire_key),
    "revoked-key": _with_key(_revoke_key),
    "malformed-cookie": _bad_cookie,
    "revoked-session": _with_session(_revoke_sessions),
    "idle-session": _with_session(_idle_sessions),
}


@pytest.mark.parametrize("credential", list(CREDENTIALS))
def test_protected_endpoints_reject_bad_credentials(
    app: FastAPI, accounts: Accounts, credential: str
) -> None:
    for method, path, body in PROTECTED:
        with TestClient(app) as c:
            headers = CREDENTIALS[credential](app, c, accounts)
            r = c.request(method, path, json=body, headers=headers)
            assert r.status_code == 401, (credential, method, path, r.text)
            assert r.headers["content-type"] == "application/problem+json"
            assert r.json()["status"] == 401 and r.json()["code"]
