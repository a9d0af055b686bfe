"""SCIM provisioning tokens and groups.

Revision ID: 0009_scim
Revises: 0008_sso
"""

from __future__ import annotations

revision = "0009_scim"
down_revision = "0008_sso"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
