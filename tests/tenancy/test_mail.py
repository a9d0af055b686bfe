"""The e-mail outbox against a real SMTP server (aiosmtpd on 127.0.0.1) and a real database.

Each database test runs on SQLite and PostgreSQL (``db_url``). The SMTP server is a real one in
a thread; what it received is parsed back with the standard library, so headers are checked as
a mail client would read them.
"""

from __future__ import annotations

import datetime as dt
import email
import email.policy
import ipaddress
import logging
import socket
import ssl
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from sqlalchemy import select

from server_fixtures import db_url
from stockade.config import Smtp
from stockade.store import Database, upgrade
from stockade.store.tenancy_models import OutboundMail
from stockade.tenancy.errors import InvalidInputError
from stockade.tenancy.mail import (
    BACKOFF,
    MAX_ATTEMPTS,
    MailDeliveryError,
    MailWorker,
    SmtpSender,
    deliver_pending,
    enqueue,
)

__all__ = ["db_url"]

FROM = "Stockade <noreply@stockade.test>"
# A pinned clock a day ahead, so every freshly queued mail is already due at T0.
T0 = (dt.datetime.now(dt.UTC) + dt.timedelta(days=1)).replace(microsecond=0)


@dataclass
class Received:
    mail_from: str
    rcpt_tos: list[str]
    message: EmailMessage


class Inbox:
    """An aiosmtpd handler that keeps every accepted message."""

    def __init__(self) -> None:
        self.received: list[Received] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        raw = (envelope.original_content or envelope.content).replace(b"\r\n", b"\n")
        message = email.message_from_bytes(raw, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        self.received.append(Received(envelope.mail_from, list(envelope.rcpt_tos), message))
        return "250 OK"

    def subjects(self) -> list[str]:
        return sorted(str(r.message["Subject"]) for r in self.received)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class SmtpServer:
    port: int
    inbox: Inbox


StartServer = Callable[..., SmtpServer]


@pytest.fixture
def start_smtp() -> Iterator[StartServer]:
    """Start real SMTP servers (on a given or a free port); all are stopped afterwards."""
    controllers: list[Controller] = []

    def start(port: int | None = None, **kwargs: Any) -> SmtpServer:
        inbox = Inbox()
        port = port or free_port()
        controller = Controller(inbox, hostname="127.0.0.1", port=port, **kwargs)
        controller.start()
        controllers.append(controller)
        return SmtpServer(port, inbox)

    yield start
    for controller in controllers:
        controller.stop()


@pytest.fixture
def smtp(start_smtp: StartServer) -> SmtpServer:
    return start_smtp()


def smtp_settings(port: int, **overrides: Any) -> Smtp:
    values: dict[str, Any] = {
        "host": "127.0.0.1",
        "port": port,
        "from": FROM,
        "starttls": False,
        "timeout_seconds": 2,
    }
    return Smtp.model_validate(values | overrides)


@pytest.fixture
def db(db_url: str) -> Iterator[Database]:
    database = Database(db_url)
    upgrade(database.engine)
    yield database
    database.dispose()


def queue(db: Database, recipient: str, subject: str, body: str = "body") -> None:
    with db.session() as session:
        enqueue(session, recipient, subject, body)


def rows(db: Database) -> list[OutboundMail]:
    with db.session() as session:
        return list(session.scalars(select(OutboundMail).order_by(OutboundMail.created_at)))


def only_row(db: Database) -> OutboundMail:
    (row,) = rows(db)
    return row


def wait_for(condition: Callable[[], bool], timeout: float = 1.5) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


# --- delivery ------------------------------------------------------------------------------


def test_queued_mail_is_delivered_with_from_to_subject_and_body(
    db: Database, smtp: SmtpServer
) -> None:
    queue(db, "ana@example.org", "Invitation to Acme", "Ana, you were invited.\nWelcome!")
    queue(db, "bo@example.org", "Rapport prêt — 3 résultats", "Bonjour Bö,\nvoilà ✓")
    sender = SmtpSender(smtp_settings(smtp.port))

    assert deliver_pending(db, sender) == 2

    by_to = {str(r.message["To"]): r for r in smtp.inbox.received}
    assert set(by_to) == {"ana@example.org", "bo@example.org"}
    ana = by_to["ana@example.org"]
    assert ana.mail_from == "noreply@stockade.test"
    assert ana.rcpt_tos == ["ana@example.org"]
    assert str(ana.message["From"]) == FROM
    assert str(ana.message["Subject"]) == "Invitation to Acme"
    assert ana.message.get_content() == "Ana, you were invited.\nWelcome!\n"
    assert ana.message["Message-ID"].endswith("@stockade.test>")
    bo = by_to["bo@example.org"].message
    assert str(bo["Subject"]) == "Rapport prêt — 3 résultats"
    assert bo.get_content() == "Bonjour Bö,\nvoilà ✓\n"
    for row in rows(db):
        assert row.sent_at is not None
        assert (row.attempts, row.failed, row.last_error) == (1, False, None)
    # Sent rows are done: another round sends nothing more.
    assert deliver_pending(db, sender) == 0
    assert len(smtp.inbox.received) == 2


def test_mail_of_a_rolled_back_transaction_is_never_sent(db: Database, smtp: SmtpServer) -> None:
    with pytest.raises(RuntimeError), db.session() as session:
        enqueue(session, "ana@example.org", "Role changed", "rolled back")
        raise RuntimeError("the change failed after the mail was queued")
    queue(db, "ana@example.org", "Role changed again", "committed")

    assert deliver_pending(db, SmtpSender(smtp_settings(smtp.port))) == 1

    assert smtp.inbox.subjects() == ["Role changed again"]
    assert only_row(db).subject == "Role changed again"


def test_mail_is_not_sent_before_it_is_due(db: Database, smtp: SmtpServer) -> None:
    queue(db, "ana@example.org", "Later")
    with db.session() as session:
        row = session.scalars(select(OutboundMail)).one()
        row.next_attempt_at = T0
    sender = SmtpSender(smtp_settings(smtp.port))

    assert deliver_pending(db, sender, now=T0 - dt.timedelta(seconds=1)) == 0
    assert smtp.inbox.received == []
    assert deliver_pending(db, sender, now=T0) == 1
    assert smtp.inbox.subjects() == ["Later"]


# --- failures and retries ------------------------------------------------------------------


def test_unreachable_server_records_error_and_retry_then_delivers(
    db: Database, start_smtp: StartServer
) -> None:
    port = free_port()  # nothing listens here yet
    sender = SmtpSender(smtp_settings(port))
    queue(db, "ana@example.org", "Retry me")

    assert deliver_pending(db, sender, now=T0) == 0
    row = only_row(db)
    assert (row.sent_at, row.failed, row.attempts) == (None, False, 1)
    assert row.last_error is not None
    assert f"127.0.0.1:{port}" in row.last_error
    assert row.next_attempt_at == T0 + BACKOFF[0]

    # Not due yet: no attempt is made (and none counted).
    assert deliver_pending(db, sender, now=T0 + dt.timedelta(seconds=30)) == 0
    assert only_row(db).attempts == 1

    server = start_smtp(port=port)
    assert deliver_pending(db, sender, now=T0 + BACKOFF[0]) == 1
    assert server.inbox.subjects() == ["Retry me"]
    row = only_row(db)
    assert row.sent_at == T0 + BACKOFF[0]
    assert (row.attempts, row.failed, row.last_error) == (2, False, None)


def test_after_the_last_attempt_the_mail_is_failed_and_logged(
    db: Database, caplog: pytest.LogCaptureFixture
) -> None:
    sender = SmtpSender(smtp_settings(free_port()))
    queue(db, "ana@example.org", "Never arrives")
    now = T0
    schedule = []
    with caplog.at_level(logging.INFO, logger="stockade.tenancy.mail"):
        for attempt in range(1, MAX_ATTEMPTS + 1):
            assert deliver_pending(db, sender, now=now) == 0
            row = only_row(db)
            assert row.attempts == attempt
            assert row.failed is (attempt == MAX_ATTEMPTS)
            schedule.append(row.next_attempt_at - now)
            now = row.next_attempt_at

    assert schedule[:-1] == list(BACKOFF)
    row = only_row(db)
    assert row.sent_at is None
    assert row.last_error
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1
    assert row.id in warnings[0].getMessage()
    # A failed mail is kept (for the record) but never attempted again.
    assert deliver_pending(db, sender, now=T0 + dt.timedelta(days=30)) == 0
    assert only_row(db).attempts == MAX_ATTEMPTS


def test_a_stored_row_with_a_header_break_is_not_sent(db: Database, smtp: SmtpServer) -> None:
    # A row written around enqueue (an older version, a manual insert) is re-checked.
    with db.session() as session:
        session.add(
            OutboundMail(recipient="ana@example.org", subject="Hi\r\nBcc: x@evil.test", body="b")
        )

    assert deliver_pending(db, SmtpSender(smtp_settings(smtp.port)), now=T0) == 0

    assert smtp.inbox.received == []
    row = only_row(db)
    assert row.sent_at is None
    assert row.last_error is not None
    assert "line break" in row.last_error


# --- concurrency ---------------------------------------------------------------------------


def test_concurrent_senders_send_each_mail_once(
    db: Database, db_url: str, smtp: SmtpServer
) -> None:
    subjects = [f"Mail {i:02d}" for i in range(12)]
    for subject in subjects:
        queue(db, "ana@example.org", subject)
    other = Database(db_url)  # a second server instance: its own engine and connections
    sender = SmtpSender(smtp_settings(smtp.port))
    barrier = threading.Barrier(2)
    sent: list[int] = []

    def run(database: Database) -> None:
        barrier.wait()
        total = 0
        while (n := deliver_pending(database, sender, batch=2)) > 0:
            total += n
        sent.append(total)

    threads = [threading.Thread(target=run, args=(d,)) for d in (db, other)]
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join(10)
    finally:
        other.dispose()

    assert sum(sent) == 12
    assert smtp.inbox.subjects() == subjects  # each exactly once
    assert all(r.sent_at is not None and r.attempts == 1 for r in rows(db))


def test_a_claimed_mail_is_invisible_to_another_sender(
    db: Database, db_url: str, smtp: SmtpServer
) -> None:
    queue(db, "ana@example.org", "Claimed once")
    other = Database(db_url)
    smtp_sender = SmtpSender(smtp_settings(smtp.port))
    seen_by_other: list[int] = []

    class PeekingSender:
        """While the first sender holds the claim, a second instance runs a round."""

        def send(self, recipient: str, subject: str, body: str) -> None:
            seen_by_other.append(deliver_pending(other, smtp_sender))
            smtp_sender.send(recipient, subject, body)

    try:
        assert deliver_pending(db, PeekingSender()) == 1
    finally:
        other.dispose()

    assert seen_by_other == [0]
    assert smtp.inbox.subjects() == ["Claimed once"]


# --- header injection ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("recipient", "subject"),
    [
        ("ana@example.org", "Hello\r\nBcc: victim@evil.test"),
        ("ana@example.org", "Hello\nBcc: victim@evil.test"),
        ("ana@example.org", "Hello\rX-Injected: 1"),
        ("ana@example.org", "Hello\u2028Bcc: victim@evil.test"),
        ("ana@example.org\r\nBcc: victim@evil.test", "Hello"),
        ("ana@example.org, victim@evil.test", "Hello"),
        ("Ana <ana@example.org>", "Hello"),
        ("not-an-address", "Hello"),
        ("ana@example.org", "x" * 301),
    ],
)
def test_header_injection_and_bad_addresses_are_refused(
    db: Database, recipient: str, subject: str
) -> None:
    with pytest.raises(InvalidInputError), db.session() as session:
        enqueue(session, recipient, subject, "body")
    assert rows(db) == []


def test_look_alike_but_safe_values_are_accepted(db: Database, smtp: SmtpServer) -> None:
    # Text that merely names the dangerous characters, a colon and non-ASCII are all fine,
    # and a body may contain line breaks (it is not a header).
    subject = r"Finding: header '\r\nBcc:' in login.py — fixed"
    body = "Line one\r\nBcc: not-a-header@example.org\nLine three"
    queue(db, "o'brien+alerts@example.org", subject, body)

    assert deliver_pending(db, SmtpSender(smtp_settings(smtp.port))) == 1

    (received,) = smtp.inbox.received
    assert received.rcpt_tos == ["o'brien+alerts@example.org"]
    assert str(received.message["Subject"]) == subject
    assert received.message["Bcc"] is None
    assert "Bcc: not-a-header@example.org" in received.message.get_content()


# --- STARTTLS and login (no database) ------------------------------------------------------


@dataclass
class Tls:
    context: ssl.SSLContext
    ca_file: Path


@pytest.fixture
def tls(tmp_path: Path) -> Tls:
    """A throwaway self-signed certificate for 127.0.0.1 and a server context using it."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "stockade test smtp")])
    now = dt.datetime.now(dt.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(hours=1))
        .add_extension(
            x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
            critical=False,
        )
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_file, key_file = tmp_path / "cert.pem", tmp_path / "key.pem"
    cert_file.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert_file, key_file)
    return Tls(context, cert_file)


USER = "mailer"
PASSWORD = "-".join(["plum", "rocket", "77"])


def _authenticate(server: Any, session: Any, envelope: Any, mechanism: str, data: Any) -> Any:
    ok = isinstance(data, LoginPassword) and (data.login, data.password) == (
        USER.encode(),
        PASSWORD.encode(),
    )
    # handled=False: let aiosmtpd answer the refusal (535) itself.
    return AuthResult(success=ok, handled=False)


@pytest.fixture
def tls_smtp(start_smtp: StartServer, tls: Tls) -> SmtpServer:
    """A server that accepts mail only after STARTTLS and a login."""
    return start_smtp(
        tls_context=tls.context,
        require_starttls=True,
        authenticator=_authenticate,
        auth_required=True,
        auth_require_tls=True,
    )


def test_starttls_with_a_trusted_certificate_and_login_delivers(
    tls_smtp: SmtpServer, tls: Tls, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SSL_CERT_FILE", str(tls.ca_file))  # the default context trusts it
    settings = smtp_settings(tls_smtp.port, starttls=True, username=USER, password=PASSWORD)

    SmtpSender(settings).send("ana@example.org", "Over TLS", "secret-free body")

    assert tls_smtp.inbox.subjects() == ["Over TLS"]


def test_starttls_verifies_the_certificate(tls_smtp: SmtpServer) -> None:
    # Same server, but its self-signed certificate is not in the default trust store.
    settings = smtp_settings(tls_smtp.port, starttls=True, username=USER, password=PASSWORD)

    with pytest.raises(MailDeliveryError, match="certificate"):
        SmtpSender(settings).send("ana@example.org", "Over TLS", "body")
    assert tls_smtp.inbox.received == []


def test_wrong_password_or_no_starttls_is_a_delivery_error(
    tls_smtp: SmtpServer, tls: Tls, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SSL_CERT_FILE", str(tls.ca_file))
    wrong = smtp_settings(tls_smtp.port, starttls=True, username=USER, password="wrong")
    plain = smtp_settings(tls_smtp.port, starttls=False, username=USER, password=PASSWORD)

    with pytest.raises(MailDeliveryError, match="535"):
        SmtpSender(wrong).send("ana@example.org", "x", "body")
    with pytest.raises(MailDeliveryError):
        SmtpSender(plain).send("ana@example.org", "x", "body")
    assert tls_smtp.inbox.received == []


def test_a_sender_needs_a_host() -> None:
    with pytest.raises(MailDeliveryError, match=r"smtp\.host"):
        SmtpSender(Smtp())


# --- the worker ----------------------------------------------------------------------------


def test_worker_wake_delivers_promptly_and_stop_joins(db: Database, smtp: SmtpServer) -> None:
    queue(db, "ana@example.org", "Before start")
    worker = MailWorker(db, smtp_settings(smtp.port), interval=60)
    worker.start()
    try:
        assert worker.running
        # The first round runs at start; after it the worker sleeps for a minute...
        assert wait_for(lambda: smtp.inbox.subjects() == ["Before start"])
        queue(db, "bo@example.org", "After wake")
        worker.wake()  # ...unless woken.
        assert wait_for(lambda: len(smtp.inbox.received) == 2)
    finally:
        worker.stop()
    assert not worker.running
    assert smtp.inbox.subjects() == ["After wake", "Before start"]
    assert all(r.sent_at is not None for r in rows(db))


def test_worker_without_smtp_host_is_a_no_op(db: Database) -> None:
    worker = MailWorker(db, Smtp(), interval=0.05)
    worker.start()
    queue(db, "ana@example.org", "In-app only")
    worker.wake()
    time.sleep(0.2)
    worker.stop()

    assert not worker.running
    assert worker.sender is None
    row = only_row(db)
    assert (row.sent_at, row.attempts, row.last_error) == (None, 0, None)
    assert not any(t.name == "stockade-mail" for t in threading.enumerate())


def test_worker_survives_a_failing_round(
    db_url: str, smtp: SmtpServer, caplog: pytest.LogCaptureFixture
) -> None:
    database = Database(db_url)  # no tables yet: the first round fails
    worker = MailWorker(database, smtp_settings(smtp.port), interval=60)
    try:
        with caplog.at_level(logging.ERROR, logger="stockade.tenancy.mail"):
            worker.start()
            assert wait_for(lambda: any("round failed" in r.message for r in caplog.records))
        upgrade(database.engine)
        queue(database, "ana@example.org", "After the outage")
        worker.wake()
        assert wait_for(lambda: smtp.inbox.subjects() == ["After the outage"])
        assert worker.running
    finally:
        worker.stop()
        database.dispose()
