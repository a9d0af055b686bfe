"""Retention: an organization's scans older than ``scan_retention_days`` and audit entries
older than ``audit_retention_days`` (capped by the plan) are deleted.

Run periodically by the server (cheap: one DELETE per organization and kind, on indexed
columns); audit entries of deleted organizations age out after the Free plan's 30 days.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from stockade.core.plans import Plan, limits
from stockade.store.job_models import FINISHED, Job
from stockade.store.tenancy_models import AuditEvent, Organization
from stockade.tenancy.settings import OrgSettings


def purge(session: Session, now: datetime) -> int:
    """Delete what retention no longer keeps; returns how many rows went."""
    removed = 0
    for org in session.scalars(select(Organization)):
        settings = OrgSettings.of(org)
        scans_before = now - timedelta(days=settings.scan_retention_days)
        removed += _count(
            session.execute(
                delete(Job).where(
                    Job.organization_id == org.id,
                    Job.finished_at < scans_before,
                    Job.status.in_(FINISHED),
                )
            )
        )
        days = min(settings.audit_retention_days, limits(org.plan).audit_retention_days)
        removed += _count(
            session.execute(
                delete(AuditEvent).where(
                    AuditEvent.organization_id == org.id,
                    AuditEvent.created_at < now - timedelta(days=days),
                )
            )
        )
    orphan_before = now - timedelta(days=limits(Plan.FREE).audit_retention_days)
    removed += _count(
        session.execute(
            delete(AuditEvent).where(
                AuditEvent.organization_id.not_in(select(Organization.id)),
                AuditEvent.created_at < orphan_before,
            )
        )
    )
    return removed


def _count(result: object) -> int:
    return int(getattr(result, "rowcount", 0) or 0)
