"""No secret value leaves the server: a real job over a project whose SAST, API, secrets and
dependency findings all sit on lines holding fake credentials, and the synchronous dependency
endpoint over an advisory whose own text quotes a key.

Every output is searched as raw bytes: the job, its findings pages, its SARIF/JSON/CSV
exports, the stored rows, and the dependency endpoint's answer. The findings must still be
there, with the secrets module's preview in place of the value.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select

from osv_data import OSV
from server_fixtures import FAST_PASSWORDS, Accounts, make_settings
from stockade.analyzers.deps.advisories.local import LocalStore
from stockade.config import Settings
from stockade.server import create_app
from stockade.store.job_models import JobFinding

GITHUB = "ghp_" + "A1b2C3d4E5f6G7h8I9j0" + "K1l2M3n4O5" + "0Zb5Hm"  # valid checksum
AWS = "AKIA" + "Q3EGRZ7XKW4PLM2V"
STRIPE = "sk_" + "live_" + "4eC39HqLyjWDarjtT1zdp7dcXq"
SECRETS = (GITHUB, AWS, STRIPE)

APP = (
    "import os\n"
    "from flask import request\n\n"
    "def fetch():\n"
    "    name = request.args.get('name')\n"
    f"    os.system('curl -H \"Authorization: token {GITHUB}\" https://x.example/' + name)\n"
)
SPEC = (
    "openapi: 3.0.3\ninfo: {title: t, version: '1'}\n"
    f"servers: [{{url: 'http://api.example.com/?key={AWS}'}}]\n"
    "paths:\n  /users/{id}:\n    delete:\n      parameters:\n"
    "        - {name: id, in: path, required: true, schema: {type: integer}}\n"
    "      responses: {'204': {description: gone}}\n"
)
FILES = [
    {"path": "app.py", "content": APP},
    {"path": "openapi.yaml", "content": SPEC},
    {"path": "requirements.txt", "content": f"jinja2==2.10  # {STRIPE}\n"},
]


def _assert_clean(raw: bytes) -> None:
    for secret in SECRETS:
        assert secret.encode() not in raw, f"{secret[:4]} leaked"


def _leaky_advisory(tmp_path: Path) -> Path:
    """An advisory whose summary and reference quote credentials (third-party text)."""
    record = {
        "id": "TEST-2026-0001",
        "modified": "2026-01-01T00:00:00Z",
        "summary": f"leakypkg logs its upload token {GITHUB}",
        "details": "Rotate the token.",
        "affected": [
            {
                "package": {"name": "leakypkg", "ecosystem": "PyPI"},
                "ranges": [
                    {"type": "ECOSYSTEM", "events": [{"introduced": "0"}, {"fixed": "2.0"}]}
                ],
            }
        ],
        "references": [{"type": "WEB", "url": f"https://example.com/report?key={AWS}"}],
    }
    path = tmp_path / "TEST-2026-0001.json"
    path.write_text(json.dumps(record))
    return path


@pytest.fixture
def settings(tmp_path: Path, db_url: str) -> Settings:
    settings = make_settings(tmp_path, db_url, jobs={"max_concurrent": 1, "timeout_seconds": 120})
    store = LocalStore(settings.data_dir / "advisories.sqlite")
    store.import_export(OSV / "PyPI" / "all.zip")
    store.import_export(_leaky_advisory(tmp_path))
    store.close()
    return settings


@pytest.fixture
def served(settings: Settings) -> Iterator[tuple[FastAPI, TestClient, dict[str, str]]]:
    application = create_app(settings)
    application.state.ctx.passwords = FAST_PASSWORDS
    with TestClient(application) as client:
        accounts = Accounts(application)
        key = accounts.api_key(client, accounts.signed_in(client))
        client.cookies.clear()
        yield application, client, {"X-API-Key": key}
    application.state.ctx.db.dispose()


def _finished_job(client: TestClient, headers: dict[str, str]) -> dict[str, Any]:
    r = client.post(
        "/api/v1/analyze/job", json={"source": {"type": "files", "files": FILES}}, headers=headers
    )
    assert r.status_code == 202, r.text
    job_id = r.json()["job_id"]
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        body: dict[str, Any] = client.get(f"/api/v1/jobs/{job_id}", headers=headers).json()
        if body["status"] in ("completed", "failed"):
            assert body["status"] == "completed", body
            return body
        time.sleep(0.1)
    raise AssertionError(f"job {job_id} did not finish")


def _all_pages(client: TestClient, headers: dict[str, str], job_id: str) -> list[bytes]:
    pages, cursor = [], ""
    while True:
        r = client.get(f"/api/v1/jobs/{job_id}/findings?limit=2{cursor}", headers=headers)
        assert r.status_code == 200, r.text
        pages.append(r.content)
        nxt = r.json()["next_cursor"]
        if nxt is None:
            return pages
        cursor = f"&cursor={nxt}"


def test_a_jobs_outputs_hold_no_secret(
    served: tuple[FastAPI, TestClient, dict[str, str]],
) -> None:
    application, client, headers = served
    job = _finished_job(client, headers)
    findings = job["findings"]
    assert {f["module"] for f in findings} == {"sast", "secrets", "api", "dependencies"}
    by_rule = {f["rule_id"]: f for f in findings}
    assert "ghp_…(40 chars)" in by_rule["python.command-injection"]["code"]
    assert "AKIA…(20 chars)" in by_rule["api.insecure-transport"]["code"]
    deps = [f for f in findings if f["module"] == "dependencies"]
    assert deps and all(f["code"] == "jinja2==2.10  # sk_l…(34 chars)" for f in deps)

    job_id = job["job_id"]
    outputs = [client.get(f"/api/v1/jobs/{job_id}", headers=headers).content]
    outputs += _all_pages(client, headers, job_id)
    for fmt in ("sarif", "json", "csv"):
        r = client.get(f"/api/v1/jobs/{job_id}/export?format={fmt}", headers=headers)
        assert r.status_code == 200, r.text
        assert b"command-injection" in r.content
        outputs.append(r.content)
    with application.state.ctx.db.session() as s:
        rows = s.scalars(select(JobFinding).where(JobFinding.job_id == job_id)).all()
        assert len(rows) == len(findings)
        outputs.append(orjson.dumps([r.data for r in rows]))
    for raw in outputs:
        _assert_clean(raw)


def test_the_dependency_endpoint_redacts_advisory_text(
    served: tuple[FastAPI, TestClient, dict[str, str]],
) -> None:
    _, client, headers = served
    body = {"files": [{"path": "requirements.txt", "content": "leakypkg==1.0\n"}]}
    r = client.post("/api/v1/dependencies/analyze", json=body, headers=headers)
    assert r.status_code == 200, r.text
    _assert_clean(r.content)
    [finding] = r.json()["findings"]
    assert finding["metadata"]["advisory_id"] == "TEST-2026-0001"
    assert "ghp_…(40 chars)" in finding["message"]
    assert any("AKIA…(20 chars)" in ref for ref in finding["references"])
