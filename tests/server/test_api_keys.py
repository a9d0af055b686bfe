"""API keys: format, hashing at rest, masking, last use, revocation and expiry."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import sqlalchemy as sa
from fastapi import FastAPI
from fastapi.testclient import TestClient

from server_fixtures import Accounts
from stockade.core import apikey
from stockade.store.models import ApiKey


def test_create_shows_plaintext_once_and_stores_only_a_hash(
    app: FastAPI, client: TestClient, accounts: Accounts
) -> None:
    acc = accounts.signed_in(client)
    r = client.post(
        "/api/v1/api-keys",
        json={"name": "ci", "expires_in_days": 90},
        headers={"X-CSRF-Token": acc.csrf or ""},
    )
    assert r.status_code == 201
    body = r.json()
    assert apikey.is_valid(body["key"])
    assert r.headers["location"] == f"/api/v1/api-keys/{body['id']}"
    assert body["masked_key"] == body["key"][:8] + "…" + body["key"][-4:]
    expires = datetime.fromisoformat(body["expires_at"])
    assert timedelta(days=89) < expires - datetime.now(UTC) <= timedelta(days=90)
    with app.state.ctx.db.session() as s:
        row = s.get(ApiKey, body["id"])
        assert row is not None and len(row.key_hash) == 64 and body["key"] not in repr(vars(row))
    listed = client.get("/api/v1/api-keys").json()
    assert listed["next_cursor"] is None
    assert [k["id"] for k in listed["items"]] == [body["id"]]
    assert "key" not in listed["items"][0]


def test_last_used_at_is_tracked(client: TestClient, accounts: Accounts, app: FastAPI) -> None:
    acc = accounts.signed_in(client)
    key = accounts.api_key(client, acc)
    assert client.get("/api/v1/api-keys").json()["items"][0]["last_used_at"] is None
    with TestClient(app) as bare:
        me = bare.get("/api/v1/auth/me", headers={"X-API-Key": key}).json()
        assert me["auth_method"] == "api_key" and me["email"] == acc.email
    assert client.get("/api/v1/api-keys").json()["items"][0]["last_used_at"] is not None


def test_pagination(client: TestClient, accounts: Accounts) -> None:
    acc = accounts.signed_in(client)
    made = {accounts.api_key(client, acc) for _ in range(3)}
    first = client.get("/api/v1/api-keys", params={"limit": 2}).json()
    assert len(first["items"]) == 2 and first["next_cursor"]
    second = client.get(
        "/api/v1/api-keys", params={"limit": 2, "cursor": first["next_cursor"]}
    ).json()
    assert len(second["items"]) == 1 and second["next_cursor"] is None
    ids = {k["id"] for k in first["items"] + second["items"]}
    assert len(ids) == len(made) == 3
    assert client.get("/api/v1/api-keys", params={"limit": 0}).status_code == 422
    assert client.get("/api/v1/api-keys", params={"limit": 201}).status_code == 422


def test_revoked_key_stops_working(client: TestClient, accounts: Accounts, app: FastAPI) -> None:
    acc = accounts.signed_in(client)
    key = accounts.api_key(client, acc)
    key_id = client.get("/api/v1/api-keys").json()["items"][0]["id"]
    assert (
        client.delete(
            f"/api/v1/api-keys/{key_id}", headers={"X-CSRF-Token": acc.csrf or ""}
        ).status_code
        == 204
    )
    with TestClient(app) as bare:
        r = bare.get("/api/v1/auth/me", headers={"X-API-Key": key})
        assert r.status_code == 401 and r.json()["code"] == "invalid_api_key"
    assert (
        client.delete(
            f"/api/v1/api-keys/{key_id}", headers={"X-CSRF-Token": acc.csrf or ""}
        ).status_code
        == 404
    )
    assert client.get("/api/v1/api-keys").json()["items"] == []


def test_cannot_revoke_someone_elses_key(app: FastAPI, accounts: Accounts) -> None:
    with TestClient(app) as alice, TestClient(app) as bob:
        a = accounts.signed_in(alice)
        accounts.api_key(alice, a)
        key_id = alice.get("/api/v1/api-keys").json()["items"][0]["id"]
        b = accounts.signed_in(bob)
        r = bob.delete(f"/api/v1/api-keys/{key_id}", headers={"X-CSRF-Token": b.csrf or ""})
        assert r.status_code == 404 and r.json()["code"] == "api_key_not_found"
        assert len(alice.get("/api/v1/api-keys").json()["items"]) == 1


def test_expired_key_is_401(client: TestClient, accounts: Accounts, app: FastAPI) -> None:
    acc = accounts.signed_in(client)
    key = accounts.api_key(client, acc, expires_in_days=1)
    with app.state.ctx.db.session() as s:
        s.execute(sa.update(ApiKey).values(expires_at=datetime.now(UTC) - timedelta(seconds=1)))
    with TestClient(app) as bare:
        r = bare.get("/api/v1/auth/me", headers={"X-API-Key": key})
        assert r.status_code == 401 and r.json()["code"] == "api_key_expired"


def test_bad_create_requests(app: FastAPI, client: TestClient, accounts: Accounts) -> None:
    acc = accounts.signed_in(client)
    h = {"X-CSRF-Token": acc.csrf or ""}
    cases = [
        ({"name": ""}, 422),
        ({"name": "n" * 101}, 422),
        ({"name": "x", "expires_in_days": 0}, 422),
        ({"name": "x", "unknown": 1}, 422),
        ({"name": "x", "role": "Member"}, 422),
        (
            {"name": "x", "role": "God", "organization_id": "5f0c6f1e-8d4b-4d7e-9d7c-0b8f3b8e2a11"},
            422,
        ),
        ({"name": "x", "organization_id": "5f0c6f1e-8d4b-4d7e-9d7c-0b8f3b8e2a11"}, 404),
    ]
    for body, status in cases:
        r = client.post("/api/v1/api-keys", json=body, headers=h)
        assert r.status_code == status, (body, r.text)
        assert r.headers["content-type"] == "application/problem+json"
    with app.state.ctx.db.session() as s:
        assert s.scalar(sa.select(sa.func.count()).select_from(ApiKey)) == 0
