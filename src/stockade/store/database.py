"""Engine and session factory for one configured database."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import orjson
from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError
from sqlalchemy.orm import Session, sessionmaker

from stockade.core.errors import ConfigError

# How long a writer waits for SQLite's single write lock before "database is locked". Write
# transactions are kept to milliseconds (no password hashing inside them), so a burst of
# writers queues well within this; failing sooner would turn a burst into 503s.
BUSY_TIMEOUT_MS = 30_000


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    # Transactions are begun by _sqlite_begin, not by the driver (see there).
    dbapi_conn.isolation_level = None
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    # In WAL mode NORMAL cannot corrupt the database; it only skips the fsync per commit
    # (a power cut may lose the last commits), which keeps each write transaction short.
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    cur.close()


def _sqlite_begin(conn: Any) -> None:
    """Take the write lock at BEGIN. A deferred transaction that reads and then writes
    fails at once with "database is locked" when another writer committed in between (WAL
    snapshots cannot be upgraded, and the busy timeout does not apply); an immediate one
    waits its turn instead. Writers are serial in SQLite anyway; readers are unaffected
    outside transactions."""
    conn.exec_driver_sql("BEGIN IMMEDIATE")


def _private_dir(path: Path) -> None:
    """The directory, created 0700 if missing (store sits below config, whose
    ``ensure_private_dir`` does the same for the data directory)."""
    if not path.is_dir():
        path.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(FileExistsError):  # another process was first
            path.mkdir(mode=0o700)
            os.chmod(path, 0o700)  # mkdir's mode is filtered by the umask


def _private_sqlite_file(path: Path) -> None:
    """Create the database's directory 0700 and the database file 0600, whatever the umask.

    The file is created empty before SQLite opens it (SQLite takes an empty file for a new
    database): SQLite itself would create it 0644 less the umask, and it gives the -wal and
    -shm files the mode of the database file. An existing file keeps its mode.
    """
    _private_dir(path.parent)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return
    os.close(fd)
    os.chmod(path, 0o600)  # os.open's mode is filtered by the umask


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL, foreign keys and a busy timeout per connection."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise ConfigError(f"database.url: not a valid database URL: {url!r}") from None
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            _private_sqlite_file(Path(parsed.database))
        engine = create_engine(
            parsed,
            connect_args={"check_same_thread": False, "timeout": BUSY_TIMEOUT_MS / 1000},
            json_deserializer=orjson.loads,
        )
        event.listen(engine, "connect", _sqlite_pragmas)
        event.listen(engine, "begin", _sqlite_begin)
        return engine
    if parsed.get_backend_name() != "postgresql":
        raise ConfigError(f"database.url: unsupported backend {parsed.get_backend_name()!r}")
    return create_engine(parsed, pool_pre_ping=True, json_deserializer=orjson.loads)


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
