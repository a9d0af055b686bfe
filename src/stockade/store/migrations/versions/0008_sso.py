"""Single sign-on connections, login states, replay cache and identity links.

Revision ID: 0008_sso
Revises: 0007_llm
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from stockade.store.types import UTCDateTime

revision = "0008_sso"
down_revision = "0007_llm"
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
        "sso_connections",
        sa.Column("organization_id", sa.String(36)),
        sa.Column("protocol", sa.String(8), nullable=False),
        sa.Column("oidc_issuer", sa.String(2048)),
        sa.Column("oidc_client_id", sa.String(255)),
        sa.Column("oidc_client_secret", sa.LargeBinary()),
        sa.Column("oidc_scopes", sa.JSON(), nullable=False),
        sa.Column("saml_idp_metadata", sa.Text()),
        sa.Column("saml_idp_entity_id", sa.String(1024)),
        sa.Column("default_role", sa.String(16), nullable=False),
        sa.Column("role_mapping", sa.JSON(), nullable=False),
        sa.Column("group_claim", sa.String(128), nullable=False),
        sa.Column("required_group", sa.String(255)),
        sa.Column("leaver_action", sa.String(8), nullable=False),
        sa.Column("enforced", sa.Boolean(), nullable=False),
        sa.Column("enforced_at", UTCDateTime()),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("organization_id", name="pk_sso_connections"),
        _org_fk("sso_connections"),
    )
    op.create_table(
        "sso_domains",
        sa.Column("organization_id", sa.String(36)),
        sa.Column("domain", sa.String(253)),
        sa.Column("verified_at", UTCDateTime()),
        sa.Column("verified_by", sa.String(36)),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("organization_id", "domain", name="pk_sso_domains"),
        _org_fk("sso_domains"),
        sa.ForeignKeyConstraint(
            ["verified_by"],
            ["users.id"],
            name="fk_sso_domains_verified_by_users",
            ondelete="SET NULL",
        ),
    )
    op.create_index("ix_sso_domains_domain", "sso_domains", ["domain"])
    op.create_table(
        "sso_login_states",
        sa.Column("state_hash", sa.String(64)),
        sa.Column("organization_id", sa.String(36), nullable=False),
        sa.Column("protocol", sa.String(8), nullable=False),
        sa.Column("nonce", sa.String(128)),
        sa.Column("code_verifier", sa.String(128)),
        sa.Column("return_to", sa.String(2048)),
        sa.Column("request_id", sa.String(255)),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("expires_at", UTCDateTime(), nullable=False),
        sa.Column("used_at", UTCDateTime()),
        sa.PrimaryKeyConstraint("state_hash", name="pk_sso_login_states"),
        sa.UniqueConstraint("request_id", name="uq_sso_login_states_request_id"),
        _org_fk("sso_login_states"),
    )
    op.create_index("ix_sso_login_states_expires", "sso_login_states", ["expires_at"])
    op.create_index("ix_sso_login_states_organization_id", "sso_login_states", ["organization_id"])
    op.create_table(
        "sso_replay",
        sa.Column("key", sa.String(255)),
        sa.Column("organization_id", sa.String(36), nullable=False),
        sa.Column("expires_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("key", name="pk_sso_replay"),
        _org_fk("sso_replay"),
    )
    op.create_index("ix_sso_replay_expires", "sso_replay", ["expires_at"])
    op.create_table(
        "sso_identities",
        sa.Column("id", sa.String(36)),
        sa.Column("organization_id", sa.String(36), nullable=False),
        sa.Column("issuer", sa.String(1024), nullable=False),
        sa.Column("subject", sa.String(255), nullable=False),
        sa.Column("user_id", sa.String(36), nullable=False),
        sa.Column("email", sa.String(254), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("last_login_at", UTCDateTime()),
        sa.PrimaryKeyConstraint("id", name="pk_sso_identities"),
        _org_fk("sso_identities"),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name="fk_sso_identities_user_id_users", ondelete="CASCADE"
        ),
    )
    op.create_index(
        "ix_sso_identities_org_issuer_subject",
        "sso_identities",
        ["organization_id", "issuer", "subject"],
        unique=True,
    )
    op.create_index("ix_sso_identities_user_id", "sso_identities", ["user_id"])
    op.create_table(
        "sso_sessions",
        sa.Column("session_id", sa.String(36)),
        sa.Column("organization_id", sa.String(36), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("session_id", name="pk_sso_sessions"),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["sessions.id"],
            name="fk_sso_sessions_session_id_sessions",
            ondelete="CASCADE",
        ),
        _org_fk("sso_sessions"),
    )
    op.create_index("ix_sso_sessions_organization_id", "sso_sessions", ["organization_id"])


def downgrade() -> None:
    op.drop_table("sso_sessions")
    op.drop_table("sso_identities")
    op.drop_table("sso_replay")
    op.drop_table("sso_login_states")
    op.drop_table("sso_domains")
    op.drop_table("sso_connections")
