"""Job options (secrets history and verification).

Revision ID: 0012_job_options
Revises: 0011_codehost
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012_job_options"
down_revision = "0011_codehost"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # {history, since, verify} as submitted; NULL for every earlier job (the defaults).
    with op.batch_alter_table("jobs") as batch:
        batch.add_column(sa.Column("options", sa.JSON()))


def downgrade() -> None:
    with op.batch_alter_table("jobs") as batch:
        batch.drop_column("options")
