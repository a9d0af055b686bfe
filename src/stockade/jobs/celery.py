"""Scale-out: Celery carries job ids from the API to ``stockade worker`` processes.

Celery is only the doorbell; the ``jobs`` table stays the source of truth. Messages are
acknowledged after the task ran (``task_acks_late``) and given back when a worker dies
(``task_reject_on_worker_lost``), one at a time (prefetch 1). A redelivered or duplicate
message claims the same lease as the in-process runner, so it is a no-op while another
worker holds the job. Each worker also sweeps for jobs whose lease lapsed without a
message left to deliver them (the broker acknowledged it before the worker died) and
queues them again, and removes the work directories no live job owns (at start-up and
hourly; see :mod:`stockade.jobs.workdir`).

In scale-out the workers, not the API instances, send webhook deliveries: the task
:data:`DELIVER_TASK` runs dispatcher rounds (the API sends it after a commit that queued
deliveries, a worker after a job whose events did), and a poll in every worker picks up
retries as they fall due. Rounds claim deliveries with ``SKIP LOCKED``, so any number of
workers share the outbox without sending one delivery twice.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from celery import Celery
from celery.signals import worker_ready, worker_shutdown
from sqlalchemy import select, update

from stockade.config import Settings, resolve_encryption_keys
from stockade.core.errors import ConfigError
from stockade.jobs import lease, retention, workdir
from stockade.jobs.runner import lease_for, prewarm, run_claimed
from stockade.store import Database
from stockade.store.crypto import SecretBox
from stockade.store.job_models import QUEUED, RUNNING, Job
from stockade.store.types import utcnow
from stockade.webhooks import delivery
from stockade.webhooks.chat import dispatch as chat_dispatch
from stockade.webhooks.chat import schedule as chat_schedule
from stockade.webhooks.sender import HttpxSender

log = logging.getLogger("stockade.jobs")

TASK = "stockade.run_job"
DELIVER_TASK = "stockade.deliver_webhooks"
CHAT_SCHEDULE_TASK = "stockade.chat_summaries"
SWEEP_SECONDS = 15.0
# How often each worker looks for deliveries whose retry fell due (the schedule's shortest
# step is ten seconds, so two seconds of lateness is noise).
DELIVERY_POLL_SECONDS = 2.0
DELIVERY_BATCH = 50


def make_app(settings: Settings) -> Celery:
    broker = settings.jobs.broker_url or settings.redis.url
    if not broker:
        raise ConfigError('jobs.backend = "celery" needs jobs.broker_url (or redis.url)')
    app = Celery("stockade", broker=broker, set_as_current=False)
    app.conf.update(
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        task_ignore_result=True,
        task_default_queue=settings.jobs.queue,
        task_serializer="json",
        accept_content=["json"],
        broker_connection_retry_on_startup=True,
        # Redis redelivers an unacknowledged message after this long; a lapsed lease is
        # also swept by the workers, so this only bounds the slowest path.
        broker_transport_options={"visibility_timeout": max(60, settings.jobs.timeout_seconds)},
        worker_hijack_root_logger=False,
    )
    return app


class CeleryDispatcher:
    """The API side: queue a message per submitted job."""

    def __init__(self, settings: Settings) -> None:
        self.app = make_app(settings)

    def submitted(self, job_id: str) -> None:
        # Only the id travels: the source and git token wait sealed in the job's row, so a
        # message lost with its worker loses nothing.
        self.app.send_task(TASK, args=[job_id])

    def wake(self) -> None:
        """Deliveries were queued by a request: ask a worker for a dispatcher round."""
        self.app.send_task(DELIVER_TASK)

    def close(self) -> None:
        self.app.close()


def worker_app(settings: Settings) -> Celery:
    """The worker side: the task that claims and runs a job, plus the lease sweeper."""
    app = make_app(settings)
    db = Database(settings.database_url)
    worker = lease.worker_name()
    stop = threading.Event()
    box = SecretBox(resolve_encryption_keys(settings))
    deliver = deliveries(db, settings, box)

    @app.task(name=TASK)  # type: ignore[untyped-decorator]
    def run_job(job_id: str) -> str | None:
        claimed = lease.claim(db, worker, job_id, lease_for(settings))
        if claimed is None:
            log.info("job %s: not claimable (held elsewhere or finished); skipping", job_id)
            return None
        status = run_claimed(db, settings, claimed, box=box)
        # scan.started/completed and finding.created were queued with the job's changes.
        app.send_task(DELIVER_TASK)
        return status

    @app.task(name=DELIVER_TASK)  # type: ignore[untyped-decorator]
    def deliver_webhooks() -> int:
        return deliver()

    @app.task(name=CHAT_SCHEDULE_TASK)  # type: ignore[untyped-decorator]
    def chat_summaries() -> int:
        """For a Celery beat entry; API instances also run this pass (see
        stockade.webhooks.chat.schedule: a slot is queued once however many run it)."""
        queued = chat_schedule.enqueue_due(db)
        if queued:
            deliver()
        return queued

    def poll_deliveries() -> None:
        while not stop.wait(DELIVERY_POLL_SECONDS):
            try:
                deliver()
            except Exception:
                log.warning("webhook delivery round failed", exc_info=True)

    # Look for lapsed leases twice per lease, but no more than every second.
    sweep_every = min(SWEEP_SECONDS, max(1.0, settings.jobs.lease_seconds / 2))

    def sweep() -> None:
        next_purge = 0.0
        while not stop.wait(sweep_every):
            try:
                for job_id in lapsed(db):
                    app.send_task(TASK, args=[job_id])
                if time.monotonic() >= next_purge:
                    # Every worker purges; the delete is idempotent, so no leader is needed.
                    next_purge = time.monotonic() + retention.RETENTION_EVERY_SECONDS
                    retention.purge(db, settings.analysis.retention_days)
                    workdir.sweep(db, settings.data_dir)
            except Exception:
                log.warning("lease sweep failed", exc_info=True)

    @worker_ready.connect(weak=False)  # type: ignore[untyped-decorator]
    def _start_sweeper(**_: Any) -> None:
        try:
            workdir.sweep(db, settings.data_dir)  # what a killed worker left behind
        except Exception:
            log.warning("sweeping job work directories failed", exc_info=True)
        prewarm()
        threading.Thread(target=sweep, name="stockade-sweeper", daemon=True).start()
        threading.Thread(target=poll_deliveries, name="stockade-webhooks", daemon=True).start()

    @worker_shutdown.connect(weak=False)  # type: ignore[untyped-decorator]
    def _stop_sweeper(**_: Any) -> None:
        stop.set()
        db.dispose()

    return app


def deliveries(db: Database, settings: Settings, box: SecretBox) -> Callable[[], int]:
    """Dispatcher rounds until a round comes back short (nothing more is due, or some
    attempts failed and wait for their retry); returns how many were delivered."""
    hooks = settings.webhooks
    sender = HttpxSender(
        list(settings.server.allow_private_targets),
        timeout=hooks.timeout_seconds,
        ca_file=hooks.ca_file,
    )

    def rounds() -> int:
        total = 0
        while True:
            sent = delivery.deliver_due(
                db, sender, box, hooks.retry_schedule_seconds, batch=DELIVERY_BATCH
            )
            total += sent
            if sent < DELIVERY_BATCH:
                break
        # Chat messages: the same outbox protocol, sender and retry schedule.
        while (
            chat_dispatch.deliver_due(
                db,
                sender,
                box,
                hooks.retry_schedule_seconds,
                public_url=settings.chat.public_url,
                batch=DELIVERY_BATCH,
            )
            >= DELIVERY_BATCH
        ):
            pass
        return total

    return rounds


def lapsed(db: Database) -> list[str]:
    """Running jobs whose lease expired: their worker died; hand them to the queue again."""
    now = utcnow()
    with db.session() as s:
        ids = list(s.scalars(select(Job.id).where(Job.status == RUNNING, Job.lease_until < now)))
        for job_id in ids:
            s.execute(
                update(Job)
                .where(Job.id == job_id, Job.status == RUNNING, Job.lease_until < now)
                .values(status=QUEUED, worker=None, lease_until=None)
            )
    return ids
