"""Rate limiter overhead (issue #16 targets), in process, memory and Redis.

Usage: python bench/server/ratelimit.py [--requests N] [--redis-url URL]

Measures, for ``memory://`` and for Redis on loopback (``--redis-url``, default
redis://127.0.0.1:6379/0, under a throwaway key prefix deleted afterwards):

1. the rate-limit dependency alone (identify the caller, three windows read and taken,
   headers built), called directly, over 1,000 API-key callers (nobody is refused);
2. a full authenticated ``GET /api/v1/jobs/{id}`` (ASGI, in process, one client) with the
   limiter on and off, same app, same run: the difference is the per-request overhead;
3. throughput of that request, 8 concurrent clients: the full middleware stack with the
   limiter vs the same handler without Stockade's middleware and without the limiter.

Targets: limiter overhead <= 0.3 ms (memory) and <= 1.5 ms (Redis); full stack >= 50 % of the
bare handler's throughput. The tiers are raised (10^6 per window) so that nothing is refused:
the admitted path (read three windows, take three) is the one measured.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import secrets
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import redis
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.requests import Request

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests"))
from server_fixtures import FAST_PASSWORDS, Accounts, make_settings
from stockade.server import create_app
from stockade.server.auth.principal import AuthMethod, Credentials, Principal
from stockade.server.ratelimit import dependency
from stockade.server.ratelimit.limiter import RateLimiter, build_storage
from stockade.server.ratelimit.policy import Policy
from stockade.store.models import User

BIG = 10**6
RATES = {
    "tiers": {
        k: {"burst": BIG, "requests_per_minute": BIG, "requests_per_hour": BIG}
        for k in ("api_key", "authenticated", "anonymous")
    }
}
MEMORY_TARGET_MS = 0.3
REDIS_TARGET_MS = 1.5
THROUGHPUT_TARGET = 0.5


def machine() -> str:
    cpu = "unknown CPU"
    with open("/proc/cpuinfo", encoding="utf-8") as info:
        for line in info:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    return (
        f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, "
        f"Python {platform.python_version()}"
    )


@contextmanager
def app_with_job(tmp: Path) -> Iterator[tuple[FastAPI, TestClient, str, str]]:
    settings = make_settings(tmp, f"sqlite:///{tmp / 'bench.db'}", server={"rate_limit": RATES})
    app = create_app(settings, run_jobs=False)
    app.state.ctx.passwords = FAST_PASSWORDS
    with TestClient(app) as client:
        accounts = Accounts(app)
        key = accounts.api_key(client, accounts.signed_in(client))
        client.cookies.clear()
        files = [{"path": "a.py", "content": "x = 1\n"}]
        r = client.post(
            "/api/v1/analyze/job",
            json={"source": {"type": "files", "files": files}},
            headers={"X-API-Key": key},
        )
        r.raise_for_status()
        yield app, client, key, r.json()["job_id"]
    app.state.ctx.db.dispose()


def limiter_for(app: FastAPI, kind: str, redis_url: str, prefix: str) -> RateLimiter:
    ctx = app.state.ctx
    storage = build_storage(redis_url if kind == "redis" else None, prefix)
    return RateLimiter(Policy.from_settings(ctx.settings.server.rate_limit), storage)


def dependency_alone(app: FastAPI, limiter: RateLimiter, n: int) -> float:
    """Milliseconds per call of the dependency body, credentials already resolved."""
    ctx = app.state.ctx
    ctx.rate_limiter = limiter
    route = next(
        r for r in dependency._api_routes(app.router.routes) if r.path == "/api/v1/jobs/{job_id}"
    )
    user = User(id="u", email="bench@example.com", password_hash="x", is_active=True)
    callers = [
        Credentials(principal=Principal(user, AuthMethod.API_KEY, api_key_id=f"bench-{i}"))
        for i in range(1000)
    ]
    scope: dict[str, Any] = {
        "type": "http",
        "method": "GET",
        "path": "/api/v1/jobs/x",
        "headers": [],
        "query_string": b"",
        "route": route,
        "app": app,
        "client": ("127.0.0.1", 1),
        "path_params": {"job_id": "x"},
    }
    start = time.perf_counter()
    for i in range(n):
        dependency.rate_limit(Request(dict(scope)), ctx, callers[i % 1000], None)  # type: ignore[arg-type]
    return (time.perf_counter() - start) * 1000 / n


def timed_gets(client: TestClient, url: str, key: str, n: int) -> list[float]:
    samples = []
    headers = {"X-API-Key": key}
    for _ in range(n):
        start = time.perf_counter()
        r = client.get(url, headers=headers)
        samples.append((time.perf_counter() - start) * 1000)
        assert r.status_code == 200, r.text
    return samples


def interleaved(
    client: TestClient, app: FastAPI, limiter: RateLimiter, url: str, key: str, n: int
) -> tuple[float, float]:
    """Median ms with and without the limiter, alternating in blocks of 50 so that drift
    (the SQLite file, the CPU's clock) hits both alike."""
    on: list[float] = []
    off: list[float] = []
    for _ in range(max(1, n // 50)):
        app.state.ctx.rate_limiter = limiter
        on += timed_gets(client, url, key, 50)
        app.state.ctx.rate_limiter = None
        off += timed_gets(client, url, key, 50)
    return statistics.median(on), statistics.median(off)


async def _throughput(app: FastAPI, url: str, key: str, n: int, concurrency: int) -> float:
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://bench") as client:
        queue = iter(range(n))

        async def worker() -> None:
            for _ in queue:
                r = await client.get(url, headers={"X-API-Key": key})
                assert r.status_code == 200, r.text

        await client.get(url, headers={"X-API-Key": key})  # warm up
        start = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        return n / (time.perf_counter() - start)


def throughput(
    tmp: Path, limiter_kind: str, redis_url: str, prefix: str, n: int
) -> tuple[float, float]:
    """Requests/s: full stack with the limiter, and the bare handler (no middleware, no
    limiter), each on its own app over one database."""
    results = []
    for bare in (False, True):
        with app_with_job(tmp / ("bare" if bare else "full")) as (app, _, key, job):
            if bare:
                app.user_middleware = []  # the stack is built at the first request (below)
                app.middleware_stack = None
                app.state.ctx.rate_limiter = None
            else:
                app.state.ctx.rate_limiter = limiter_for(app, limiter_kind, redis_url, prefix)
            results.append(asyncio.run(_throughput(app, f"/api/v1/jobs/{job}", key, n, 8)))
    return results[0], results[1]


def flush(redis_url: str, prefix: str) -> None:
    client = redis.Redis.from_url(redis_url)
    keys = list(client.scan_iter(match=f"{prefix}:*", count=1000))
    if keys:
        client.delete(*keys)
    client.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/0")
    args = parser.parse_args()
    n = args.requests
    prefix = "stockade-bench:" + secrets.token_hex(6)
    rows: list[tuple[str, str, str, str]] = []
    redis_version = redis.Redis.from_url(args.redis_url).info()["redis_version"]
    print(f"machine: {machine()}; Redis {redis_version} on loopback; {n} requests per figure")
    try:
        with tempfile.TemporaryDirectory() as tmp_dir:
            tmp = Path(tmp_dir)
            with app_with_job(tmp / "lat") as (app, client, key, job):
                url = f"/api/v1/jobs/{job}"
                for kind, target in (("memory", MEMORY_TARGET_MS), ("redis", REDIS_TARGET_MS)):
                    limiter = limiter_for(app, kind, args.redis_url, prefix)
                    alone = dependency_alone(app, limiter, n)
                    rows.append(_row(f"dependency alone, {kind}", alone, target))
                    with_ms, without_ms = interleaved(client, app, limiter, url, key, n)
                    overhead = with_ms - without_ms
                    rows.append(
                        (
                            f"GET /jobs/{{id}} {kind}: with / without limiter",
                            f"{with_ms:.3f} / {without_ms:.3f} ms",
                            f"overhead {overhead:.3f} ms <= {target}",
                            _verdict(overhead <= target),
                        )
                    )
            for kind in ("memory", "redis"):
                full, bare = throughput(tmp / kind, kind, args.redis_url, prefix, n)
                ratio = full / bare
                rows.append(
                    (
                        f"throughput, full stack ({kind}) vs bare handler",
                        f"{full:.0f} / {bare:.0f} req/s",
                        f"{ratio:.0%} >= {THROUGHPUT_TARGET:.0%}",
                        _verdict(ratio >= THROUGHPUT_TARGET),
                    )
                )
    finally:
        flush(args.redis_url, prefix)
    _print(rows)
    return 0 if all(r[3] == "ok" for r in rows) else 1


def _row(label: str, ms: float, target: float) -> tuple[str, str, str, str]:
    return (label, f"{ms:.3f} ms", f"<= {target} ms", _verdict(ms <= target))


def _verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def _print(rows: list[tuple[str, str, str, str]]) -> None:
    head = ("measure", "result", "target", "")
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(4)]
    line: Callable[[tuple[str, ...]], str] = lambda r: "  ".join(  # noqa: E731
        c.ljust(w) for c, w in zip(r, widths, strict=True)
    )
    print(line(head))
    print("  ".join("-" * w for w in widths))
    for r in rows:
        print(line(r))


if __name__ == "__main__":
    raise SystemExit(main())
