"""Findings get a ``confidence`` column, filled from their stored JSON, so the findings API
can filter on it in SQL instead of reading every row.

Revision ID: 0013_finding_confidence
Revises: 0012_job_options
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013_finding_confidence"
down_revision = "0012_job_options"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("findings") as batch:
        batch.add_column(
            sa.Column("confidence", sa.String(8), nullable=False, server_default="medium")
        )
    # The JSON column is ``json`` on PostgreSQL and text on SQLite: one expression each.
    if op.get_bind().dialect.name == "postgresql":
        value = "data->>'confidence'"
    else:
        value = "json_extract(data, '$.confidence')"
    op.execute(
        f"UPDATE findings SET confidence = {value} "  # noqa: S608 - a constant expression
        f"WHERE {value} IN ('high', 'medium', 'low')"
    )


def downgrade() -> None:
    with op.batch_alter_table("findings") as batch:
        batch.drop_column("confidence")
