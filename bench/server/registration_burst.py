"""Registration flood against a real ``stockade server`` (issue #23, item 2).

Usage: python bench/server/registration_burst.py [--registrations N] [--threads N]

Starts ``stockade server`` (embedded default: SQLite in a throwaway data directory, production
argon2 parameters) on a free loopback port, signs an observer in with an API key, measures
the observer's ``GET /api/v1/api-keys`` alone, then again while ``--registrations`` (100)
registrations arrive from ``--threads`` (20) threads, and prints a table against the targets:
0 responses 5xx and the observer's p95 below 250 ms.

All requests come from 127.0.0.1, so the per-IP registration limit would answer most of the
burst with 429 (cheap) and hide the cost being measured; the bench raises
``auth.ip_limits.register_*`` for this server instead of spoofing ``X-Forwarded-For`` (the
server trusts that header only from ``server.trusted_proxies``, which stays empty).
Bounded: the run stops after ``--deadline`` (180) seconds whatever happens.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

STOCKADE = str(Path(sys.executable).with_name("stockade"))
PASSWORD = "bench-violet-kettle-42"
P95_TARGET_MS = 250.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(data_dir: Path, port: int, log: Path) -> subprocess.Popen[bytes]:
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("STOCKADE")},
        "STOCKADE__DATA_DIR": str(data_dir),
        "STOCKADE__AUTH__IP_LIMITS__REGISTER_PER_MINUTE": "100000",
        "STOCKADE__AUTH__IP_LIMITS__REGISTER_PER_HOUR": "100000",
        # The tiered limiter would refuse the burst (anonymous tier, by IP) and the
        # observer's steady GETs (api_key tier): both raised, as above.
        **{
            f"STOCKADE__SERVER__RATE_LIMIT__TIERS__{tier}__{window}": "100000"
            for tier in ("ANONYMOUS", "API_KEY")
            for window in ("REQUESTS_PER_MINUTE", "REQUESTS_PER_HOUR", "BURST")
        },
    }
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [STOCKADE, "server", "--port", str(port)], env=env, stdout=out, stderr=out
        )
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if httpx.get(f"{url}/health", timeout=1).status_code == 200:
                return proc
        except httpx.TransportError:
            time.sleep(0.1)
    proc.terminate()
    raise SystemExit(f"the server did not start; see {log}")


def observer_key(url: str) -> str:
    with httpx.Client(base_url=url, timeout=60) as http:
        body = {"email": "observer@example.com", "password": PASSWORD}
        http.post("/api/v1/auth/register", json=body).raise_for_status()
        csrf = http.post("/api/v1/auth/login", json=body).raise_for_status().json()["csrf_token"]
        r = http.post("/api/v1/api-keys", json={"name": "bench"}, headers={"X-CSRF-Token": csrf})
        return str(r.raise_for_status().json()["key"])


def timed_gets(url: str, key: str, stop: threading.Event, count: int | None) -> list[float]:
    """Milliseconds per GET, until ``stop`` is set (or ``count`` GETs are done)."""
    samples: list[float] = []
    with httpx.Client(base_url=url, timeout=60, headers={"X-API-Key": key}) as http:
        while not stop.is_set() and (count is None or len(samples) < count):
            began = time.perf_counter()
            http.get("/api/v1/api-keys").raise_for_status()
            samples.append((time.perf_counter() - began) * 1000)
            time.sleep(0.02)
    return samples


def burst(url: str, registrations: int, threads: int, deadline: float) -> Counter[int]:
    def register(n: int) -> int:
        if time.monotonic() > deadline:
            return 0  # counted as "not sent"
        body = {"email": f"burst{n}@example.com", "password": PASSWORD}
        with httpx.Client(base_url=url, timeout=max(1.0, deadline - time.monotonic())) as http:
            try:
                return http.post("/api/v1/auth/register", json=body).status_code
            except httpx.TimeoutException:
                return -1

    with ThreadPoolExecutor(max_workers=threads) as pool:
        return Counter(pool.map(register, range(registrations)))


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def row(label: str, samples: list[float]) -> str:
    return (
        f"| {label:<22} | {len(samples):>5} | {statistics.median(samples):>8.1f} "
        f"| {percentile(samples, 0.95):>8.1f} | {max(samples):>8.1f} |"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--registrations", type=int, default=100)
    parser.add_argument("--threads", type=int, default=20)
    parser.add_argument("--deadline", type=float, default=180.0)
    args = parser.parse_args()
    deadline = time.monotonic() + args.deadline
    with tempfile.TemporaryDirectory(prefix="stockade-bench-") as tmp:
        port = free_port()
        proc = start_server(Path(tmp) / "data", port, Path(tmp) / "server.log")
        url = f"http://127.0.0.1:{port}"
        try:
            key = observer_key(url)
            idle = timed_gets(url, key, threading.Event(), 30)
            stop = threading.Event()
            with ThreadPoolExecutor(max_workers=1) as watcher:
                during = watcher.submit(timed_gets, url, key, stop, None)
                began = time.perf_counter()
                statuses = burst(url, args.registrations, args.threads, deadline)
                elapsed = time.perf_counter() - began
                stop.set()
                loaded = during.result()
        finally:
            proc.terminate()
            proc.wait(timeout=30)
    return report(args, statuses, elapsed, idle, loaded)


def report(
    args: argparse.Namespace,
    statuses: Counter[int],
    elapsed: float,
    idle: list[float],
    loaded: list[float],
) -> int:
    errors = sum(n for status, n in statuses.items() if status >= 500 or status < 0)
    print(
        f"{args.registrations} registrations from {args.threads} threads in {elapsed:.1f} s; "
        f"statuses: {dict(sorted(statuses.items()))} (0 = not sent, -1 = timed out)"
    )
    print("| observer GET /api-keys  |     n |  p50 ms  |  p95 ms  |  max ms  |")
    print("|------------------------|-------|----------|----------|----------|")
    print(row("idle", idle))
    print(row("during the burst", loaded))
    p95 = percentile(loaded, 0.95)
    ok = errors == 0 and p95 < P95_TARGET_MS
    print(
        f"5xx or timeouts: {errors} (target 0); observer p95 {p95:.1f} ms "
        f"(target < {P95_TARGET_MS:.0f} ms): {'PASS' if ok else 'FAIL'}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
