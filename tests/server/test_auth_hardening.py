"""Issue #23 (2): registration floods. Per-IP limits on register/login (429 + Retry-After),
no password hashing while SQLite's write lock is held, and a burst that queues, not 503s."""

from __future__ import annotations

import socket
import sqlite3
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
import uvicorn
from fastapi import FastAPI
from fastapi.testclient import TestClient

from server_fixtures import PASSWORD, make_settings
from stockade.server import create_app
from stockade.server.auth.passwords import Passwords


def _app(tmp_path: Path, **ip_limits: int) -> FastAPI:
    settings = make_settings(
        tmp_path,
        f"sqlite:///{tmp_path / 'stockade.db'}",
        auth={"ip_limits": ip_limits},
        server={"trusted_proxies": ["testclient"]},
    )
    app = create_app(settings)
    app.state.ctx.passwords = Passwords(time_cost=1, memory_cost=1024)
    return app


def _register(client: TestClient, n: int, **headers: str) -> httpx.Response:
    body = {"email": f"u{n}-{time.monotonic_ns()}@example.com", "password": PASSWORD}
    return client.post("/api/v1/auth/register", json=body, headers=headers)


def test_registration_beyond_the_per_ip_limit_is_429(tmp_path: Path) -> None:
    app = _app(tmp_path, register_per_minute=3)
    with TestClient(app) as client:
        assert [_register(client, i).status_code for i in range(3)] == [201, 201, 201]
        refused = _register(client, 3)
        assert refused.status_code == 429
        assert refused.headers["content-type"] == "application/problem+json"
        assert refused.json()["code"] == "too_many_requests_from_ip"
        assert 1 <= int(refused.headers["retry-after"]) <= 60
        # Another client address (through a trusted proxy) has its own allowance.
        assert _register(client, 4, **{"X-Forwarded-For": "203.0.113.9"}).status_code == 201
    app.state.ctx.db.dispose()


def test_login_beyond_the_per_ip_limit_is_429_before_any_check(tmp_path: Path) -> None:
    app = _app(tmp_path, login_per_minute=2)
    with TestClient(app) as client:
        email = "limit@example.com"
        client.post("/api/v1/auth/register", json={"email": email, "password": PASSWORD})
        for _ in range(2):
            body = {"email": email, "password": PASSWORD}
            assert client.post("/api/v1/auth/login", json=body).status_code == 200
        r = client.post("/api/v1/auth/login", json={"email": email, "password": PASSWORD})
        assert r.status_code == 429 and r.json()["code"] == "too_many_requests_from_ip"
        assert int(r.headers["retry-after"]) >= 1
    app.state.ctx.db.dispose()


class _LockProbe(Passwords):
    """Hashes like Passwords, and records whether SQLite's write lock was free meanwhile."""

    def __init__(self, db_file: Path) -> None:
        super().__init__(time_cost=1, memory_cost=1024)
        self.db_file = db_file
        self.locked_while_hashing: list[str] = []

    def _probe(self, what: str) -> None:
        conn = sqlite3.connect(self.db_file, timeout=0, isolation_level=None)
        try:
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("ROLLBACK")
        except sqlite3.OperationalError:
            self.locked_while_hashing.append(what)
        finally:
            conn.close()

    def hash(self, password: str) -> str:
        self._probe("hash")
        return super().hash(password)

    def verify(self, stored: str | None, password: str) -> bool:
        self._probe("verify")
        return super().verify(stored, password)


def test_passwords_are_never_hashed_inside_a_write_transaction(tmp_path: Path) -> None:
    app = _app(tmp_path)
    probe = _LockProbe(tmp_path / "stockade.db")
    app.state.ctx.passwords = probe
    with TestClient(app) as client:
        body = {"email": "probe@example.com", "password": PASSWORD}
        assert client.post("/api/v1/auth/register", json=body).status_code == 201
        assert client.post("/api/v1/auth/login", json=body).status_code == 200
        wrong = {**body, "password": "wrong-password-123"}
        assert client.post("/api/v1/auth/login", json=wrong).status_code == 401
        assert client.post("/api/v1/auth/register", json=body).status_code == 409
    app.state.ctx.db.dispose()
    assert probe.locked_while_hashing == []


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def live_app(tmp_path: Path) -> Iterator[str]:
    """The real application behind uvicorn on 127.0.0.1, with real (if cheaper) argon2."""
    app = _app(tmp_path, register_per_minute=1000, register_per_hour=1000)
    app.state.ctx.passwords = Passwords(time_cost=2, memory_cost=32 * 1024)
    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        for _ in range(100):
            if server.started:
                break
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=20)
        app.state.ctx.db.dispose()


def test_registration_burst_queues_without_server_errors(live_app: str) -> None:
    def register(n: int) -> int:
        body = {"email": f"burst{n}@example.com", "password": PASSWORD}
        with httpx.Client(base_url=live_app, timeout=60) as http:
            return http.post("/api/v1/auth/register", json=body).status_code

    with ThreadPoolExecutor(max_workers=10) as pool:
        statuses = list(pool.map(register, range(30)))
    assert statuses == [201] * 30
