"""Webhooks end to end: a real HTTPS receiver on loopback, real jobs, signed deliveries."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from org_fixtures import Org, Team
from server_fixtures import FAST_PASSWORDS, Accounts, make_settings
from stockade.server import create_app
from stockade.webhooks import events
from webhook_receiver import Receiver, serve_receiver, verify

SECRET = "s3cr3t-signing-key-" + "x" * 8


@pytest.fixture
def receiver(tmp_path: Path) -> Iterator[Receiver]:
    with serve_receiver(
        tmp_path / "certs" if (tmp_path / "certs").mkdir() is None else tmp_path
    ) as r:
        yield r


def _app(tmp_path: Path, db_url: str, receiver: Receiver, **webhooks: object) -> FastAPI:
    settings = make_settings(
        tmp_path,
        db_url,
        server={"allow_private_targets": ["127.0.0.1"]},
        webhooks={"ca_file": str(receiver.cert), **webhooks},
        jobs={"max_concurrent": 1},
    )
    app = create_app(settings)
    app.state.ctx.passwords = FAST_PASSWORDS
    return app


@pytest.fixture
def hooked(tmp_path: Path, db_url: str, receiver: Receiver) -> Iterator[tuple[FastAPI, Team]]:
    app = _app(tmp_path, db_url, receiver, retry_schedule_seconds=[0, 0, 0])
    with TestClient(app):  # the lifespan runs the job runner and the dispatcher
        yield app, Team(app, Accounts(app))
    app.state.ctx.db.dispose()


def _hook(org: Org, receiver: Receiver, events: list[str], **extra: object) -> dict[str, object]:
    body = {"url": receiver.url, "events": events, "secret": SECRET, **extra}
    r = org.owner.post(f"{org.url}/webhooks", json=body)
    assert r.status_code == 201, r.text
    return dict(r.json())


def test_a_job_delivers_signed_scan_and_finding_events(
    hooked: tuple[FastAPI, Team], receiver: Receiver
) -> None:
    _, team = hooked
    org = team.full()
    hook = _hook(org, receiver, ["scan.started", "scan.completed", "finding.created"])
    assert hook["secret"] == SECRET and hook["signed"] is True
    assert "secret" not in org.owner.get(f"{org.url}/webhooks/{hook['id']}").json()
    member = org.members["Member"]
    body = {
        "source": {
            "type": "files",
            "files": [{"path": "app.py", "content": "import os\nos.system(input())\n"}],
        },
        "organization_id": org.id,
        "project": {"name": "shop", "source": "github", "url": "https://example.com/shop"},
    }
    job = member.post("/api/v1/analyze/job", json=body).json()["job_id"]
    got = receiver.wait(3)
    kinds = [r.headers["X-Stockade-Event"] for r in got]
    assert sorted(kinds) == ["finding.created", "scan.completed", "scan.started"], kinds
    assert all(verify(SECRET, r) for r in got)
    assert not verify("another-secret-entirely", got[0])
    done = json.loads(
        next(r.body for r in got if r.headers["X-Stockade-Event"] == "scan.completed")
    )
    assert set(done) == {
        "event",
        "scan_id",
        "organization_id",
        "project",
        "analysis_results",
        "modules_run",
        "timestamp",
        "duration_seconds",
    }
    assert done["scan_id"] == job and done["organization_id"] == org.id
    assert done["project"] == {
        "name": "shop",
        "source": "github",
        "url": "https://example.com/shop",
    }
    assert set(done["analysis_results"]) == {"total_findings", "critical", "high", "medium", "low"}
    assert isinstance(done["duration_seconds"], int) and done["timestamp"].endswith("Z")
    created = json.loads(
        next(r.body for r in got if r.headers["X-Stockade-Event"] == "finding.created")
    )
    assert created["scan_id"] == job and created["findings"]
    log = org.owner.get(f"{org.url}/webhooks/{hook['id']}/deliveries").json()["items"]
    assert {d["status"] for d in log} == {"delivered"} and len(log) == 3
    metrics = org.owner.get("/metrics").text
    assert 'stockade_webhook_attempts_total{outcome="delivered"} 3.0' in metrics
    assert "stockade_webhook_queue_depth 0.0" in metrics
    assert "stockade_webhook_delivery_duration_seconds_count 3.0" in metrics


def test_a_receiver_down_at_first_gets_each_delivery_once(tmp_path: Path, db_url: str) -> None:
    (tmp_path / "c").mkdir()
    with serve_receiver(tmp_path / "c", fail_first=2) as receiver:
        app = _app(tmp_path, db_url, receiver, retry_schedule_seconds=[0, 0, 0, 0])
        with TestClient(app):
            team = Team(app, Accounts(app))
            org = team.full()
            hook = _hook(org, receiver, ["finding.resolved"])
            ping = org.owner.post(f"{org.url}/webhooks/{hook['id']}/test").json()
            assert ping["status_code"] == 500 and ping["duration_ms"] is not None
            # The second failure is on the real delivery; its retry succeeds.
            with app.state.ctx.db.session() as s:
                events.emit(s, org.id, "finding.resolved", {"scan_id": "x"})
            app.state.ctx.deliveries.wake()
            got = receiver.wait(1)
            time.sleep(1.5)  # no duplicate arrives later
            got = receiver.wait(1)
            assert len(got) == 1
            log = org.owner.get(f"{org.url}/webhooks/{hook['id']}/deliveries").json()["items"]
            assert [(d["status"], d["attempts"]) for d in log] == [("delivered", 2)]
            assert got[0].headers["X-Stockade-Delivery"] == log[0]["id"]
        app.state.ctx.db.dispose()


def test_refused_targets_and_definitions(hooked: tuple[FastAPI, Team], receiver: Receiver) -> None:
    _, team = hooked
    org = team.full()
    cases = [
        ({"url": "http://example.com/hook", "events": ["scan.completed"]}, "webhook_url_not_https"),
        (
            {"url": "https://u:p@example.com/hook", "events": ["scan.completed"]},
            "webhook_url_credentials",
        ),
        ({"url": "https://10.0.0.7/hook", "events": ["scan.completed"]}, "webhook_target_refused"),
        (
            {"url": "https://[::ffff:169.254.169.254]/x", "events": ["scan.completed"]},
            "webhook_target_refused",
        ),
    ]
    for body, code in cases:
        r = org.owner.post(f"{org.url}/webhooks", json=body)
        assert r.status_code == 422 and r.json()["code"] == code, (body, r.text)
    r = org.owner.post(
        f"{org.url}/webhooks", json={"url": receiver.url, "events": ["scan.exploded"]}
    )
    assert r.status_code == 422
    denied = org.owner.get(f"{org.url}/audit-log", params={"action": "webhook.create"}).json()
    assert [e["outcome"] for e in denied["items"]] == ["denied"] * 4
    # Members may view, not configure; outsiders see nothing.
    hook = _hook(org, receiver, ["scan.completed"])
    member = org.members["Member"]
    assert member.get(f"{org.url}/webhooks").status_code == 200
    assert member.delete(f"{org.url}/webhooks/{hook['id']}").status_code == 403
    assert org.members["Viewer"].get(f"{org.url}/webhooks").status_code == 403
    assert team.person().get(f"{org.url}/webhooks/{hook['id']}").status_code == 404
