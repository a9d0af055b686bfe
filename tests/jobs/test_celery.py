"""Scale-out for real: the API on PostgreSQL hands jobs to ``stockade worker`` processes over a
Redis or RabbitMQ broker. Workers are real subprocesses; one is killed with SIGKILL mid-job.

Each test uses its own PostgreSQL database and broker queue, so runs sharing the machine's
broker do not see each other's jobs.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from git_https_server import git_processes_for, make_repository, serve_git
from job_project import FAKE_AWS_KEY, SQLI, project_files
from org_fixtures import Team
from osv_data import OSV
from server_fixtures import FAST_PASSWORDS, Accounts, _pg_database, make_settings
from stockade.analyzers.deps.advisories.local import LocalStore
from stockade.jobs.celery import TASK, CeleryDispatcher, make_app
from stockade.server import create_app
from stockade.store.job_models import Job, JobFinding
from webhook_receiver import serve_receiver

pytestmark = pytest.mark.postgres

BROKERS = {"redis": "redis://127.0.0.1:6379/0", "rabbitmq": "amqp://guest:guest@127.0.0.1:5672//"}


@pytest.fixture
def pg_url() -> Iterator[str]:
    yield from _pg_database()


class Workers:
    """Starts ``stockade worker`` processes, each in its own process group, and stops them."""

    def __init__(self, tmp_path: Path, config: dict[str, Any]) -> None:
        self.tmp_path = tmp_path
        self.config = tmp_path / "worker.toml"
        self.config.write_text(_toml(config))
        self.running: list[subprocess.Popen[bytes]] = []

    def start(self, name: str) -> tuple[subprocess.Popen[bytes], Path]:
        log = self.tmp_path / f"{name}.log"
        stockade = Path(sys.executable).with_name("stockade")
        with log.open("wb") as out:
            proc = subprocess.Popen(
                [str(stockade), "worker", "--config", str(self.config), "--concurrency", "1"],
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        self.running.append(proc)
        wait_until(lambda: b"ready" in log.read_bytes(), 60, f"worker {name} never got ready")
        return proc, log

    def kill(self, proc: subprocess.Popen[bytes], sig: int = signal.SIGKILL) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, sig)
        proc.wait(timeout=30)

    def stop_all(self) -> None:
        for proc in self.running:
            if proc.poll() is None:
                self.kill(proc, signal.SIGTERM)


def _toml(config: dict[str, Any], prefix: str = "") -> str:
    scalars = {k: v for k, v in config.items() if not isinstance(v, dict)}
    tables = {k: v for k, v in config.items() if isinstance(v, dict)}
    text = f"[{prefix}]\n" if prefix and scalars else ""
    for key, value in scalars.items():
        text += f"{key} = {_value(value)}\n"
    for key, value in tables.items():
        text += _toml(value, f"{prefix}.{key}" if prefix else key)
    return text


def _value(value: Any) -> str:
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    return str(value).lower() if isinstance(value, bool) else str(value)


def wait_until(check: Any, limit: float, message: str) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.1)
    raise AssertionError(message)


def cluster(
    tmp_path: Path, pg_url: str, broker: str, extra: dict[str, Any] | None = None
) -> tuple[FastAPI, Workers, dict[str, Any]]:
    jobs = {
        "backend": "celery",
        "broker_url": broker,
        "queue": "stockade-test-" + secrets.token_hex(6),
        "lease_seconds": 3,
        "timeout_seconds": 120,
    }
    # API and workers share the database, so they share the at-rest encryption key too.
    keys = {"encryption_keys": [secrets.token_urlsafe(48)]}
    shared: dict[str, Any] = {"jobs": jobs, "auth": keys, **(extra or {})}
    settings = make_settings(tmp_path / "api", pg_url, **shared)
    application = create_app(settings)
    application.state.ctx.passwords = FAST_PASSWORDS
    worker_config = {
        "data_dir": str(tmp_path / "worker"),
        "database": {"url": pg_url},
        **shared,
    }
    return application, Workers(tmp_path, worker_config), jobs


def signed_in(client: TestClient, application: FastAPI) -> dict[str, str]:
    accounts = Accounts(application)
    key = accounts.api_key(client, accounts.signed_in(client))
    client.cookies.clear()
    return {"X-API-Key": key}


def job_state(client: TestClient, headers: dict[str, str], job_id: str) -> dict[str, Any]:
    body: dict[str, Any] = client.get(f"/api/v1/jobs/{job_id}", headers=headers).json()
    return body


@pytest.mark.parametrize("broker", sorted(BROKERS))
def test_worker_runs_jobs_from_the_broker(tmp_path: Path, pg_url: str, broker: str) -> None:
    application, workers, _ = cluster(tmp_path, pg_url, BROKERS[broker])
    # The worker's advisory store (in its data directory) knows the PyPI advisories.
    (tmp_path / "worker").mkdir()
    store = LocalStore(tmp_path / "worker" / "advisories.sqlite")
    store.import_export(OSV / "PyPI" / "all.zip")
    store.close()
    files = project_files()
    try:
        # Two workers on one host: each needs a node name of its own on the broker.
        workers.start("w1")
        workers.start("w2")
        with TestClient(application) as client:
            headers = signed_in(client, application)
            r = client.post(
                "/api/v1/analyze/job",
                json={"source": {"type": "files", "files": files}},
                headers=headers,
            )
            assert r.status_code == 202, r.text
            job_id = r.json()["job_id"]
            wait_until(
                lambda: job_state(client, headers, job_id)["status"] in ("completed", "failed"),
                60,
                "the worker never finished the job",
            )
            job = job_state(client, headers, job_id)
            assert job["status"] == "completed", job
            assert job["modules_run"] == ["sast", "secrets", "api", "dependencies"]
            assert any("sql" in f["rule_id"] for f in job["findings"]), job["findings"]
            by_module = {f["module"] for f in job["findings"]}
            assert by_module == {"sast", "secrets", "api", "dependencies"}, job["findings"]
            assert FAKE_AWS_KEY not in str(job)
    finally:
        workers.stop_all()
        application.state.ctx.db.dispose()


def test_worker_killed_mid_job_gives_exactly_one_result(tmp_path: Path, pg_url: str) -> None:
    repos = tmp_path / "repos"
    repos.mkdir()
    make_repository(repos / "app.git", {"app.py": SQLI})
    # A private repository: the second worker can clone it only if the job kept its token
    # (sealed in the database) across the first worker's death.
    token = "tok-" + secrets.token_hex(16)
    # The first fetch hangs (the job is mid-clone when its worker dies); later ones are served.
    with serve_git(repos, tmp_path, hang_first=1, token=token) as server:
        extra = {
            "server": {
                "allow_private_targets": ["127.0.0.1/32"],
                "analysis": {"git_ca_file": str(server.cert)},
            }
        }
        application, workers, jobs = cluster(tmp_path, pg_url, BROKERS["redis"], extra)
        try:
            first, _ = workers.start("w1")
            with TestClient(application) as client:
                headers = signed_in(client, application)
                r = client.post(
                    "/api/v1/analyze/job",
                    json={
                        "source": {"type": "git", "url": f"{server.url}/app.git", "token": token}
                    },
                    headers=headers,
                )
                assert r.status_code == 202, r.text
                job_id = r.json()["job_id"]
                # Mid-clone: git has sent its first request (the one that hangs). Killing it
                # earlier would leave that hanging request for the second worker.
                wait_until(lambda: server.requests, 60, "the clone never reached the server")
                assert git_processes_for(server.url)
                assert job_state(client, headers, job_id)["status"] == "running"
                with application.state.ctx.db.session() as s:
                    dead_worker = s.scalar(select(Job.worker).where(Job.id == job_id))

                workers.kill(first)
                # The whole host is gone: its git clone (in a session of its own) dies too.
                for pid in git_processes_for(server.url):
                    os.kill(pid, signal.SIGKILL)

                _, log = workers.start("w2")
                wait_until(
                    lambda: job_state(client, headers, job_id)["status"] in ("completed", "failed"),
                    90,
                    "the job was never taken over",
                )
                job = job_state(client, headers, job_id)
                assert job["status"] == "completed", job["error"]
                total = job["summary"]["total_findings"]
                assert total >= 1

                # A late duplicate delivery (the dead worker's message coming back) is a no-op.
                producer = make_app(application.state.ctx.settings)
                producer.send_task(TASK, args=[job_id], queue=jobs["queue"])
                producer.close()
                wait_until(
                    lambda: b"not claimable" in log.read_bytes(), 30, "duplicate never arrived"
                )
                with application.state.ctx.db.session() as s:
                    row = s.get(Job, job_id)
                    assert row is not None
                    assert (row.status, row.attempts) == ("completed", 2), (row.error, row.worker)
                    assert row.worker is not None and row.worker != dead_worker
                    stored = s.scalar(
                        select(func.count())
                        .select_from(JobFinding)
                        .where(JobFinding.job_id == job_id)
                    )
                    assert stored == total
                    # The token lived only sealed, and only until the job ended.
                    assert row.credential is None and row.payload is None
                assert token not in log.read_text(errors="replace")
        finally:
            workers.stop_all()
            application.state.ctx.db.dispose()


def test_workers_send_webhook_deliveries(tmp_path: Path, pg_url: str) -> None:
    """In scale-out the API instances do not dispatch: the job's events go out from the
    worker that ran it, and a delivery queued by a request (a redelivery) is sent by the
    Celery task the request's commit asks for."""
    (tmp_path / "certs").mkdir()
    with serve_receiver(tmp_path / "certs") as receiver:
        extra = {
            "server": {"allow_private_targets": ["127.0.0.1"]},
            "webhooks": {"ca_file": str(receiver.cert), "retry_schedule_seconds": [1, 1]},
        }
        application, workers, _ = cluster(tmp_path, pg_url, BROKERS["redis"], extra)
        try:
            workers.start("w1")
            with TestClient(application):
                assert isinstance(application.state.ctx.deliveries, CeleryDispatcher)
                org = Team(application, Accounts(application)).organization()
                hook = org.owner.post(
                    f"{org.url}/webhooks",
                    json={"url": receiver.url, "events": ["scan.started", "scan.completed"]},
                )
                assert hook.status_code == 201, hook.text
                hook_id = hook.json()["id"]
                body = {
                    "source": {"type": "files", "files": [{"path": "a.py", "content": SQLI}]},
                    "organization_id": org.id,
                }
                r = org.owner.post("/api/v1/analyze/job", json=body)
                assert r.status_code == 202, r.text
                got = receiver.wait(2, timeout=60)
                kinds = sorted(x.headers["X-Stockade-Event"] for x in got)
                assert kinds == ["scan.completed", "scan.started"], kinds

                log = org.owner.get(f"{org.url}/webhooks/{hook_id}/deliveries").json()["items"]
                assert {d["status"] for d in log} == {"delivered"}
                again = log[0]["id"]
                r = org.owner.post(f"{org.url}/webhooks/{hook_id}/deliveries/{again}/redeliver")
                assert r.status_code in (200, 201, 202), r.text
                fresh = r.json()["id"]  # a redelivery is a new delivery of the same event
                got = receiver.wait(3, timeout=30)
                assert len(got) == 3, "the redelivery was never sent by a worker"
                assert got[-1].headers["X-Stockade-Delivery"] == fresh != again
                assert got[-1].body == next(
                    x.body for x in got[:2] if x.headers["X-Stockade-Delivery"] == again
                )
        finally:
            workers.stop_all()
            application.state.ctx.db.dispose()
