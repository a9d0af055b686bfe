"""A Stockade server on the embedded default for benchmarks: SQLite in a temporary data
directory, the job runner off, served by uvicorn on a free loopback port in a child process.

Rate limits are raised so that a series of thousands of requests measures the endpoint, not
the limiter's 429 (``bench/server/ratelimit.py`` measures the limiter itself). Benchmarks
import this module by putting ``bench/`` on ``sys.path``.
"""

from __future__ import annotations

import multiprocessing
import secrets
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

from stockade.config import load_settings
from stockade.server import create_app


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def overrides(data_dir: Path) -> dict[str, Any]:
    """The embedded default in ``data_dir`` with every rate-limit tier raised."""
    tier = {"requests_per_minute": 1_000_000, "requests_per_hour": 10_000_000, "burst": 100_000}
    return {
        "data_dir": str(data_dir),
        "auth": {
            "jwt_secret": secrets.token_urlsafe(48),
            "encryption_keys": [secrets.token_urlsafe(48)],
        },
        "server": {
            "rate_limit": {"tiers": {"api_key": tier, "authenticated": tier, "anonymous": tier}}
        },
    }


def serve(values: dict[str, Any], port: int) -> None:
    """Child process: the application with its runner off, under uvicorn."""
    import uvicorn

    app = create_app(load_settings(overrides=values), run_jobs=False)
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", access_log=False)


@contextmanager
def running_server(values: dict[str, Any]) -> Iterator[str]:
    """The server's base URL once ``/health`` answers; stopped on exit."""
    port = free_port()
    child = multiprocessing.get_context("spawn").Process(target=serve, args=(values, port))
    child.start()
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            try:
                if httpx.get(f"{url}/health", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            time.sleep(0.1)
        else:
            raise SystemExit("the server did not start")
        yield url
    finally:
        child.terminate()
        child.join(30)
