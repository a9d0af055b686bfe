"""A fresh server has no advisories: the endpoint and jobs say "not ready" instead of
reporting clean dependencies, and both read the store the settings name."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from osv_data import OSV
from server_fixtures import FAST_PASSWORDS, Accounts, make_settings
from stockade.analyzers.deps.advisories.local import LocalStore
from stockade.config import Settings
from stockade.server import create_app

PROBLEM = "application/problem+json"
ANALYZE = "/api/v1/dependencies/analyze"
DJANGO = {"packages": [{"ecosystem": "PyPI", "name": "django", "version": "3.2.0"}]}


def _app(settings: Settings) -> FastAPI:
    application = create_app(settings)
    application.state.ctx.passwords = FAST_PASSWORDS
    return application


def _key(client: TestClient, application: FastAPI) -> dict[str, str]:
    accounts = Accounts(application)
    key = accounts.api_key(client, accounts.signed_in(client))
    client.cookies.clear()
    return {"X-API-Key": key}


def _job(client: TestClient, headers: dict[str, str], files: list[dict[str, str]]) -> Any:
    r = client.post("/api/v1/analyze/job", json={"source": {"type": "files", "files": files}},
                    headers=headers)  # fmt: skip
    assert r.status_code == 202, r.text
    job_id = r.json()["job_id"]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        body = client.get(f"/api/v1/jobs/{job_id}", headers=headers).json()
        if body["status"] in ("completed", "failed"):
            return body
        time.sleep(0.05)
    raise AssertionError(f"job {job_id} did not finish")


def _settings(tmp_path: Path) -> Settings:
    return make_settings(
        tmp_path, f"sqlite:///{tmp_path / 's.db'}", jobs={"max_concurrent": 1, "lease_seconds": 3}
    )


def test_fresh_server_says_not_ready_then_answers_after_an_import(tmp_path: Path) -> None:
    settings = _settings(tmp_path)
    application = _app(settings)
    with TestClient(application) as client:
        headers = _key(client, application)
        r = client.post(ANALYZE, json=DJANGO, headers=headers)
        assert r.status_code == 503 and r.headers["content-type"] == PROBLEM
        assert r.json()["code"] == "advisories_not_ready"
        assert "stockade advisories sync" in r.json()["detail"]
        assert str(tmp_path) not in r.text, "no server path in the answer"

        job = _job(client, headers, [{"path": "requirements.txt", "content": "jinja2==2.10\n"}])
        assert job["status"] == "completed", job
        deps = next(m for m in job["module_results"] if m["module"] == "dependencies")
        assert deps["status"] == "unavailable", deps
        assert deps["error"] and deps["error"].startswith("advisories not ready"), deps
        assert "stockade advisories sync" in deps["error"]
        assert not [f for f in job["findings"] if f["module"] == "dependencies"]

        LocalStore(settings.advisory_db_path).import_export(OSV / "PyPI" / "all.zip")
        r = client.post(ANALYZE, json=DJANGO, headers=headers)
        assert r.status_code == 200 and len(r.json()["findings"]) == 25
        job = _job(client, headers, [{"path": "requirements.txt", "content": "jinja2==2.10\n"}])
        deps = next(m for m in job["module_results"] if m["module"] == "dependencies")
        assert deps["error"] is None and deps["findings_count"] > 0, deps
        assert deps["status"] == "completed", deps
    application.state.ctx.db.dispose()


def test_files_that_all_fail_to_parse_still_say_not_ready(tmp_path: Path) -> None:
    application = _app(_settings(tmp_path))
    with TestClient(application) as client:
        headers = _key(client, application)
        body = {"files": [{"path": "package-lock.json", "content": "{not json"}]}
        r = client.post(ANALYZE, json=body, headers=headers)
    assert r.status_code == 503 and r.json()["code"] == "advisories_not_ready"
    application.state.ctx.db.dispose()


def test_the_configured_db_path_is_the_store_read(tmp_path: Path) -> None:
    """``advisories.db_path`` moves the store out of the data directory for every reader."""
    elsewhere = tmp_path / "elsewhere" / "osv.sqlite"
    LocalStore(elsewhere).import_export(OSV / "PyPI" / "all.zip")
    settings = make_settings(
        tmp_path, f"sqlite:///{tmp_path / 's.db'}", advisories={"db_path": str(elsewhere)}
    )
    application = _app(settings)
    with TestClient(application) as client:
        headers = _key(client, application)
        assert client.get("/health").json()["advisories"]["count"] == 2661
        assert client.post(ANALYZE, json=DJANGO, headers=headers).status_code == 200
    application.state.ctx.db.dispose()
