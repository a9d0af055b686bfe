"""What a daily summary or weekly report says: SQL aggregates over the organization's jobs
created in the window ``[start, end)``.

- scans by outcome;
- findings by severity and the top rules, each distinct (project, fingerprint) counted once,
  so a project scanned ten times a day does not count its findings ten times;
- *new*: distinct findings first seen in the window (no earlier job of the organization had
  the fingerprint in that project);
- *resolved*: findings a person resolved in the window (``resolved_at``), whatever job they
  came from.

Four aggregate statements; no finding row is loaded into Python.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from stockade.store.job_models import COMPLETED, FAILED, Job, JobFinding

TOP_RULES = 5


def summarize(
    session: Session, organization_id: str, start: datetime, end: datetime
) -> dict[str, Any]:
    in_window = (
        Job.organization_id == organization_id,
        Job.created_at >= start,
        Job.created_at < end,
    )
    by_status: dict[str, int] = dict(
        session.execute(
            select(Job.status, func.count()).where(*in_window).group_by(Job.status)
        ).all()
    )
    distinct = (
        select(
            JobFinding.project_key, JobFinding.fingerprint, JobFinding.severity, JobFinding.rule_id
        )
        .join(Job, Job.id == JobFinding.job_id)
        .where(*in_window)
        .distinct()
        .subquery()
    )
    severities: dict[str, int] = dict(
        session.execute(
            select(distinct.c.severity, func.count()).group_by(distinct.c.severity)
        ).all()
    )
    rules = session.execute(
        select(distinct.c.rule_id, func.count().label("n"))
        .group_by(distinct.c.rule_id)
        .order_by(func.count().desc(), distinct.c.rule_id)
        .limit(TOP_RULES)
    ).all()
    first_seen = (
        select(JobFinding.project_key, JobFinding.fingerprint)
        .join(Job, Job.id == JobFinding.job_id)
        .where(Job.organization_id == organization_id, Job.created_at < end)
        .group_by(JobFinding.project_key, JobFinding.fingerprint)
        .having(func.min(Job.created_at) >= start)
        .subquery()
    )
    new = session.scalar(select(func.count()).select_from(first_seen)) or 0
    resolved = (
        session.scalar(
            select(func.count())
            .select_from(JobFinding)
            .join(Job, Job.id == JobFinding.job_id)
            .where(
                Job.organization_id == organization_id,
                JobFinding.resolved_at >= start,
                JobFinding.resolved_at < end,
            )
        )
        or 0
    )
    return {
        "jobs": {
            "total": int(sum(by_status.values())),
            "completed": int(by_status.get(COMPLETED, 0)),
            "failed": int(by_status.get(FAILED, 0)),
        },
        "severities": {str(k): int(v) for k, v in severities.items()},
        "top_rules": [{"rule_id": str(r), "count": int(n)} for r, n in rules],
        "new": int(new),
        "resolved": int(resolved),
    }
