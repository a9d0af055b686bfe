"""Values sealed at rest: a job's git token waits in ``jobs.credential`` (sealed) until the
job ends, and ``users.totp_secret`` widens to hold a sealed secret.

Secrets written in plain text by earlier versions are sealed on the server's next start
(``stockade.store.sealing.seal_legacy``): a migration has no access to the keys.

Revision ID: 0003_sealed
Revises: 0002_jobs
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_sealed"
down_revision = "0002_jobs"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("jobs") as batch:
        batch.add_column(sa.Column("credential", sa.LargeBinary()))
    with op.batch_alter_table("users") as batch:
        batch.alter_column("totp_secret", type_=sa.Text(), existing_type=sa.String(64))


def downgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.alter_column("totp_secret", type_=sa.String(64), existing_type=sa.Text())
    with op.batch_alter_table("jobs") as batch:
        batch.drop_column("credential")
