"""Analysis jobs end to end: the real API, the in-process runner, real analyzers, SQLite and
PostgreSQL. Projects are built by the tests (files, zip and tar archives)."""

from __future__ import annotations

import base64
import io
import json
import tarfile
import threading
import time
import zipfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from job_project import SPEC, SQLI, project_files
from server_fixtures import FAST_PASSWORDS, Accounts, make_settings
from stockade.server import create_app


@pytest.fixture
def job_app(tmp_path: Path, db_url: str) -> Iterator[FastAPI]:
    settings = make_settings(tmp_path, db_url, jobs={"max_concurrent": 2, "timeout_seconds": 120})
    application = create_app(settings)
    application.state.ctx.passwords = FAST_PASSWORDS
    yield application
    application.state.ctx.db.dispose()


@pytest.fixture
def api(job_app: FastAPI) -> Iterator[tuple[TestClient, dict[str, str]]]:
    with TestClient(job_app) as client:
        accounts = Accounts(job_app)
        account = accounts.signed_in(client)
        key = accounts.api_key(client, account)
        client.cookies.clear()
        yield client, {"X-API-Key": key}


def wait_done(client: TestClient, headers: dict[str, str], job_id: str, limit: float = 90) -> Any:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        body = client.get(f"/api/v1/jobs/{job_id}", headers=headers).json()
        if body["status"] in ("completed", "failed", "cancelled"):
            return body
        time.sleep(0.1)
    raise AssertionError(f"job {job_id} did not finish: {body}")


def submit(client: TestClient, headers: dict[str, str], **body: Any) -> str:
    r = client.post("/api/v1/analyze/job", json=body, headers=headers)
    assert r.status_code == 202, r.text
    assert r.headers["Location"] == f"/api/v1/jobs/{r.json()['job_id']}"
    assert r.json()["status"] == "queued"
    return str(r.json()["job_id"])


def test_files_job_finds_problems_of_every_module(api: tuple[TestClient, dict[str, str]]) -> None:
    client, headers = api
    job_id = submit(
        client,
        headers,
        source={"type": "files", "files": project_files()},
        project={"name": "demo"},
    )
    job = wait_done(client, headers, job_id)
    assert job["status"] == "completed", job
    by_module = {m["module"]: m for m in job["module_results"]}
    assert set(by_module) == {"sast", "secrets", "api", "dependencies"}
    modules_found = {f["module"] for f in job["findings"]}
    assert {"sast", "secrets", "api"} <= modules_found
    sqli = [f for f in job["findings"] if f["module"] == "sast" and "89" in " ".join(f["cwe"])]
    assert sqli and sqli[0]["file"] == "app.py"
    secret = next(f for f in job["findings"] if f["module"] == "secrets")
    assert "Q3EGRZ7XKW4PLM2V" not in json.dumps(job)  # never the secret's value
    assert secret["state"] == "open" and secret["location"].startswith("settings.py:1:")
    assert job["summary"]["total_findings"] == len(job["findings"])
    assert job["progress"]["files_done"] == job["progress"]["files_total"] > 0
    assert job["source"] == {"type": "files", "files_count": 4}


def test_archive_sources_zip_base64_and_multipart_tar(
    api: tuple[TestClient, dict[str, str]],
) -> None:
    client, headers = api
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("src/app.py", SQLI)
    job_id = submit(
        client,
        headers,
        source={
            "type": "archive",
            "filename": "p.zip",
            "content_base64": base64.b64encode(buf.getvalue()).decode(),
        },
        modules=["sast"],
    )
    job = wait_done(client, headers, job_id)
    assert job["status"] == "completed" and job["modules"] == ["sast"]
    assert any(f["file"] == "src/app.py" for f in job["findings"])

    tbuf = io.BytesIO()
    with tarfile.open(fileobj=tbuf, mode="w:gz") as tf:
        data = SPEC.encode()
        info = tarfile.TarInfo("api/openapi.yaml")
        info.size = len(data)
        tf.addfile(info, io.BytesIO(data))
    r = client.post(
        "/api/v1/analyze/job",
        headers=headers,
        data={"request": json.dumps({"modules": ["api"], "project": {"name": "spec"}})},
        files={"archive": ("p.tar.gz", tbuf.getvalue(), "application/gzip")},
    )
    assert r.status_code == 202, r.text
    job = wait_done(client, headers, r.json()["job_id"])
    assert job["status"] == "completed" and job["project"] == {"name": "spec"}
    assert {f["module"] for f in job["findings"]} == {"api"}


def test_malicious_archive_fails_the_job_not_the_server(
    api: tuple[TestClient, dict[str, str]],
) -> None:
    client, headers = api
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("../../escape.py", "x = 1\n")
    job_id = submit(
        client,
        headers,
        source={
            "type": "archive",
            "filename": "evil.zip",
            "content_base64": base64.b64encode(buf.getvalue()).decode(),
        },
    )
    job = wait_done(client, headers, job_id)
    assert job["status"] == "failed"
    assert job["error"].startswith("source:") and "escape" in job["error"]
    assert client.get("/health").status_code == 200


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"source": {"type": "ftp", "url": "ftp://x"}}, 422, "invalid_source"),
        ({"source": {"type": "git", "url": "http://example.com/r.git"}}, 422, "invalid_source"),
        ({"source": {"type": "files", "files": []}}, 422, "invalid_source"),
        (
            {"source": {"type": "files", "files": [{"path": "../x", "content": "1"}]}},
            422,
            "invalid_source",
        ),
        ({"source": {"type": "directory", "path": "/etc"}}, 403, "invalid_source"),
        (
            {
                "source": {"type": "files", "files": [{"path": "a.py", "content": "1"}]},
                "modules": ["nope"],
            },
            422,
            "unknown_module",
        ),
        (
            {
                "source": {"type": "files", "files": [{"path": "a.py", "content": "1"}]},
                "surprise": 1,
            },
            422,
            None,
        ),
    ],
)
def test_bad_submissions_are_problem_json(
    api: tuple[TestClient, dict[str, str]], body: dict[str, Any], status: int, code: str | None
) -> None:
    client, headers = api
    r = client.post("/api/v1/analyze/job", json=body, headers=headers)
    assert r.headers["content-type"].startswith("application/problem+json"), r.text
    if code == "invalid_source" and status == 403:
        assert r.status_code in (403, 422), r.text
    else:
        assert r.status_code == status, r.text
    if code:
        assert r.json()["code"] == code
    assert client.get("/api/v1/jobs", headers=headers).json()["items"] == []


def test_malformed_and_wrong_media_type(api: tuple[TestClient, dict[str, str]]) -> None:
    client, headers = api
    r = client.post(
        "/api/v1/analyze/job",
        content=b"{nope",
        headers={**headers, "Content-Type": "application/json"},
    )
    assert r.status_code == 400 and r.json()["code"] == "malformed_body"
    r = client.post(
        "/api/v1/analyze/job", content=b"x", headers={**headers, "Content-Type": "text/plain"}
    )
    assert r.status_code == 415


def test_ownership_cancel_delete_and_ids(
    job_app: FastAPI, api: tuple[TestClient, dict[str, str]]
) -> None:
    client, headers = api
    job_id = submit(client, headers, source={"type": "files", "files": project_files()[:1]})
    done = wait_done(client, headers, job_id)
    # Another user sees nothing: not the job, its findings, its export, nor its findings by id.
    accounts = Accounts(job_app)
    with accounts.new_client() as other:
        key = accounts.api_key(other, accounts.signed_in(other))
        other.cookies.clear()
        them = {"X-API-Key": key}
        for path in (
            f"/api/v1/jobs/{job_id}",
            f"/api/v1/jobs/{job_id}/findings",
            f"/api/v1/jobs/{job_id}/export?format=json",
        ):
            assert other.get(path, headers=them).status_code == 404
        assert other.post(f"/api/v1/jobs/{job_id}/cancel", headers=them).status_code == 404
        assert other.delete(f"/api/v1/jobs/{job_id}", headers=them).status_code == 404
        fid = done["findings"][0]["id"]
        r = other.patch(f"/api/v1/findings/{fid}", json={"state": "resolved"}, headers=them)
        assert r.status_code == 404
        assert other.get("/api/v1/jobs", headers=them).json()["items"] == []
    r = client.post(f"/api/v1/jobs/{job_id}/cancel", headers=headers)
    assert r.status_code == 409 and r.json()["code"] == "job_finished"
    assert client.get("/api/v1/jobs/not-a-uuid", headers=headers).status_code == 422
    assert client.delete(f"/api/v1/jobs/{job_id}", headers=headers).status_code == 204
    assert client.get(f"/api/v1/jobs/{job_id}", headers=headers).status_code == 404


def test_findings_filters_pagination_and_lifecycle(api: tuple[TestClient, dict[str, str]]) -> None:
    client, headers = api
    files = project_files()
    first = wait_done(
        client,
        headers,
        submit(client, headers, source={"type": "files", "files": files}, project={"name": "p"}),
    )
    total = first["summary"]["total_findings"]
    assert total >= 3
    seen: list[str] = []
    cursor = None
    while True:
        url = f"/api/v1/jobs/{first['job_id']}/findings?limit=1" + (
            f"&cursor={cursor}" if cursor else ""
        )
        page = client.get(url, headers=headers).json()
        seen += [f["id"] for f in page["items"]]
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert len(seen) == len(set(seen)) == total
    only = client.get(
        f"/api/v1/jobs/{first['job_id']}/findings?module=secrets", headers=headers
    ).json()
    assert only["items"] and {f["module"] for f in only["items"]} == {"secrets"}
    secret = only["items"][0]
    # ``confidence`` is a floor, filtered in SQL.
    by_confidence = Counter(f["confidence"] for f in first["findings"])
    assert len(by_confidence) >= 2, by_confidence
    for floor, kept in (("high", {"high"}), ("medium", {"high", "medium"})):
        got = client.get(
            f"/api/v1/jobs/{first['job_id']}/findings?confidence={floor}&limit=200",
            headers=headers,
        ).json()["items"]
        assert {f["confidence"] for f in got} <= kept
        assert len(got) == sum(by_confidence[c] for c in kept)
    r = client.get(f"/api/v1/jobs/{first['job_id']}/findings?confidence=sure", headers=headers)
    assert r.status_code == 422

    r = client.patch(
        f"/api/v1/findings/{secret['id']}",
        headers=headers,
        json={"state": "false_positive", "justification": "rotated test key"},
    )
    assert r.status_code == 200 and r.json()["state"] == "false_positive"
    r = client.patch(f"/api/v1/findings/{secret['id']}", headers=headers, json={"state": "fixed"})
    assert r.status_code == 422
    history = client.get(f"/api/v1/findings/{secret['id']}/history", headers=headers).json()
    assert [(h["from_state"], h["to_state"], h["justification"]) for h in history] == [
        ("open", "false_positive", "rotated test key")
    ]
    fp = client.get(
        f"/api/v1/jobs/{first['job_id']}/findings?state=false_positive", headers=headers
    ).json()["items"]
    assert [f["id"] for f in fp] == [secret["id"]]

    # The next job of the project: the secret keeps its state; the SQL injection was fixed.
    files2 = [f for f in files if f["path"] != "app.py"]
    second = wait_done(
        client,
        headers,
        submit(client, headers, source={"type": "files", "files": files2}, project={"name": "p"}),
    )
    again = next(f for f in second["findings"] if f["fingerprint"] == secret["fingerprint"])
    assert again["state"] == "false_positive" and again["id"] != secret["id"]
    sast_before = sum(1 for f in first["findings"] if f["file"] == "app.py")
    assert second["summary"]["fixed"] == sast_before > 0
    assert second["summary"]["new"] == 0


def test_export_formats(api: tuple[TestClient, dict[str, str]]) -> None:
    client, headers = api
    job = wait_done(
        client, headers, submit(client, headers, source={"type": "files", "files": project_files()})
    )
    sarif = client.get(f"/api/v1/jobs/{job['job_id']}/export?format=sarif", headers=headers)
    assert sarif.status_code == 200 and sarif.headers["content-type"].startswith(
        "application/sarif+json"
    )
    doc = sarif.json()
    assert doc["version"] == "2.1.0"
    results = doc["runs"][0]["results"]
    assert len(results) == job["summary"]["total_findings"]
    assert doc["runs"][0]["tool"]["driver"]["rules"]
    as_json = client.get(f"/api/v1/jobs/{job['job_id']}/export?format=json", headers=headers).json()
    assert len(as_json["findings"]) == len(results)
    csv_text = client.get(f"/api/v1/jobs/{job['job_id']}/export?format=csv", headers=headers).text
    assert len(csv_text.strip().splitlines()) == len(results) + 1
    assert (
        client.get(f"/api/v1/jobs/{job['job_id']}/export?format=pdf", headers=headers).status_code
        == 422
    )


def test_list_filters_and_pagination(api: tuple[TestClient, dict[str, str]]) -> None:
    client, headers = api
    ids = [
        submit(
            client,
            headers,
            source={"type": "files", "files": [{"path": f"f{i}.py", "content": "x = 1\n"}]},
            modules=["sast"],
        )
        for i in range(3)
    ]
    for job_id in ids:
        wait_done(client, headers, job_id)
    page1 = client.get("/api/v1/jobs?limit=2", headers=headers).json()
    page2 = client.get(
        f"/api/v1/jobs?limit=2&cursor={page1['next_cursor']}", headers=headers
    ).json()
    listed = [j["job_id"] for j in page1["items"] + page2["items"]]
    assert sorted(listed) == sorted(ids) and page2["next_cursor"] is None
    assert listed == ids[::-1]  # newest first
    completed = client.get("/api/v1/jobs?status=completed", headers=headers).json()["items"]
    assert len(completed) == 3
    assert client.get("/api/v1/jobs?status=queued", headers=headers).json()["items"] == []


def test_a_months_allowance_of_concurrent_jobs_all_complete(
    api: tuple[TestClient, dict[str, str]],
) -> None:
    """16 concurrent jobs (the personal Free allowance: 48 tokens at 3 each) all run to
    completion; the 17th is refused with 429 quota_exhausted."""
    client, headers = api
    results: list[str] = []
    lock = threading.Lock()

    def one(i: int) -> None:
        job_id = submit(
            client,
            headers,
            source={"type": "files", "files": [{"path": f"m{i}.py", "content": SQLI}]},
            modules=["sast", "secrets"],
        )
        with lock:
            results.append(job_id)

    threads = [threading.Thread(target=one, args=(i,)) for i in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 16
    over = client.post(
        "/api/v1/analyze/job",
        json={"source": {"type": "files", "files": [{"path": "x.py", "content": SQLI}]}},
        headers=headers,
    )
    assert over.status_code == 429 and over.json()["code"] == "quota_exhausted"
    assert int(over.headers["Retry-After"]) > 0
    for job_id in results:
        job = wait_done(client, headers, job_id, limit=180)
        assert job["status"] == "completed", job
        assert job["summary"]["total_findings"] >= 1


def test_metrics_report_jobs(api: tuple[TestClient, dict[str, str]]) -> None:
    client, headers = api
    wait_done(
        client,
        headers,
        submit(client, headers, source={"type": "files", "files": project_files()[:1]}),
    )
    text = client.get("/metrics").text
    assert 'stockade_jobs{state="completed"} 1.0' in text
    assert "stockade_jobs_queue_depth 0.0" in text
    assert 'stockade_jobs_finished_total{status="completed"} 1.0' in text
    assert 'stockade_job_module_duration_seconds_count{module="sast"} 1.0' in text
