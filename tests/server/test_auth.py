"""Accounts and sessions: register, login, cookies, CSRF, refresh, logout, brute force, 2FA."""

from __future__ import annotations

from collections.abc import Generator
from datetime import UTC, datetime, timedelta
from typing import cast

import jwt
import pyotp
import pytest
import sqlalchemy as sa
from fastapi import FastAPI
from fastapi.testclient import TestClient

from server_fixtures import PASSWORD, Accounts
from stockade.server.deps import AdminUser
from stockade.store.models import LoginAttempt, User, UserSession

PROBLEM = "application/problem+json"


def _replace_cookie(client: TestClient, name: str, value: str, path: str = "/") -> None:
    """Swap a cookie's value (deleting first: the jar would otherwise hold two)."""
    client.cookies.delete(name)
    client.cookies.set(name, value, path=path)
    assert client.cookies.get(name) == value


def _count(app: FastAPI, model: type) -> int:
    with app.state.ctx.db.session() as s:
        return int(s.scalar(sa.select(sa.func.count()).select_from(model)))


def test_first_user_is_admin_then_not(client: TestClient, accounts: Accounts) -> None:
    first = accounts.register(client, "first@example.com")
    second = accounts.register(client, "second@example.com")
    assert first.user["is_admin"] and not second.user["is_admin"]
    assert first.user["email"] == "first@example.com" and first.user["created_at"].endswith("Z")


def test_admin_emails_become_admins(tmp_path: object, db_url: str) -> None:
    from server_fixtures import make_settings
    from stockade.server import create_app

    app = create_app(make_settings(tmp_path, db_url, server={"admin_emails": ["Boss@Example.com"]}))  # type: ignore[arg-type]
    with TestClient(app) as c:
        Accounts(app).register(c, "someone@example.com")
        assert Accounts(app).register(c, "boss@example.com").user["is_admin"]
    app.state.ctx.db.dispose()


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"email": "a@example.com", "password": "short"}, 422, "validation_failed"),
        ({"email": "a@example.com", "password": "Password123!"}, 422, "weak_password"),
        ({"email": "a@example.com", "password": "aaaaaaaaaaaaaaaa"}, 422, "weak_password"),
        ({"email": "a@example.com", "password": "abcdefghijklmnop"}, 422, "weak_password"),
        ({"email": "longname@example.com", "password": "xx-longname-2024"}, 422, "weak_password"),
        ({"email": "not-an-email", "password": PASSWORD}, 422, "validation_failed"),
        (
            {"email": "a@example.com", "password": PASSWORD, "role": "admin"},
            422,
            "validation_failed",
        ),
        ({"email": "a@example.com", "password": "p" * 300}, 422, "validation_failed"),
        (
            {"email": "a@example.com", "password": PASSWORD, "name": "n" * 500},
            422,
            "validation_failed",
        ),
        ({"email": "a" * 300 + "@example.com", "password": PASSWORD}, 422, "validation_failed"),
        ({"password": PASSWORD}, 422, "validation_failed"),
        ([1, 2], 422, "validation_failed"),
    ],
)
def test_register_rejects_bad_input(
    app: FastAPI, client: TestClient, body: object, status: int, code: str
) -> None:
    r = client.post("/api/v1/auth/register", json=body)
    assert r.status_code == status, r.text
    assert r.headers["content-type"] == PROBLEM
    assert r.json()["code"] == code and r.json()["errors"][0]["loc"]
    assert _count(app, User) == 0


def test_register_malformed_json_and_wrong_type(app: FastAPI, client: TestClient) -> None:
    r = client.post(
        "/api/v1/auth/register", content=b'{"email": ', headers={"content-type": "application/json"}
    )
    assert r.status_code == 400 and r.json()["code"] == "malformed_body"
    r = client.post(
        "/api/v1/auth/register",
        content=b"email=a",
        headers={"content-type": "application/x-www-form-urlencoded"},
    )
    assert r.status_code == 415 and r.json()["code"] == "unsupported_media_type"
    assert _count(app, User) == 0


def test_duplicate_email_is_409(client: TestClient, accounts: Accounts) -> None:
    accounts.register(client, "dup@example.com")
    r = client.post(
        "/api/v1/auth/register", json={"email": "DUP@example.com", "password": PASSWORD}
    )
    assert r.status_code == 409 and r.json()["code"] == "email_taken"


def test_login_sets_three_cookies(client: TestClient, accounts: Accounts) -> None:
    acc = accounts.register(client, "c@example.com")
    r = client.post("/api/v1/auth/login", json={"email": "C@example.com", "password": PASSWORD})
    assert r.status_code == 200
    body = r.json()
    assert body["user"]["email"] == "c@example.com" and body["expires_at"].endswith("Z")
    cookies = {c.split("=", 1)[0]: c for c in r.headers.get_list("set-cookie")}
    assert (
        "HttpOnly" in cookies["stockade_session"] and "SameSite=lax" in cookies["stockade_session"]
    )
    assert (
        "HttpOnly" in cookies["stockade_refresh"]
        and "Path=/api/v1/auth" in cookies["stockade_refresh"]
    )
    assert (
        "HttpOnly" not in cookies["stockade_csrf"]
        and f"stockade_csrf={body['csrf_token']}" in cookies["stockade_csrf"]
    )
    me = client.get("/api/v1/auth/me")
    assert (
        me.status_code == 200
        and me.json()["auth_method"] == "session"
        and me.json()["id"] == acc.user["id"]
    )


def test_wrong_password_is_401_and_brute_force_is_429(
    app: FastAPI, client: TestClient, accounts: Accounts
) -> None:
    acc = accounts.register(client, "bf@example.com")
    for _ in range(5):
        r = client.post(
            "/api/v1/auth/login", json={"email": acc.email, "password": "wrong-password-123"}
        )
        assert r.status_code == 401 and r.json()["code"] == "invalid_credentials"
    r = client.post("/api/v1/auth/login", json={"email": acc.email, "password": PASSWORD})
    assert r.status_code == 429 and r.json()["code"] == "too_many_login_attempts"
    assert 1 <= int(r.headers["retry-after"]) <= 900
    assert _count(app, UserSession) == 0


def test_per_ip_limit_spans_accounts(client: TestClient) -> None:
    for i in range(20):
        r = client.post(
            "/api/v1/auth/login",
            json={"email": f"nobody{i}@example.com", "password": "whatever-12345"},
        )
        assert r.status_code == 401
    r = client.post(
        "/api/v1/auth/login", json={"email": "fresh@example.com", "password": "whatever-12345"}
    )
    assert r.status_code == 429 and "retry-after" in r.headers


def test_csrf_required_for_unsafe_cookie_requests(client: TestClient, accounts: Accounts) -> None:
    acc = accounts.signed_in(client)
    r = client.post("/api/v1/api-keys", json={"name": "x"})
    assert r.status_code == 403 and r.json()["code"] == "csrf_failed"
    r = client.post("/api/v1/api-keys", json={"name": "x"}, headers={"X-CSRF-Token": "forged"})
    assert r.status_code == 403
    assert client.get("/api/v1/auth/me").status_code == 200  # safe methods need none
    r = client.post(
        "/api/v1/api-keys", json={"name": "x"}, headers={"X-CSRF-Token": acc.csrf or ""}
    )
    assert r.status_code == 201


def test_csrf_token_of_another_session_is_refused(app: FastAPI, accounts: Accounts) -> None:
    with TestClient(app) as alice, TestClient(app) as mallory:
        a = accounts.signed_in(alice)
        m = accounts.signed_in(mallory)
        _replace_cookie(alice, "stockade_csrf", m.csrf or "")
        r = alice.post(
            "/api/v1/api-keys", json={"name": "x"}, headers={"X-CSRF-Token": m.csrf or ""}
        )
        assert r.status_code == 403 and "another session" in r.json()["detail"]
        assert a.csrf != m.csrf


def test_api_key_needs_no_csrf(client: TestClient, accounts: Accounts, app: FastAPI) -> None:
    acc = accounts.signed_in(client)
    key = accounts.api_key(client, acc)
    with TestClient(app) as bare:
        r = bare.post("/api/v1/api-keys", json={"name": "from-key"}, headers={"X-API-Key": key})
        assert r.status_code == 201


def test_logout_revokes_the_session_server_side(client: TestClient, accounts: Accounts) -> None:
    acc = accounts.signed_in(client)
    token = client.cookies.get("stockade_session")
    assert (
        client.post("/api/v1/auth/logout", headers={"X-CSRF-Token": acc.csrf or ""}).status_code
        == 204
    )
    _replace_cookie(client, "stockade_session", token or "")
    r = client.get("/api/v1/auth/me")
    assert r.status_code == 401 and r.json()["code"] == "session_revoked"


def test_refresh_rotates_the_refresh_token(client: TestClient, accounts: Accounts) -> None:
    acc = accounts.signed_in(client)
    old_refresh = client.cookies.get("stockade_refresh")
    r = client.post("/api/v1/auth/refresh", headers={"X-CSRF-Token": acc.csrf or ""})
    assert r.status_code == 200 and r.json()["csrf_token"] == acc.csrf
    assert client.cookies.get("stockade_refresh") != old_refresh
    assert client.get("/api/v1/auth/me").status_code == 200
    _replace_cookie(client, "stockade_refresh", old_refresh or "", path="/api/v1/auth")
    r = client.post("/api/v1/auth/refresh", headers={"X-CSRF-Token": acc.csrf or ""})
    assert r.status_code == 401 and r.json()["code"] == "refresh_token_reused"
    # the replay ends the session for whoever holds it, the legitimate client included
    me = client.get("/api/v1/auth/me")
    assert me.status_code == 401 and me.json()["code"] == "session_revoked"


def test_refresh_without_csrf_is_403(client: TestClient, accounts: Accounts) -> None:
    accounts.signed_in(client)
    assert client.post("/api/v1/auth/refresh").status_code == 403


def test_idle_session_times_out(app: FastAPI, client: TestClient, accounts: Accounts) -> None:
    accounts.signed_in(client)
    with app.state.ctx.db.session() as s:
        s.execute(
            sa.update(UserSession).values(last_seen_at=datetime.now(UTC) - timedelta(minutes=31))
        )
    r = client.get("/api/v1/auth/me")
    assert r.status_code == 401 and r.json()["code"] == "session_expired"


def _claims(app: FastAPI, client: TestClient) -> dict[str, object]:
    token = client.cookies.get("stockade_session") or ""
    return dict(jwt.decode(token, options={"verify_signature": False}))


@pytest.mark.parametrize("kind", ["other-secret", "expired", "alg-none", "garbage"])
def test_forged_or_expired_jwt_is_401(
    app: FastAPI, client: TestClient, accounts: Accounts, kind: str
) -> None:
    accounts.signed_in(client)
    claims = _claims(app, client)
    if kind == "other-secret":
        token = jwt.encode(claims, "x" * 48, algorithm="HS256")
    elif kind == "expired":
        secret = app.state.ctx.jwt._secret
        token = jwt.encode(
            {**claims, "exp": int(datetime.now(UTC).timestamp()) - 10}, secret, algorithm="HS256"
        )
    elif kind == "alg-none":
        token = jwt.encode(claims, None, algorithm="none")
    else:
        token = "not.a.jwt"
    _replace_cookie(client, "stockade_session", token)
    r = client.get("/api/v1/auth/me")
    assert r.status_code == 401 and r.headers["content-type"] == PROBLEM
    assert r.json()["code"] == "invalid_session"


def test_two_factor_lifecycle(app: FastAPI, client: TestClient, accounts: Accounts) -> None:
    acc = accounts.signed_in(client)
    h = {"X-CSRF-Token": acc.csrf or ""}
    setup = client.post("/api/v1/auth/2fa/setup", headers=h)
    assert setup.status_code == 200 and setup.json()["otpauth_uri"].startswith("otpauth://totp/")
    totp = pyotp.TOTP(setup.json()["secret"])
    assert (
        client.post(
            "/api/v1/auth/2fa/enable",
            json={"code": "000000" if totp.now() != "000000" else "111111"},
            headers=h,
        ).status_code
        == 400
    )
    assert (
        client.post("/api/v1/auth/2fa/enable", json={"code": "12ab"}, headers=h).status_code == 422
    )
    r = client.post("/api/v1/auth/2fa/enable", json={"code": totp.now()}, headers=h)
    assert r.status_code == 200 and r.json() == {"two_factor_enabled": True}
    ctx = app.state.ctx
    with ctx.db.session() as s:  # at rest the secret is sealed, never the base32 text
        stored = s.scalar(sa.select(User.totp_secret).where(User.email == acc.email))
    assert stored and setup.json()["secret"] not in stored
    assert ctx.box.open_text(stored) == setup.json()["secret"]
    assert client.post("/api/v1/auth/2fa/setup", headers=h).status_code == 409
    with TestClient(app) as other:
        r = other.post("/api/v1/auth/login", json={"email": acc.email, "password": PASSWORD})
        assert r.status_code == 401 and r.json()["code"] == "totp_required"
        r = other.post(
            "/api/v1/auth/login",
            json={"email": acc.email, "password": PASSWORD, "totp_code": totp.now()},
        )
        assert r.status_code == 200 and r.json()["user"]["two_factor_enabled"]
    r = client.post("/api/v1/auth/2fa/disable", json={"code": totp.now()}, headers=h)
    assert r.status_code == 200 and r.json() == {"two_factor_enabled": False}


def test_failed_logins_are_recorded_even_though_the_request_fails(
    app: FastAPI, client: TestClient
) -> None:
    client.post(
        "/api/v1/auth/login", json={"email": "ghost@example.com", "password": "whatever-12345"}
    )
    assert _count(app, LoginAttempt) == 1


def test_unique_race_becomes_409_and_lost_database_503(app: FastAPI) -> None:
    from sqlalchemy.exc import IntegrityError, OperationalError

    from stockade.server.context import get_db
    from stockade.server.problems import ProblemError

    for error, status in (
        (IntegrityError("x", {}, Exception()), 409),
        (OperationalError("x", {}, Exception()), 503),
    ):
        gen = cast(Generator[object, None, None], get_db(app.state.ctx))
        next(gen)
        with pytest.raises(ProblemError) as info:
            gen.throw(error)
        assert info.value.status == status


@pytest.mark.parametrize("field", ["email", "password", "name"])
def test_nul_characters_are_422_on_both_backends(
    app: FastAPI, client: TestClient, field: str
) -> None:
    body = {"email": "nul@example.com", "password": PASSWORD, "name": "Ada"}
    body[field] = body[field][:3] + "\x00" + body[field][3:]
    r = client.post("/api/v1/auth/register", json=body)
    assert r.status_code == 422 and r.headers["content-type"] == PROBLEM
    r = client.post(
        "/api/v1/auth/login", json={"email": "a\x00b@example.com", "password": PASSWORD}
    )
    assert r.status_code == 422
    assert _count(app, User) == 0


def test_admin_user_dependency(app: FastAPI, accounts: Accounts) -> None:
    @app.get("/test-only/admin")
    def admin_only(principal: AdminUser) -> dict[str, str]:
        return {"id": principal.user_id}

    with TestClient(app) as admin, TestClient(app) as user:
        first = accounts.signed_in(admin)
        accounts.signed_in(user)
        assert admin.get("/test-only/admin").json() == {"id": first.user["id"]}
        r = user.get("/test-only/admin")
        assert r.status_code == 403 and r.json()["code"] == "admin_required"


@pytest.mark.parametrize(
    ("trusted", "forwarded", "expected"),
    [
        ([], "203.0.113.9", "testclient"),  # untrusted peer: header ignored
        (["testclient"], "203.0.113.9", "203.0.113.9"),
        (["testclient", "10.0.0.0/8"], "198.51.100.7, 203.0.113.9, 10.1.2.3", "203.0.113.9"),
    ],
)
def test_client_ip_honours_only_trusted_proxies(
    tmp_path: object, db_url: str, trusted: list[str], forwarded: str, expected: str
) -> None:
    from server_fixtures import make_settings
    from stockade.server import create_app

    app = create_app(make_settings(tmp_path, db_url, server={"trusted_proxies": trusted}))  # type: ignore[arg-type]
    with TestClient(app) as c:
        c.post(
            "/api/v1/auth/login",
            json={"email": "x@example.com", "password": "whatever-12345"},
            headers={"X-Forwarded-For": forwarded},
        )
    with app.state.ctx.db.session() as s:
        assert s.scalars(sa.select(LoginAttempt.ip)).all() == [expected]
    app.state.ctx.db.dispose()


def test_hashes_are_argon2id_and_upgraded_at_login(
    app: FastAPI, client: TestClient, accounts: Accounts
) -> None:
    from stockade.server.auth.passwords import Passwords

    acc = accounts.register(client, "hash@example.com")
    with app.state.ctx.db.session() as s:
        stored = s.scalars(sa.select(User.password_hash)).one()
    assert stored.startswith("$argon2id$") and PASSWORD not in stored
    app.state.ctx.passwords = Passwords(time_cost=2, memory_cost=2048)  # new policy
    accounts.login(client, acc)
    with app.state.ctx.db.session() as s:
        upgraded = s.scalars(sa.select(User.password_hash)).one()
    assert upgraded != stored and "t=2" in upgraded and "m=2048" in upgraded


@pytest.mark.parametrize(
    "token", ["", "garbage", "not-a-uuid.abc", "00000000-0000-0000-0000-000000000000.abc"]
)
def test_malformed_refresh_tokens_are_401(
    client: TestClient, accounts: Accounts, token: str
) -> None:
    acc = accounts.signed_in(client)
    _replace_cookie(client, "stockade_refresh", token, path="/api/v1/auth")
    r = client.post("/api/v1/auth/refresh", headers={"X-CSRF-Token": acc.csrf or ""})
    assert r.status_code == 401 and r.json()["code"] == "invalid_refresh_token"
    assert client.get("/api/v1/auth/me").status_code == 200  # the session itself is untouched


def test_idle_timeout_is_configurable(tmp_path: object, db_url: str) -> None:
    from server_fixtures import make_settings
    from stockade.server import create_app

    app = create_app(make_settings(tmp_path, db_url, auth={"session_timeout_minutes": 5}))  # type: ignore[arg-type]
    with TestClient(app) as c:
        Accounts(app).signed_in(c)
        with app.state.ctx.db.session() as s:
            s.execute(
                sa.update(UserSession).values(last_seen_at=datetime.now(UTC) - timedelta(minutes=4))
            )
        assert c.get("/api/v1/auth/me").status_code == 200
        with app.state.ctx.db.session() as s:
            s.execute(
                sa.update(UserSession).values(last_seen_at=datetime.now(UTC) - timedelta(minutes=6))
            )
        assert c.get("/api/v1/auth/me").json()["code"] == "session_expired"
    app.state.ctx.db.dispose()
