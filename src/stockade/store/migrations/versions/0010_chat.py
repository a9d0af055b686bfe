"""Chat notifications: settings and schedule state.

Revision ID: 0010_chat
Revises: 0009_scim
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from stockade.store.types import UTCDateTime

revision = "0010_chat"
down_revision = "0009_scim"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat_integrations",
        sa.Column("organization_id", sa.String(36)),
        sa.Column("url", sa.LargeBinary(), nullable=False),
        sa.Column("url_hint", sa.String(300), nullable=False),
        sa.Column("events", sa.JSON(), nullable=False),
        sa.Column("hour", sa.Integer(), nullable=False),
        sa.Column("timezone", sa.String(64), nullable=False),
        sa.Column("weekday", sa.Integer(), nullable=False),
        sa.Column("min_severity", sa.String(16), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("created_by", sa.String(36)),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.Column("failing_since", UTCDateTime()),
        sa.Column("disabled_reason", sa.Text()),
        sa.PrimaryKeyConstraint("organization_id", name="pk_chat_integrations"),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organizations.id"],
            name="fk_chat_integrations_organization_id_organizations",
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["created_by"],
            ["users.id"],
            name="fk_chat_integrations_created_by_users",
            ondelete="SET NULL",
        ),
    )
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.String(36)),
        sa.Column("organization_id", sa.String(36), nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("slot", sa.String(32)),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_attempt_at", UTCDateTime()),
        sa.Column("last_status_code", sa.Integer()),
        sa.Column("last_error", sa.Text()),
        sa.Column("last_duration_ms", sa.Integer()),
        sa.Column("response_body", sa.Text()),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("delivered_at", UTCDateTime()),
        sa.PrimaryKeyConstraint("id", name="pk_chat_messages"),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organizations.id"],
            name="fk_chat_messages_organization_id_organizations",
            ondelete="CASCADE",
        ),
        sa.UniqueConstraint("organization_id", "kind", "slot", name="uq_chat_messages_slot"),
    )
    op.create_index("ix_chat_messages_due", "chat_messages", ["status", "next_attempt_at"])
    op.create_index(
        "ix_chat_messages_org_created", "chat_messages", ["organization_id", "created_at"]
    )


def downgrade() -> None:
    op.drop_table("chat_messages")
    op.drop_table("chat_integrations")
