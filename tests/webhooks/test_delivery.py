"""The dispatcher against a real HTTPS receiver and a real database: signatures, retries,
giving up, disabling, and the outbox surviving a killed process."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import select

from stockade.store import Database, upgrade
from stockade.store.crypto import SecretBox
from stockade.store.models import User
from stockade.store.tenancy_models import ACTIVE, Membership, Notification, Organization
from stockade.store.types import utcnow
from stockade.store.webhook_models import DELIVERED, FAILED, PENDING, Delivery, Webhook
from stockade.webhooks import delivery, events, signing
from stockade.webhooks.sender import HttpxSender
from webhook_receiver import Received, Receiver, serve_receiver, verify

SECRET = "delivery-test-secret-0123456789"
KEY = "k" * 44


@pytest.fixture
def db(db_url: str) -> Iterator[Database]:
    database = Database(db_url)
    upgrade(database.engine)
    yield database
    database.dispose()


@pytest.fixture
def box() -> SecretBox:
    return SecretBox([KEY])


def _org_with_hook(db: Database, box: SecretBox, url: str, events_: list[str]) -> tuple[str, str]:
    with db.session() as s:
        owner = User(email="owner@example.com", password_hash="x", is_admin=False)
        s.add(owner)
        s.flush()
        org = Organization(name="o", plan="Pro", settings={}, budgets={}, logo_version=0)
        s.add(org)
        s.flush()
        s.add(
            Membership(
                organization_id=org.id,
                user_id=owner.id,
                email=owner.email,
                role="Owner",
                status=ACTIVE,
                joined_at=utcnow(),
            )
        )
        hook = Webhook(
            organization_id=org.id,
            url=url,
            events=events_,
            secret=box.seal(SECRET.encode()),
            active=True,
        )
        s.add(hook)
        s.flush()
        return org.id, hook.id


def _sender(receiver: Receiver) -> HttpxSender:
    return HttpxSender(["127.0.0.1"], ca_file=receiver.cert, timeout=5)


def test_signature_matches_an_independent_check() -> None:
    headers = signing.headers("scan.completed", "d-1", 1_700_000_000, b'{"a":1}', SECRET)
    received = Received(headers, b'{"a":1}')
    assert verify(SECRET, received)
    assert not verify(SECRET, Received(headers, b'{"a":2}'))  # body changed
    replay = {**headers, "X-Stockade-Timestamp": "1700000999"}
    assert not verify(SECRET, Received(replay, b'{"a":1}'))  # timestamp changed


def test_retries_then_fails_visibly(db: Database, box: SecretBox, tmp_path: Path) -> None:
    with serve_receiver(tmp_path, fail_first=100) as receiver:
        org, _ = _org_with_hook(db, box, receiver.url, ["scan.completed"])
        with db.session() as s:
            events.emit(s, org, "scan.completed", {"scan_id": "j"})
        sender = _sender(receiver)
        for _ in range(3):  # schedule of two retries: three attempts in all
            delivery.deliver_due(db, sender, box, [0, 0], now=utcnow() + timedelta(minutes=5))
        with db.session() as s:
            row = s.scalars(select(Delivery)).one()
            assert (row.status, row.attempts, row.last_status_code) == (FAILED, 3, 500)
            assert row.response_body == '{"ok": false}'
        assert receiver.requests == []  # the receiver never accepted one


def test_three_days_of_failures_disable_the_webhook(
    db: Database, box: SecretBox, tmp_path: Path
) -> None:
    with serve_receiver(tmp_path, fail_first=100) as receiver:
        org, hook_id = _org_with_hook(db, box, receiver.url, ["scan.completed"])
        with db.session() as s:
            s.get(Webhook, hook_id).failing_since = utcnow() - timedelta(days=3, minutes=1)  # type: ignore[union-attr]
            events.emit(s, org, "scan.completed", {"scan_id": "j"})
        delivery.deliver_due(db, _sender(receiver), box, [60])
        with db.session() as s:
            hook = s.get(Webhook, hook_id)
            assert hook is not None and not hook.active and hook.disabled_reason
            kinds = s.scalars(select(Notification.kind)).all()
            assert kinds == ["webhook.disabled"]
            # A disabled webhook gets no new deliveries.
            events.emit(s, org, "scan.completed", {"scan_id": "k"})
        with db.session() as s:
            assert len(s.scalars(select(Delivery)).all()) == 1


def test_two_dispatchers_send_each_delivery_once(
    db: Database, box: SecretBox, tmp_path: Path
) -> None:
    with serve_receiver(tmp_path) as receiver:
        org, _ = _org_with_hook(db, box, receiver.url, ["scan.completed"])
        with db.session() as s:
            for i in range(40):
                events.emit(s, org, "scan.completed", {"scan_id": f"j{i}"})
        sender = _sender(receiver)
        rounds = [
            threading.Thread(target=delivery.deliver_due, args=(db, sender, box, [0]))
            for _ in range(2)
        ]
        for t in rounds:
            t.start()
        for t in rounds:
            t.join()
        delivery.deliver_due(db, sender, box, [0])
        ids = [r.headers["X-Stockade-Delivery"] for r in receiver.requests]
        assert len(ids) == 40 and len(set(ids)) == 40
        assert all(verify(SECRET, r) for r in receiver.requests)
        with db.session() as s:
            assert {r.status for r in s.scalars(select(Delivery))} == {DELIVERED}


def test_an_event_committed_by_a_killed_process_is_delivered_later(
    db: Database, box: SecretBox, tmp_path: Path, db_url: str
) -> None:
    """The process that caused the event dies (SIGKILL) right after its commit, before any
    dispatcher ran: the outbox row is there, and the next dispatcher sends it."""
    with serve_receiver(tmp_path) as receiver:
        org, _ = _org_with_hook(db, box, receiver.url, ["scan.completed"])
        script = textwrap.dedent(
            f"""
            import os, signal
            from stockade.store import Database
            from stockade.webhooks import events
            db = Database({db_url!r})
            with db.session() as s:
                events.emit(s, {org!r}, "scan.completed", {{"scan_id": "killed"}})
            os.kill(os.getpid(), signal.SIGKILL)
            """
        )
        done = subprocess.run([sys.executable, "-c", script], check=False, timeout=60)
        assert done.returncode == -9
        with db.session() as s:
            assert [r.status for r in s.scalars(select(Delivery))] == [PENDING]
        assert delivery.deliver_due(db, _sender(receiver), box, [0]) == 1
        assert b'"killed"' in receiver.requests[0].body


def test_redirects_are_not_followed_and_huge_answers_are_cut(
    db: Database, box: SecretBox, tmp_path: Path
) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    with serve_receiver(tmp_path / "a", answer="redirect") as redirecting:
        org, _ = _org_with_hook(db, box, redirecting.url, ["scan.completed"])
        with db.session() as s:
            events.emit(s, org, "scan.completed", {"scan_id": "r"})
        assert delivery.deliver_due(db, _sender(redirecting), box, [60]) == 0
        with db.session() as s:
            row = s.scalars(select(Delivery)).one()
            assert (row.status, row.last_status_code) == (PENDING, 302)  # retried, not followed
    with serve_receiver(tmp_path / "b", answer="huge") as huge:
        sender = _sender(huge)
        headers = signing.headers("ping", "d", 0, b"{}", None)
        started = time.monotonic()
        answer = sender.post(huge.url, headers, b"{}")
        assert answer.status_code == 200 and len(answer.body) == 2048
        assert time.monotonic() - started < 5  # 100 MB were never read
        sender.close()
