"""Organizations and the team layer: logos, memberships, invitations, audit log,
notifications, the e-mail outbox; organization-ordered job listings.

Revision ID: 0004_organizations
Revises: 0003_sealed
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from stockade.store.types import UTCDateTime

revision = "0004_organizations"
down_revision = "0003_sealed"
branch_labels = None
depends_on = None


def _fk(table: str, column: str, target: str, ondelete: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        [column], [f"{target}.id"], name=f"fk_{table}_{column}_{target}", ondelete=ondelete
    )


def upgrade() -> None:
    op.create_table(
        "organizations",
        sa.Column("id", sa.String(36)),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("description", sa.Text()),
        sa.Column("contact_email", sa.String(254)),
        sa.Column("website_url", sa.String(2048)),
        sa.Column("plan", sa.String(16), nullable=False),
        sa.Column("tokens_per_month", sa.Integer()),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("logo_version", sa.Integer(), nullable=False),
        sa.Column("created_by", sa.String(36)),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_organizations"),
        _fk("organizations", "created_by", "users", "SET NULL"),
    )
    op.create_table(
        "organization_logos",
        sa.Column("organization_id", sa.String(36)),
        sa.Column("media_type", sa.String(32), nullable=False),
        sa.Column("content", sa.LargeBinary(), nullable=False),
        sa.Column("width", sa.Integer(), nullable=False),
        sa.Column("height", sa.Integer(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("organization_id", name="pk_organization_logos"),
        _fk("organization_logos", "organization_id", "organizations", "CASCADE"),
    )
    op.create_table(
        "memberships",
        sa.Column("id", sa.String(36)),
        sa.Column("organization_id", sa.String(36), nullable=False),
        sa.Column("user_id", sa.String(36)),
        sa.Column("email", sa.String(254), nullable=False),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("invited_by", sa.String(36)),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("joined_at", UTCDateTime()),
        sa.Column("last_active_at", UTCDateTime()),
        sa.Column("removed_at", UTCDateTime()),
        sa.PrimaryKeyConstraint("id", name="pk_memberships"),
        _fk("memberships", "organization_id", "organizations", "CASCADE"),
        _fk("memberships", "user_id", "users", "CASCADE"),
        _fk("memberships", "invited_by", "users", "SET NULL"),
    )
    op.create_index(
        "ix_memberships_org_email", "memberships", ["organization_id", "email"], unique=True
    )
    op.create_index("ix_memberships_user_org", "memberships", ["user_id", "organization_id"])
    op.create_table(
        "invitations",
        sa.Column("id", sa.String(36)),
        sa.Column("organization_id", sa.String(36), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("membership_id", sa.String(36)),
        sa.Column("email", sa.String(254)),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("created_by", sa.String(36)),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("expires_at", UTCDateTime(), nullable=False),
        sa.Column("used_at", UTCDateTime()),
        sa.Column("revoked_at", UTCDateTime()),
        sa.PrimaryKeyConstraint("id", name="pk_invitations"),
        sa.UniqueConstraint("token_hash", name="uq_invitations_token_hash"),
        _fk("invitations", "organization_id", "organizations", "CASCADE"),
        _fk("invitations", "membership_id", "memberships", "CASCADE"),
        _fk("invitations", "created_by", "users", "SET NULL"),
    )
    op.create_index("ix_invitations_organization_id", "invitations", ["organization_id"])
    op.create_index("ix_invitations_membership_id", "invitations", ["membership_id"])
    op.create_table(
        "audit_events",
        sa.Column("id", sa.String(36)),
        sa.Column("organization_id", sa.String(36)),
        sa.Column("actor_id", sa.String(36)),
        sa.Column("actor_email", sa.String(254)),
        sa.Column("ip", sa.String(64)),
        sa.Column("action", sa.String(64), nullable=False),
        sa.Column("outcome", sa.String(16), nullable=False),
        sa.Column("target_type", sa.String(32)),
        sa.Column("target_id", sa.String(64)),
        sa.Column("before", sa.JSON()),
        sa.Column("after", sa.JSON()),
        sa.Column("detail", sa.Text()),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_audit_events"),
    )
    op.create_index(
        "ix_audit_events_org_created", "audit_events", ["organization_id", "created_at", "id"]
    )
    op.create_table(
        "notifications",
        sa.Column("id", sa.String(36)),
        sa.Column("user_id", sa.String(36), nullable=False),
        sa.Column("organization_id", sa.String(36)),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("message", sa.Text(), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("read_at", UTCDateTime()),
        sa.PrimaryKeyConstraint("id", name="pk_notifications"),
        _fk("notifications", "user_id", "users", "CASCADE"),
    )
    op.create_index(
        "ix_notifications_user_created", "notifications", ["user_id", "created_at", "id"]
    )
    op.create_table(
        "mail_outbox",
        sa.Column("id", sa.String(36)),
        sa.Column("recipient", sa.String(254), nullable=False),
        sa.Column("subject", sa.String(300), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("next_attempt_at", UTCDateTime(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("sent_at", UTCDateTime()),
        sa.Column("failed", sa.Boolean(), nullable=False),
        sa.Column("last_error", sa.Text()),
        sa.PrimaryKeyConstraint("id", name="pk_mail_outbox"),
    )
    op.create_index("ix_mail_outbox_pending", "mail_outbox", ["sent_at", "next_attempt_at"])
    op.create_index("ix_jobs_org_created", "jobs", ["organization_id", "created_at", "id"])


def downgrade() -> None:
    op.drop_index("ix_jobs_org_created", table_name="jobs")
    for table in (
        "mail_outbox",
        "notifications",
        "audit_events",
        "invitations",
        "memberships",
        "organization_logos",
        "organizations",
    ):
        op.drop_table(table)
