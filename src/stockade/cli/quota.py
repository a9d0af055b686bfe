"""The local daily request quota of the CLI (spec: 10 a day unauthenticated, 40 with an
API key; every ``analyze`` consumes one; resets at UTC midnight).

The counter lives in the user's state directory and is updated under an exclusive file
lock, so concurrent ``stockade`` runs cannot both take the last request.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import IO, Any

import orjson

from stockade.cli.errors import QuotaExceededError
from stockade.cli.paths import state_dir

LIMIT_ANONYMOUS = 10
LIMIT_API_KEY = 40


@dataclass(frozen=True)
class QuotaStatus:
    used: int
    limit: int
    day: str
    resets_at: datetime

    @property
    def remaining(self) -> int:
        return max(0, self.limit - self.used)


def limit_for(authenticated: bool) -> int:
    return LIMIT_API_KEY if authenticated else LIMIT_ANONYMOUS


def _today(now: datetime) -> tuple[str, datetime]:
    midnight = datetime(now.year, now.month, now.day, tzinfo=UTC) + timedelta(days=1)
    return now.strftime("%Y-%m-%d"), midnight


class LocalQuota:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path or state_dir() / "quota.json"

    @contextmanager
    def _locked(self) -> Iterator[IO[bytes]]:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        with os.fdopen(fd, "r+b") as fh:
            fcntl.flock(fh, fcntl.LOCK_EX)
            yield fh

    @staticmethod
    def _read(fh: IO[bytes]) -> dict[str, Any]:
        fh.seek(0)
        raw = fh.read()
        try:
            data = orjson.loads(raw) if raw else {}
        except orjson.JSONDecodeError:
            data = {}  # a corrupt counter is reset rather than blocking the user forever
        return data if isinstance(data, dict) else {}

    @staticmethod
    def _write(fh: IO[bytes], data: dict[str, Any]) -> None:
        fh.seek(0)
        fh.truncate()
        fh.write(orjson.dumps(data))
        fh.flush()

    def status(self, limit: int, now: datetime | None = None) -> QuotaStatus:
        day, resets = _today(now or datetime.now(UTC))
        with self._locked() as fh:
            data = self._read(fh)
        used = int(data.get("used", 0)) if data.get("day") == day else 0
        return QuotaStatus(used, limit, day, resets)

    def consume(self, limit: int, now: datetime | None = None) -> QuotaStatus:
        """Take one request, or raise :class:`QuotaExceededError` when none is left."""
        day, resets = _today(now or datetime.now(UTC))
        with self._locked() as fh:
            data = self._read(fh)
            used = int(data.get("used", 0)) if data.get("day") == day else 0
            if used >= limit:
                raise QuotaExceededError(
                    f"local quota exceeded: {used}/{limit} requests used today; "
                    f"it resets at {resets:%Y-%m-%d %H:%M} UTC"
                    + ("" if limit == LIMIT_API_KEY else " (log in with an API key for 40 a day)")
                )
            data.update(day=day, used=used + 1)
            self._write(fh, data)
        return QuotaStatus(used + 1, limit, day, resets)

    def record_sync(self, server: dict[str, Any]) -> None:
        with self._locked() as fh:
            data = self._read(fh)
            data["server"] = server
            data["synced_at"] = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
            self._write(fh, data)
