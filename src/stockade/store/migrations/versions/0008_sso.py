"""Single sign-on connections, login states, replay cache and identity links.

Revision ID: 0008_sso
Revises: 0007_llm
"""

from __future__ import annotations

revision = "0008_sso"
down_revision = "0007_llm"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
