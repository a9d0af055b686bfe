"""Persistence: SQLAlchemy 2 models, repositories and Alembic migrations.

The same code runs on SQLite (the embedded default, WAL mode, foreign keys on) and
PostgreSQL (``postgresql+psycopg://``). Other packages extend the schema by adding their own
models to :data:`stockade.store.models.Base` metadata and their own migration revision.
"""

from stockade.store import (
    chat_models,  # chat notification settings and the chat outbox
    codehost_models,  # code-host settings, publications and published comments
    job_models,  # registers the job tables on the shared metadata
    llm_models,  # LLM enrichments of findings
    quota_models,  # the token ledger's
    scim_models,  # SCIM tokens, provisioned users and groups
    sso_models,  # SSO connections, domains, login states, replay cache, identities
    tenancy_models,  # the team layer's
    webhook_models,  # events, webhooks and deliveries
)
from stockade.store.database import Database
from stockade.store.migrate import upgrade

__all__ = [
    "Database",
    "chat_models",
    "codehost_models",
    "job_models",
    "llm_models",
    "quota_models",
    "scim_models",
    "sso_models",
    "tenancy_models",
    "upgrade",
    "webhook_models",
]
