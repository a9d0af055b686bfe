"""Tables of analysis jobs, their findings and the findings' state history.

The ``jobs`` row is the source of truth for a job's life: runners claim it by taking a lease
(``worker`` + ``lease_until``), renew the lease with heartbeats and write the outcome; a job
whose lease lapsed is claimable again, so a killed worker or server loses nothing. Inline
inputs (an uploaded archive, a ``files`` list) wait in ``payload`` until a runner fetched
them, so scale-out workers on other machines need no shared disk. Both ``payload`` and
``credential`` (a git token) are sealed with the server key (``store.crypto``) and cleared when
the job ends, so a re-queued job still has what it needs and a finished one holds neither.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Index, Integer, LargeBinary, String, Text, text
from sqlalchemy.orm import Mapped, mapped_column

from stockade.store.models import Base
from stockade.store.types import new_id, utcnow

QUEUED, RUNNING, COMPLETED, FAILED, CANCELLED = (
    "queued",
    "running",
    "completed",
    "failed",
    "cancelled",
)
FINISHED = (COMPLETED, FAILED, CANCELLED)
FINDING_STATES = ("open", "resolved", "false_positive", "risk_accepted")
# ix_findings_job_rollup: every finding column the analytics dashboard reads, after job_id.
ROLLUP_COLUMNS = (
    "job_id",
    "created_at",
    "module",
    "severity",
    "state",
    "rule_id",
    "resolved_at",
    "id",
)


class Job(Base):
    __tablename__ = "jobs"
    __table_args__ = (
        Index("ix_jobs_status_created", "status", "created_at"),
        Index("ix_jobs_created_by_created", "created_by", "created_at"),
        Index("ix_jobs_project_key_created", "project_key", "created_at"),
        Index("ix_jobs_org_created", "organization_id", "created_at", "id"),
    )

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_id)
    status: Mapped[str] = mapped_column(String(16), default=QUEUED)
    # SET NULL, not CASCADE: the scans of a removed user stay with their organization.
    created_by: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    organization_id: Mapped[str | None] = mapped_column(String(36), index=True)
    project: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    # Owner scope + project name: jobs sharing it carry finding states forward.
    project_key: Mapped[str | None] = mapped_column(String(300))
    source: Mapped[dict[str, Any]] = mapped_column(JSON)
    payload: Mapped[bytes | None] = mapped_column(LargeBinary)
    # A git token sealed with the server key (store.crypto); cleared when the job ends.
    credential: Mapped[bytes | None] = mapped_column(LargeBinary)
    modules: Mapped[list[str]] = mapped_column(JSON)
    modules_run: Mapped[list[str]] = mapped_column(JSON, default=list)
    # {history, since, verify} as submitted (jobs.options); NULL: the defaults (0012_job_options).
    options: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    worker: Mapped[str | None] = mapped_column(String(200))
    lease_until: Mapped[datetime | None]
    heartbeat_at: Mapped[datetime | None]
    cancel_requested: Mapped[bool] = mapped_column(Boolean, default=False)
    files_total: Mapped[int] = mapped_column(Integer, default=0)
    files_done: Mapped[int] = mapped_column(Integer, default=0)
    summary: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    module_results: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    errors: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    error: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    started_at: Mapped[datetime | None]
    finished_at: Mapped[datetime | None]


class JobFinding(Base):
    """One finding of one job. ``data`` is the report shape (trace and metadata included);
    the columns beside it exist for filtering. A secret's value is never here: secrets
    findings carry only a redacted preview and a hash."""

    __tablename__ = "findings"
    __table_args__ = (
        Index("ix_findings_job_severity", "job_id", "severity_rank"),
        Index("ix_findings_job_rollup", *ROLLUP_COLUMNS),
        # The resolved findings alone (about a quarter): time to resolve reads only these.
        Index(
            "ix_findings_job_resolved",
            "job_id",
            "resolved_at",
            "created_at",
            sqlite_where=text("resolved_at IS NOT NULL"),
            postgresql_where=text("resolved_at IS NOT NULL"),
        ),
        Index("ix_findings_project_fingerprint", "project_key", "fingerprint"),
    )

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_id)
    job_id: Mapped[str] = mapped_column(ForeignKey("jobs.id", ondelete="CASCADE"))
    project_key: Mapped[str | None] = mapped_column(String(300))
    fingerprint: Mapped[str] = mapped_column(String(64))
    module: Mapped[str] = mapped_column(String(32))
    rule_id: Mapped[str] = mapped_column(String(200))
    severity: Mapped[str] = mapped_column(String(16))
    severity_rank: Mapped[int] = mapped_column(Integer)
    # high | medium | low: the API's ``confidence`` filter reads it (0013_finding_confidence).
    confidence: Mapped[str] = mapped_column(String(8), default="medium")
    state: Mapped[str] = mapped_column(String(20), default="open")
    # When a person first set this finding to ``resolved`` (the analytics' time to resolve
    # reads it without visiting the state history); a state carried over from an earlier
    # job of the project leaves it empty: nobody resolved this row.
    resolved_at: Mapped[datetime | None]
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class FindingEvent(Base):
    """Who changed a finding's state, when, from what to what, and why."""

    __tablename__ = "finding_events"
    # A finding's moves to a state, oldest first, read from the index alone (0005_quota).
    __table_args__ = (
        Index("ix_finding_events_state", "finding_id", "to_state", "created_at", "id"),
    )

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_id)
    finding_id: Mapped[str] = mapped_column(
        ForeignKey("findings.id", ondelete="CASCADE"), index=True
    )
    user_id: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    from_state: Mapped[str] = mapped_column(String(20))
    to_state: Mapped[str] = mapped_column(String(20))
    justification: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
