"""The one place that turns advisory options into an :class:`AdvisorySource`.

The analyzer (inside job workers), the synchronous dependency endpoint, the health check and
``stockade advisories ...`` all call :func:`make_source` or :func:`local_store`, so they
cannot disagree about which store they read. The options are plain data (``source``,
``advisory_db``, ``osv_api_url``): this package may not import the settings tree, so the
jobs layer maps settings to options (``stockade.jobs.dependencies.advisory_options``).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from stockade.analyzers.deps.advisories.interface import AdvisorySource, AdvisorySourceError
from stockade.analyzers.deps.advisories.local import LocalStore

LOCAL = "local"
OSV_API = "osv-api"
READY = "ready"
EMPTY = "empty"
UNAVAILABLE = "unavailable"


@lru_cache(maxsize=4)
def _shared_store(path: str) -> LocalStore:
    """One open store per process and path: a job worker analysing many lockfiles parses
    the index once. Only for processes that never see an import (they are short-lived)."""
    return LocalStore(path)


def local_store(options: Mapping[str, Any], *, shared: bool = False) -> LocalStore:
    """The local store the options name; a missing ``advisory_db`` is a configuration gap."""
    db = options.get("advisory_db")
    if not db:
        raise AdvisorySourceError(
            "no advisory store configured (the server passes advisories.db_path)"
        )
    return _shared_store(str(db)) if shared else LocalStore(Path(str(db)))


def make_source(options: Mapping[str, Any], *, shared: bool = False) -> AdvisorySource:
    """The OSV API when ``source = "osv-api"``, else the local store at ``advisory_db``.

    ``shared`` reuses one open store per path (the analyzer); callers in a long-lived
    process that may see an import (the server) take a fresh one and close it."""
    if options.get("source") == OSV_API:
        # imported here: it brings httpx (~50 ms), which a local-store scan never needs
        from stockade.analyzers.deps.advisories.osv_api import DEFAULT_API, OsvApiSource

        return OsvApiSource(str(options.get("osv_api_url") or DEFAULT_API))
    return local_store(options, shared=shared)


def ensure_ready(source: AdvisorySource) -> None:
    """Raise ``AdvisoriesNotReadyError`` for a missing or empty local store."""
    if isinstance(source, LocalStore):
        source.ensure_ready()


def close(source: AdvisorySource) -> None:
    """Release a source built with ``shared=False`` (only local stores hold a connection)."""
    if isinstance(source, LocalStore):
        source.close()


@dataclass(frozen=True)
class StoreState:
    """Whether dependency analysis can answer: ``ready``, ``empty`` or ``unavailable``."""

    status: str
    source: str
    count: int | None = None
    last_sync: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "source": self.source,
            "count": self.count,
            "last_sync": self.last_sync,
        }


def state(options: Mapping[str, Any]) -> StoreState:
    """The store's state without raising: an unreadable file is ``unavailable``.

    The OSV API is not probed (that would make every health check a remote call)."""
    if options.get("source") == OSV_API:
        return StoreState(READY, OSV_API)
    try:
        store = local_store(options)
    except AdvisorySourceError:
        return StoreState(UNAVAILABLE, LOCAL)
    try:
        count, last = store.summary()
    except (sqlite3.Error, OSError):
        return StoreState(UNAVAILABLE, LOCAL)
    finally:
        store.close()
    return StoreState(READY if count else EMPTY, LOCAL, count, last)
