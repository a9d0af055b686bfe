"""LLM enrichment written back onto findings.

Revision ID: 0007_llm
Revises: 0006_webhooks
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from stockade.store.types import UTCDateTime

revision = "0007_llm"
down_revision = "0006_webhooks"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "finding_enrichments",
        sa.Column("finding_id", sa.String(36)),
        sa.Column("explanation", sa.Text(), nullable=False),
        sa.Column("remediation_suggestion", sa.Text(), nullable=False),
        sa.Column("model", sa.String(200)),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("finding_id", name="pk_finding_enrichments"),
        sa.ForeignKeyConstraint(
            ["finding_id"],
            ["findings.id"],
            name="fk_finding_enrichments_finding_id_findings",
            ondelete="CASCADE",
        ),
    )


def downgrade() -> None:
    op.drop_table("finding_enrichments")
