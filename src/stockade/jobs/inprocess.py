"""The embedded runner: threads inside the server process that claim and run jobs.

Each thread loops claim → run → claim; it sleeps on an event that a submission sets, so a new
job starts at once instead of at the next poll. Jobs left running by a server that died are
claimable as soon as their lease lapses, so a restart recovers them without a special step.
The same threads purge results past the retention period once an hour, and remove the work
directories that no live job owns (at start-up, then hourly).
"""

from __future__ import annotations

import logging
import threading
import time

from stockade.config import Settings, resolve_encryption_keys
from stockade.jobs import lease, retention, workdir
from stockade.jobs.runner import JobObserver, lease_for, prewarm, run_claimed
from stockade.store import Database
from stockade.store.crypto import SecretBox

log = logging.getLogger("stockade.jobs")

IDLE_POLL_SECONDS = 2.0


class InProcessRunner:
    def __init__(
        self, db: Database, settings: Settings, observer: JobObserver | None = None
    ) -> None:
        self.db = db
        self.settings = settings
        self.observer = observer
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self._box = SecretBox(resolve_encryption_keys(settings))
        self._next_purge = 0.0

    def start(self) -> None:
        self._sweep_workdirs()
        try:
            prewarm()
        except Exception:  # the first job then starts the fork server itself
            log.warning("could not start the job fork server early", exc_info=True)
        for index in range(self.settings.jobs.max_concurrent):
            thread = threading.Thread(
                target=self._loop, name=f"stockade-runner-{index}", daemon=True
            )
            thread.start()
            self._threads.append(thread)

    def stop(self, timeout: float = 10.0) -> None:
        self._stop.set()
        self._wake.set()
        for thread in self._threads:
            thread.join(timeout)
        self._threads.clear()

    def submitted(self, job_id: str) -> None:
        """A new job is queued (its source and token wait sealed in its row): wake a thread."""
        self._wake.set()

    def _loop(self) -> None:
        worker = lease.worker_name()
        while not self._stop.is_set():
            try:
                self._maybe_purge()
                claimed = lease.claim(self.db, worker, lease_for=lease_for(self.settings))
                if claimed is None:
                    self._wake.wait(IDLE_POLL_SECONDS)
                    self._wake.clear()
                    continue
                run_claimed(
                    self.db,
                    self.settings,
                    claimed,
                    box=self._box,
                    observer=self.observer,
                    stopping=self._stop.is_set,
                )
            except Exception:  # the runner must outlive any one job or database hiccup
                log.exception("job runner iteration failed")
                time.sleep(1.0)

    def _maybe_purge(self) -> None:
        now = time.monotonic()
        if now < self._next_purge:
            return
        self._next_purge = now + retention.RETENTION_EVERY_SECONDS
        removed = retention.purge(self.db, self.settings.analysis.retention_days)
        if removed:
            log.info("retention: removed %d jobs", removed)
        self._sweep_workdirs()

    def _sweep_workdirs(self) -> None:
        """What a killed server left on disk goes now, not when the disk is full."""
        try:
            workdir.sweep(self.db, self.settings.data_dir)
        except Exception:  # a full disk or a database hiccup must not stop the runner
            log.warning("sweeping job work directories failed", exc_info=True)
