"""Chat notifications against a real HTTPS receiver and a real database: the Slack shape,
quota alerts, the summary schedule (time zones, daylight saving time, missed days) and
retries through the dispatcher."""

from __future__ import annotations

import itertools
import json
import threading
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import select

from stockade.jobs import events as job_events
from stockade.store import Database, sealing, upgrade
from stockade.store.chat_models import DELIVERED, FAILED, PENDING, ChatIntegration, ChatMessage
from stockade.store.crypto import SecretBox
from stockade.store.job_models import COMPLETED, Job, JobFinding
from stockade.store.tenancy_models import Organization
from stockade.webhooks.chat import dispatch, integration, kinds, schedule
from stockade.webhooks.chat.messages import render
from stockade.webhooks.errors import WebhookRejectedError
from stockade.webhooks.sender import HttpxSender
from webhook_receiver import Receiver, serve_receiver

KEY = "k" * 44
LOOPBACK = ["127.0.0.1"]
SETTINGS = {
    "events": {"critical_findings": True, "quota_alerts": True, "daily_summary": True},
    "hour": 9,
    "timezone": "Asia/Tokyo",
    "weekday": 0,
    "min_severity": "critical",
    "active": True,
}


@pytest.fixture
def db(db_url: str) -> Iterator[Database]:
    database = Database(db_url)
    upgrade(database.engine)
    yield database
    database.dispose()


@pytest.fixture
def box() -> SecretBox:
    return SecretBox([KEY])


def _org(db: Database) -> str:
    with db.session() as s:
        org = Organization(name="o", plan="Pro", settings={}, budgets={}, logo_version=0)
        s.add(org)
        s.flush()
        return org.id


def _configure(
    db: Database, box: SecretBox, url: str, *, now: datetime | None = None, **values: object
) -> str:
    org = _org(db)
    with db.session() as s:
        integration.configure(
            s,
            box,
            LOOPBACK,
            organization_id=org,
            user_id=None,
            values={**SETTINGS, "url": url, **values},
            now=now,
        )
    return org


def _sender(receiver: Receiver) -> HttpxSender:
    return HttpxSender(LOOPBACK, ca_file=receiver.cert, timeout=5)


def _messages(db: Database) -> list[ChatMessage]:
    with db.session() as s:
        return list(s.scalars(select(ChatMessage).order_by(ChatMessage.created_at)))


# The schedule: pure date arithmetic


def test_the_daily_slot_falls_at_the_local_hour() -> None:
    tokyo = ZoneInfo("Asia/Tokyo")  # UTC+9, no DST: 09:00 local is 00:00 UTC
    eight_59 = datetime(2026, 6, 1, 23, 59, tzinfo=UTC)  # 08:59 on June 2nd in Tokyo
    before = schedule.latest_slot(kinds.DAILY_SUMMARY, eight_59, tokyo, 9, 0)
    at = schedule.latest_slot(
        kinds.DAILY_SUMMARY, datetime(2026, 6, 2, 0, 0, tzinfo=UTC), tokyo, 9, 0
    )
    assert before.key == "2026-06-01" and before.due == datetime(2026, 6, 1, 0, 0, tzinfo=UTC)
    assert at.key == "2026-06-02" and at.due == datetime(2026, 6, 2, 0, 0, tzinfo=UTC)
    assert at.due - at.start == timedelta(days=1)


def test_weekly_slot_is_the_last_configured_weekday() -> None:
    berlin = ZoneInfo("Europe/Berlin")
    # Wednesday 2026-06-10 12:00 UTC; Monday's report at 08:00 Berlin (06:00 UTC) is due.
    slot = schedule.latest_slot(
        kinds.WEEKLY_REPORT, datetime(2026, 6, 10, 12, tzinfo=UTC), berlin, 8, 0
    )
    assert slot.key == "2026-06-08" and slot.due == datetime(2026, 6, 8, 6, tzinfo=UTC)
    assert slot.start == datetime(2026, 6, 1, 6, tzinfo=UTC)


def test_every_local_day_has_one_slot_across_dst_changes() -> None:
    """New York springs forward on 2026-03-08 and falls back on 2026-11-01: the daily slot
    stays at 09:00 local (a 23- and a 25-hour window), and a slot at the skipped or repeated
    hour still happens once."""
    york = ZoneInfo("America/New_York")
    spring = schedule.latest_slot(
        kinds.DAILY_SUMMARY, datetime(2026, 3, 8, 14, tzinfo=UTC), york, 9, 0
    )
    assert spring.due == datetime(2026, 3, 8, 13, tzinfo=UTC)  # 09:00 EDT
    assert spring.due - spring.start == timedelta(hours=23)
    autumn = schedule.latest_slot(
        kinds.DAILY_SUMMARY, datetime(2026, 11, 1, 15, tzinfo=UTC), york, 9, 0
    )
    assert autumn.due == datetime(2026, 11, 1, 14, tzinfo=UTC)  # 09:00 EST
    assert autumn.due - autumn.start == timedelta(hours=25)
    for hour in (1, 2):  # 02:00 does not exist on 03-08; 01:00 happens twice on 11-01
        for first in (datetime(2026, 3, 6, tzinfo=UTC), datetime(2026, 10, 30, tzinfo=UTC)):
            keys = [
                schedule.latest_slot(
                    kinds.DAILY_SUMMARY, first + timedelta(minutes=30 * i), york, hour, 0
                ).key
                for i in range(4 * 48)
            ]
            assert keys == sorted(keys)  # never back to an earlier day
            days = [date.fromisoformat(k) for k in dict.fromkeys(keys)]
            assert all(b - a == timedelta(days=1) for a, b in itertools.pairwise(days))
    skipped = schedule.latest_slot(
        kinds.DAILY_SUMMARY, datetime(2026, 3, 8, 12, tzinfo=UTC), york, 2, 0
    )
    assert skipped.due == datetime(2026, 3, 8, 7, tzinfo=UTC)  # 03:00 EDT, an hour late


# Settings


def test_urls_and_time_zones_are_vetted(db: Database, box: SecretBox) -> None:
    cases = [
        ("http://hooks.example.com/services/x", LOOPBACK, "chat_url_not_https"),
        ("https://u:p@hooks.example.com/services/x", LOOPBACK, "chat_url_credentials"),
        ("https://127.0.0.1:9/services/x", [], "chat_target_refused"),  # not allow-listed
        ("https://10.0.0.7/services/x", LOOPBACK, "chat_target_refused"),
        ("https://[::ffff:169.254.169.254]/x", LOOPBACK, "chat_target_refused"),
    ]
    org = _org(db)
    for url, allow, code in cases:
        with db.session() as s, pytest.raises(WebhookRejectedError) as refused:
            integration.configure(
                s,
                box,
                allow,
                organization_id=org,
                user_id=None,
                values={**SETTINGS, "url": url},
            )
        assert refused.value.code == code, url
    for zone in ("Mars/Olympus_Mons", "../../etc/passwd", "localtime", ""):
        with db.session() as s, pytest.raises(WebhookRejectedError) as refused:
            integration.configure(
                s,
                box,
                LOOPBACK,
                organization_id=org,
                user_id=None,
                values={**SETTINGS, "url": "https://127.0.0.1:9/x", "timezone": zone},
            )
        assert refused.value.code == "unknown_timezone"
    with db.session() as s:
        assert s.scalars(select(ChatIntegration)).all() == []


def test_the_url_is_sealed_and_shown_masked(db: Database, box: SecretBox) -> None:
    token = "T0" + "b" * 10 + "/" + "c" * 24
    url = f"https://127.0.0.1:9/services/{token}"
    org = _configure(db, box, url)
    with db.session() as s:
        row = s.get(ChatIntegration, org)
        assert row is not None
        assert token.encode() not in row.url and box.open(row.url).decode() == url
        assert row.url_hint == "https://127.0.0.1:9/…cccc"
        assert token not in json.dumps(integration.summary(row))


# Messages through the outbox and the dispatcher


def test_quota_alert_is_a_slack_message(db: Database, box: SecretBox, tmp_path: Path) -> None:
    with serve_receiver(tmp_path) as receiver:
        org = _configure(db, box, receiver.url)
        with db.session() as s:
            job_events.quota_threshold(s, org, [90], 90, 100, datetime.now(UTC))
        assert dispatch.deliver_due(db, _sender(receiver), box, [0]) == 1
        (got,) = receiver.requests
        body = json.loads(got.body)
        assert got.headers["Content-Type"] == "application/json"
        assert "90 %" in body["text"] and "90 of 100" in body["text"]
        section = body["blocks"][0]
        assert section["type"] == "section" and section["text"]["type"] == "mrkdwn"
        assert [m.status for m in _messages(db)] == [DELIVERED]


def test_switched_off_alerts_and_personal_scopes_queue_nothing(
    db: Database, box: SecretBox
) -> None:
    org = _configure(db, box, "https://127.0.0.1:9/x", events={"quota_alerts": False})
    with db.session() as s:
        job_events.quota_threshold(s, org, [50], 50, 100, datetime.now(UTC))
        job_events.quota_threshold(s, None, [50], 50, 100, datetime.now(UTC))
    assert _messages(db) == []


def test_a_receiver_down_then_up_gets_the_message_once(
    db: Database, box: SecretBox, tmp_path: Path
) -> None:
    with serve_receiver(tmp_path, fail_first=2) as receiver:
        org = _configure(db, box, receiver.url)
        with db.session() as s:
            job_events.quota_threshold(s, org, [100], 100, 100, datetime.now(UTC))
        sender = _sender(receiver)
        later = datetime.now(UTC) + timedelta(minutes=5)
        for _ in range(5):  # more rounds than needed: a delivered message is not sent again
            dispatch.deliver_due(db, sender, box, [0, 0, 0], now=later)
        assert len(receiver.requests) == 1
        (row,) = _messages(db)
        assert (row.status, row.attempts, row.last_status_code) == (DELIVERED, 3, 200)


def test_retries_end_failed_and_visible(db: Database, box: SecretBox, tmp_path: Path) -> None:
    with serve_receiver(tmp_path, fail_first=100) as receiver:
        org = _configure(db, box, receiver.url)
        with db.session() as s:
            job_events.quota_threshold(s, org, [50], 50, 100, datetime.now(UTC))
        later = datetime.now(UTC) + timedelta(minutes=5)
        for _ in range(3):
            dispatch.deliver_due(db, _sender(receiver), box, [0, 0], now=later)
        (row,) = _messages(db)
        assert (row.status, row.attempts, row.last_status_code) == (FAILED, 3, 500)
        assert dispatch.outbox_counts(db) == {"pending": 0, "retrying": 0, "failed": 1}


def _job_with_findings(
    db: Database, org: str, created: datetime, findings: list[tuple[str, str, str]]
) -> None:
    """A completed job of ``org`` with findings given as (fingerprint, severity, rule)."""
    ranks = {"critical": 4, "high": 3, "medium": 2, "low": 1}
    with db.session() as s:
        job = Job(
            status=COMPLETED,
            organization_id=org,
            project={"name": "shop"},
            project_key=f"org:{org}:shop",
            source={"type": "files"},
            modules=["sast"],
            created_at=created,
        )
        s.add(job)
        s.flush()
        for fingerprint, severity, rule in findings:
            s.add(
                JobFinding(
                    job_id=job.id,
                    project_key=job.project_key,
                    fingerprint=fingerprint,
                    module="sast",
                    rule_id=rule,
                    severity=severity,
                    severity_rank=ranks[severity],
                    data={},
                    created_at=created,
                )
            )


def test_daily_summary_at_the_configured_hour_in_tokyo(
    db: Database, box: SecretBox, tmp_path: Path
) -> None:
    """09:00 in Tokyo is 00:00 UTC. The clock is injected: nothing is due at 23:59 UTC, the
    summary of the past day is queued at 00:00 and only once, whatever the passes."""
    created = datetime(2026, 6, 1, 8, tzinfo=UTC)
    with serve_receiver(tmp_path) as receiver:
        org = _configure(db, box, receiver.url, now=created)
        day = datetime(2026, 6, 1, 12, tzinfo=UTC)
        _job_with_findings(db, org, day - timedelta(days=3), [("old", "high", "r.sqli")])
        _job_with_findings(
            db,
            org,
            day,
            [("old", "high", "r.sqli"), ("n1", "critical", "r.key"), ("n2", "low", "r.sqli")],
        )
        assert schedule.enqueue_due(db, datetime(2026, 6, 1, 23, 59, tzinfo=UTC)) == 0
        at_nine = datetime(2026, 6, 2, 0, 0, 30, tzinfo=UTC)
        assert schedule.enqueue_due(db, at_nine) == 1
        assert schedule.enqueue_due(db, at_nine + timedelta(hours=3)) == 0
        assert dispatch.deliver_due(db, _sender(receiver), box, [0], now=at_nine) == 1
        (got,) = receiver.requests
        body = json.loads(got.body)
        assert body["text"].startswith("Daily summary, 2026-06-01 09:00 to 2026-06-02 09:00")
        assert "1 critical, 1 high, 0 medium, 1 low" in body["text"]
        assert "2 new, 0 resolved" in body["text"]
        assert "`r.sqli` × 2" in json.dumps(body["blocks"], ensure_ascii=False)
        (row,) = _messages(db)
        assert (row.kind, row.slot) == (kinds.DAILY_SUMMARY, "2026-06-02")


def test_three_missed_days_send_one_summary(db: Database, box: SecretBox) -> None:
    created = datetime(2026, 6, 1, 8, tzinfo=UTC)
    org = _configure(db, box, "https://127.0.0.1:9/x", now=created)
    back = datetime(2026, 6, 4, 3, tzinfo=UTC)  # the server was down since June 1st
    assert schedule.enqueue_due(db, back) == 1
    assert schedule.enqueue_due(db, back + timedelta(minutes=1)) == 0
    (row,) = _messages(db)
    assert (row.organization_id, row.slot, row.status) == (org, "2026-06-04", PENDING)


def test_concurrent_schedulers_queue_a_slot_once(db: Database, box: SecretBox) -> None:
    _configure(db, box, "https://127.0.0.1:9/x", now=datetime(2026, 6, 1, tzinfo=UTC))
    at = datetime(2026, 6, 3, 1, tzinfo=UTC)
    results: list[int] = []
    runs = [
        threading.Thread(target=lambda: results.append(schedule.enqueue_due(db, at)))
        for _ in range(4)
    ]
    for t in runs:
        t.start()
    for t in runs:
        t.join()
    assert sum(results) == 1 and len(_messages(db)) == 1


def test_finding_messages_escape_and_never_carry_snippets() -> None:
    data = {
        "scan_id": "j1",
        "project": "<!channel>",
        "total": 12,
        "counts": {"critical": 12},
        "findings": [
            {
                "id": f"f{i}",
                "rule_id": "aws-access-key-id",
                "severity": "critical",
                "title": "AWS key <https://evil.example|click>",
                "file": "settings.py",
                "line": 1,
            }
            for i in range(10)
        ],
    }
    message = render(kinds.CRITICAL_FINDINGS, data, "https://stockade.example.com")
    text = json.dumps(message, ensure_ascii=False)
    assert "<!channel>" not in text and "&lt;!channel&gt;" in text
    assert "<https://evil.example|click>" not in text
    assert "… and 2 more" in text
    assert "<https://stockade.example.com/api/v1/jobs/j1/findings|all findings>" in text
    assert message["text"].startswith(":rotating_light: 12 new findings (12 critical)")


def test_key_rotation_reseals_the_url(db: Database, box: SecretBox) -> None:
    url = "https://127.0.0.1:9/services/" + "r" * 24
    org = _configure(db, box, url)
    fresh = SecretBox(["n" * 44, KEY])  # the new key first, the old one still opens
    with db.session() as s:
        assert sealing.rotate(s, fresh) >= 1
    with db.session() as s:
        row = s.get(ChatIntegration, org)
        assert row is not None and SecretBox(["n" * 44]).open(row.url).decode() == url
