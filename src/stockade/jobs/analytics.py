"""Dashboards and usage over an organization's or a user's jobs, findings and tokens.

Everything is a SQL aggregate (``COUNT``/``SUM``/``AVG`` ``GROUP BY``) over indexed columns;
no query loads finding rows into Python, so a dashboard over 100,000 findings costs a few
aggregate scans. Day buckets and time differences are spelled per dialect (SQLite stores UTC
timestamps as text, PostgreSQL as ``timestamptz``); days are UTC days.

A *scope* is either an organization (its jobs, its token pool) or a user's personal space
(jobs outside organizations, the personal allowance).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, and_, func, select
from sqlalchemy.orm import Session

from stockade.quota.periods import period_of
from stockade.store.job_models import FindingEvent, Job, JobFinding
from stockade.store.quota_models import LedgerEntry
from stockade.store.tenancy_models import Membership

RECENT_JOBS = 10
TOP_RULES = 10
SEVERITIES = ("critical", "high", "medium", "low", "info")


@dataclass(frozen=True)
class Window:
    """Which jobs and tokens a report covers: an organization's or a user's, in [start, end)."""

    organization_id: str | None
    user_id: str
    start: datetime
    end: datetime

    def jobs(self) -> ColumnElement[bool]:
        owner = (
            Job.organization_id == self.organization_id
            if self.organization_id
            else and_(Job.organization_id.is_(None), Job.created_by == self.user_id)
        )
        return and_(owner, Job.created_at >= self.start, Job.created_at < self.end)

    @property
    def scope(self) -> str:
        return f"org:{self.organization_id}" if self.organization_id else f"user:{self.user_id}"


def _day(session: Session, column: Any) -> Any:
    """The UTC day of a timestamp column as ``YYYY-MM-DD`` text."""
    if session.get_bind().dialect.name == "postgresql":
        return func.to_char(func.timezone("UTC", column), "YYYY-MM-DD")
    return func.strftime("%Y-%m-%d", column)


def _seconds_between(session: Session, later: Any, earlier: Any) -> Any:
    if session.get_bind().dialect.name == "postgresql":
        return func.extract("epoch", later - earlier)
    return (func.julianday(later) - func.julianday(earlier)) * 86400.0


def dashboard(session: Session, window: Window) -> dict[str, Any]:
    """Recent jobs, findings by severity and module, daily trend, top rules, mean time to
    resolve, and open vs resolved."""
    return {
        "from": window.start,
        "to": window.end,
        "jobs": _job_counts(session, window),
        "recent_jobs": _recent_jobs(session, window),
        "findings_by_severity": _grouped(session, window, JobFinding.severity, SEVERITIES),
        "findings_by_module": _grouped(session, window, JobFinding.module, ()),
        "findings_by_state": _grouped(session, window, JobFinding.state, ()),
        "daily": _daily(session, window),
        "top_rules": _top_rules(session, window),
        "mean_time_to_resolve_hours": _mttr_hours(session, window),
    }


def _job_counts(session: Session, window: Window) -> dict[str, int]:
    query = select(Job.status, func.count()).where(window.jobs()).group_by(Job.status)
    counts = {status: int(n) for status, n in session.execute(query)}
    return {"total": sum(counts.values()), **counts}


def _recent_jobs(session: Session, window: Window) -> list[dict[str, Any]]:
    query = (
        select(Job.id, Job.status, Job.project, Job.created_by, Job.created_at, Job.summary)
        .where(window.jobs())
        .order_by(Job.created_at.desc(), Job.id.desc())
        .limit(RECENT_JOBS)
    )
    return [
        {
            "job_id": job_id,
            "status": status,
            "project": (project or {}).get("name") if isinstance(project, dict) else None,
            "created_by": created_by,
            "created_at": created_at,
            "total_findings": int((summary or {}).get("total_findings", 0)),
        }
        for job_id, status, project, created_by, created_at, summary in session.execute(query)
    ]


def _grouped(
    session: Session, window: Window, column: Any, always: tuple[str, ...]
) -> dict[str, int]:
    query = (
        select(column, func.count())
        .select_from(JobFinding)
        .join(Job, Job.id == JobFinding.job_id)
        .where(window.jobs())
        .group_by(column)
    )
    counts = dict.fromkeys(always, 0)
    counts.update({str(name): int(n) for name, n in session.execute(query)})
    return counts


def _daily(session: Session, window: Window) -> list[dict[str, Any]]:
    """Per UTC day: jobs, findings by severity, and findings resolved that day."""
    jday = _day(session, Job.created_at)
    jobs: dict[str, int] = {
        str(d): int(n)
        for d, n in session.execute(select(jday, func.count()).where(window.jobs()).group_by(jday))
    }
    fday = _day(session, JobFinding.created_at)
    found: dict[str, dict[str, int]] = {}
    query = (
        select(fday, JobFinding.severity, func.count())
        .join(Job, Job.id == JobFinding.job_id)
        .where(window.jobs())
        .group_by(fday, JobFinding.severity)
    )
    for day, severity, n in session.execute(query):
        found.setdefault(str(day), {})[str(severity)] = int(n)
    eday = _day(session, FindingEvent.created_at)
    resolved: dict[str, int] = {
        str(d): int(n)
        for d, n in session.execute(
            select(eday, func.count())
            .join(JobFinding, JobFinding.id == FindingEvent.finding_id)
            .join(Job, Job.id == JobFinding.job_id)
            .where(window.jobs(), FindingEvent.to_state == "resolved")
            .group_by(eday)
        )
    }
    days = sorted({*jobs, *found, *resolved})
    return [
        {
            "date": day,
            "jobs": jobs.get(day, 0),
            "findings": sum(found.get(day, {}).values()),
            **{s: found.get(day, {}).get(s, 0) for s in SEVERITIES},
            "resolved": resolved.get(day, 0),
        }
        for day in days
    ]


def _top_rules(session: Session, window: Window) -> list[dict[str, Any]]:
    n = func.count().label("n")
    query = (
        select(JobFinding.rule_id, JobFinding.module, n)
        .join(Job, Job.id == JobFinding.job_id)
        .where(window.jobs())
        .group_by(JobFinding.rule_id, JobFinding.module)
        .order_by(n.desc(), JobFinding.rule_id)
        .limit(TOP_RULES)
    )
    return [
        {"rule_id": rule, "module": module, "count": int(count)}
        for rule, module, count in session.execute(query)
    ]


def _mttr_hours(session: Session, window: Window) -> float | None:
    """Mean time from a finding being stored to its first move to ``resolved``."""
    first = (
        select(
            FindingEvent.finding_id.label("finding_id"),
            func.min(FindingEvent.created_at).label("resolved_at"),
        )
        .where(FindingEvent.to_state == "resolved")
        .group_by(FindingEvent.finding_id)
        .subquery()
    )
    query = (
        select(func.avg(_seconds_between(session, first.c.resolved_at, JobFinding.created_at)))
        .select_from(JobFinding)
        .join(first, first.c.finding_id == JobFinding.id)
        .join(Job, Job.id == JobFinding.job_id)
        .where(window.jobs())
    )
    seconds = session.scalar(query)
    return None if seconds is None else round(float(seconds) / 3600.0, 2)


def usage(session: Session, window: Window) -> dict[str, Any]:
    """Tokens by day, by cost class and by member, and jobs by status, for the window."""
    ledger_in = and_(
        LedgerEntry.scope == window.scope,
        LedgerEntry.created_at >= window.start,
        LedgerEntry.created_at < window.end,
    )
    lday = _day(session, LedgerEntry.created_at)
    by_day = session.execute(
        select(lday, func.sum(LedgerEntry.amount)).where(ledger_in).group_by(lday).order_by(lday)
    ).all()
    by_class = session.execute(
        select(LedgerEntry.cost_class, func.sum(LedgerEntry.amount))
        .where(ledger_in)
        .group_by(LedgerEntry.cost_class)
    ).all()
    by_member = session.execute(
        select(LedgerEntry.user_id, func.sum(LedgerEntry.amount))
        .where(ledger_in)
        .group_by(LedgerEntry.user_id)
    ).all()
    emails: dict[str | None, str] = {}
    if window.organization_id:
        emails = dict(
            session.execute(
                select(Membership.user_id, Membership.email).where(
                    Membership.organization_id == window.organization_id
                )
            ).all()
        )
    total = sum(int(n or 0) for _, n in by_class)
    return {
        "from": window.start,
        "to": window.end,
        "period": period_of(window.end),
        "tokens_used": total,
        "tokens_by_day": [{"date": str(d), "tokens": int(n or 0)} for d, n in by_day],
        "tokens_by_class": {str(c): int(n or 0) for c, n in by_class},
        "tokens_by_member": sorted(
            ({"user_id": u, "email": emails.get(u), "tokens": int(n or 0)} for u, n in by_member),
            key=lambda m: -int(m["tokens"]),
        ),
        "jobs": _job_counts(session, window),
    }
