"""LLM enrichment written back onto findings.

Revision ID: 0007_llm
Revises: 0006_webhooks
"""

from __future__ import annotations

revision = "0007_llm"
down_revision = "0006_webhooks"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
