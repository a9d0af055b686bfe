"""The local daily request quota of the CLI (spec: 10 a day unauthenticated, 40 with an
API key; every ``analyze`` consumes one; resets at UTC midnight), and the server's monthly
token pool as last synced (``stockade quota sync``).

The counter lives in the user's state directory and is updated under an exclusive file
lock, so concurrent ``stockade`` runs cannot both take the last request.

The local counter adopts the server's view: after a sync, a server-backed command refuses
locally (exit 4, no request sent) while the synced pool holds fewer tokens than an analysis
costs and that view is still current (its ``resets_at`` is in the future, and it was taken
from the server the command talks to). A view from a past period says nothing about the
new one and is ignored, so a user is never locked out by a stale file.
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

from stockade.cli.errors import CliError, QuotaExceededError
from stockade.cli.paths import state_dir

LIMIT_ANONYMOUS = 10
LIMIT_API_KEY = 40
ANALYSIS_TOKENS = 3  # the ``analysis`` cost class (API.md "Quotas and rate limits")


@dataclass(frozen=True)
class QuotaStatus:
    used: int
    limit: int
    day: str
    resets_at: datetime

    @property
    def remaining(self) -> int:
        return max(0, self.limit - self.used)


@dataclass(frozen=True)
class ServerQuota:
    """The server's monthly token pool (``GET /api/v1/quota``) as of the last sync."""

    server_url: str
    plan: str
    tokens_limit: int
    tokens_used: int
    tokens_remaining: int
    resets_at: datetime
    synced_at: str

    def current(self, now: datetime) -> bool:
        """Whether the view still describes this period (it has not reset since)."""
        return now < self.resets_at


def _server_quota(data: dict[str, Any]) -> ServerQuota | None:
    """The stored sync, or None when absent or unreadable (never a reason to refuse)."""
    raw = data.get("server")
    if not isinstance(raw, dict):
        return None
    try:
        resets = datetime.fromisoformat(str(raw["resets_at"]).replace("Z", "+00:00"))
        if resets.tzinfo is None:
            return None
        return ServerQuota(
            server_url=str(data.get("server_url", "")),
            plan=str(raw.get("plan", "?")),
            tokens_limit=int(raw["tokens_limit"]),
            tokens_used=int(raw["tokens_used"]),
            tokens_remaining=int(raw["tokens_remaining"]),
            resets_at=resets,
            synced_at=str(data.get("synced_at", "")),
        )
    except (KeyError, TypeError, ValueError):
        return None


def _same_server(a: str, b: str) -> bool:
    return a.rstrip("/") == b.rstrip("/")


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

    def server(self) -> ServerQuota | None:
        """The server's pool as last synced (current or not), or None."""
        with self._locked() as fh:
            return _server_quota(self._read(fh))

    def consume(
        self,
        limit: int,
        now: datetime | None = None,
        *,
        server_url: str | None = None,
        tokens: int = ANALYSIS_TOKENS,
    ) -> QuotaStatus:
        """Take one request, or raise :class:`QuotaExceededError` when none is left.

        With ``server_url`` (a server-backed command), also refuse when the current synced
        view of that server's pool cannot pay ``tokens``; nothing is taken then.
        """
        moment = now or datetime.now(UTC)
        day, resets = _today(moment)
        with self._locked() as fh:
            data = self._read(fh)
            if server_url is not None:
                _check_server(_server_quota(data), server_url, tokens, moment)
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

    def record_sync(self, server: Any, server_url: str) -> ServerQuota:
        """Adopt the server's view (replacing the previous one); returns it as stored.

        Raises :class:`~stockade.cli.errors.CliError` when the answer is not a quota."""
        with self._locked() as fh:
            data = self._read(fh)
            record = {
                **data,
                "server": server,
                "server_url": server_url.rstrip("/"),
                "synced_at": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            }
            view = _server_quota(record)
            if view is None:
                raise CliError(f"the server's answer is not a token quota: {str(server)[:200]}")
            self._write(fh, record)
        return view


def _check_server(view: ServerQuota | None, server_url: str, tokens: int, now: datetime) -> None:
    """Refuse when the synced view of ``server_url`` is current and cannot pay ``tokens``."""
    if view is None or not _same_server(view.server_url, server_url) or not view.current(now):
        return
    if view.tokens_remaining < tokens:
        raise QuotaExceededError(
            f"server token quota exhausted: {view.tokens_remaining} of {view.tokens_limit} "
            f"tokens left ({view.plan}), an analysis needs {tokens}; it resets at "
            f"{view.resets_at:%Y-%m-%d %H:%M} UTC (last synced {view.synced_at}; "
            "run `stockade quota sync` after the pool was raised)"
        )
