"""Webhook tests run on SQLite and PostgreSQL through the shared ``db_url`` fixture."""

from server_fixtures import db_url

__all__ = ["db_url"]
