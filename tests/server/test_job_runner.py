"""The embedded runner under stress: git sources through the server, cancellation of a running
job, the per-job time limit, and recovery of jobs left behind by a server that died.

A real HTTPS git server on loopback (git's smart-HTTP backend, throwaway certificate) serves
the repositories; a hanging variant stands in for a git URL that never answers.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

import orjson
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select

from git_https_server import git_processes_for, make_repository, serve_git
from job_project import SQLI
from osv_data import OSV
from server_fixtures import FAST_PASSWORDS, Accounts, make_settings
from stockade.analyzers.deps.advisories.local import LocalStore
from stockade.config import Settings
from stockade.server import create_app
from stockade.store.job_models import QUEUED, RUNNING, Job, JobFinding
from stockade.store.types import utcnow


def runner_settings(tmp_path: Path, db_url: str, cert: Path | None = None, **jobs: Any) -> Settings:
    return make_settings(
        tmp_path,
        db_url,
        jobs={"max_concurrent": 1, "timeout_seconds": 60, "lease_seconds": 3, **jobs},
        server={
            "allow_private_targets": ["127.0.0.1/32"],
            "analysis": {"git_ca_file": str(cert) if cert else None},
        },
    )


def started(settings: Settings) -> FastAPI:
    application = create_app(settings)
    application.state.ctx.passwords = FAST_PASSWORDS
    return application


def signed_in(client: TestClient, application: FastAPI) -> dict[str, str]:
    accounts = Accounts(application)
    key = accounts.api_key(client, accounts.signed_in(client))
    client.cookies.clear()
    return {"X-API-Key": key}


def submit(client: TestClient, headers: dict[str, str], source: dict[str, Any]) -> str:
    r = client.post("/api/v1/analyze/job", json={"source": source}, headers=headers)
    assert r.status_code == 202, r.text
    return str(r.json()["job_id"])


def wait_for(
    client: TestClient, headers: dict[str, str], job_id: str, states: set[str], limit: float = 60
) -> dict[str, Any]:
    deadline = time.monotonic() + limit
    body: dict[str, Any] = {}
    while time.monotonic() < deadline:
        body = client.get(f"/api/v1/jobs/{job_id}", headers=headers).json()
        if body["status"] in states:
            return body
        time.sleep(0.05)
    raise AssertionError(f"job {job_id} never reached {states}: {body}")


@pytest.fixture
def repos(tmp_path: Path) -> Path:
    root = tmp_path / "repos"
    root.mkdir()
    make_repository(root / "app.git", {"app.py": SQLI, "README.md": "demo\n"})
    return root


def test_git_source_through_the_server(tmp_path: Path, db_url: str, repos: Path) -> None:
    with serve_git(repos, tmp_path) as server:
        application = started(runner_settings(tmp_path, db_url, server.cert))
        with TestClient(application) as client:
            headers = signed_in(client, application)
            token = "ghp-fake-" + "0123456789abcdef"
            job_id = submit(
                client, headers, {"type": "git", "url": f"{server.url}/app.git", "token": token}
            )
            job = wait_for(client, headers, job_id, {"completed", "failed"})
            assert job["status"] == "completed", job
            assert job["source"] == {"type": "git", "url": f"{server.url}/app.git"}
            rules = {f["rule_id"] for f in job["findings"]}
            assert any("sql" in rule for rule in rules), rules
            # The token reached the git server and nothing of it was stored.
            assert any(r["authorization"] for r in server.requests)
            with application.state.ctx.db.session() as s:
                row = s.get(Job, job_id)
                assert row is not None
                stored = orjson.dumps(
                    [row.source, row.summary, row.errors, row.error, row.module_results]
                )
                assert token.encode() not in stored and row.payload is None
        application.state.ctx.db.dispose()


def test_cancelling_a_running_job_stops_it(tmp_path: Path, db_url: str, repos: Path) -> None:
    with serve_git(repos, tmp_path, hang=True) as server:
        application = started(runner_settings(tmp_path, db_url, server.cert))
        with TestClient(application) as client:
            headers = signed_in(client, application)
            job_id = submit(client, headers, {"type": "git", "url": f"{server.url}/app.git"})
            wait_for(client, headers, job_id, {"running"})
            deadline = time.monotonic() + 10
            while not git_processes_for(server.url) and time.monotonic() < deadline:
                time.sleep(0.05)
            assert git_processes_for(server.url), "the clone never started"
            r = client.post(f"/api/v1/jobs/{job_id}/cancel", headers=headers)
            assert r.status_code == 200 and r.json()["status"] == "cancelled", r.text
            # The runner notices at its next heartbeat and kills the analysis and the clone.
            deadline = time.monotonic() + 10
            while git_processes_for(server.url) and time.monotonic() < deadline:
                time.sleep(0.1)
            assert git_processes_for(server.url) == []
            # Its only runner thread is free again: the next job completes.
            other = submit(
                client, headers, {"type": "files", "files": [{"path": "a.py", "content": SQLI}]}
            )
            assert wait_for(client, headers, other, {"completed", "failed"})["status"] == (
                "completed"
            )
            again = client.post(f"/api/v1/jobs/{job_id}/cancel", headers=headers)
            assert again.status_code == 409
            assert client.get(f"/api/v1/jobs/{job_id}", headers=headers).json()["status"] == (
                "cancelled"
            )
        application.state.ctx.db.dispose()


def test_time_limit_fails_the_job_and_kills_the_clone(
    tmp_path: Path, db_url: str, repos: Path
) -> None:
    with serve_git(repos, tmp_path, hang=True) as server:
        settings = runner_settings(tmp_path, db_url, server.cert, timeout_seconds=2)
        application = started(settings)
        with TestClient(application) as client:
            headers = signed_in(client, application)
            job_id = submit(client, headers, {"type": "git", "url": f"{server.url}/app.git"})
            job = wait_for(client, headers, job_id, {"completed", "failed"}, limit=30)
            assert job["status"] == "failed"
            assert job["error"] == "time limit of 2 s exceeded"
            assert git_processes_for(server.url) == []
            # The server goes on serving.
            assert client.get("/health").status_code == 200
        application.state.ctx.db.dispose()


def _left_running(application: FastAPI, user_id: str, attempts: int) -> str:
    """A job as a server killed mid-run leaves it: running, its lease lapsed."""
    files = [["app.py", SQLI]]
    with application.state.ctx.db.session() as s:
        job = Job(
            status=RUNNING,
            created_by=user_id,
            source={"type": "files", "files": 1},
            payload=orjson.dumps(files),
            modules=["sast", "secrets"],
            modules_run=[],
            module_results=[],
            errors=[],
            attempts=attempts,
            worker="dead-host:1:feedbeef",
            lease_until=utcnow() - timedelta(minutes=1),
            heartbeat_at=utcnow() - timedelta(minutes=2),
            started_at=utcnow() - timedelta(minutes=2),
            created_at=utcnow() - timedelta(minutes=2),
        )
        s.add(job)
        s.flush()
        return job.id


def test_restart_recovers_jobs_of_a_dead_server(tmp_path: Path, db_url: str) -> None:
    settings = runner_settings(tmp_path, db_url)
    first = started(settings)
    with TestClient(first) as client:
        accounts = Accounts(first)
        account = accounts.signed_in(client)
        key = accounts.api_key(client, account)
    user_id = str(account.user["id"])
    recoverable = _left_running(first, user_id, attempts=1)
    hopeless = _left_running(first, user_id, attempts=3)
    first.state.ctx.db.dispose()

    second = started(settings)
    with TestClient(second) as client:
        headers = {"X-API-Key": key}
        job = wait_for(client, headers, recoverable, {"completed", "failed"})
        assert job["status"] == "completed", job
        assert job["summary"]["total_findings"] >= 1
        gave_up = wait_for(client, headers, hopeless, {"completed", "failed"})
        assert gave_up["status"] == "failed"
        assert gave_up["error"] == "the job's worker stopped 3 times before finishing it"
        with second.state.ctx.db.session() as s:
            row = s.get(Job, recoverable)
            assert row is not None and row.attempts == 2 and row.worker != "dead-host:1:feedbeef"
            findings = s.scalars(select(JobFinding).where(JobFinding.job_id == recoverable))
            assert len(list(findings)) == job["summary"]["total_findings"]
            assert s.scalar(select(Job.status).where(Job.status == QUEUED)) is None
    second.state.ctx.db.dispose()


@pytest.fixture
def allowed_dir(tmp_path: Path) -> Iterator[Path]:
    root = tmp_path / "projects" / "demo"
    root.mkdir(parents=True)
    (root / "app.py").write_text(SQLI)
    yield root


def test_directory_sources_only_inside_the_allow_list(
    tmp_path: Path, db_url: str, allowed_dir: Path
) -> None:
    settings = make_settings(
        tmp_path,
        db_url,
        jobs={"max_concurrent": 1},
        server={"analysis": {"allowed_directories": [str(allowed_dir.parent)]}},
    )
    application = started(settings)
    with TestClient(application) as client:
        headers = signed_in(client, application)
        job_id = submit(client, headers, {"type": "directory", "path": str(allowed_dir)})
        job = wait_for(client, headers, job_id, {"completed", "failed"})
        assert job["status"] == "completed" and job["summary"]["total_findings"] >= 1
        for outside in (str(tmp_path), str(allowed_dir.parent / ".." / ".."), "/etc"):
            r = client.post(
                "/api/v1/analyze/job",
                json={"source": {"type": "directory", "path": outside}},
                headers=headers,
            )
            assert r.status_code == 403, (outside, r.text)
            assert r.headers["content-type"].startswith("application/problem+json")
    application.state.ctx.db.dispose()


class _Recorder(BaseHTTPRequestHandler):
    hits: ClassVar[list[str]] = []

    def log_message(self, *args: object) -> None:
        pass

    def do_POST(self) -> None:
        _Recorder.hits.append(self.path)
        self.send_response(500)
        self.end_headers()

    do_GET = do_POST


def test_the_projects_configuration_cannot_redirect_the_server(tmp_path: Path, db_url: str) -> None:
    """A submitted tree's .stockade.toml may not point the dependencies module at another
    advisory source (an SSRF from the server) nor read server files as rules."""
    recorder = ThreadingHTTPServer(("127.0.0.1", 0), _Recorder)
    threading.Thread(target=recorder.serve_forever, daemon=True).start()
    _Recorder.hits = []
    settings = runner_settings(tmp_path, db_url)
    store = LocalStore(settings.data_dir / "advisories.sqlite")
    store.import_export(OSV / "PyPI" / "all.zip")
    store.close()
    application = started(settings)
    try:
        with TestClient(application) as client:
            headers = signed_in(client, application)
            redirect = (
                '[dependencies]\nsource = "osv-api"\n'
                f'osv_api_url = "http://127.0.0.1:{recorder.server_address[1]}"\n'
                'advisory_db = "/tmp/elsewhere.sqlite"\n'
            )
            files = [
                {"path": ".stockade.toml", "content": redirect},
                {"path": "requirements.txt", "content": "jinja2==2.10\n"},
            ]
            job_id = submit(client, headers, {"type": "files", "files": files})
            job = wait_for(client, headers, job_id, {"completed", "failed"})
            assert job["status"] == "completed", job
            deps = [f for f in job["findings"] if f["module"] == "dependencies"]
            assert deps and all("jinja2" in f["message"].lower() for f in deps), deps
            assert _Recorder.hits == []

            for config in (
                '[secrets]\nrules_files = ["/etc/passwd"]\n',
                '[sast]\nrules_dirs = ["../../.."]\n',
            ):
                files = [
                    {"path": ".stockade.toml", "content": config},
                    {"path": "a.py", "content": SQLI},
                ]
                job_id = submit(client, headers, {"type": "files", "files": files})
                job = wait_for(client, headers, job_id, {"completed", "failed"})
                assert job["status"] == "failed", job
                assert job["error"].startswith("project configuration:"), job["error"]
                assert "is outside the project" in job["error"]
                assert "root:" not in json.dumps(job)
    finally:
        recorder.shutdown()
        recorder.server_close()
        application.state.ctx.db.dispose()
