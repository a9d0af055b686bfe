"""Server tests reuse the shared fixtures (also usable elsewhere as a plugin)."""

from server_fixtures import Accounts, accounts, app, client, db_url, settings

__all__ = ["Accounts", "accounts", "app", "client", "db_url", "settings"]
