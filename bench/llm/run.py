"""LLM endpoints: what Stockade adds around a provider call, and enrich concurrency.

Usage: python bench/llm/run.py [--requests N] [--findings N] [--delay-ms N]

A tiny OpenAI-compatible provider runs in this process on a free loopback port (asyncio on
a thread of its own: ``POST /v1/chat/completions`` answers a schema-valid JSON object after
``--delay-ms``). The Stockade server is the embedded default (``bench/embedded_server``:
SQLite in a throwaway data directory, uvicorn in a child process) with ``llm.provider =
openai`` and ``llm.openai.base_url`` pointing at the provider. A user, an organization and an
API key go through the real HTTP API; the organization's pool is raised and one completed
job with ``--findings`` (100) findings is written through the store.

Measured:

1. Added latency: ``POST /api/v1/llm/explain`` through Stockade against the same call sent
   straight to the provider (both answered at once), ``--requests`` (300) each, interleaved:
   p50 and p95 of each and their differences (target ≤ 20 ms). What Stockade adds is
   authentication, the rate limiter, redaction of every field, the token charge (a
   committed SQLite transaction) and answer validation.
2. Enrich: ``POST /api/v1/jobs/{id}/enrich`` of ``--findings`` findings against the provider
   answering in ``--delay-ms`` (200) ms with ``llm.max_concurrency`` = the finding count:
   total time against the slowest single provider call (target ≤ 2x). For scale, the same
   enrichment in-process through ``enrich_many`` with a client that sleeps ``--delay-ms``
   and makes no HTTP call: Stockade's own share (prompts, redaction, validation, the
   concurrency bound) without the provider transport.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import secrets
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from embedded_server import overrides, running_server

from stockade.core.codec import finding_to_json
from stockade.llm.interface import Completion, CompletionRequest
from stockade.llm.services.common import ServiceOptions
from stockade.llm.services.enrich import FindingInput, enrich_many
from stockade.scan import ScanOptions, run_scan
from stockade.store import Database
from stockade.store.job_models import COMPLETED, Job, JobFinding
from stockade.store.tenancy_models import Organization
from stockade.store.types import new_id, utcnow

SQLI = (
    "import sqlite3\n\n"
    "def get(conn, request):\n"
    "    name = request.args.get('name')\n"
    '    return conn.execute("SELECT * FROM users WHERE name = \'" + name + "\'")\n'
)
ANSWERS: dict[str, dict[str, Any]] = {
    "ExplainAnswer": {"explanation": "x", "key_points": ["a"], "mitigation_steps": ["b"]},
    "EnrichAnswer": {"explanation": "x", "remediation_suggestion": "y"},
    "QueryAnswer": {"answer": "x", "references": []},
    "FixAnswer": {"fixed_code": "x = 1\n", "explanation": "x", "confidence": 0.5},
}


@dataclass
class Provider:
    """The loopback provider: answers after ``delay`` seconds and records call durations."""

    delay: float = 0.0
    durations: list[float] = field(default_factory=list)


def answer_for(request: dict[str, Any]) -> bytes:
    """A Chat Completions answer whose content fits the schema the request names."""
    name = request.get("response_format", {}).get("json_schema", {}).get("name", "")
    content = json.dumps(ANSWERS.get(name, ANSWERS["ExplainAnswer"]))
    return json.dumps(
        {
            "id": "bench",
            "object": "chat.completion",
            "model": request.get("model", "bench"),
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": content},
                    "finish_reason": "stop",
                }
            ],
            "usage": {"prompt_tokens": 10, "completion_tokens": 10},
        }
    ).encode()


async def serve_connection(
    provider: Provider, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
) -> None:
    """HTTP/1.1 with keep-alive, enough for httpx: a request line, headers with
    ``Content-Length``, a JSON body; one JSON answer per request."""
    try:
        while True:
            head = await reader.readuntil(b"\r\n\r\n")
            started = time.perf_counter()
            length = 0
            for line in head.split(b"\r\n")[1:]:
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value.strip())
            body = json.loads(await reader.readexactly(length)) if length else {}
            if provider.delay:
                await asyncio.sleep(provider.delay)
            answer = answer_for(body)
            writer.write(
                b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                + f"Content-Length: {len(answer)}\r\n\r\n".encode()
                + answer
            )
            await writer.drain()
            provider.durations.append(time.perf_counter() - started)
    except (asyncio.IncompleteReadError, ConnectionError):
        pass
    finally:
        writer.close()


@contextmanager
def running_provider(provider: Provider) -> Iterator[str]:
    """The provider on its own event loop in a thread: one loop answers 100 concurrent
    calls without 100 threads competing for the GIL on a loaded machine."""
    loop = asyncio.new_event_loop()
    ready = threading.Event()
    port: list[int] = []

    async def start() -> None:
        server = await asyncio.start_server(
            lambda r, w: serve_connection(provider, r, w), "127.0.0.1", 0, backlog=512
        )
        port.append(server.sockets[0].getsockname()[1])
        ready.set()

    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    asyncio.run_coroutine_threadsafe(start(), loop)
    ready.wait(10)
    try:
        yield f"http://127.0.0.1:{port[0]}/v1"
    finally:
        asyncio.run_coroutine_threadsafe(_stop_all(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)


async def _stop_all() -> None:
    """Cancel the open connections' tasks so the loop stops with nothing pending."""
    current = asyncio.current_task()
    tasks = [t for t in asyncio.all_tasks() if t is not current]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def sign_up(http: httpx.Client) -> tuple[str, str]:
    """A user with an API key and an organization; returns (API key, organization id)."""
    email, password = f"bench-{secrets.token_hex(4)}@example.com", secrets.token_urlsafe(18)
    assert http.post("/api/v1/auth/register", json={"email": email, "password": password})
    login = http.post("/api/v1/auth/login", json={"email": email, "password": password})
    login.raise_for_status()
    csrf = {"X-CSRF-Token": login.json()["csrf_token"]}
    org = http.post("/api/v1/organizations", json={"name": "Bench"}, headers=csrf)
    org.raise_for_status()
    key = http.post("/api/v1/api-keys", json={"name": "bench"}, headers=csrf)
    key.raise_for_status()
    return str(key.json()["key"]), str(org.json()["id"])


def seed(
    database_url: str, organization_id: str, user_id: str, count: int
) -> tuple[str, list[str]]:
    """Raise the organization's pool and write one completed job with ``count`` findings."""
    with tempfile.TemporaryDirectory() as tmp:
        Path(tmp, "app.py").write_text(SQLI, encoding="utf-8")
        found = run_scan(tmp, ScanOptions(modules=("sast",), jobs=1)).findings
    template = finding_to_json(found[0])
    db = Database(database_url)
    job_id, ids = new_id(), [new_id() for _ in range(count)]
    with db.session() as session:
        org = session.get(Organization, organization_id)
        assert org is not None
        org.plan, org.tokens_per_month = "Enterprise", 10**9
        session.add(
            Job(
                id=job_id,
                status=COMPLETED,
                created_by=user_id,
                organization_id=organization_id,
                source={"type": "files"},
                modules=["sast"],
                modules_run=["sast"],
                module_results=[],
                errors=[],
                created_at=utcnow(),
            )
        )
        session.flush()
        for n, finding_id in enumerate(ids):
            data = {**template, "line": n + 1, "fingerprint": f"{n:064x}"}
            session.add(
                JobFinding(
                    id=finding_id,
                    job_id=job_id,
                    fingerprint=data["fingerprint"],
                    module="sast",
                    rule_id=data["rule_id"],
                    severity=data["severity"],
                    severity_rank=3,
                    data=data,
                )
            )
    db.dispose()
    return job_id, ids


def explain_body() -> dict[str, str]:
    return {
        "vulnerability_id": "CWE-89",
        "description": "SQL built by string concatenation from a request parameter",
        "affected_component": "pkg:pypi/example@1.0",
        "audience": "developer",
    }


def direct_call(http: httpx.Client, url: str) -> float:
    """The provider call Stockade makes for an explain, sent straight to the provider."""
    body = {
        "model": "bench",
        "messages": [
            {"role": "system", "content": "system"},
            {"role": "user", "content": json.dumps(explain_body())},
        ],
        "response_format": {"type": "json_schema", "json_schema": {"name": "ExplainAnswer"}},
    }
    started = time.perf_counter()
    http.post(f"{url}/chat/completions", json=body).raise_for_status()
    return time.perf_counter() - started


def stockade_call(http: httpx.Client, org: str) -> float:
    started = time.perf_counter()
    r = http.post("/api/v1/llm/explain", json=explain_body(), params={"organization_id": org})
    r.raise_for_status()
    return time.perf_counter() - started


class SleepingClient:
    """An :class:`~stockade.llm.interface.LLMClient` that answers after ``delay`` seconds
    without any HTTP: what enrich costs apart from the provider's transport."""

    provider = "bench"

    def __init__(self, delay: float) -> None:
        self.delay = delay

    async def complete(self, request: CompletionRequest) -> Completion:
        await asyncio.sleep(self.delay)
        return Completion(json.dumps(ANSWERS["EnrichAnswer"]), "bench")

    def stream(self, request: CompletionRequest) -> AsyncIterator[str]:
        raise NotImplementedError

    async def aclose(self) -> None:
        pass


def enrich_in_process(count: int, delay: float) -> float:
    """Seconds for ``enrich_many`` of ``count`` findings with :class:`SleepingClient`."""
    findings = [
        FindingInput(str(n), "python.sql-injection", "high", "SQL injection", "m", "a.py:5:1", SQLI)
        for n in range(count)
    ]

    async def run() -> float:
        client = SleepingClient(delay)
        await enrich_many(client, findings[:1], ServiceOptions(), count)  # warm the redactor
        started = time.perf_counter()
        await enrich_many(client, findings, ServiceOptions(), count)
        return time.perf_counter() - started

    return asyncio.run(run())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--findings", type=int, default=100)
    parser.add_argument("--delay-ms", type=float, default=200)
    args = parser.parse_args()
    provider = Provider()
    with tempfile.TemporaryDirectory() as tmp, running_provider(provider) as provider_url:
        values = overrides(Path(tmp))
        values["llm"] = {
            "provider": "openai",
            "default_model": "bench",
            "openai": {"base_url": provider_url},
            "max_concurrency": args.findings,
            "timeout_seconds": 30,
        }
        with running_server(values) as url, httpx.Client(base_url=url, timeout=60) as http:
            key, org = sign_up(http)
            me = http.get("/api/v1/auth/me", headers={"X-API-Key": key}).json()
            db_url = f"sqlite:///{Path(tmp) / 'stockade.db'}"
            job_id, ids = seed(db_url, org, str(me["id"]), args.findings)
            http.headers["X-API-Key"] = key
            with httpx.Client(timeout=60) as direct:
                for _ in range(20):  # warm-up: connections, caches, the redactor
                    direct_call(direct, provider_url)
                    stockade_call(http, org)
                straight, through = [], []
                for _ in range(args.requests):
                    straight.append(direct_call(direct, provider_url))
                    through.append(stockade_call(http, org))
            provider.delay = args.delay_ms / 1000
            provider.durations.clear()
            started = time.perf_counter()
            r = http.post(f"/api/v1/jobs/{job_id}/enrich", json={"finding_ids": ids})
            total = time.perf_counter() - started
            r.raise_for_status()
            enriched = r.json()["enriched_count"]
    in_process = enrich_in_process(args.findings, args.delay_ms / 1000)
    report(args, straight, through, total, max(provider.durations), enriched, in_process)


def report(
    args: argparse.Namespace,
    straight: list[float],
    through: list[float],
    total: float,
    slowest: float,
    enriched: int,
    in_process: float,
) -> None:
    ms = 1000
    d50, d95 = percentile(straight, 0.5) * ms, percentile(straight, 0.95) * ms
    s50, s95 = percentile(through, 0.5) * ms, percentile(through, 0.95) * ms
    print(f"ran on: {platform.platform()}, Python {platform.python_version()}, ", end="")
    print(f"{os.cpu_count()} CPUs; SQLite embedded default, uvicorn, loopback provider")
    print()
    print(f"1. explain, {args.requests} requests each (provider answers at once)")
    print("| series | p50 ms | p95 ms |")
    print("|---|---|---|")
    print(f"| provider direct | {d50:.1f} | {d95:.1f} |")
    print(f"| through Stockade | {s50:.1f} | {s95:.1f} |")
    print(f"| added by Stockade | {s50 - d50:.1f} | {s95 - d95:.1f} |  (target <= 20 ms)")
    print(f"   mean added {statistics.fmean(through) * ms - statistics.fmean(straight) * ms:.1f}")
    print()
    print(f"2. enrich of {args.findings} findings, provider answering in {args.delay_ms:.0f} ms")
    print("| total ms | slowest call ms | ratio | enriched |")
    print("|---|---|---|---|")
    ratio = total / slowest if slowest else float("nan")
    print(f"| {total * ms:.0f} | {slowest * ms:.0f} | {ratio:.2f}x | {enriched} |  (target <= 2x)")
    print(
        f"   the same enrichment in-process, no HTTP (a client sleeping {args.delay_ms:.0f} ms): "
        f"{in_process * ms:.0f} ms = {in_process / (args.delay_ms / 1000):.2f}x the call"
    )


if __name__ == "__main__":
    main()
