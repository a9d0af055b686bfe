"""Analysis jobs, their findings and the findings' state history.

Revision ID: 0002_jobs
Revises: 0001_accounts
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from stockade.store.types import UTCDateTime

revision = "0002_jobs"
down_revision = "0001_accounts"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "jobs",
        sa.Column("id", sa.String(36)),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_by", sa.String(36)),
        sa.Column("organization_id", sa.String(36)),
        sa.Column("project", sa.JSON()),
        sa.Column("project_key", sa.String(300)),
        sa.Column("source", sa.JSON(), nullable=False),
        sa.Column("payload", sa.LargeBinary()),
        sa.Column("modules", sa.JSON(), nullable=False),
        sa.Column("modules_run", sa.JSON(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("worker", sa.String(200)),
        sa.Column("lease_until", UTCDateTime()),
        sa.Column("heartbeat_at", UTCDateTime()),
        sa.Column("cancel_requested", sa.Boolean(), nullable=False),
        sa.Column("files_total", sa.Integer(), nullable=False),
        sa.Column("files_done", sa.Integer(), nullable=False),
        sa.Column("summary", sa.JSON()),
        sa.Column("module_results", sa.JSON(), nullable=False),
        sa.Column("errors", sa.JSON(), nullable=False),
        sa.Column("error", sa.Text()),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("started_at", UTCDateTime()),
        sa.Column("finished_at", UTCDateTime()),
        sa.PrimaryKeyConstraint("id", name="pk_jobs"),
        sa.ForeignKeyConstraint(
            ["created_by"], ["users.id"], name="fk_jobs_created_by_users", ondelete="SET NULL"
        ),
    )
    op.create_index("ix_jobs_organization_id", "jobs", ["organization_id"])
    op.create_index("ix_jobs_status_created", "jobs", ["status", "created_at"])
    op.create_index("ix_jobs_created_by_created", "jobs", ["created_by", "created_at"])
    op.create_index("ix_jobs_project_key_created", "jobs", ["project_key", "created_at"])
    op.create_table(
        "findings",
        sa.Column("id", sa.String(36)),
        sa.Column("job_id", sa.String(36), nullable=False),
        sa.Column("project_key", sa.String(300)),
        sa.Column("fingerprint", sa.String(64), nullable=False),
        sa.Column("module", sa.String(32), nullable=False),
        sa.Column("rule_id", sa.String(200), nullable=False),
        sa.Column("severity", sa.String(16), nullable=False),
        sa.Column("severity_rank", sa.Integer(), nullable=False),
        sa.Column("state", sa.String(20), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_findings"),
        sa.ForeignKeyConstraint(
            ["job_id"], ["jobs.id"], name="fk_findings_job_id_jobs", ondelete="CASCADE"
        ),
    )
    op.create_index("ix_findings_job_severity", "findings", ["job_id", "severity_rank"])
    op.create_index("ix_findings_project_fingerprint", "findings", ["project_key", "fingerprint"])
    op.create_table(
        "finding_events",
        sa.Column("id", sa.String(36)),
        sa.Column("finding_id", sa.String(36), nullable=False),
        sa.Column("user_id", sa.String(36)),
        sa.Column("from_state", sa.String(20), nullable=False),
        sa.Column("to_state", sa.String(20), nullable=False),
        sa.Column("justification", sa.Text()),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_finding_events"),
        sa.ForeignKeyConstraint(
            ["finding_id"],
            ["findings.id"],
            name="fk_finding_events_finding_id_findings",
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name="fk_finding_events_user_id_users", ondelete="SET NULL"
        ),
    )
    op.create_index("ix_finding_events_finding_id", "finding_events", ["finding_id"])


def downgrade() -> None:
    op.drop_table("finding_events")
    op.drop_table("findings")
    op.drop_table("jobs")
