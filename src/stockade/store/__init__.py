"""Persistence: SQLAlchemy 2 models, repositories and Alembic migrations.

The same code runs on SQLite (the embedded default, WAL mode, foreign keys on) and
PostgreSQL (``postgresql+psycopg://``). Other packages extend the schema by adding their own
models to :data:`stockade.store.models.Base` metadata and their own migration revision.
"""

from stockade.store import (
    job_models,  # registers the job tables on the shared metadata
    quota_models,  # the token ledger's
    tenancy_models,  # the team layer's
    webhook_models,  # events, webhooks and deliveries
)
from stockade.store.database import Database
from stockade.store.migrate import upgrade

__all__ = ["Database", "job_models", "quota_models", "tenancy_models", "upgrade", "webhook_models"]
