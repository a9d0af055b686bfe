"""E-mail for notifications: a transactional outbox and an SMTP sender that drains it.

Why an outbox: a change (an invitation, a role change) and the e-mail that reports it must not
part ways. :func:`enqueue` writes the mail into the caller's transaction, so a rollback takes the
mail with it and a crash after the commit loses nothing; :func:`deliver_pending` sends later,
outside any transaction, so a slow or unreachable SMTP server never holds database locks.

Delivery is at least once: a row is *claimed* by moving ``next_attempt_at`` forward by a lease
(so a second server instance skips it), sent, then marked. A process that dies between the
SMTP server's acceptance and the mark sends that one mail again when the lease runs out; losing
it would be worse. A failed attempt is retried with growing pauses (:data:`BACKOFF`); after the
last one the row is marked ``failed`` and logged at warning, never dropped silently.

With no SMTP host configured, :class:`MailWorker` does nothing and mails simply wait in the
outbox (the in-app notifications still reach people).

The SMTP settings come in as :class:`SmtpSettings`, a structural type that
``stockade.config.Smtp`` satisfies: the team layer imports only store and core.
"""

from __future__ import annotations

import logging
import smtplib
import ssl
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from email.message import EmailMessage
from email.utils import formatdate, make_msgid, parseaddr
from typing import Protocol

from sqlalchemy import ColumnElement, select, update
from sqlalchemy.orm import Session

from stockade.core.errors import StockadeError
from stockade.store import Database
from stockade.store.tenancy_models import OutboundMail
from stockade.store.types import utcnow
from stockade.tenancy.errors import InvalidInputError

log = logging.getLogger(__name__)

# Pause after the 1st, 2nd, ... failed attempt; the attempt after the last pause is the last.
BACKOFF: tuple[timedelta, ...] = (
    timedelta(minutes=1),
    timedelta(minutes=5),
    timedelta(minutes=30),
    timedelta(hours=2),
    timedelta(hours=6),
)
MAX_ATTEMPTS = len(BACKOFF) + 1
# How long a claimed row is hidden from other senders. Longer than a batch can take to send
# (each mail is bounded by the SMTP timeout), so a live sender's rows are never taken over.
CLAIM_LEASE = timedelta(minutes=15)
# Set in a session's ``info`` by :func:`enqueue`: after the commit, wake the worker.
QUEUED = "stockade.mail_queued"
MAX_SUBJECT = 300  # the column's width
MAX_RECIPIENT = 254  # RFC 5321's path limit, and the column's width
_MAX_ERROR = 2000

# Characters that end a header line somewhere (CR, LF and the other line breaks Python or a
# mail client may honour) or have no business in one: all C0 controls, DEL, NEL, LS and PS.
_LINE_BREAKING = frozenset([*map(chr, range(32)), "\x7f", "\x85", "\u2028", "\u2029"])
# Characters that would turn one recipient into several, or into a display-name form.
_ADDRESS_SPECIALS = frozenset(' ,;<>()[]"\\')


class MailDeliveryError(StockadeError):
    """The SMTP server could not be reached or refused the mail; the outbox retries it."""


class SmtpSettings(Protocol):
    """What the sender reads from the ``smtp`` settings section (``stockade.config.Smtp``)."""

    @property
    def host(self) -> str | None: ...
    @property
    def port(self) -> int: ...
    @property
    def username(self) -> str | None: ...
    @property
    def password(self) -> str | None: ...
    @property
    def from_(self) -> str: ...
    @property
    def starttls(self) -> bool: ...
    @property
    def timeout_seconds(self) -> float: ...


class MailSender(Protocol):
    """Anything that delivers one mail or raises (the outbox retries on any exception)."""

    def send(self, recipient: str, subject: str, body: str) -> None: ...


def _check_header(field: str, value: str) -> None:
    """Refuse a value that could end its header line and start another (header injection)."""
    if any(ch in _LINE_BREAKING for ch in value):
        raise InvalidInputError(
            "mail_header_invalid", f"the e-mail {field} contains a line break or control character"
        )


def _check_recipient(recipient: str) -> None:
    """One bare address (``local@domain``), nothing a header parser could read as more."""
    _check_header("recipient", recipient)
    local, at, domain = recipient.rpartition("@")
    if (
        not at
        or not local
        or not domain
        or len(recipient) > MAX_RECIPIENT
        or any(ch in _ADDRESS_SPECIALS for ch in recipient)
        or parseaddr(recipient)[1] != recipient
    ):
        raise InvalidInputError("mail_recipient_invalid", "the e-mail recipient is not one address")


def enqueue(session: Session, recipient: str, subject: str, body: str) -> None:
    """Queue a mail in the caller's transaction: it is sent only if that transaction commits.

    Raises :class:`~stockade.tenancy.errors.InvalidInputError` for a recipient that is not one
    plain address or a subject with a line break (header injection), before anything is added.
    """
    _check_recipient(recipient)
    _check_header("subject", subject)
    if len(subject) > MAX_SUBJECT:
        raise InvalidInputError("mail_subject_invalid", "the e-mail subject is too long")
    session.add(OutboundMail(recipient=recipient, subject=subject, body=body))
    session.info[QUEUED] = True


class SmtpSender:
    """Sends one mail per SMTP connection with the standard library.

    One connection per mail keeps the failure of one mail from affecting the next and needs no
    idle-connection handling; notification volume is small.
    """

    def __init__(self, settings: SmtpSettings) -> None:
        if not settings.host:
            raise MailDeliveryError("no SMTP host is configured (smtp.host)")
        self.host = settings.host
        self.port = settings.port
        self.username = settings.username
        self.password = settings.password
        self.from_ = settings.from_
        self.starttls = settings.starttls
        self.timeout = settings.timeout_seconds

    def message(self, recipient: str, subject: str, body: str) -> EmailMessage:
        """The message as sent; building it re-checks the headers (a row may predate a check)."""
        _check_recipient(recipient)
        _check_header("subject", subject)
        msg = EmailMessage()
        msg["From"] = self.from_
        msg["To"] = recipient
        msg["Subject"] = subject
        msg["Date"] = formatdate(usegmt=True)
        # An explicit domain: make_msgid's default asks DNS for this host's name.
        domain = parseaddr(self.from_)[1].rpartition("@")[2] or "localhost"
        msg["Message-ID"] = make_msgid(domain=domain)
        msg.set_content(body)
        return msg

    def send(self, recipient: str, subject: str, body: str) -> None:
        """Deliver one mail; :class:`MailDeliveryError` when that is not possible now."""
        try:
            msg = self.message(recipient, subject, body)
        except InvalidInputError as exc:
            raise MailDeliveryError(str(exc)) from exc
        try:
            with smtplib.SMTP(self.host, self.port, timeout=self.timeout) as smtp:
                if self.starttls:
                    # A verifying context: without it STARTTLS hides the password from
                    # eavesdroppers but not from whoever answers in the server's place.
                    smtp.starttls(context=ssl.create_default_context())
                if self.username:
                    smtp.login(self.username, self.password or "")
                # The envelope recipient is given, not re-parsed out of the To header.
                smtp.send_message(msg, to_addrs=[recipient])
        except (OSError, UnicodeError) as exc:  # smtplib and ssl errors are OSErrors
            raise MailDeliveryError(
                f"SMTP delivery via {self.host}:{self.port} failed: {exc}"
            ) from exc


@dataclass(frozen=True)
class _Claimed:
    """A claimed row's content, read in the claim's transaction and sent after it."""

    id: str
    recipient: str
    subject: str
    body: str
    attempts: int


def _claim(db: Database, now: datetime, batch: int) -> list[_Claimed]:
    """Take up to ``batch`` due rows by pushing their ``next_attempt_at`` past the lease.

    On PostgreSQL ``FOR UPDATE SKIP LOCKED`` makes a concurrent claimer pass over rows this one
    holds instead of taking them too; SQLite has no row locks (the clause is not rendered) but
    serialises the whole transaction (``BEGIN IMMEDIATE``), so the second claimer sees the
    moved ``next_attempt_at`` and skips the rows.
    """
    stmt = (
        select(OutboundMail)
        .where(
            OutboundMail.sent_at.is_(None),
            OutboundMail.failed.is_(False),
            OutboundMail.next_attempt_at <= now,
        )
        .order_by(OutboundMail.next_attempt_at, OutboundMail.id)
        .limit(batch)
        .with_for_update(skip_locked=True)
    )
    with db.session() as session:
        rows = session.scalars(stmt).all()
        for row in rows:
            row.next_attempt_at = now + CLAIM_LEASE
        return [_Claimed(r.id, r.recipient, r.subject, r.body, r.attempts) for r in rows]


def _still_ours(mail: _Claimed) -> tuple[ColumnElement[bool], ...]:
    """The conditions under which a result may be written: unsent and not re-attempted since
    (a sender whose lease ran out must not overwrite the newer claimer's outcome)."""
    return (
        OutboundMail.id == mail.id,
        OutboundMail.sent_at.is_(None),
        OutboundMail.attempts == mail.attempts,
    )


def _mark_sent(db: Database, mail: _Claimed, now: datetime) -> None:
    with db.session() as session:
        session.execute(
            update(OutboundMail)
            .where(*_still_ours(mail))
            .values(sent_at=now, attempts=mail.attempts + 1, last_error=None)
        )


def _mark_failed_attempt(db: Database, mail: _Claimed, error: str, now: datetime) -> None:
    """Record the error and schedule the next attempt, or give up after the last one."""
    attempts = mail.attempts + 1
    values: dict[str, object] = {"attempts": attempts, "last_error": error[:_MAX_ERROR]}
    if attempts >= MAX_ATTEMPTS:
        values["failed"] = True
        log.warning(
            "e-mail %s to %s abandoned after %d attempts: %s",
            mail.id,
            mail.recipient,
            attempts,
            error,
        )
    else:
        values["next_attempt_at"] = now + BACKOFF[attempts - 1]
        log.info("e-mail %s: attempt %d failed, will retry: %s", mail.id, attempts, error)
    with db.session() as session:
        session.execute(update(OutboundMail).where(*_still_ours(mail)).values(values))


def _send_one(sender: MailSender, mail: _Claimed) -> str | None:
    """None when sent, else the error text. Any exception counts as a failed attempt, so a
    faulty sender cannot leave a row to be re-claimed forever without its attempts counted."""
    try:
        sender.send(mail.recipient, mail.subject, mail.body)
    except MailDeliveryError as exc:
        return str(exc)
    except Exception as exc:
        log.exception("e-mail %s: unexpected error from the mail sender", mail.id)
        return f"{type(exc).__name__}: {exc}"
    return None


def deliver_pending(
    db: Database, sender: MailSender, *, now: datetime | None = None, batch: int = 50
) -> int:
    """Send up to ``batch`` due mails; returns how many the SMTP server accepted.

    ``now`` pins the clock (tests, catch-up runs); by default each step reads the time anew.
    """
    clock: Callable[[], datetime] = (lambda: now) if now is not None else utcnow
    sent = 0
    for mail in _claim(db, clock(), batch):
        error = _send_one(sender, mail)
        if error is None:
            _mark_sent(db, mail, clock())
            sent += 1
        else:
            _mark_failed_attempt(db, mail, error, clock())
    return sent


class MailWorker:
    """A daemon thread that drains the outbox every ``interval`` seconds and on :meth:`wake`.

    Call :meth:`wake` after committing a transaction that queued mail, for prompt delivery;
    the interval catches retries and anything queued by another process. Without an SMTP host
    the worker starts no thread at all.
    """

    def __init__(
        self, db: Database, smtp: SmtpSettings, *, interval: float = 30.0, batch: int = 50
    ) -> None:
        self.db = db
        self.interval = interval
        self.batch = batch
        self.sender: SmtpSender | None = SmtpSender(smtp) if smtp.host else None
        self._join_timeout = smtp.timeout_seconds + 5
        self._wake = threading.Event()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> None:
        """Start the thread (no-op without an SMTP host, or when already running)."""
        if self.sender is None or self.running:
            return
        self._stopping.clear()
        self._thread = threading.Thread(
            target=self._loop, args=(self.sender,), name="stockade-mail", daemon=True
        )
        self._thread.start()

    def wake(self) -> None:
        """Ask for a delivery round now rather than at the next interval."""
        self._wake.set()

    def stop(self) -> None:
        """Stop and join the thread; a send in progress finishes first (bounded by the SMTP
        timeout), its mail stays claimed and is marked."""
        thread, self._thread = self._thread, None
        if thread is None:
            return
        self._stopping.set()
        self._wake.set()
        thread.join(self._join_timeout)

    def _loop(self, sender: MailSender) -> None:
        while not self._stopping.is_set():
            self._round(sender)
            self._wake.wait(self.interval)
            self._wake.clear()

    def _round(self, sender: MailSender) -> None:
        """Deliver until a batch comes back short; never lets an exception end the thread."""
        try:
            while not self._stopping.is_set():
                if deliver_pending(self.db, sender, batch=self.batch) < self.batch:
                    return
        except Exception:
            log.exception("e-mail delivery round failed; retrying at the next interval")
