"""Code-host integration: settings and published review comments.

Revision ID: 0011_codehost
Revises: 0010_chat
"""

from __future__ import annotations

revision = "0011_codehost"
down_revision = "0010_chat"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
