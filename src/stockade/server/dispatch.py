"""Connects the API to the configured job backend and to the job metrics.

``inprocess`` (the embedded default) runs jobs in threads of this server process; ``celery``
sends each new job id to the broker for ``stockade worker`` processes. Either way the
database stays the source of truth, so both can recover whatever a crash interrupted.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from sqlalchemy import func, select

from stockade.jobs.inprocess import InProcessRunner
from stockade.server.context import AppContext
from stockade.server.metrics import Metrics
from stockade.store import Database
from stockade.store.job_models import Job


def start(ctx: AppContext) -> Callable[[], None]:
    """Start the backend of ``jobs.backend``; returns the function that stops it."""
    if ctx.settings.jobs.backend == "celery":
        from stockade.jobs.celery import CeleryDispatcher

        dispatcher = CeleryDispatcher(ctx.settings)
        ctx.jobs = dispatcher
        return dispatcher.close
    runner = InProcessRunner(ctx.db, ctx.settings, observer=observer(ctx.metrics))
    ctx.jobs = runner
    runner.start()
    return runner.stop


def observer(metrics: Metrics) -> Callable[[str, float, list[dict[str, Any]], bool], None]:
    def observe(status: str, seconds: float, modules: list[dict[str, Any]], source: bool) -> None:
        metrics.jobs_finished.labels(status).inc()
        metrics.job_duration.observe(seconds)
        for module in modules:
            metrics.module_duration.labels(str(module["module"])).observe(
                int(module.get("duration_ms", 0)) / 1000
            )
        if source:
            metrics.source_failures.inc()

    return observe


def job_counts(db: Database) -> Mapping[str, int]:
    with db.session() as s:
        rows = s.execute(select(Job.status, func.count()).group_by(Job.status)).all()
    return {str(status): int(count) for status, count in rows}
