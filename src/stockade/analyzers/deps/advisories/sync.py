"""Download OSV's per-ecosystem ``all.zip`` exports and import them into the local store."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import httpx

from stockade.analyzers.deps.advisories.interface import AdvisorySourceError
from stockade.analyzers.deps.advisories.local import ImportReport, LocalStore

DEFAULT_BASE = "https://osv-vulnerabilities.storage.googleapis.com"
DEFAULT_ECOSYSTEMS = (
    "PyPI", "npm", "crates.io", "Go", "Maven", "RubyGems", "Packagist", "NuGet", "Hex", "Pub",
)  # fmt: skip


def download(base_url: str, ecosystem: str, dest: Path, *, timeout: float = 120.0) -> None:
    url = f"{base_url.rstrip('/')}/{ecosystem}/all.zip"
    try:
        with httpx.stream("GET", url, timeout=timeout, follow_redirects=True) as response:
            response.raise_for_status()
            with dest.open("wb") as fh:
                for chunk in response.iter_bytes():
                    fh.write(chunk)
    except httpx.HTTPError as exc:
        raise AdvisorySourceError(f"downloading {url} failed: {exc}") from exc


def sync(
    store: LocalStore, ecosystems: list[str], base_url: str = DEFAULT_BASE
) -> dict[str, ImportReport]:
    """Each ecosystem is downloaded to a temporary file and imported on its own, so one
    failing download leaves the store as the previous ecosystems' imports made it."""
    reports: dict[str, ImportReport] = {}
    for ecosystem in ecosystems:
        fd, name = tempfile.mkstemp(suffix=".zip")
        os.close(fd)
        tmp = Path(name)
        try:
            download(base_url, ecosystem, tmp)
            reports[ecosystem] = store.import_export(tmp)
        finally:
            tmp.unlink(missing_ok=True)
    return reports
