"""The local advisory store: one SQLite file, indexed by ecosystem and normalized name.

Imports never modify the live file: the store is copied to a temporary file beside it,
the import runs there in one transaction, and only a completed import replaces the live
file (``os.replace`` is atomic). A corrupt or truncated ``all.zip`` therefore leaves the
previous store exactly as it was. Imports are incremental: an advisory is rewritten only
when its ``modified`` date is newer than the stored one.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
import zipfile
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import orjson

from stockade.analyzers.deps.advisories.interface import (
    AdvisoriesNotReadyError,
    Advisory,
    AdvisorySource,
    AdvisorySourceError,
)
from stockade.analyzers.deps.model import normalize_name

_SCHEMA = """
CREATE TABLE IF NOT EXISTS advisories (id TEXT PRIMARY KEY, modified TEXT NOT NULL,
                                       data BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS affected (ecosystem TEXT NOT NULL, name TEXT NOT NULL,
                                     advisory_id TEXT NOT NULL,
                                     PRIMARY KEY (ecosystem, name, advisory_id)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""


@dataclass
class ImportReport:
    """What an import did; ``errors`` are ``(entry, reason)`` of advisories skipped."""

    added: int = 0
    updated: int = 0
    unchanged: int = 0
    errors: list[tuple[str, str]] = field(default_factory=list)

    @property
    def records(self) -> int:
        """Valid OSV records read (new, newer or already stored); 0 means nothing imported."""
        return self.added + self.updated + self.unchanged


class ImportFailedError(AdvisorySourceError):
    """The export could not be read; the previous store is untouched."""


def _ecosystem_base(ecosystem: str) -> str:
    """OSV qualifies some ecosystems (``Debian:11``, ``Alpine:v3.18``); index the base name."""
    return ecosystem.split(":", 1)[0]


def _index_rows(record: Mapping[str, Any]) -> set[tuple[str, str]]:
    rows: set[tuple[str, str]] = set()
    for entry in record.get("affected") or ():
        pkg = entry.get("package") or {}
        eco, name = pkg.get("ecosystem"), pkg.get("name")
        if isinstance(eco, str) and isinstance(name, str):
            base = _ecosystem_base(eco)
            rows.add((base, normalize_name(base, name)))
    return rows


def _validate(record: Any) -> str:
    """The record's id, or raise ValueError saying how it breaks the OSV schema."""
    if not isinstance(record, dict):
        raise ValueError("not a JSON object")
    for key in ("id", "modified"):
        if not isinstance(record.get(key), str):
            raise ValueError(f"missing or non-string {key!r}")
    affected = record.get("affected", [])
    if not isinstance(affected, list) or not all(isinstance(a, dict) for a in affected):
        raise ValueError("'affected' is not a list of objects")
    for entry in affected:
        if not isinstance(entry.get("ranges", []), list):
            raise ValueError("'ranges' is not a list")
        if not isinstance(entry.get("versions", []), list):
            raise ValueError("'versions' is not a list")
    return str(record["id"])


def _entries(source: Path) -> Iterator[tuple[str, bytes]]:
    """``(name, bytes)`` of every OSV record in what an operator may hand over: one
    ``all.zip`` export, one OSV JSON file, a directory of JSON files, or a directory of
    exports (``<Ecosystem>/all.zip``, the layout of OSV's bucket); mixed trees work too."""
    if source.is_dir():
        for path in sorted(source.rglob("*")):
            if path.suffix in (".json", ".zip") and path.is_file():
                yield from _file_entries(path, str(path.relative_to(source)), nested=True)
        return
    yield from _file_entries(source, source.name, nested=False)


def _file_entries(path: Path, name: str, *, nested: bool) -> Iterator[tuple[str, bytes]]:
    """A JSON file is one entry; a zip's entries are named ``zip:entry`` inside a tree."""
    if path.suffix == ".json":
        yield name, path.read_bytes()
        return
    prefix = f"{name}:" if nested else ""
    try:
        with zipfile.ZipFile(path) as archive:
            for info in archive.infolist():
                if info.filename.endswith(".json") and not info.is_dir():
                    yield prefix + info.filename, archive.read(info)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, OSError) as exc:
        raise ImportFailedError(f"{path}: not a readable zip export ({exc})") from exc


_PARSED: dict[tuple[str, str], Advisory] = {}


def _parsed(adv_id: str, modified: str, data: bytes) -> Advisory:
    """Parsed records are kept per process (keyed by id and ``modified``, so an import that
    changes a record is seen): a worker analysing many lockfiles parses each advisory once."""
    key = (adv_id, modified)
    record = _PARSED.get(key)
    if record is None:
        if len(_PARSED) > 100_000:
            _PARSED.clear()
        record = _PARSED[key] = orjson.loads(data)
    return record


class LocalStore(AdvisorySource):
    """OSV advisories in a SQLite file; read-only for lookups, replaced whole on import."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self._conn: sqlite3.Connection | None = None
        self._names: dict[str, frozenset[str]] = {}

    def exists(self) -> bool:
        return self.path.is_file()

    def _connect(self) -> sqlite3.Connection:
        if self._conn is None:
            if not self.exists():
                raise AdvisoriesNotReadyError("no advisory store yet")
            uri = f"file:{self.path}?mode=ro"
            self._conn = sqlite3.connect(uri, uri=True, check_same_thread=False)
        return self._conn

    def ensure_ready(self) -> None:
        """Raise :class:`AdvisoriesNotReadyError` unless the store holds advisories: an
        empty store would report every package as clean."""
        try:
            row = self._connect().execute("SELECT 1 FROM advisories LIMIT 1").fetchone()
        except sqlite3.OperationalError:  # no tables yet (a zero-byte file): nothing imported
            row = None
        except sqlite3.DatabaseError as exc:
            raise AdvisorySourceError(f"the advisory store is unreadable: {exc}") from exc
        if row is None:
            raise AdvisoriesNotReadyError("the advisory store is empty")

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None
            self._names.clear()

    def _names_of(self, ecosystem: str) -> frozenset[str]:
        """All indexed names of one ecosystem, so most packages need no per-name query."""
        if ecosystem not in self._names:
            rows = self._connect().execute(
                "SELECT DISTINCT name FROM affected WHERE ecosystem = ?", (ecosystem,)
            )
            self._names[ecosystem] = frozenset(r[0] for r in rows)
        return self._names[ecosystem]

    def lookup(
        self, packages: Iterable[tuple[str, str]]
    ) -> Mapping[tuple[str, str], Sequence[Advisory]]:
        conn = self._connect()
        if not self._names:
            self.ensure_ready()
        wanted = {p for p in set(packages) if p[1] in self._names_of(p[0])}
        found: dict[tuple[str, str], list[Advisory]] = {}
        for eco, name in sorted(wanted):
            rows = conn.execute(
                "SELECT a.id, a.modified, a.data FROM affected f "
                "JOIN advisories a ON a.id = f.advisory_id WHERE f.ecosystem = ? AND f.name = ?",
                (eco, name),
            )
            found[(eco, name)] = [
                _parsed(adv_id, modified, data) for adv_id, modified, data in rows
            ]
        return found

    def summary(self) -> tuple[int, str | None]:
        """Advisory count and when the last import finished: cheap enough for every
        ``/health`` call (``status`` also groups by ecosystem)."""
        if not self.exists():
            return 0, None
        conn = self._connect()
        total = int(conn.execute("SELECT COUNT(*) FROM advisories").fetchone()[0])
        row = conn.execute("SELECT value FROM meta WHERE key = 'imported_at'").fetchone()
        return total, (str(row[0]) if row else None)

    def status(self) -> dict[str, Any]:
        """Counts per ecosystem, newest ``modified`` and when the last import finished."""
        if not self.exists():
            return {"path": str(self.path), "exists": False}
        conn = self._connect()
        counts = dict(
            conn.execute(
                "SELECT ecosystem, COUNT(DISTINCT advisory_id) FROM affected GROUP BY ecosystem"
            ).fetchall()
        )
        total = conn.execute("SELECT COUNT(*) FROM advisories").fetchone()[0]
        newest = conn.execute("SELECT MAX(modified) FROM advisories").fetchone()[0]
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        return {
            "path": str(self.path),
            "exists": True,
            "total": total,
            "ecosystems": counts,
            "newest_modified": newest,
            "imported_at": meta.get("imported_at"),
        }

    def import_export(self, source: str | os.PathLike[str]) -> ImportReport:
        """Import any shape :func:`_entries` reads; atomic for the live store, which is
        left as it was when nothing valid was read (the report says so: ``records == 0``)."""
        src = Path(source)
        if not src.exists():
            raise ImportFailedError(f"{src}: no such file or directory")
        self.close()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=".advisories-", dir=self.path.parent)
        os.close(fd)
        tmp = Path(tmp_name)
        try:
            if self.exists():
                shutil.copyfile(self.path, tmp)
            report = _import_into(tmp, _entries(src))
            if report.records:
                os.replace(tmp, self.path)
        finally:
            tmp.unlink(missing_ok=True)
        return report


def _import_into(db_path: Path, entries: Iterable[tuple[str, bytes]]) -> ImportReport:
    report = ImportReport()
    conn = sqlite3.connect(db_path, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode=OFF")
        conn.execute("PRAGMA synchronous=OFF")
        conn.executescript(_SCHEMA)
        conn.execute("BEGIN")
        stored = dict(conn.execute("SELECT id, modified FROM advisories").fetchall())
        for name, data in entries:
            _import_one(conn, stored, name, data, report)
        now = datetime.now(UTC).isoformat(timespec="seconds")
        conn.execute("INSERT OR REPLACE INTO meta VALUES ('imported_at', ?)", (now,))
        conn.execute("COMMIT")
    finally:
        conn.close()
    return report


def _import_one(
    conn: sqlite3.Connection, stored: dict[str, str], name: str, data: bytes, report: ImportReport
) -> None:
    try:
        record = orjson.loads(data)
        adv_id = _validate(record)
    except (orjson.JSONDecodeError, ValueError) as exc:
        report.errors.append((name, str(exc)))
        return
    previous = stored.get(adv_id)
    if previous is not None and previous >= record["modified"]:
        report.unchanged += 1
        return
    if previous is not None:
        conn.execute("DELETE FROM affected WHERE advisory_id = ?", (adv_id,))
        report.updated += 1
    else:
        report.added += 1
    conn.execute(
        "INSERT OR REPLACE INTO advisories VALUES (?, ?, ?)", (adv_id, record["modified"], data)
    )
    conn.executemany(
        "INSERT OR IGNORE INTO affected VALUES (?, ?, ?)",
        [(eco, nm, adv_id) for eco, nm in _index_rows(record)],
    )
    stored[adv_id] = record["modified"]
