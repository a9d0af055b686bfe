"""Analytics dashboard and usage latency for an organization with 100,000 findings.

Usage: python bench/analytics/run.py [--runs N] [--members N] [--jobs N] [--findings N]

Builds the embedded default (``create_app`` on SQLite in a throwaway data directory, the job
runner off so nothing else uses the CPU) and serves it with uvicorn on a free loopback port in
a child process. The Owner, the organization (Pro: Free stops at 5 members) and the Owner's API
key go through the real HTTP API; the bulk rows go in through the store models (Core
``insert``): ``--members`` (50) members, ``--jobs`` (5,000) completed organization jobs spread
over 90 days, ``--findings`` (100,000) findings on them (realistic severities, modules and rule
ids; about a quarter resolved, some false positives and accepted risks, each change with its
``finding_events`` row hours to weeks later), one ledger reservation per job (some refunded,
some LLM charges), plus 1,000 personal jobs of other users with 20,000 findings that every
query must filter out.

Measured, each after a warm-up, the series interleaved in a random order each round:

1. in-process: ``stockade.jobs.analytics.dashboard`` (the default 30-day window and a 90-day
   window) and ``usage`` (30 days), each in a fresh session as a request makes it;
2. over HTTP as the Owner with an API key: ``GET /api/v1/organizations/{id}/analytics/
   dashboard`` (default window, and ``from`` 90 days back) and ``.../analytics/usage``, with
   ``GET /api/v1/auth/me`` for scale (what any authenticated request costs).

Target: the dashboard ≤ 200 ms (p95) on SQLite. There is no offline peer: DefectDojo's
dashboards need its Django + PostgreSQL stack, which cannot be run offline here.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import secrets
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import func, insert, select

from stockade.config import Settings, load_settings
from stockade.core.severity import severity_order
from stockade.jobs import analytics
from stockade.jobs.analytics import Window
from stockade.jobs.results import project_key
from stockade.quota.periods import period_of
from stockade.server import create_app
from stockade.store.database import Database
from stockade.store.job_models import COMPLETED, FindingEvent, Job, JobFinding
from stockade.store.models import User
from stockade.store.quota_models import CHARGE, REFUND, RESERVE, LedgerEntry
from stockade.store.tenancy_models import ACTIVE, Membership
from stockade.store.types import new_id, utcnow

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from embedded_server import overrides, running_server

PASSWORD = "bench-violet-kettle-42"
TARGET_MS = 200.0
SPREAD = timedelta(days=90)
NOISE_USERS = 20
NOISE_JOBS = 1_000
NOISE_FINDINGS = 20_000
# Module -> (rule ids, severity weights critical..info): secrets skew high, dependencies
# spread, SAST mostly medium/low, API specs mostly medium.
RULES: dict[str, tuple[list[str], tuple[int, ...]]] = {
    "sast": (
        [
            f"python.{n}"
            for n in (
                "sql-injection",
                "command-injection",
                "weak-hash",
                "eval",
                "ssrf",
                "path-traversal",
                "xss",
                "insecure-random",
                "debug-enabled",
                "yaml-load",
                "pickle",
                "assert-used",
            )
        ]
        + [f"javascript.{n}" for n in ("dom-xss", "eval", "prototype-pollution", "open-redirect")],
        (2, 10, 35, 40, 13),
    ),
    "secrets": (
        [
            "aws-access-key",
            "github-token",
            "slack-webhook",
            "private-key",
            "generic-api-key",
            "stripe-key",
            "jwt",
            "password-in-url",
        ],
        (25, 45, 20, 8, 2),
    ),
    "dependencies": (
        [f"PYSEC-2023-{n}" for n in range(1, 40)] + [f"GHSA-{n:04x}-dep" for n in range(60)],
        (6, 24, 45, 20, 5),
    ),
    "api": (
        [
            "api1-bola",
            "api2-broken-auth",
            "api3-mass-assignment",
            "api4-no-rate-limit",
            "api7-ssrf",
            "api8-http",
            "api9-inventory",
        ],
        (3, 15, 50, 25, 7),
    ),
}
MODULE_WEIGHTS = {"sast": 45, "dependencies": 30, "secrets": 10, "api": 15}
SEVERITIES = ("critical", "high", "medium", "low", "info")


@dataclass
class Scene:
    organization_id: str
    owner_id: str
    owner_key: str


def set_up(http: httpx.Client) -> Scene:
    """The Owner (registered and logged in), the organization on Pro, and an API key."""
    body = {"email": "owner@example.com", "password": PASSWORD}
    user = http.post("/api/v1/auth/register", json=body).raise_for_status().json()
    csrf = http.post("/api/v1/auth/login", json=body).raise_for_status().json()["csrf_token"]
    h = {"X-CSRF-Token": csrf}
    org = http.post("/api/v1/organizations", json={"name": "Acme"}, headers=h)
    org_id = str(org.raise_for_status().json()["id"])
    http.put(f"/api/v1/organizations/{org_id}/plan", json={"plan": "Pro"}, headers=h)
    key = http.post("/api/v1/api-keys", json={"name": "bench"}, headers=h)
    return Scene(org_id, str(user["id"]), str(key.raise_for_status().json()["key"]))


def user_row(email: str) -> dict[str, Any]:
    # "!" is no argon2 hash: these users exist for their rows, they never log in.
    now = utcnow()
    return {
        "id": new_id(),
        "email": email,
        "password_hash": "!",
        "created_at": now,
        "updated_at": now,
    }


def job_row(rng: random.Random, user_id: str, org_id: str | None, now: datetime) -> dict[str, Any]:
    created = now - SPREAD * rng.random()
    name = f"service-{rng.randrange(40)}"
    return {
        "id": new_id(),
        "status": COMPLETED,
        "created_by": user_id,
        "organization_id": org_id,
        "project": {"name": name, "branch": "main"},
        "project_key": project_key(user_id, org_id, name),
        "source": {"type": "git", "url": f"https://git.example.com/acme/{name}.git", "ref": "main"},
        "modules": list(MODULE_WEIGHTS),
        "modules_run": list(MODULE_WEIGHTS),
        "attempts": 1,
        "summary": {"total_findings": 0},
        "module_results": [],
        "errors": [],
        "created_at": created,
        "started_at": created + timedelta(seconds=1),
        "finished_at": created + timedelta(seconds=rng.randrange(5, 300)),
    }


def findings_for(
    rng: random.Random, jobs: list[dict[str, Any]], total: int, now: datetime
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """``total`` findings over ``jobs`` (uneven: a few jobs have many), and the state changes
    of the ones no longer open, each an event some hours to weeks after the finding."""
    modules, weights = list(MODULE_WEIGHTS), list(MODULE_WEIGHTS.values())
    job_weights = [rng.paretovariate(1.5) for _ in jobs]
    findings: list[dict[str, Any]] = []
    events: list[dict[str, Any]] = []
    for job in rng.choices(jobs, job_weights, k=total):
        module = rng.choices(modules, weights)[0]
        rules, sev_weights = RULES[module]
        severity = rng.choices(SEVERITIES, sev_weights)[0]
        created = job["finished_at"]
        state = rng.choices(
            ("open", "resolved", "false_positive", "risk_accepted"), (68, 25, 5, 2)
        )[0]
        finding_id = new_id()
        moved = min(now, created + timedelta(hours=rng.expovariate(1 / 120)))
        findings.append(
            {
                "id": finding_id,
                "job_id": job["id"],
                "project_key": job["project_key"],
                "fingerprint": secrets.token_hex(32),
                "module": module,
                "rule_id": rng.choice(rules),
                "severity": severity,
                "severity_rank": severity_order(severity),
                "state": state,
                "data": {
                    "file": f"src/app/m{rng.randrange(300)}.py",
                    "line": rng.randrange(1, 900),
                    "message": f"{module} finding",
                },
                "created_at": created,
                # The denormalised first resolution, as the jobs service writes it.
                "resolved_at": moved if state == "resolved" else None,
            }
        )
        if state != "open":
            events.append(
                {
                    "id": new_id(),
                    "finding_id": finding_id,
                    "user_id": job["created_by"],
                    "from_state": "open",
                    "to_state": state,
                    "justification": None,
                    "created_at": moved,
                }
            )
        job["summary"]["total_findings"] += 1
    return findings, events


def ledger_for(rng: random.Random, jobs: list[dict[str, Any]], org_id: str) -> list[dict[str, Any]]:
    """A reservation of 3 per job; 3 % refunded (failed before analysis), 10 % also paid for
    an LLM explanation (6)."""
    rows: list[dict[str, Any]] = []
    for job in jobs:
        base = {
            "scope": f"org:{org_id}",
            "period": period_of(job["created_at"]),
            "organization_id": org_id,
            "user_id": job["created_by"],
            "job_id": job["id"],
        }
        rows.append(
            {
                **base,
                "id": new_id(),
                "entry": RESERVE,
                "cost_class": "analysis",
                "amount": 3,
                "created_at": job["created_at"],
            }
        )
        if rng.random() < 0.03:
            rows.append(
                {
                    **base,
                    "id": new_id(),
                    "entry": REFUND,
                    "cost_class": "analysis",
                    "amount": -3,
                    "created_at": job["finished_at"],
                }
            )
        elif rng.random() < 0.1:
            rows.append(
                {
                    **base,
                    "id": new_id(),
                    "entry": CHARGE,
                    "cost_class": "llm",
                    "amount": 6,
                    "created_at": job["finished_at"],
                }
            )
    return rows


def seed(db: Database, scene: Scene, members: int, jobs: int, findings: int) -> dict[str, int]:
    """Bulk rows through the store models; returns the row counts the bench ran on."""
    rng = random.Random(16)
    now = utcnow()
    extra = [user_row(f"m{n}@example.com") for n in range(members - 1)]
    outsiders = [user_row(f"noise{n}@example.com") for n in range(NOISE_USERS)]
    memberships = [
        {
            "id": new_id(),
            "organization_id": scene.organization_id,
            "user_id": u["id"],
            "email": u["email"],
            "role": "Admin" if n < 4 else "Member",
            "status": ACTIVE,
            "created_at": now,
            "joined_at": now,
            "last_active_at": now,
        }
        for n, u in enumerate(extra)
    ]
    authors = [scene.owner_id, *(u["id"] for u in extra)]
    org_jobs = [job_row(rng, rng.choice(authors), scene.organization_id, now) for _ in range(jobs)]
    noise_jobs = [job_row(rng, rng.choice(outsiders)["id"], None, now) for _ in range(NOISE_JOBS)]
    org_findings, org_events = findings_for(rng, org_jobs, findings, now)
    noise_findings, noise_events = findings_for(rng, noise_jobs, NOISE_FINDINGS, now)
    with db.session() as session:
        session.execute(insert(User), extra + outsiders)
        session.execute(insert(Membership), memberships)
        session.execute(insert(Job), org_jobs + noise_jobs)
        for rows in batches(org_findings + noise_findings, 10_000):
            session.execute(insert(JobFinding), rows)
        session.execute(insert(FindingEvent), org_events + noise_events)
        session.execute(insert(LedgerEntry), ledger_for(rng, org_jobs, scene.organization_id))
    with db.session() as session:

        def count(model: Any) -> int:
            return int(session.scalar(select(func.count()).select_from(model)) or 0)

        return {
            "members": members,
            "org_jobs": jobs,
            "org_findings": findings,
            "jobs": count(Job),
            "findings": count(JobFinding),
            "events": count(FindingEvent),
            "ledger": count(LedgerEntry),
        }


def batches(rows: list[dict[str, Any]], size: int) -> Iterator[list[dict[str, Any]]]:
    for start in range(0, len(rows), size):
        yield rows[start : start + size]


Call = Callable[[], Any]


def interleaved(
    calls: dict[str, Call], runs: int, warm: int = 3
) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Milliseconds per call (wall clock, and this process's CPU time), each series ``runs``
    long, in a fresh random order each round so that drift and garbage collection hit all
    series alike. The CPU time of an in-process call is what it would take on an idle
    machine; the wall clock adds waiting for a core on a loaded one."""
    for _ in range(warm):
        for call in calls.values():
            call()
    rng = random.Random(7)
    wall: dict[str, list[float]] = {name: [] for name in calls}
    cpu: dict[str, list[float]] = {name: [] for name in calls}
    for _ in range(runs):
        for name in rng.sample(list(calls), len(calls)):
            began, began_cpu = time.perf_counter(), time.process_time()
            calls[name]()
            wall[name].append((time.perf_counter() - began) * 1000)
            cpu[name].append((time.process_time() - began_cpu) * 1000)
    return wall, cpu


def in_process_calls(db: Database, scene: Scene) -> dict[str, Call]:
    """``analytics.dashboard``/``usage`` in a fresh session each call, as a request makes it."""

    def report(fn: Callable[..., Any], days: int) -> Call:
        def call() -> Any:
            end = utcnow()
            w = Window(scene.organization_id, scene.owner_id, end - timedelta(days=days), end)
            with db.session() as session:
                return fn(session, w)

        return call

    return {
        "dash30": report(analytics.dashboard, 30),
        "dash90": report(analytics.dashboard, 90),
        "usage30": report(analytics.usage, 30),
    }


def http_calls(http: httpx.Client, scene: Scene) -> dict[str, Call]:
    base = f"/api/v1/organizations/{scene.organization_id}/analytics"

    def get(path: str, ninety: bool) -> Call:
        def call() -> Any:
            params = {}
            if ninety:
                params["from"] = (utcnow() - timedelta(days=90)).isoformat()
            return http.get(path, params=params).raise_for_status().json()

        return call

    return {
        "dash30": get(f"{base}/dashboard", False),
        "dash90": get(f"{base}/dashboard", True),
        "usage30": get(f"{base}/usage", False),
        "me": get("/api/v1/auth/me", False),
    }


def sanity(dash90: dict[str, Any], counts: dict[str, int]) -> None:
    """The 90-day dashboard must see (nearly) every organization finding and none of the
    personal ones: a fast answer over the wrong rows would be no result."""
    total = sum(dash90["findings_by_severity"].values())
    if not counts["org_findings"] * 0.97 <= total <= counts["org_findings"]:
        raise SystemExit(f"the 90-day dashboard counts {total} findings, expected ~{counts}")


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def header(settings: Settings, counts: dict[str, int], load: float, db_mb: float) -> None:
    cpu = platform.processor() or platform.machine()
    print(
        f"# Stockade analytics benchmark — {platform.platform()}, {cpu}, {os.cpu_count()} CPUs, "
        f"Python {platform.python_version()}, SQLite {sqlite3.sqlite_version}, load average "
        f"{load:.1f} at start"
    )
    print(
        f"# embedded default: create_app ({settings.database_url.split(':', 1)[0]}, runner off) "
        "under uvicorn on 127.0.0.1; httpx client, one connection, the Owner's API key"
    )
    print(
        f"# data: {counts['members']} members, {counts['org_jobs']:,} organization jobs and "
        f"{counts['org_findings']:,} organization findings over 90 days; {counts['jobs']:,} jobs, "
        f"{counts['findings']:,} findings, {counts['events']:,} finding events, "
        f"{counts['ledger']:,} ledger rows in all; database {db_mb:.0f} MB"
    )
    print(
        "# peers: none offline — DefectDojo's dashboards need its Django + PostgreSQL stack, "
        "which cannot run here, so Stockade is shown against its target\n"
    )


ROWS = (
    ("dash30", "dashboard, default 30-day window", True),
    ("dash90", "dashboard, 90-day window (every finding)", True),
    ("usage30", "usage, default 30-day window", False),
    ("me", "GET /api/v1/auth/me (the floor: authentication alone)", False),
)


def table(
    inproc: dict[str, list[float]], cpu: dict[str, list[float]], http: dict[str, list[float]]
) -> bool:
    print("| measure | path | n | p50 | p95 | CPU p50 | target | result |")
    print("|---|---|---|---|---|---|---|---|")
    ok = True
    for where, series in (("in-process", inproc), ("HTTP", http)):
        for key, label, targeted in ROWS:
            if key not in series:
                continue
            s = series[key]
            p95 = percentile(s, 0.95)
            passed = not targeted or p95 <= TARGET_MS
            ok = ok and passed
            target = "p95 ≤ 200 ms" if targeted else ""
            result = ("PASS" if passed else "FAIL") if targeted else ""
            used = f"{statistics.median(cpu[key]):.1f} ms" if series is inproc else "—"
            print(
                f"| {label} | {where} | {len(s)} | {statistics.median(s):.1f} ms | "
                f"{p95:.1f} ms | {used} | {target} | {result} |"
            )
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--members", type=int, default=50)
    parser.add_argument("--jobs", type=int, default=5_000)
    parser.add_argument("--findings", type=int, default=100_000)
    args = parser.parse_args()
    load = os.getloadavg()[0]
    phases: dict[str, float] = {}
    clock = time.perf_counter()

    def lap(name: str) -> None:
        nonlocal clock
        now = time.perf_counter()
        phases[name], clock = now - clock, now

    with tempfile.TemporaryDirectory(prefix="stockade-bench-analytics-") as tmp:
        values = overrides(Path(tmp) / "data")
        settings = load_settings(overrides=values)
        app = create_app(settings, run_jobs=False)  # migrates; its database seeds the rows
        db: Database = app.state.ctx.db
        try:
            with running_server(values) as url:
                with httpx.Client(base_url=url, timeout=60) as owner:
                    scene = set_up(owner)
                lap("server and HTTP set-up")
                counts = seed(db, scene, args.members, args.jobs, args.findings)
                with db.session() as session:
                    session.execute(select(func.count()).select_from(JobFinding))
                lap("bulk rows")
                inproc, cpu = interleaved(in_process_calls(db, scene), args.runs)
                lap("in-process series")
                headers = {"X-API-Key": scene.owner_key}
                with httpx.Client(base_url=url, timeout=60, headers=headers) as http:
                    calls = http_calls(http, scene)
                    sanity(calls["dash90"](), counts)
                    series, _ = interleaved(calls, args.runs)
                lap("HTTP series")
            db_mb = sum(p.stat().st_size for p in Path(tmp).rglob("stockade.db*")) / 1e6
        finally:
            db.dispose()
    header(settings, counts, load, db_mb)
    ok = table(inproc, cpu, series)
    print("\n" + ", ".join(f"{name} {seconds:.1f} s" for name, seconds in phases.items()))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
