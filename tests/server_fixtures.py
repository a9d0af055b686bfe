"""Server test fixtures, shared as a pytest plugin (``pytest_plugins = ["server_fixtures"]``).

``db_url`` is parametrised over SQLite and PostgreSQL: every test that uses it (directly or
through ``settings``/``app``/``client``) runs against both. PostgreSQL gets a throwaway
database with a random name on 127.0.0.1:5432, dropped afterwards.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi import FastAPI
from fastapi.testclient import TestClient

from stockade.config import Settings, load_settings
from stockade.server import create_app
from stockade.server.auth.passwords import Passwords

PG_ADMIN_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
PASSWORD = "violet-kettle-42-stairs"
# Real argon2id with test-sized cost: the production parameters make each hash ~0.3 s here.
FAST_PASSWORDS = Passwords(time_cost=1, memory_cost=1024)


def _pg_database() -> Iterator[str]:
    name = "stockade_test_" + secrets.token_hex(6)
    admin = sa.create_engine(PG_ADMIN_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:5432/{name}"
    finally:
        with admin.connect() as conn:
            conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database URL for each backend."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'stockade.db'}"
    else:
        yield from _pg_database()


# Tests make bursts of requests (a dozen registrations from one "IP" in a second) that the
# spec's tiers would answer with 429; only the rate-limit tests use real tiers (they pass
# their own ``server={"rate_limit": ...}``).
_UNLIMITED_TIER = {"requests_per_minute": 10**6, "requests_per_hour": 10**6, "burst": 10**6}
UNLIMITED_RATES: dict[str, Any] = {
    "tiers": dict.fromkeys(("api_key", "authenticated", "anonymous"), _UNLIMITED_TIER)
}


def make_settings(tmp_path: Path, db_url: str, **overrides: Any) -> Settings:
    base: dict[str, Any] = {
        "data_dir": str(tmp_path / "data"),
        "database": {"url": db_url},
        "auth": {
            "jwt_secret": secrets.token_urlsafe(48),
            "encryption_keys": [secrets.token_urlsafe(48)],
        },
        "server": {"rate_limit": UNLIMITED_RATES},
    }
    for section, values in overrides.items():
        if isinstance(values, dict):
            base.setdefault(section, {}).update(values)
        else:
            base[section] = values
    return load_settings(overrides=base)


@pytest.fixture
def settings(tmp_path: Path, db_url: str) -> Settings:
    return make_settings(tmp_path, db_url)


@pytest.fixture
def app(settings: Settings) -> Iterator[FastAPI]:
    application = create_app(settings)
    application.state.ctx.passwords = FAST_PASSWORDS
    yield application
    application.state.ctx.db.dispose()


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as c:
        yield c


@dataclass
class Account:
    """A registered user; ``csrf`` is set once logged in on the owning client."""

    email: str
    password: str
    user: dict[str, Any]
    csrf: str | None = None
    keys: list[str] = field(default_factory=list)


class Accounts:
    """Register, log in and mint API keys through the real HTTP API."""

    def __init__(self, app: FastAPI) -> None:
        self.app = app

    def new_client(self) -> TestClient:
        return TestClient(self.app)

    def register(
        self, client: TestClient, email: str | None = None, password: str = PASSWORD
    ) -> Account:
        email = email or f"user-{secrets.token_hex(4)}@example.com"
        r = client.post("/api/v1/auth/register", json={"email": email, "password": password})
        assert r.status_code == 201, r.text
        return Account(email, password, r.json())

    def login(self, client: TestClient, account: Account, **extra: Any) -> Account:
        body = {"email": account.email, "password": account.password, **extra}
        r = client.post("/api/v1/auth/login", json=body)
        assert r.status_code == 200, r.text
        account.csrf = r.json()["csrf_token"]
        return account

    def signed_in(self, client: TestClient, email: str | None = None) -> Account:
        return self.login(client, self.register(client, email))

    def api_key(self, client: TestClient, account: Account, **body: Any) -> str:
        headers = {"X-CSRF-Token": account.csrf or ""}
        r = client.post("/api/v1/api-keys", json={"name": "test", **body}, headers=headers)
        assert r.status_code == 201, r.text
        key = str(r.json()["key"])
        account.keys.append(key)
        return key


@pytest.fixture
def accounts(app: FastAPI) -> Accounts:
    return Accounts(app)
