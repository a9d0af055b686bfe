"""What Stockade writes to its data directory is its owner's only, whatever the umask (issue
#23, item 4): the directory 0700, the SQLite database with its -wal and -shm files 0600,
the advisory store 0600, the generated JWT secret 0600 and the job work directories 0700.
"""

from __future__ import annotations

import json
import os
import stat
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from stockade.analyzers.deps.advisories.local import LocalStore
from stockade.config import load_settings, resolve_jwt_secret
from stockade.jobs import workdir
from stockade.jobs.lease import Claimed
from stockade.store import Database, upgrade

UMASKS = [pytest.param(0o022, id="umask-022"), pytest.param(0o000, id="umask-000")]


@pytest.fixture(params=UMASKS)
def umask(request: pytest.FixtureRequest) -> Iterator[int]:
    old = os.umask(request.param)
    try:
        yield int(request.param)
    finally:
        os.umask(old)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_embedded_database_and_data_dir(tmp_path: Path, umask: int) -> None:
    data = tmp_path / "srv" / "data"
    settings = load_settings(overrides={"data_dir": str(data)})
    db = Database(settings.database_url)
    try:
        upgrade(db.engine)
        with db.engine.connect() as conn:  # a reader keeps the -wal and -shm files around
            conn.execute(text("SELECT 1"))
            files = {p.name: mode(p) for p in data.iterdir()}
    finally:
        db.dispose()
    assert mode(data) == 0o700
    assert files == {"stockade.db": 0o600, "stockade.db-wal": 0o600, "stockade.db-shm": 0o600}


def test_an_existing_data_dir_keeps_its_mode(tmp_path: Path, umask: int) -> None:
    data = tmp_path / "data"
    data.mkdir()
    data.chmod(0o750)  # the administrator's choice
    db = Database(f"sqlite:///{data / 'stockade.db'}")
    db.dispose()
    assert mode(data) == 0o750 and mode(data / "stockade.db") == 0o600


def test_secret_and_work_directories(tmp_path: Path, umask: int) -> None:
    data = tmp_path / "data"
    resolve_jwt_secret(load_settings(overrides={"data_dir": str(data), "dev_mode": True}))
    assert mode(data) == 0o700 and mode(data / "jwt_secret") == 0o600
    db = Database(f"sqlite:///{tmp_path / 'jobs.db'}")
    try:
        upgrade(db.engine)
        run = workdir.prepare(db, data, Claimed(str(uuid.uuid4()), "host:1:abcd", 1))
    finally:
        db.dispose()
    assert [mode(p) for p in (run.parent.parent, run.parent, run)] == [0o700] * 3


def test_advisory_store(tmp_path: Path, umask: int) -> None:
    data = tmp_path / "data"
    data.mkdir(mode=0o700)
    export = tmp_path / "osv"
    export.mkdir()
    record = {
        "id": "GHSA-test-0001",
        "modified": "2024-01-01T00:00:00Z",
        "affected": [{"package": {"ecosystem": "PyPI", "name": "demo"}, "versions": ["1.0"]}],
    }
    (export / "GHSA-test-0001.json").write_text(json.dumps(record))
    store = LocalStore(str(data / "advisories.sqlite"))
    store.import_export(export)
    store.close()
    assert [p.name for p in data.iterdir()] == ["advisories.sqlite"]
    assert mode(data / "advisories.sqlite") == 0o600
