"""Background upkeep of the team layer, started with the server: the e-mail outbox worker
(only when SMTP is configured) and hourly retention (scans and audit entries past their
organization's retention).

Each API instance runs both; they are safe to run concurrently (mail rows are claimed,
retention deletes are idempotent).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from stockade.server.context import AppContext
from stockade.store.types import utcnow
from stockade.tenancy import retention
from stockade.tenancy.mail import MailWorker

log = logging.getLogger("stockade.server")
RETENTION_INTERVAL_SECONDS = 3600.0
MAIL_INTERVAL_SECONDS = 15.0


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

    def stop() -> None:
        stopping.set()
        mail.stop()
        thread.join(timeout=10)

    return stop


def _retention_loop(ctx: AppContext, stopping: threading.Event) -> None:
    while not stopping.wait(RETENTION_INTERVAL_SECONDS):
        run_retention(ctx)


def run_retention(ctx: AppContext) -> int:
    """One retention pass; failures are logged, never fatal."""
    try:
        with ctx.db.session() as session:
            return retention.purge(session, utcnow())
    except Exception:  # a failed pass is retried at the next interval
        log.warning("retention pass failed", exc_info=True)
        return 0
