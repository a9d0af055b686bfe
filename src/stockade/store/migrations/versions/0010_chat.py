"""Chat notifications: settings and schedule state.

Revision ID: 0010_chat
Revises: 0009_scim
"""

from __future__ import annotations

revision = "0010_chat"
down_revision = "0009_scim"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
