"""One dependency finding, one fingerprint: a local scan (the CLI's pipeline), the synchronous
``POST /api/v1/dependencies/analyze`` (what ``stockade deps`` calls, read back the way the CLI
reads it) and a job all give the same fingerprints, from a real advisory store (real OSV
data) and a real server with its in-process job runner."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from osv_data import OSV
from server_fixtures import FAST_PASSWORDS, Accounts, make_settings
from stockade.analyzers.deps.advisories.local import LocalStore
from stockade.cli.remote_deps import finding_from_api
from stockade.scan import ScanOptions, run_scan
from stockade.server import create_app

# Two manifests naming the same vulnerable package: the path is part of the fingerprint.
FILES = {
    "requirements.txt": "jinja2==2.10\nsix==1.16.0\n",
    "tools/requirements.txt": "Jinja2==2.10\n",
}


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[TestClient, dict[str, str], Path]]:
    """A server whose advisory store holds the PyPI advisories, a key, and the store's path."""
    settings = make_settings(
        tmp_path,
        f"sqlite:///{tmp_path / 'stockade.db'}",
        jobs={"max_concurrent": 1, "timeout_seconds": 120},
    )
    store = LocalStore(settings.advisory_db_path)
    store.import_export(OSV / "PyPI" / "all.zip")
    store.close()
    application: FastAPI = create_app(settings)
    application.state.ctx.passwords = FAST_PASSWORDS
    with TestClient(application) as client:
        accounts = Accounts(application)
        key = accounts.api_key(client, accounts.signed_in(client))
        client.cookies.clear()
        yield client, {"X-API-Key": key}, settings.advisory_db_path
    application.state.ctx.db.dispose()


def by_fingerprint(findings: list[dict[str, Any]]) -> dict[str, tuple[str, str]]:
    return {f["fingerprint"]: (f["file"], f["metadata"]["advisory_id"]) for f in findings}


def job_findings(client: TestClient, headers: dict[str, str]) -> list[dict[str, Any]]:
    files = [{"path": p, "content": c} for p, c in FILES.items()]
    body = {"source": {"type": "files", "files": files}, "modules": ["dependencies"]}
    r = client.post("/api/v1/analyze/job", json=body, headers=headers)
    assert r.status_code == 202, r.text
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        job = client.get(f"/api/v1/jobs/{r.json()['job_id']}", headers=headers).json()
        if job["status"] in ("completed", "failed", "cancelled"):
            assert job["status"] == "completed", job
            found: list[dict[str, Any]] = job["findings"]
            return found
        time.sleep(0.1)
    raise AssertionError("the job did not finish")


def test_same_fingerprints_locally_through_the_endpoint_and_in_a_job(
    served: tuple[TestClient, dict[str, str], Path], tmp_path: Path
) -> None:
    client, headers, store = served
    root = tmp_path / "project"
    for rel, text in FILES.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)

    options = {"dependencies": {"source": "local", "advisory_db": str(store)}}
    local = run_scan(root, ScanOptions(modules=("dependencies",), module_options=options))
    local_fps = {
        f.fingerprint: (f.location.path, f.metadata["advisory_id"]) for f in local.findings
    }
    assert len(local_fps) == len(local.findings) > 2
    assert {path for path, _ in local_fps.values()} == set(FILES)

    files = [{"path": p, "content": c} for p, c in FILES.items()]
    r = client.post("/api/v1/dependencies/analyze", json={"files": files}, headers=headers)
    assert r.status_code == 200, r.text
    answer = r.json()["findings"]
    assert by_fingerprint(answer) == local_fps
    assert all(f["id"] == f["fingerprint"][:16] for f in answer)
    # The CLI's reading of that answer keeps the fingerprint (and the rest).
    assert {finding_from_api(f).fingerprint for f in answer} == set(local_fps)

    assert by_fingerprint(job_findings(client, headers)) == local_fps
