"""Monthly token quotas: the append-only ledger, fired alerts, Enterprise budgets; and
for the analytics dashboard, a finding's first resolution time and two covering indexes.

Revision ID: 0005_quota
Revises: 0004_organizations
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from stockade.store.types import UTCDateTime

revision = "0005_quota"
down_revision = "0004_organizations"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "token_ledger",
        sa.Column("id", sa.String(36)),
        sa.Column("scope", sa.String(64), nullable=False),
        sa.Column("period", sa.String(7), nullable=False),
        sa.Column("organization_id", sa.String(36)),
        sa.Column("user_id", sa.String(36)),
        sa.Column("entry", sa.String(8), nullable=False),
        sa.Column("cost_class", sa.String(16), nullable=False),
        sa.Column("amount", sa.Integer(), nullable=False),
        sa.Column("job_id", sa.String(36)),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_token_ledger"),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name="fk_token_ledger_user_id_users", ondelete="SET NULL"
        ),
    )
    op.create_index("ix_token_ledger_scope_period", "token_ledger", ["scope", "period"])
    op.create_index("ix_token_ledger_job", "token_ledger", ["job_id"])
    op.create_table(
        "quota_alerts",
        sa.Column("id", sa.String(36)),
        sa.Column("scope", sa.String(64), nullable=False),
        sa.Column("period", sa.String(7), nullable=False),
        sa.Column("threshold", sa.Integer(), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_quota_alerts"),
        sa.UniqueConstraint("scope", "period", "threshold", name="uq_quota_alerts"),
    )
    with op.batch_alter_table("organizations") as batch:
        batch.add_column(sa.Column("budgets", sa.JSON(), nullable=False, server_default="{}"))
    # A finding's first resolution, denormalised for the dashboard's time to resolve;
    # filled from the state history for findings resolved before this revision.
    with op.batch_alter_table("findings") as batch:
        batch.add_column(sa.Column("resolved_at", UTCDateTime()))
    op.execute(
        "UPDATE findings SET resolved_at = (SELECT MIN(e.created_at) FROM finding_events e "
        "WHERE e.finding_id = findings.id AND e.to_state = 'resolved')"
    )
    # The analytics dashboard reads findings and their state changes from these alone.
    op.create_index(
        "ix_findings_job_rollup",
        "findings",
        ["job_id", "created_at", "module", "severity", "state", "rule_id", "resolved_at", "id"],
    )
    op.create_index(
        "ix_findings_job_resolved",
        "findings",
        ["job_id", "resolved_at", "created_at"],
        sqlite_where=sa.text("resolved_at IS NOT NULL"),
        postgresql_where=sa.text("resolved_at IS NOT NULL"),
    )
    op.create_index(
        "ix_finding_events_state", "finding_events", ["finding_id", "to_state", "created_at", "id"]
    )


def downgrade() -> None:
    op.drop_index("ix_finding_events_state", "finding_events")
    op.drop_index("ix_findings_job_resolved", "findings")
    op.drop_index("ix_findings_job_rollup", "findings")
    with op.batch_alter_table("findings") as batch:
        batch.drop_column("resolved_at")
    with op.batch_alter_table("organizations") as batch:
        batch.drop_column("budgets")
    op.drop_table("quota_alerts")
    op.drop_table("token_ledger")
