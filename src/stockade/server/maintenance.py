"""Background upkeep, started with the server: the e-mail outbox worker (only when SMTP is
configured), the webhook dispatcher for webhooks and chat messages (in the embedded default;
in scale-out the Celery workers send deliveries), the chat scheduler (due daily summaries
and weekly reports, in every instance), and hourly retention (scans and audit entries past
their organization's retention).

Each API instance runs both; they are safe to run concurrently (mail rows are claimed,
retention deletes are idempotent).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from stockade.jobs.codehost import outbox as codehost_outbox
from stockade.server.context import AppContext
from stockade.server.routes.webhooks import sender_for
from stockade.sso import states as sso_states
from stockade.store.types import utcnow
from stockade.tenancy import retention
from stockade.tenancy.mail import MailWorker
from stockade.webhooks import delivery
from stockade.webhooks.chat import dispatch as chat_dispatch
from stockade.webhooks.chat import schedule as chat_schedule

log = logging.getLogger("stockade.server")
RETENTION_INTERVAL_SECONDS = 3600.0
# Job-runner events are not woken by a request commit: the dispatcher also polls.
DELIVERY_INTERVAL_SECONDS = 1.0
DELIVERY_BATCH = 50
MAIL_INTERVAL_SECONDS = 15.0
CODEHOST_INTERVAL_SECONDS = 1.0


def start(ctx: AppContext) -> Callable[[], None]:
    """Start the mail worker and the retention loop; returns the function that stops both."""
    mail = MailWorker(ctx.db, ctx.settings.smtp, interval=MAIL_INTERVAL_SECONDS)
    mail.start()
    ctx.mail = mail if mail.running else None
    stopping = threading.Event()
    thread = threading.Thread(
        target=_retention_loop, args=(ctx, stopping), name="stockade-retention", daemon=True
    )
    thread.start()
    dispatcher: Loop | None = None
    if ctx.settings.jobs.backend == "celery":
        # Scale-out: workers send deliveries (a Celery task plus a poll); a commit that
        # queued some only rings their doorbell (see stockade.jobs.celery).
        from stockade.jobs.celery import CeleryDispatcher

        if isinstance(ctx.jobs, CeleryDispatcher):
            ctx.deliveries = ctx.jobs
    else:
        dispatcher = Loop("stockade-webhooks", DELIVERY_INTERVAL_SECONDS, _deliveries(ctx))
        dispatcher.start()
        ctx.deliveries = dispatcher

    # Every instance looks for due chat summaries; the unique slot row makes that safe.
    summaries = Loop(
        "stockade-chat-schedule", ctx.settings.chat.schedule_interval_seconds, _chat(ctx)
    )
    summaries.start()
    # Every instance publishes due code-host results; claims keep two from doing one.
    publisher = Loop("stockade-codehost", CODEHOST_INTERVAL_SECONDS, _codehost(ctx))
    publisher.start()

    def stop() -> None:
        stopping.set()
        summaries.stop()
        publisher.stop()
        if dispatcher is not None:
            dispatcher.stop()
        mail.stop()
        thread.join(timeout=10)

    return stop


class Loop:
    """A daemon thread running ``step`` every ``interval`` seconds, at once on :meth:`wake`,
    and again right away while ``step`` reports a full batch (returns True)."""

    def __init__(self, name: str, interval: float, step: Callable[[], bool]) -> None:
        self.interval = interval
        self.step = step
        self._wake = threading.Event()
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)

    def start(self) -> None:
        self._thread.start()

    def wake(self) -> None:
        self._wake.set()

    def stop(self) -> None:
        self._stopping.set()
        self._wake.set()
        self._thread.join(timeout=15)

    def _run(self) -> None:
        while not self._stopping.is_set():
            self._wake.clear()
            try:
                more = self.step()
            except Exception:  # the loop must outlive any one round (a database hiccup)
                log.warning("%s: round failed", self._thread.name, exc_info=True)
                more = False
            if not more:
                self._wake.wait(self.interval)


def _deliveries(ctx: AppContext) -> Callable[[], bool]:
    """One dispatcher round; True when the batch was full (more may be due)."""
    sender = sender_for(ctx)
    schedule = ctx.settings.webhooks.retry_schedule_seconds

    def observe(outcome: delivery.Outcome) -> None:
        ctx.metrics.observe_delivery(outcome.status_code, outcome.duration_ms)

    def observe_chat(outcome: delivery.Outcome) -> None:
        ctx.metrics.observe_chat(outcome.status_code, outcome.duration_ms)

    def step() -> bool:
        sent = delivery.deliver_due(
            ctx.db, sender, ctx.box, schedule, batch=DELIVERY_BATCH, observe=observe
        )
        chat = chat_dispatch.deliver_due(
            ctx.db,
            sender,
            ctx.box,
            schedule,
            public_url=ctx.settings.chat.public_url,
            batch=DELIVERY_BATCH,
            observe=observe_chat,
        )
        return sent >= DELIVERY_BATCH or chat >= DELIVERY_BATCH

    return step


def _chat(ctx: AppContext) -> Callable[[], bool]:
    """One scheduler pass at the context's clock (tests move it): queue the due daily
    summaries and weekly reports, and wake the dispatcher when it queued any."""

    def step() -> bool:
        if chat_schedule.enqueue_due(ctx.db, ctx.clock()) and ctx.deliveries is not None:
            ctx.deliveries.wake()
        return False

    return step


def _codehost(ctx: AppContext) -> Callable[[], bool]:
    """One publication round (``jobs.codehost.outbox``); True when the batch was full."""
    dispatch = codehost_outbox.Dispatch.from_settings(ctx.settings)

    def step() -> bool:
        batch = 10
        return codehost_outbox.publish_due(ctx.db, ctx.box, dispatch, batch=batch) >= batch

    return step


def _retention_loop(ctx: AppContext, stopping: threading.Event) -> None:
    while not stopping.wait(RETENTION_INTERVAL_SECONDS):
        run_retention(ctx)


def run_retention(ctx: AppContext) -> int:
    """One retention pass; failures are logged, never fatal."""
    try:
        with ctx.db.session() as session:
            sso_states.purge(session)  # expired SSO login states and replay keys
            return retention.purge(session, utcnow())
    except Exception:  # a failed pass is retried at the next interval
        log.warning("retention pass failed", exc_info=True)
        return 0
