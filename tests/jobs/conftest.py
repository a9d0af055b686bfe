"""Job tests that touch the database run on SQLite and PostgreSQL (the shared ``db_url``)."""

from server_fixtures import db_url

__all__ = ["db_url"]
