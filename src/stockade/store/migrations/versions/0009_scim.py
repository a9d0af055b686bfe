"""SCIM provisioning tokens and groups.

Revision ID: 0009_scim
Revises: 0008_sso
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from stockade.store.types import UTCDateTime

revision = "0009_scim"
down_revision = "0008_sso"
branch_labels = None
depends_on = None


def _org_fk(table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        ["organization_id"],
        ["organizations.id"],
        name=f"fk_{table}_organization_id_organizations",
        ondelete="CASCADE",
    )


def upgrade() -> None:
    op.create_table(
        "scim_tokens",
        sa.Column("id", sa.String(36)),
        sa.Column("organization_id", sa.String(36), nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("last_four", sa.String(4), nullable=False),
        sa.Column("created_by", sa.String(36)),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("last_used_at", UTCDateTime()),
        sa.Column("revoked_at", UTCDateTime()),
        sa.PrimaryKeyConstraint("id", name="pk_scim_tokens"),
        sa.UniqueConstraint("token_hash", name="uq_scim_tokens_token_hash"),
        _org_fk("scim_tokens"),
        sa.ForeignKeyConstraint(
            ["created_by"],
            ["users.id"],
            name="fk_scim_tokens_created_by_users",
            ondelete="SET NULL",
        ),
    )
    op.create_index("ix_scim_tokens_organization_id", "scim_tokens", ["organization_id"])
    op.create_table(
        "scim_users",
        sa.Column("id", sa.String(36)),
        sa.Column("organization_id", sa.String(36), nullable=False),
        sa.Column("membership_id", sa.String(36), nullable=False),
        sa.Column("user_id", sa.String(36), nullable=False),
        sa.Column("user_name", sa.String(254), nullable=False),
        sa.Column("user_name_key", sa.String(254), nullable=False),
        sa.Column("external_id", sa.String(255)),
        sa.Column("given_name", sa.String(200)),
        sa.Column("family_name", sa.String(200)),
        sa.Column("email", sa.String(254), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_scim_users"),
        sa.UniqueConstraint("membership_id", name="uq_scim_users_membership_id"),
        _org_fk("scim_users"),
        sa.ForeignKeyConstraint(
            ["membership_id"],
            ["memberships.id"],
            name="fk_scim_users_membership_id_memberships",
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name="fk_scim_users_user_id_users", ondelete="CASCADE"
        ),
    )
    op.create_index(
        "ix_scim_users_org_user_name",
        "scim_users",
        ["organization_id", "user_name_key"],
        unique=True,
    )
    op.create_index("ix_scim_users_org_external", "scim_users", ["organization_id", "external_id"])
    op.create_index("ix_scim_users_user_id", "scim_users", ["user_id"])
    op.create_table(
        "scim_groups",
        sa.Column("id", sa.String(36)),
        sa.Column("organization_id", sa.String(36), nullable=False),
        sa.Column("display_name", sa.String(255), nullable=False),
        sa.Column("external_id", sa.String(255)),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_scim_groups"),
        _org_fk("scim_groups"),
    )
    op.create_index(
        "ix_scim_groups_org_display_name",
        "scim_groups",
        ["organization_id", "display_name"],
        unique=True,
    )
    op.create_table(
        "scim_group_members",
        sa.Column("group_id", sa.String(36), nullable=False),
        sa.Column("scim_user_id", sa.String(36), nullable=False),
        sa.PrimaryKeyConstraint("group_id", "scim_user_id", name="pk_scim_group_members"),
        sa.ForeignKeyConstraint(
            ["group_id"],
            ["scim_groups.id"],
            name="fk_scim_group_members_group_id_scim_groups",
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["scim_user_id"],
            ["scim_users.id"],
            name="fk_scim_group_members_scim_user_id_scim_users",
            ondelete="CASCADE",
        ),
    )
    op.create_index("ix_scim_group_members_scim_user_id", "scim_group_members", ["scim_user_id"])


def downgrade() -> None:
    op.drop_table("scim_group_members")
    op.drop_table("scim_groups")
    op.drop_table("scim_users")
    op.drop_table("scim_tokens")
