"""Opaque cursors: bound to their listing and their caller, indistinguishable when foreign."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from server_fixtures import Account, Accounts
from stockade.server import pagination
from stockade.server.pagination import Cursors
from stockade.server.problems import ProblemError


def _keys(client: TestClient, accounts: Accounts, n: int) -> Account:
    acc = accounts.signed_in(client)
    for _ in range(n):
        accounts.api_key(client, acc)
    return acc


def _problem(r: Any) -> tuple[int, str, str]:
    return r.status_code, r.json()["code"], r.json()["detail"]


def test_cursor_of_another_user_is_refused_like_a_random_string(
    app: FastAPI, accounts: Accounts
) -> None:
    with accounts.new_client() as alice, accounts.new_client() as bob:
        _keys(alice, accounts, 3)
        _keys(bob, accounts, 3)
        cursor = alice.get("/api/v1/api-keys", params={"limit": 1}).json()["next_cursor"]
        assert cursor and alice.get("/api/v1/api-keys", params={"cursor": cursor}).is_success
        foreign = bob.get("/api/v1/api-keys", params={"cursor": cursor})
        alice_key_id = alice.get("/api/v1/api-keys").json()["items"][0]["id"]
        raw_id = bob.get("/api/v1/api-keys", params={"cursor": alice_key_id})
        random = bob.get("/api/v1/api-keys", params={"cursor": str(uuid.uuid4())})
        tampered = bob.get("/api/v1/api-keys", params={"cursor": cursor[:-2] + "AA"})
    expected = (422, "invalid_cursor", "the cursor was not issued by this list for this caller")
    assert _problem(foreign) == _problem(raw_id) == _problem(random) == _problem(tampered)
    assert _problem(foreign) == expected
    assert foreign.headers["content-type"] == "application/problem+json"


def test_api_keys_cursor_is_refused_by_jobs_and_back(app: FastAPI, accounts: Accounts) -> None:
    with accounts.new_client() as client:
        acc = _keys(client, accounts, 2)
        keys_cursor = client.get("/api/v1/api-keys", params={"limit": 1}).json()["next_cursor"]
        r = client.get("/api/v1/jobs", params={"cursor": keys_cursor})
        assert _problem(r)[:2] == (422, "invalid_cursor")
        # A jobs cursor as the server would issue it to this caller, for one of its key ids.
        key_id = client.get("/api/v1/api-keys").json()["items"][0]["id"]
        jobs_cursor = pagination.for_context(app.state.ctx).issue(
            pagination.JOBS, acc.user["id"], key_id
        )
        r = client.get("/api/v1/api-keys", params={"cursor": jobs_cursor})
        assert _problem(r)[:2] == (422, "invalid_cursor")


def test_pages_walk_every_key_once(app: FastAPI, accounts: Accounts) -> None:
    with accounts.new_client() as client:
        _keys(client, accounts, 5)
        seen: list[str] = []
        cursors: list[str] = []
        cursor = None
        for _ in range(10):
            params: dict[str, str | int] = {"limit": 2}
            if cursor:
                params["cursor"] = cursor
            page = client.get("/api/v1/api-keys", params=params).json()
            seen += [k["id"] for k in page["items"]]
            cursor = page["next_cursor"]
            if cursor is None:
                break
            cursors.append(cursor)
        assert len(seen) == len(set(seen)) == 5 and len(cursors) == 2
        assert all(len(c) <= pagination.MAX_CURSOR_LENGTH and c not in seen for c in cursors)


def test_cursors_unit() -> None:
    cursors = Cursors(b"k" * 32)
    token = cursors.issue("jobs", "user-a", "pos-1")
    assert "pos-1" not in token and "user-a" not in token
    assert cursors.position(token, "jobs", "user-a") == "pos-1"
    for listing, caller, text in (
        ("jobs", "user-b", token),
        ("api-keys", "user-a", token),
        ("jobs", "user-a", token + "x"),
        ("jobs", "user-a", "."),
        ("jobs", "user-a", "not base64!"),
        ("jobs", "user-a", "é.é"),
    ):
        with pytest.raises(ProblemError) as info:
            cursors.position(text, listing, caller)
        assert info.value.code == "invalid_cursor"
    assert Cursors(b"other" * 8).issue("jobs", "user-a", "pos-1") != token


def test_jobs_cursor_of_another_user_is_refused_like_a_random_string(
    app: FastAPI, accounts: Accounts
) -> None:
    files = {"type": "files", "files": [{"path": "a.py", "content": "x = 1\n"}]}
    with accounts.new_client() as alice, accounts.new_client() as bob:
        for client in (alice, bob):
            headers = {"X-CSRF-Token": accounts.signed_in(client).csrf or ""}
            for _ in range(2):
                body = {"source": files, "modules": ["sast"]}
                r = client.post("/api/v1/analyze/job", json=body, headers=headers)
                assert r.status_code == 202, r.text
        cursor = alice.get("/api/v1/jobs", params={"limit": 1}).json()["next_cursor"]
        assert cursor
        second = alice.get("/api/v1/jobs", params={"limit": 1, "cursor": cursor})
        assert second.status_code == 200 and len(second.json()["items"]) == 1
        foreign = bob.get("/api/v1/jobs", params={"cursor": cursor})
        random = bob.get("/api/v1/jobs", params={"cursor": "bm90LWEtY3Vyc29y.AAAA"})
    assert _problem(foreign) == _problem(random)
    assert _problem(foreign)[:2] == (422, "invalid_cursor")
