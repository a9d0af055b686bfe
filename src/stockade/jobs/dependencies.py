"""Dependency analysis as a service of the jobs layer: settings to advisory source, the
synchronous analysis behind ``POST /api/v1/dependencies/analyze``, the store's state for
``/health``, and the optional background sync at server start.

The server never imports ``stockade.analyzers`` itself (DESIGN.md: routes call services);
everything it needs about advisories goes through this module, which builds every source
with the one factory in :mod:`stockade.analyzers.deps.advisories.factory`.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from stockade.analyzers.deps.advisories import factory
from stockade.analyzers.deps.advisories.interface import (
    AdvisoriesNotReadyError,
    AdvisorySource,
    AdvisorySourceError,
)
from stockade.analyzers.deps.advisories.sync import DEFAULT_BASE, DEFAULT_ECOSYSTEMS, sync
from stockade.analyzers.deps.model import Package
from stockade.analyzers.deps.service import Outcome, analyze_contents, match_packages
from stockade.config import Settings

__all__ = [
    "AdvisoriesNotReadyError",
    "AdvisorySourceError",
    "Outcome",
    "PackageRef",
    "advisory_options",
    "advisory_state",
    "analyze",
    "start_auto_sync",
]

log = logging.getLogger("stockade.advisories")


@dataclass(frozen=True)
class PackageRef:
    ecosystem: str
    name: str
    version: str


def advisory_options(settings: Settings) -> dict[str, Any]:
    """The dependencies module's source options from the settings tree: the OSV API when it
    is the only configured source, else the local store at ``settings.advisory_db_path``.
    Jobs pass these to the analyzer (overriding the project's), the endpoint and
    ``/health`` build their source from them, so all three read the same store."""
    adv = settings.advisories
    db = str(settings.advisory_db_path)
    if "osv-local" not in adv.sources and "osv-api" in adv.sources:
        return {"source": factory.OSV_API, "osv_api_url": adv.osv_base_url, "advisory_db": db}
    return {"source": factory.LOCAL, "advisory_db": db, "osv_api_url": None}


def advisory_state(settings: Settings) -> dict[str, Any]:
    """``{status: ready|empty|unavailable, source, count, last_sync}`` for ``/health``."""
    return factory.state(advisory_options(settings)).as_dict()


def analyze(
    settings: Settings,
    files: Sequence[tuple[str, str]] = (),
    packages: Sequence[PackageRef] = (),
) -> Outcome:
    """Match manifests (``(path, content)``) and a package list against the server's store.

    Raises :class:`AdvisoriesNotReadyError` for a missing or empty store (a fresh server:
    the caller says so instead of answering "no vulnerabilities") and
    :class:`AdvisorySourceError` when the source cannot answer."""
    source = factory.make_source(advisory_options(settings))
    try:
        return _run(source, files, packages)
    finally:
        factory.close(source)


def _run(
    source: AdvisorySource, files: Sequence[tuple[str, str]], packages: Sequence[PackageRef]
) -> Outcome:
    factory.ensure_ready(source)  # also when every file fails to parse: "not ready" first
    outcome = analyze_contents([{"path": p, "content": c} for p, c in files], source)
    if packages:
        pkgs = [Package(p.ecosystem, p.name, p.version, path=(p.name,)) for p in packages]
        match_packages("", pkgs, source, outcome=outcome)
    return outcome


def sync_now(settings: Settings) -> None:
    """Download and import the configured ecosystems into the server's store (logged)."""
    store = factory.local_store(advisory_options(settings))
    ecosystems = list(settings.advisories.ecosystems or DEFAULT_ECOSYSTEMS)
    base = settings.advisories.sync_base_url or DEFAULT_BASE
    try:
        reports = sync(store, ecosystems, base)
    except AdvisorySourceError as exc:
        log.warning("advisory sync failed: %s; the previous store is unchanged", exc)
        return
    finally:
        store.close()
    for ecosystem, report in reports.items():
        log.info("advisory sync %s: %d added, %d updated", ecosystem, report.added, report.updated)


def start_auto_sync(settings: Settings) -> threading.Thread | None:
    """With ``advisories.auto_sync``, sync in a daemon thread so the server starts at once
    (a fresh server answers "not ready" until the first import lands). None otherwise."""
    if not settings.advisories.auto_sync:
        return None
    if advisory_options(settings)["source"] != factory.LOCAL:
        return None
    thread = threading.Thread(
        target=sync_now, args=(settings,), name="stockade-advisory-sync", daemon=True
    )
    thread.start()
    return thread
