"""The rate limiter on Redis as deployed: two API processes sharing one budget, and what
happens while Redis is unreachable (reads pass, writes and analyses answer 503, /health
says degraded, a metric and one log line) and once it is back.

Real servers and a real Redis: the shared-budget test starts two ``stockade server``
processes on random ports with one SQLite database and one ``redis.url``; the outage test
points ``redis.url`` at a closed port, then starts a ``redis-server`` there.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
import redis
from fastapi import FastAPI
from fastapi.testclient import TestClient

from server_fixtures import FAST_PASSWORDS, PASSWORD, Accounts, make_settings
from stockade.server import create_app
from stockade.server.ratelimit.limiter import DEFAULT_PREFIX, RateLimiter

pytestmark = pytest.mark.redis

REDIS_URL = "redis://127.0.0.1:6379/0"
STOCKADE = str(Path(sys.executable).with_name("stockade"))
LIMIT = 250  # the api_key minute window in the shared-budget test; the others are huge
REQUESTS = 1000


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# --- two API processes, one Redis ------------------------------------------------------


def _server_env(data_dir: Path, db_url: str) -> dict[str, str]:
    big = "1000000"
    tiers = "STOCKADE__SERVER__RATE_LIMIT__TIERS__"
    env = {k: v for k, v in os.environ.items() if not k.startswith("STOCKADE")}
    env.update(
        {
            "STOCKADE__DATA_DIR": str(data_dir),
            "STOCKADE__DATABASE__URL": db_url,
            "STOCKADE__REDIS__URL": REDIS_URL,
            # Instances sharing a database share these (required with database.url).
            "STOCKADE__AUTH__JWT_SECRET": secrets.token_urlsafe(48),
            "STOCKADE__AUTH__ENCRYPTION_KEYS": json.dumps([secrets.token_urlsafe(48)]),
            "STOCKADE__AUTH__IP_LIMITS__REGISTER_PER_MINUTE": big,
            "STOCKADE__AUTH__IP_LIMITS__LOGIN_PER_MINUTE": big,
            f"{tiers}API_KEY__REQUESTS_PER_MINUTE": str(LIMIT),
            f"{tiers}API_KEY__REQUESTS_PER_HOUR": big,
            f"{tiers}API_KEY__BURST": big,
            f"{tiers}AUTHENTICATED__BURST": big,
            f"{tiers}ANONYMOUS__REQUESTS_PER_MINUTE": big,
            f"{tiers}ANONYMOUS__REQUESTS_PER_HOUR": big,
            f"{tiers}ANONYMOUS__BURST": big,
        }
    )
    return env


def _start(env: dict[str, str], log: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [STOCKADE, "server", "--port", str(port)], env=env, stdout=out, stderr=out
        )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            if httpx.get(f"{url}/health", timeout=1).status_code == 200:
                return proc, url
        except httpx.TransportError:
            time.sleep(0.1)
    proc.terminate()
    proc.wait(10)
    raise AssertionError(f"server did not start: {log.read_text()[-2000:]}")


@pytest.fixture
def two_servers(tmp_path: Path) -> Iterator[tuple[str, str]]:
    env = _server_env(tmp_path / "data", f"sqlite:///{tmp_path / 'shared.db'}")
    procs: list[subprocess.Popen[bytes]] = []
    try:
        first, a = _start(env, tmp_path / "a.log")  # migrates and writes the secrets first
        procs.append(first)
        second, b = _start(env, tmp_path / "b.log")
        procs.append(second)
        yield a, b
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            proc.wait(15)


def _api_key(url: str) -> tuple[str, str]:
    with httpx.Client(base_url=url, timeout=30) as http:
        body = {"email": "shared@example.com", "password": PASSWORD}
        http.post("/api/v1/auth/register", json=body).raise_for_status()
        csrf = http.post("/api/v1/auth/login", json=body).raise_for_status().json()["csrf_token"]
        r = http.post("/api/v1/api-keys", json={"name": "burst"}, headers={"X-CSRF-Token": csrf})
        created = r.raise_for_status().json()
        return str(created["key"]), str(created["id"])


def _flush_caller(key_id: str) -> None:
    """Only this test's caller's windows: the servers use the default prefix."""
    client = redis.Redis.from_url(REDIS_URL)
    try:
        keys = list(client.scan_iter(match=f"{DEFAULT_PREFIX}:rl/key:{key_id}/*"))
        if keys:
            client.delete(*keys)
    finally:
        client.close()


@pytest.mark.slow
def test_two_processes_share_one_budget(two_servers: tuple[str, str]) -> None:
    a, b = two_servers
    key, key_id = _api_key(a)
    try:
        clients = [
            httpx.Client(base_url=url, timeout=30, headers={"X-API-Key": key}) for url in (a, b)
        ]
        try:
            # The key works on both (one database), before the burst.
            assert [c.get("/api/v1/auth/me").status_code for c in clients] == [200, 200]
            _flush_caller(key_id)

            def one(i: int) -> int:
                return clients[i % 2].get("/api/v1/auth/me").status_code

            with ThreadPoolExecutor(max_workers=16) as pool:
                statuses = list(pool.map(one, range(REQUESTS)))
        finally:
            for c in clients:
                c.close()
        admitted = statuses.count(200)
        print(f"admitted {admitted} of {REQUESTS} (limit {LIMIT}) across two processes")
        assert statuses.count(429) == REQUESTS - admitted, set(statuses)
        # Both servers took part in the admitted ones, and together no more than the limit.
        assert admitted <= LIMIT * 1.01, admitted
        assert admitted >= LIMIT * 0.95, admitted  # the limit, not a failure, refused the rest
        served_by = {i % 2 for i, s in enumerate(statuses) if s == 200}
        assert served_by == {0, 1}
    finally:
        _flush_caller(key_id)


# --- Redis unreachable, then back ------------------------------------------------------


@pytest.fixture
def outage(tmp_path: Path) -> Iterator[tuple[FastAPI, TestClient, str, int]]:
    """An app whose ``redis.url`` points at a closed port, and an API key made while the
    limiter was switched off. No cool-down: every request asks Redis again (so the log
    line's own rate limit is what keeps the log quiet)."""
    port = free_port()
    settings = make_settings(
        tmp_path,
        f"sqlite:///{tmp_path / 'o.db'}",
        redis={"url": f"redis://127.0.0.1:{port}/0"},
    )
    app = create_app(settings, run_jobs=False)
    app.state.ctx.passwords = FAST_PASSWORDS
    built = app.state.ctx.rate_limiter
    assert isinstance(built, RateLimiter) and built.kind == "redis"
    limiter = RateLimiter(built.policy, built.storage, metrics=app.state.ctx.metrics, cooldown=0)
    with TestClient(app) as client:
        app.state.ctx.rate_limiter = None
        accounts = Accounts(app)
        key = accounts.api_key(client, accounts.signed_in(client))
        client.cookies.clear()
        app.state.ctx.rate_limiter = limiter
        yield app, client, key, port
    app.state.ctx.db.dispose()


def test_unreachable_redis_passes_reads_refuses_writes_and_degrades_health(
    outage: tuple[FastAPI, TestClient, str, int], caplog: pytest.LogCaptureFixture
) -> None:
    _, client, key, _ = outage
    h = {"X-API-Key": key}
    caplog.set_level(logging.WARNING, logger="stockade.server")
    reads = [client.get("/api/v1/auth/me", headers=h) for _ in range(3)]
    assert [r.status_code for r in reads] == [200, 200, 200]
    # The policy is known; what is left is not, so no RateLimit/X-RateLimit-* then.
    assert reads[0].headers["RateLimit-Policy"].startswith('"burst";q=')
    assert "RateLimit" not in reads[0].headers and "X-RateLimit-Remaining" not in reads[0].headers
    write = client.post("/api/v1/api-keys", json={"name": "x"}, headers=h)
    analysis = client.post(
        "/api/v1/dependencies/analyze",
        json={"packages": [{"ecosystem": "PyPI", "name": "a", "version": "1"}]},
        headers=h,
    )
    for refused in (write, analysis):
        assert refused.status_code == 503
        assert refused.json()["code"] == "rate_limiter_unavailable"
        assert int(refused.headers["Retry-After"]) >= 1
    # Nothing leaked: the write was not done.
    assert len(client.get("/api/v1/api-keys", headers=h).json()["items"]) == 1
    health = client.get("/health")
    assert health.status_code == 200
    assert health.json()["status"] == "degraded"
    assert health.json()["rate_limiter"] == {"storage": "redis", "status": "degraded"}
    metrics = client.get("/metrics").text
    assert "stockade_ratelimit_storage_up 0.0" in metrics
    assert 'stockade_ratelimit_decisions_total{outcome="unavailable",tier="api_key"} 6.0' in metrics
    # Logged, but not once per request.
    failures = [r for r in caplog.records if "rate limiter storage unavailable" in r.message]
    assert len(failures) == 1


def test_limiter_recovers_when_redis_comes_back(
    outage: tuple[FastAPI, TestClient, str, int],
) -> None:
    app, client, key, port = outage
    h = {"X-API-Key": key}
    limiter = app.state.ctx.rate_limiter
    assert client.post("/api/v1/api-keys", json={"name": "x"}, headers=h).status_code == 503
    server = subprocess.Popen(
        ["redis-server", "--port", str(port), "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            time.sleep(0.25)
            if client.get("/health").json()["status"] == "ok":
                break
        assert client.get("/health").json()["rate_limiter"] == {
            "storage": "redis",
            "status": "ok",
        }
        r = client.post("/api/v1/api-keys", json={"name": "y"}, headers=h)
        assert r.status_code == 201 and r.headers["X-RateLimit-Remaining"] == "999998"
        assert "stockade_ratelimit_storage_up 1.0" in client.get("/metrics").text
    finally:
        limiter.storage.storage.close()
        server.terminate()
        server.wait(10)
