"""Deleting old results: personal jobs (and, by cascade, their findings) past the instance's
retention period (``analysis.retention_days``). An organization's jobs follow its own
``scan_retention_days`` instead (:mod:`stockade.tenancy.retention`)."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import delete

from stockade.store import Database
from stockade.store.job_models import FINISHED, Job
from stockade.store.types import utcnow

# Runners (in-process, or every Celery worker) purge this often; the delete is idempotent.
RETENTION_EVERY_SECONDS = 3600.0


def purge(db: Database, retention_days: int) -> int:
    """Remove finished personal jobs older than ``retention_days``; returns how many went."""
    cutoff = utcnow() - timedelta(days=retention_days)
    with db.session() as s:
        ids = list(
            s.scalars(
                Job.__table__.select()
                .with_only_columns(Job.id)
                .where(
                    Job.status.in_(FINISHED),
                    Job.finished_at < cutoff,
                    Job.organization_id.is_(None),
                )
            )
        )
        for start in range(0, len(ids), 500):
            s.execute(delete(Job).where(Job.id.in_(ids[start : start + 500])))
    return len(ids)
