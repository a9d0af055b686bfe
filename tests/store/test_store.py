"""Storage on SQLite and PostgreSQL: migrations, constraints, pragmas, UTC round trips."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy.exc import IntegrityError

from stockade.store import Database, upgrade
from stockade.store.migrate import current, head
from stockade.store.models import ApiKey, Base, UserSession
from stockade.store.repositories import LoginAttempts, Sessions, Users


@pytest.fixture
def db(db_url: str) -> Iterator[Database]:
    database = Database(db_url)
    upgrade(database.engine)
    yield database
    database.dispose()


def test_migrations_are_idempotent_and_match_the_models(db: Database) -> None:
    upgrade(db.engine)
    assert current(db.engine) == head(db.engine) == "0013_finding_confidence"
    with db.engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []


def test_sqlite_runs_in_wal_with_foreign_keys(tmp_path: object) -> None:
    database = Database(f"sqlite:///{tmp_path}/x.db")
    with database.engine.connect() as conn:
        assert conn.execute(sa.text("PRAGMA journal_mode")).scalar() == "wal"
        assert conn.execute(sa.text("PRAGMA foreign_keys")).scalar() == 1
    database.dispose()


def _user(db: Database, email: str = "ada@example.com") -> str:
    with db.session() as s:
        return Users(s).add(email=email, name=None, password_hash="h", is_admin=False).id


def test_email_is_unique_case_insensitively(db: Database) -> None:
    _user(db, "Ada@Example.com")
    with pytest.raises(IntegrityError), db.session() as s:
        Users(s).add(email="ada@example.COM", name=None, password_hash="h", is_admin=False)
    with db.session() as s:
        assert Users(s).count() == 1


def test_deleting_a_user_cascades_to_sessions_and_keys(db: Database) -> None:
    uid = _user(db)
    now = datetime.now(UTC)
    with db.session() as s:
        Sessions(s).add(
            UserSession(user_id=uid, refresh_hash="r" * 64, csrf_hash="c" * 64, expires_at=now)
        )
        s.add(ApiKey(user_id=uid, name="k", key_hash="k" * 64, prefix="stk_abcd", last_four="wxyz"))
    with db.session() as s:
        s.execute(sa.delete(Base.metadata.tables["users"]).where(sa.text("id = :id")), {"id": uid})
    with db.session() as s:
        assert s.scalar(sa.select(sa.func.count()).select_from(UserSession)) == 0
        assert s.scalar(sa.select(sa.func.count()).select_from(ApiKey)) == 0


def test_foreign_keys_are_enforced(db: Database) -> None:
    with pytest.raises(IntegrityError), db.session() as s:
        s.add(
            ApiKey(
                user_id="no-such-user", name="k", key_hash="z" * 64, prefix="stk_", last_four="0000"
            )
        )


def test_datetimes_come_back_aware_utc(db: Database) -> None:
    uid = _user(db)
    moment = datetime(2030, 1, 2, 3, 4, 5, tzinfo=UTC)
    with db.session() as s:
        row = Sessions(s).add(
            UserSession(user_id=uid, refresh_hash="q" * 64, csrf_hash="c" * 64, expires_at=moment)
        )
        sid = row.id
    with db.session() as s:
        got = Sessions(s).get(sid)
        assert got is not None and got.expires_at == moment and got.expires_at.tzinfo is not None


def test_login_failures_counted_per_email_and_ip(db: Database) -> None:
    with db.session() as s:
        attempts = LoginAttempts(s)
        for _ in range(3):
            attempts.record(email="a@example.com", ip="10.0.0.1", success=False)
        attempts.record(email="b@example.com", ip="10.0.0.1", success=False)
        attempts.record(email="a@example.com", ip="10.0.0.2", success=True)
    since = datetime.now(UTC) - timedelta(minutes=1)
    with db.session() as s:
        attempts = LoginAttempts(s)
        assert attempts.failures_since(since, email="A@example.com")[0] == 3
        count, oldest = attempts.failures_since(since, ip="10.0.0.1")
        assert count == 4 and oldest is not None and oldest.tzinfo is not None
        attempts.clear_failures("a@example.com")
    with db.session() as s:
        assert LoginAttempts(s).failures_since(since, email="a@example.com")[0] == 0
