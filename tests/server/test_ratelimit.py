"""Tiered rate limits (issue #16, items 1-2): window arithmetic, cost units, the organization
bonus, caller identity, the headers and the 429, on ``memory://`` and on a real Redis.

``limits``' storages read ``time.time()`` themselves (they take no clock), so the clock the
arithmetic tests move is installed where those modules look it up and handed to the limiter
too (its ``Retry-After`` and ``t=`` must agree with the storage). Redis keeps real TTLs; the
clock only moves forward from the real time, so none expires early. Every Redis test has
its own key prefix and deletes only its own keys.
"""

from __future__ import annotations

import math
import re
import secrets
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import limits.storage.memory
import limits.storage.redis
import pytest
import redis
import sqlalchemy as sa
from fastapi import FastAPI
from fastapi.testclient import TestClient
from limits.storage import Storage

from server_fixtures import FAST_PASSWORDS, Accounts, make_settings
from stockade.config import RateLimit
from stockade.server import create_app
from stockade.server.ratelimit import headers
from stockade.server.ratelimit.limiter import (
    Outcome,
    RateLimiter,
    SweepingMemoryStorage,
    build_storage,
)
from stockade.server.ratelimit.policy import Caller, CostClass, Policy, TierKind, with_bonus

REDIS_URL = "redis://127.0.0.1:6379/0"
PROBLEM = "application/problem+json"

# Small tiers, so that each window fills in a few requests.
TIERS: dict[str, Any] = {
    "api_key": {"burst": 10, "requests_per_minute": 20, "requests_per_hour": 50},
    "authenticated": {"burst": 6, "requests_per_minute": 12, "requests_per_hour": 30},
    "anonymous": {"burst": 2, "requests_per_minute": 4, "requests_per_hour": 8},
    "org_bonus_percent": 20,
}
KEY = Caller("key:k1", TierKind.API_KEY)


def policy(**tiers: Any) -> Policy:
    return Policy.from_settings(RateLimit.model_validate({"tiers": {**TIERS, **tiers}}))


class Clock:
    """Seconds since the epoch, starting at the real time, moved only by :meth:`advance`."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now

    def time(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    c = Clock()
    fake_time = SimpleNamespace(time=c.time)
    monkeypatch.setattr(limits.storage.memory, "time", fake_time)
    monkeypatch.setattr(limits.storage.redis, "time", fake_time)
    return c


def flush_prefix(prefix: str) -> None:
    client = redis.Redis.from_url(REDIS_URL)
    try:
        keys = list(client.scan_iter(match=f"{prefix}:*", count=1000))
        if keys:
            client.delete(*keys)
    finally:
        client.close()


@pytest.fixture(params=["memory", pytest.param("redis", marks=pytest.mark.redis)])
def storage(request: pytest.FixtureRequest) -> Iterator[Storage]:
    """``memory://``, and a real Redis on 127.0.0.1:6379 under a prefix of this test's own."""
    if request.param == "memory":
        yield build_storage(None)
        return
    prefix = "stockade-test:" + secrets.token_hex(8)
    store = build_storage(REDIS_URL, prefix)
    try:
        yield store
    finally:
        flush_prefix(prefix)
        store.storage.close()  # type: ignore[attr-defined]


def states(decision: Any) -> dict[str, int]:
    return {s.window.name: s.remaining for s in decision.states}


# --- policy arithmetic -------------------------------------------------------------------


def test_policy_follows_the_spec_defaults_and_bonus() -> None:
    spec = Policy.from_settings(RateLimit())
    windows = {
        (tier, org): [(w.name, w.seconds, w.amount) for w in spec.windows(Caller("x", tier, org))]
        for tier in TierKind
        for org in (False, True)
    }
    assert windows[(TierKind.API_KEY, False)] == [
        ("burst", 1, 20),
        ("minute", 60, 100),
        ("hour", 3600, 2000),
    ]
    assert windows[(TierKind.AUTHENTICATED, False)] == [
        ("burst", 1, 10),
        ("minute", 60, 60),
        ("hour", 3600, 1000),
    ]
    assert windows[(TierKind.ANONYMOUS, False)] == [
        ("burst", 1, 5),
        ("minute", 60, 10),
        ("hour", 3600, 100),
    ]
    assert windows[(TierKind.API_KEY, True)] == [
        ("burst", 1, 24),
        ("minute", 60, 120),
        ("hour", 3600, 2400),
    ]
    assert [spec.cost(c) for c in CostClass] == [1, 2, 3, 6]
    assert with_bonus(5, 20) == 6 and with_bonus(1, 20) == 1 and with_bonus(10, 0) == 10


# --- window arithmetic with an injected clock, memory and Redis ------------------------


def test_burst_window_fills_refuses_without_consuming_and_resets(
    storage: Storage, clock: Clock
) -> None:
    limiter = RateLimiter(policy(), storage, clock=clock)
    remaining = [limiter.check(KEY, 1) for _ in range(10)]
    assert [d.outcome for d in remaining] == [Outcome.ALLOWED] * 10
    assert [states(d)["burst"] for d in remaining] == list(range(9, -1, -1))
    refused = limiter.check(KEY, 1)
    assert refused.outcome is Outcome.LIMITED
    assert refused.refused_by is not None and refused.refused_by.window.name == "burst"
    assert refused.retry_after == 1
    # The refused request took nothing from the minute or the hour.
    assert states(refused) == {"burst": 0, "minute": 10, "hour": 40}
    clock.advance(0.9)
    assert limiter.check(KEY, 1).outcome is Outcome.LIMITED
    clock.advance(0.11)
    allowed = limiter.check(KEY, 1)
    assert allowed.outcome is Outcome.ALLOWED
    assert states(allowed) == {"burst": 9, "minute": 9, "hour": 39}


def test_burst_window_resets_on_the_real_clock(storage: Storage) -> None:
    """The same, with nothing injected: the storage's own time.time()."""
    limiter = RateLimiter(policy(), storage)
    assert [limiter.check(KEY, 5).outcome for _ in range(3)] == [
        Outcome.ALLOWED,
        Outcome.ALLOWED,
        Outcome.LIMITED,
    ]
    time.sleep(1.05)
    assert limiter.check(KEY, 5).outcome is Outcome.ALLOWED


def test_memory_sweep_frees_expired_windows_without_running_every_10_ms(clock: Clock) -> None:
    store = build_storage(None)
    assert isinstance(store, SweepingMemoryStorage)
    store.timer.join()  # the constructor's own first sweep (10 ms)
    store.clock = clock
    limiter = RateLimiter(policy(), store, clock=clock)
    limiter.check(KEY, 1)
    assert store.timer.interval == SweepingMemoryStorage.SWEEP_SECONDS == 5.0
    assert store.timer.daemon  # a pending sweep never holds up the exit
    store.timer.cancel()
    store.timer.join()
    store.SWEEP_SECONDS = 0.05
    clock.advance(3601)  # every window of KEY is now empty
    limiter.check(Caller("key:other", TierKind.API_KEY), 1)  # schedules the next sweep
    deadline = time.monotonic() + 5
    while any(KEY.key in k for k in store.events) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not any(KEY.key in k for k in store.events)  # expired: the keys are gone
    assert [len(v) for k, v in store.events.items() if "key:other" in k] == [1, 1, 1]


def test_minute_window_resets_when_its_oldest_unit_slides_out(
    storage: Storage, clock: Clock
) -> None:
    limiter = RateLimiter(policy(), storage, clock=clock)
    start = clock.now
    for _ in range(20):  # one a second: the burst window never binds
        assert limiter.check(KEY, 1).outcome is Outcome.ALLOWED
        clock.advance(1.0)
    clock.advance(0.5)  # off the whole second: Redis keeps timestamps to ~0.1 ms
    refused = limiter.check(KEY, 1)  # at start + 20.5 s
    assert refused.outcome is Outcome.LIMITED
    assert refused.refused_by is not None and refused.refused_by.window.name == "minute"
    assert refused.retry_after == 40  # the first unit (at start) leaves at start + 60 s
    clock.now = start + 59.9
    assert limiter.check(KEY, 1).outcome is Outcome.LIMITED
    clock.now = start + 60.05
    assert limiter.check(KEY, 1).outcome is Outcome.ALLOWED
    # Exactly one unit slid out: the next request is refused again until start + 61 s.
    assert limiter.check(KEY, 1).outcome is Outcome.LIMITED


def test_hour_window_binds_after_the_minutes_and_resets_after_an_hour(
    storage: Storage, clock: Clock
) -> None:
    limiter = RateLimiter(policy(), storage, clock=clock)
    start = clock.now
    # 10 units at two moments 1.5 s apart, every 62 s (burst 10, minute 20): the hour's 50
    # units are spent in the third minute.
    moments = [start + 62 * minute + 1.5 * second for minute in range(3) for second in range(2)]
    for moment, count in zip(moments, [10, 10, 10, 10, 10, 0], strict=True):
        clock.now = moment
        assert [limiter.check(KEY, 1).outcome for _ in range(count)] == [Outcome.ALLOWED] * count
    refused = limiter.check(KEY, 1)
    assert refused.outcome is Outcome.LIMITED
    assert refused.refused_by is not None and refused.refused_by.window.name == "hour"
    assert 3600 - 200 < refused.retry_after <= 3600
    clock.now = start + 3600.5
    assert limiter.check(KEY, 1).outcome is Outcome.ALLOWED


def test_costs_are_counted_in_units(storage: Storage, clock: Clock) -> None:
    limiter = RateLimiter(policy(), storage, clock=clock)
    analysis = limiter.policy.cost(CostClass.ANALYSIS)
    assert analysis == 3
    assert [states(limiter.check(KEY, analysis))["burst"] for _ in range(3)] == [7, 4, 1]
    refused = limiter.check(KEY, analysis)  # 1 unit left, 3 needed
    assert refused.outcome is Outcome.LIMITED and states(refused)["burst"] == 1
    read = limiter.check(KEY, limiter.policy.cost(CostClass.GET))  # 1 fits
    assert read.outcome is Outcome.ALLOWED and states(read) == {
        "burst": 0,
        "minute": 10,
        "hour": 40,
    }


def test_a_cost_above_a_whole_window_takes_the_window_instead_of_never_passing(
    storage: Storage, clock: Clock
) -> None:
    limiter = RateLimiter(policy(), storage, clock=clock)
    anonymous = Caller("ip:192.0.2.1", TierKind.ANONYMOUS)  # burst 2, llm costs 6
    first = limiter.check(anonymous, 6)
    assert first.outcome is Outcome.ALLOWED
    assert states(first) == {"burst": 0, "minute": 0, "hour": 2}
    assert limiter.check(anonymous, 1).outcome is Outcome.LIMITED


def test_organization_bonus_raises_every_window_of_the_same_budget(
    storage: Storage, clock: Clock
) -> None:
    limiter = RateLimiter(policy(), storage, clock=clock)
    in_org = Caller(KEY.key, KEY.tier, organization=True)
    assert [w.amount for w in limiter.policy.windows(in_org)] == [12, 24, 60]
    for _ in range(10):
        assert limiter.check(KEY, 1).outcome is Outcome.ALLOWED
    assert limiter.check(KEY, 1).outcome is Outcome.LIMITED
    # The same caller in an organization context: the 20 % on top, not a second budget.
    assert [limiter.check(in_org, 1).outcome for _ in range(3)] == [
        Outcome.ALLOWED,
        Outcome.ALLOWED,
        Outcome.LIMITED,
    ]


def test_callers_are_counted_separately(storage: Storage, clock: Clock) -> None:
    limiter = RateLimiter(policy(), storage, clock=clock)
    other = Caller("key:k2", TierKind.API_KEY)
    for _ in range(10):
        limiter.check(KEY, 1)
    assert limiter.check(KEY, 1).outcome is Outcome.LIMITED
    assert states(limiter.check(other, 1)) == {"burst": 9, "minute": 19, "hour": 49}
    ip_a = Caller("ip:198.51.100.1", TierKind.ANONYMOUS)
    ip_b = Caller("ip:198.51.100.2", TierKind.ANONYMOUS)
    assert [limiter.check(ip_a, 1).outcome for _ in range(3)][-1] is Outcome.LIMITED
    assert limiter.check(ip_b, 1).outcome is Outcome.ALLOWED


def test_headers_describe_every_window_and_the_most_constrained(
    storage: Storage, clock: Clock
) -> None:
    limiter = RateLimiter(policy(), storage, clock=clock)
    windows = limiter.policy.windows(KEY)
    first = limiter.check(KEY, 3)
    clock.advance(0.4)
    second = limiter.check(KEY, 2)
    assert headers.for_decision(windows, second) == [
        ("RateLimit-Policy", '"burst";q=10;w=1, "minute";q=20;w=60, "hour";q=50;w=3600'),
        ("RateLimit", '"burst";r=5;t=1, "minute";r=15;t=60, "hour";r=45;t=3600'),
        ("X-RateLimit-Limit", "10"),
        ("X-RateLimit-Remaining", "5"),
        ("X-RateLimit-Reset", str(math.ceil(first.now + 1))),  # the oldest unit's, burst
    ]


# --- the HTTP layer ----------------------------------------------------------------------


def _fresh_limiter(app: FastAPI, storage: Storage, **tiers: Any) -> RateLimiter:
    """Swap in a limiter with small tiers (accounts were made under the unlimited test
    tiers of ``make_settings``)."""
    ctx = app.state.ctx
    ctx.rate_limiter = RateLimiter(policy(**tiers), storage, metrics=ctx.metrics)
    return ctx.rate_limiter  # type: ignore[no-any-return]


@pytest.fixture
def web(tmp_path: Path) -> Iterator[tuple[FastAPI, TestClient, Accounts]]:
    settings = make_settings(
        tmp_path, f"sqlite:///{tmp_path / 'rl.db'}", server={"trusted_proxies": ["testclient"]}
    )
    app = create_app(settings, run_jobs=False)
    app.state.ctx.passwords = FAST_PASSWORDS
    with TestClient(app) as client:
        yield app, client, Accounts(app)
    app.state.ctx.db.dispose()


def _key(client: TestClient, accounts: Accounts) -> str:
    with accounts.new_client() as other:
        return str(accounts.api_key(other, accounts.signed_in(other)))


_SF_ITEM = re.compile(r'"(burst|minute|hour)";(q|r)=\d+;(w|t)=\d+')


def _well_formed(value: str) -> bool:
    """A Structured Field List of quoted names with integer parameters."""
    return all(_SF_ITEM.fullmatch(item) for item in value.split(", "))


def test_every_response_carries_the_headers_and_the_429_is_a_problem(
    web: tuple[FastAPI, TestClient, Accounts], storage: Storage
) -> None:
    app, client, accounts = web
    key = _key(client, accounts)
    _fresh_limiter(app, storage)
    h = {"X-API-Key": key}
    ok = client.get("/api/v1/auth/me", headers=h)
    assert ok.status_code == 200
    assert ok.headers["RateLimit-Policy"] == (
        '"burst";q=10;w=1, "minute";q=20;w=60, "hour";q=50;w=3600'
    )
    assert ok.headers["RateLimit"] == '"burst";r=9;t=1, "minute";r=19;t=60, "hour";r=49;t=3600'
    assert ok.headers["X-RateLimit-Limit"] == "10" and ok.headers["X-RateLimit-Remaining"] == "9"
    assert 0 <= int(ok.headers["X-RateLimit-Reset"]) - time.time() <= 2
    missing = client.get(f"/api/v1/jobs/{uuid.uuid4()}", headers=h)
    invalid = client.get("/api/v1/jobs?limit=-1", headers=h)
    assert (missing.status_code, invalid.status_code) == (404, 422)
    for r in (missing, invalid):
        assert _well_formed(r.headers["RateLimit-Policy"]) and _well_formed(r.headers["RateLimit"])
    assert missing.headers["X-RateLimit-Remaining"] == "8"
    assert invalid.headers["X-RateLimit-Remaining"] == "7"
    for _ in range(7):
        client.get("/api/v1/auth/me", headers=h)
    refused = client.get("/api/v1/auth/me", headers=h)
    assert refused.status_code == 429 and refused.headers["content-type"] == PROBLEM
    body = refused.json()
    assert body["code"] == "rate_limited" and body["window"] == "burst"
    assert "burst window" in body["detail"] and body["retry_after"] == 1
    assert refused.headers["Retry-After"] == "1"
    assert refused.headers["RateLimit"].startswith('"burst";r=0;t=1, "minute";r=10;')
    assert refused.headers["X-RateLimit-Remaining"] == "0"


def test_a_streamed_response_carries_the_headers(
    web: tuple[FastAPI, TestClient, Accounts], storage: Storage
) -> None:
    app, client, accounts = web
    key = _key(client, accounts)
    org = client.post(
        "/api/v1/organizations", json={"name": "Streamers"}, headers={"X-API-Key": key}
    )
    assert org.status_code == 201, org.text
    _fresh_limiter(app, storage)
    with client.stream(
        "GET", f"/api/v1/organizations/{org.json()['id']}/export", headers={"X-API-Key": key}
    ) as r:
        assert r.status_code == 200 and "content-length" not in r.headers  # streamed
        lines = list(r.iter_lines())
    assert lines and r.headers["X-RateLimit-Limit"] == "12"  # an organization context
    assert r.headers["RateLimit"].startswith('"burst";r=11;t=1, ')


def test_bad_credentials_are_counted_against_the_address_before_the_401(
    web: tuple[FastAPI, TestClient, Accounts], storage: Storage
) -> None:
    app, client, accounts = web
    key = _key(client, accounts)
    _fresh_limiter(app, storage)
    forged = {"X-API-Key": key[:-4] + ("AAAA" if not key.endswith("AAAA") else "BBBB")}
    first, second = (client.get("/api/v1/auth/me", headers=forged) for _ in range(2))
    assert (first.status_code, second.status_code) == (401, 401)
    assert first.headers["X-RateLimit-Limit"] == "2"  # the anonymous tier, by address
    third = client.get("/api/v1/auth/me", headers=forged)
    assert third.status_code == 429 and third.json()["code"] == "rate_limited"
    # The same address is anonymous without any credentials too.
    assert client.get("/api/v1/auth/me").status_code == 429
    # The real key has its own budget; another address (through a trusted proxy) too.
    assert client.get("/api/v1/auth/me", headers={"X-API-Key": key}).status_code == 200
    other = client.get("/api/v1/auth/me", headers={**forged, "X-Forwarded-For": "203.0.113.7"})
    assert other.status_code == 401


def test_forwarded_for_counts_only_from_a_trusted_proxy(tmp_path: Path, storage: Storage) -> None:
    settings = make_settings(tmp_path, f"sqlite:///{tmp_path / 'x.db'}")  # no trusted proxies
    app = create_app(settings, run_jobs=False)
    _fresh_limiter(app, storage)
    with TestClient(app) as client:
        spoofed = [
            client.get("/api/v1/auth/me", headers={"X-Forwarded-For": f"203.0.113.{i}"})
            for i in range(3)
        ]
    assert [r.status_code for r in spoofed] == [401, 401, 429]
    app.state.ctx.db.dispose()


def test_anonymous_callers_behind_a_trusted_proxy_are_counted_by_their_address(
    web: tuple[FastAPI, TestClient, Accounts], storage: Storage
) -> None:
    app, client, _ = web
    _fresh_limiter(app, storage)

    def me(ip: str) -> int:
        return client.get("/api/v1/auth/me", headers={"X-Forwarded-For": ip}).status_code

    assert [me("198.51.100.1") for _ in range(3)] == [401, 401, 429]
    assert [me("198.51.100.2") for _ in range(2)] == [401, 401]


def test_operational_paths_are_not_limited(
    web: tuple[FastAPI, TestClient, Accounts], storage: Storage
) -> None:
    app, client, _ = web
    _fresh_limiter(app, storage)
    for path in ("/health", "/metrics", "/api-docs/openapi.json", "/docs"):
        answers = [client.get(path) for _ in range(4)]  # twice the anonymous burst
        assert {r.status_code for r in answers} == {200}, path
        assert not any("RateLimit" in r.headers for r in answers), path
    asset = client.get("/static-offline-docs/swagger-ui.css")
    assert asset.status_code == 200 and "RateLimit" not in asset.headers
    # ...while the API itself is, from the same address.
    assert [client.get("/api/v1/auth/me").status_code for _ in range(3)] == [401, 401, 429]


def test_declared_cost_classes_and_the_document(
    web: tuple[FastAPI, TestClient, Accounts], storage: Storage
) -> None:
    app, client, accounts = web
    key = _key(client, accounts)
    _fresh_limiter(app, storage)
    h = {"X-API-Key": key}
    body = {"packages": [{"ecosystem": "PyPI", "name": "jinja2", "version": "2.4"}]}
    analysed = client.post("/api/v1/dependencies/analyze", json=body, headers=h)
    # No advisory store here (503), but the request was counted as an analysis: 3 units.
    assert analysed.status_code in (200, 503)
    assert analysed.headers["X-RateLimit-Remaining"] == "7"
    written = client.post("/api/v1/api-keys", json={"name": "second"}, headers=h)
    assert written.status_code == 201 and written.headers["X-RateLimit-Remaining"] == "5"
    doc = client.get("/api-docs/openapi.json").json()
    classes = {
        (method.upper(), path): op.get("x-cost-class", op.get("x-rate-limited"))
        for path, ops in doc["paths"].items()
        for method, op in ops.items()
    }
    assert classes[("POST", "/api/v1/analyze/job")] == "analysis"
    assert classes[("POST", "/api/v1/dependencies/analyze")] == "analysis"
    assert classes[("GET", "/api/v1/quota")] == "get"
    assert classes[("DELETE", "/api/v1/jobs/{job_id}")] == "post"
    assert classes[("GET", "/health")] is False
    assert all(c in {"get", "post", "analysis", "llm", False} for c in classes.values()), classes
    limited = [op for ops in doc["paths"].values() for op in ops.values() if "x-cost-class" in op]
    assert all("429" in op["responses"] for op in limited)


def test_organization_context_needs_membership(
    web: tuple[FastAPI, TestClient, Accounts], storage: Storage
) -> None:
    app, client, accounts = web
    member_key, outsider_key = _key(client, accounts), _key(client, accounts)
    org = client.post(
        "/api/v1/organizations", json={"name": "Bonus"}, headers={"X-API-Key": member_key}
    )
    org_id = org.json()["id"]
    _fresh_limiter(app, storage)

    def limit(key: str, url: str) -> tuple[int, str]:
        r = client.get(url, headers={"X-API-Key": key})
        return r.status_code, r.headers["X-RateLimit-Limit"]

    assert limit(member_key, f"/api/v1/organizations/{org_id}") == (200, "12")
    assert limit(member_key, f"/api/v1/quota?organization_id={org_id}") == (200, "12")
    assert limit(member_key, "/api/v1/quota") == (200, "10")
    assert limit(member_key, "/api/v1/quota?organization_id=not-a-uuid")[1] == "10"
    # Naming an organization one is not in gives no bonus (and a 404).
    assert limit(outsider_key, f"/api/v1/organizations/{org_id}") == (404, "10")
    assert limit(outsider_key, f"/api/v1/quota?organization_id={org_id}")[1] == "10"


def test_api_key_and_cookie_session_are_separate_callers_and_tiers(
    web: tuple[FastAPI, TestClient, Accounts], storage: Storage
) -> None:
    app, client, accounts = web
    with accounts.new_client() as browser:
        account = accounts.signed_in(browser)
        key = accounts.api_key(browser, account)
        _fresh_limiter(app, storage)
        by_cookie = browser.get("/api/v1/auth/me")
        by_key = client.get("/api/v1/auth/me", headers={"X-API-Key": key})
    assert (by_cookie.status_code, by_key.status_code) == (200, 200)
    assert by_cookie.headers["X-RateLimit-Limit"] == "6"  # authenticated tier
    assert by_key.headers["X-RateLimit-Limit"] == "10"  # api_key tier
    assert by_cookie.headers["X-RateLimit-Remaining"] == "5"
    assert by_key.headers["X-RateLimit-Remaining"] == "9"


def test_credentials_are_read_once_per_request(web: tuple[FastAPI, TestClient, Accounts]) -> None:
    """The limiter and the route share one authentication (FastAPI's dependency cache)."""
    app, client, accounts = web
    key = _key(client, accounts)
    lookups: list[str] = []

    def count(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        if re.search(r"\bFROM api_keys\b", statement):
            lookups.append(statement)

    engine = app.state.ctx.db.engine
    sa.event.listen(engine, "before_cursor_execute", count)
    try:
        assert client.get("/api/v1/auth/me", headers={"X-API-Key": key}).status_code == 200
    finally:
        sa.event.remove(engine, "before_cursor_execute", count)
    assert len(lookups) == 1, lookups


def test_metrics_count_the_verdicts(
    web: tuple[FastAPI, TestClient, Accounts], storage: Storage
) -> None:
    app, client, _ = web
    _fresh_limiter(app, storage)
    for _ in range(3):
        client.get("/api/v1/auth/me")
    text = client.get("/metrics").text
    assert 'stockade_ratelimit_decisions_total{outcome="allowed",tier="anonymous"} 2.0' in text
    assert 'stockade_ratelimit_decisions_total{outcome="limited",tier="anonymous"} 1.0' in text
    assert "stockade_ratelimit_storage_up 1.0" in text
