"""Job options (secrets history and verification).

Revision ID: 0012_job_options
Revises: 0011_codehost
"""

from __future__ import annotations

revision = "0012_job_options"
down_revision = "0011_codehost"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
