"""Chat notifications end to end: the settings API, real jobs announcing their critical
findings to a real HTTPS receiver on loopback, and a restart after three days of downtime
sending one summary."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select

from job_project import FAKE_AWS_KEY, secret_line
from org_fixtures import Org, Person, Team
from server_fixtures import FAST_PASSWORDS, Accounts, make_settings
from stockade.config import Settings
from stockade.server import create_app
from stockade.store.chat_models import ChatIntegration, ChatMessage
from stockade.store.types import utcnow
from stockade.webhooks.chat import schedule
from webhook_receiver import Receiver, serve_receiver

# Slack's URLs end in a channel token: the part that must never come back.
TOKEN = "B0" + "7" * 9 + "/" + "q" * 24


def _url(receiver: Receiver) -> str:
    return receiver.url.replace("/hook", f"/services/T0/{TOKEN}")


@pytest.fixture
def receiver(tmp_path: Path) -> Iterator[Receiver]:
    (tmp_path / "certs").mkdir()
    with serve_receiver(tmp_path / "certs") as r:
        yield r


def _settings(tmp_path: Path, db_url: str, receiver: Receiver) -> Settings:
    return make_settings(
        tmp_path,
        db_url,
        server={"allow_private_targets": ["127.0.0.1"]},
        webhooks={"ca_file": str(receiver.cert), "retry_schedule_seconds": [0, 0, 0]},
        jobs={"max_concurrent": 1},
        chat={"public_url": "https://stockade.example.com"},
    )


def _app(settings: Settings) -> FastAPI:
    app = create_app(settings)
    app.state.ctx.passwords = FAST_PASSWORDS
    return app


@pytest.fixture
def running(tmp_path: Path, db_url: str, receiver: Receiver) -> Iterator[tuple[FastAPI, Team]]:
    app = _app(_settings(tmp_path, db_url, receiver))
    with TestClient(app):  # the lifespan runs the job runner, dispatcher and scheduler
        yield app, Team(app, Accounts(app))
    app.state.ctx.db.dispose()


def _configure(org: Org, receiver: Receiver, **values: Any) -> dict[str, Any]:
    r = org.owner.put(f"{org.url}/integrations/chat", json={"url": _url(receiver), **values})
    assert r.status_code == 200, r.text
    return dict(r.json())


def _finished_job(person: Person, org: Org, files: list[dict[str, str]]) -> str:
    body = {"source": {"type": "files", "files": files}, "organization_id": org.id}
    r = person.post("/api/v1/analyze/job", json=body)
    assert r.status_code == 202, r.text
    job = str(r.json()["job_id"])
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        status = person.get(f"/api/v1/jobs/{job}").json()["status"]
        if status in ("completed", "failed"):
            assert status == "completed"
            return job
        time.sleep(0.2)
    raise AssertionError("the job did not finish")


LOW_ONLY = [
    {"path": "low.py", "content": "import requests\n\n\ndef get(u):\n    return requests.get(u)\n"}
]


def test_a_job_with_a_critical_finding_posts_one_message(
    running: tuple[FastAPI, Team], receiver: Receiver
) -> None:
    _, team = running
    org = team.full()
    _configure(org, receiver)
    member = org.members["Member"]
    _finished_job(member, org, LOW_ONLY)
    assert org.owner.get(f"{org.url}/integrations/chat/messages").json()["items"] == []
    job = _finished_job(member, org, [{"path": "settings.py", "content": secret_line()}])
    (got,) = receiver.wait(1)
    assert got.headers["Content-Type"] == "application/json"
    body = json.loads(got.body)
    assert set(body) == {"text", "blocks"}
    assert body["text"].startswith(":rotating_light: 1 new finding (1 critical)")
    assert all(b["type"] in ("section", "context") for b in body["blocks"])
    findings = member.get(f"/api/v1/jobs/{job}/findings").json()["items"]
    critical = next(f for f in findings if f["severity"] == "critical")
    blocks = json.dumps(body["blocks"])
    assert critical["id"] in blocks and "aws-access-key-id" in blocks
    assert f"<https://stockade.example.com/api/v1/jobs/{job}/findings|all findings>" in blocks
    assert FAKE_AWS_KEY not in got.body.decode() and FAKE_AWS_KEY[4:] not in got.body.decode()
    time.sleep(1.2)  # the dispatcher polls every second: nothing else arrives
    assert len(receiver.requests) == 1
    log = org.owner.get(f"{org.url}/integrations/chat/messages").json()["items"]
    assert [(m["kind"], m["status"], m["attempts"]) for m in log] == [
        ("critical_findings", "delivered", 1)
    ]
    metrics = org.owner.get("/metrics").text
    assert 'stockade_chat_attempts_total{outcome="delivered"} 1.0' in metrics
    assert "stockade_chat_queue_depth 0.0" in metrics


def test_settings_are_vetted_masked_audited_and_scoped(
    running: tuple[FastAPI, Team], receiver: Receiver
) -> None:
    _, team = running
    org = team.full()
    chat = f"{org.url}/integrations/chat"
    assert org.owner.get(chat).json()["code"] == "chat_not_configured"
    refused = [
        ({"url": "http://hooks.example.com/services/x"}, 422, "chat_url_not_https"),
        ({"url": "https://u:p@hooks.example.com/services/x"}, 422, "chat_url_credentials"),
        ({"url": "https://127.0.0.2/services/x"}, 422, "chat_target_refused"),
        ({"url": "https://[::1]/services/x"}, 422, "chat_target_refused"),
        ({"url": _url(receiver), "timezone": "Europe/Atlantis"}, 422, "unknown_timezone"),
    ]
    for body, status, code in refused:
        r = org.owner.put(chat, json=body)
        assert (r.status_code, r.json().get("code")) == (status, code), (body, r.text)
    assert org.owner.put(chat, json={"url": _url(receiver), "hour": 24}).status_code == 422
    assert org.owner.put(chat, json={}).json()["code"] == "chat_url_required"
    denied = org.owner.get(f"{org.url}/audit-log", params={"action": "chat.configure"}).json()
    assert [e["outcome"] for e in denied["items"]] == ["denied"] * 6

    saved = _configure(org, receiver, timezone="America/Sao_Paulo", events={"daily_summary": True})
    port = receiver.url.split(":")[2].split("/")[0]
    assert saved["url"] == f"https://127.0.0.1:{port}/…" + TOKEN[-4:]
    assert saved["events"] == {
        "critical_findings": True,
        "quota_alerts": True,
        "daily_summary": True,
        "weekly_report": False,
    }
    # Without a url the sealed one stays.
    r = org.owner.put(chat, json={"hour": 7, "min_severity": "high"})
    assert r.status_code == 200 and r.json()["url"] == saved["url"] and r.json()["hour"] == 7
    seen = [
        org.owner.get(chat).text,
        org.members["Member"].get(chat).text,
        org.owner.get(f"{org.url}/audit-log").text,
        org.owner.get(f"{org.url}/export").text,
    ]
    assert all(TOKEN not in text and TOKEN[:12] not in text for text in seen)

    test = org.owner.post(f"{chat}/test").json()
    assert test["status_code"] == 200 and test["duration_ms"] is not None
    assert json.loads(receiver.wait(1)[0].body)["text"].startswith("Stockade test message")

    # Members see, only Owner and Admin change; other organizations see nothing.
    assert org.members["Member"].put(chat, json={"hour": 1}).status_code == 403
    assert org.members["Member"].post(f"{chat}/test").status_code == 403
    assert org.members["Viewer"].get(chat).status_code == 403
    other = team.organization("Elsewhere")
    for call in (
        other.owner.get(chat),
        other.owner.put(chat, json={"hour": 1}),
        other.owner.delete(chat),
        other.owner.get(f"{chat}/messages"),
    ):
        assert call.status_code == 404, call.text
    assert other.owner.get(f"{other.url}/integrations/chat").status_code == 404

    assert org.members["Admin"].delete(chat).status_code == 204
    assert org.owner.get(chat).status_code == 404
    actions = org.owner.get(f"{org.url}/audit-log", params={"action": "chat."}).json()["items"]
    assert {e["action"] for e in actions if e["outcome"] != "denied"} == {
        "chat.configure",
        "chat.delete",
    }


def test_three_days_down_sends_one_summary_on_start(
    tmp_path: Path, db_url: str, receiver: Receiver
) -> None:
    settings = _settings(tmp_path, db_url, receiver)  # one server key for both runs
    app = _app(settings)
    with TestClient(app):
        org = Team(app, Accounts(app)).organization()
        _configure(
            org,
            receiver,
            timezone="America/Sao_Paulo",
            events={"critical_findings": False, "daily_summary": True},
            hour=6,
        )
    app.state.ctx.db.dispose()
    assert receiver.requests == []  # nothing was due yet

    later = _app(settings)  # the same database, three days later
    clock = utcnow() + timedelta(days=3, hours=1)
    later.state.ctx.clock = lambda: clock
    with TestClient(later):
        (got,) = receiver.wait(1)
        assert json.loads(got.body)["text"].startswith("Daily summary")
        time.sleep(1.2)
        assert len(receiver.requests) == 1
        assert schedule.enqueue_due(later.state.ctx.db, clock) == 0  # the next pass
        with later.state.ctx.db.session() as s:
            rows = s.scalars(select(ChatMessage)).all()
            assert [(r.kind, r.status) for r in rows] == [("daily_summary", "delivered")]
            assert s.get(ChatIntegration, org.id) is not None
    later.state.ctx.db.dispose()
