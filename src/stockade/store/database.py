"""Engine and session factory for one configured database."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError
from sqlalchemy.orm import Session, sessionmaker

from stockade.core.errors import ConfigError


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    # Transactions are begun by _sqlite_begin, not by the driver (see there).
    dbapi_conn.isolation_level = None
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=5000")
    cur.close()


def _sqlite_begin(conn: Any) -> None:
    """Take the write lock at BEGIN. A deferred transaction that reads and then writes
    fails at once with "database is locked" when another writer committed in between (WAL
    snapshots cannot be upgraded, and the busy timeout does not apply); an immediate one
    waits its turn instead. Writers are serial in SQLite anyway; readers are unaffected
    outside transactions."""
    conn.exec_driver_sql("BEGIN IMMEDIATE")


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL, foreign keys and a busy timeout per connection."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise ConfigError(f"database.url: not a valid database URL: {url!r}") from None
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(parsed, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
        event.listen(engine, "begin", _sqlite_begin)
        return engine
    if parsed.get_backend_name() != "postgresql":
        raise ConfigError(f"database.url: unsupported backend {parsed.get_backend_name()!r}")
    return create_engine(parsed, pool_pre_ping=True)


class Database:
    """Owns an engine and hands out sessions; one per application instance."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A unit of work: committed when the block succeeds, rolled back otherwise."""
        with self.sessions() as session, session.begin():
            yield session

    def ping(self) -> None:
        """Raise if the database cannot answer a trivial query."""
        with self.engine.connect() as conn:
            conn.execute(text("SELECT 1"))

    def dispose(self) -> None:
        self.engine.dispose()
