"""Code-host integration: settings, the publications outbox and published review comments
and issues (by finding fingerprint, for de-duplication).

Revision ID: 0011_codehost
Revises: 0010_chat
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from stockade.store.types import UTCDateTime

revision = "0011_codehost"
down_revision = "0010_chat"
branch_labels = None
depends_on = None


def _organization(table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        ["organization_id"],
        ["organizations.id"],
        name=f"fk_{table}_organization_id_organizations",
        ondelete="CASCADE",
    )


def upgrade() -> None:
    op.create_table(
        "codehost_settings",
        sa.Column("id", sa.String(36)),
        sa.Column("organization_id", sa.String(36), nullable=False),
        sa.Column("provider", sa.String(16), nullable=False),
        sa.Column("api_url", sa.String(2048), nullable=False),
        sa.Column("auth_type", sa.String(16), nullable=False),
        sa.Column("credentials", sa.LargeBinary(), nullable=False),
        sa.Column("app_id", sa.String(32)),
        sa.Column("installation_id", sa.String(32)),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_codehost_settings"),
        sa.UniqueConstraint(
            "organization_id", "provider", name="uq_codehost_settings_organization_id"
        ),
        _organization("codehost_settings"),
    )
    op.create_table(
        "codehost_publications",
        sa.Column("id", sa.String(36)),
        sa.Column("organization_id", sa.String(36), nullable=False),
        sa.Column("job_id", sa.String(36), nullable=False),
        sa.Column("provider", sa.String(16), nullable=False),
        sa.Column("repo", sa.String(200), nullable=False),
        sa.Column("pull_request", sa.Integer()),
        sa.Column("commit_sha", sa.String(64), nullable=False),
        sa.Column("ref", sa.String(255)),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_attempt_at", UTCDateTime()),
        sa.Column("last_error", sa.Text()),
        sa.Column("steps", sa.JSON(), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.Column("published_at", UTCDateTime()),
        sa.PrimaryKeyConstraint("id", name="pk_codehost_publications"),
        sa.UniqueConstraint("job_id", name="uq_codehost_publications_job_id"),
        _organization("codehost_publications"),
        sa.ForeignKeyConstraint(
            ["job_id"],
            ["jobs.id"],
            name="fk_codehost_publications_job_id_jobs",
            ondelete="CASCADE",
        ),
    )
    op.create_index(
        "ix_codehost_publications_due", "codehost_publications", ["status", "next_attempt_at"]
    )
    op.create_index(
        "ix_codehost_publications_org_created",
        "codehost_publications",
        ["organization_id", "created_at"],
    )
    op.create_table(
        "codehost_comments",
        sa.Column("id", sa.String(36)),
        sa.Column("organization_id", sa.String(36), nullable=False),
        sa.Column("provider", sa.String(16), nullable=False),
        sa.Column("repo", sa.String(200), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("pull_request", sa.Integer(), nullable=False),
        sa.Column("fingerprint", sa.String(64), nullable=False),
        sa.Column("remote_id", sa.String(64)),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_codehost_comments"),
        sa.UniqueConstraint(
            "organization_id",
            "provider",
            "repo",
            "kind",
            "pull_request",
            "fingerprint",
            name="uq_codehost_comments_organization_id",
        ),
        _organization("codehost_comments"),
    )


def downgrade() -> None:
    op.drop_table("codehost_comments")
    op.drop_table("codehost_publications")
    op.drop_table("codehost_settings")
