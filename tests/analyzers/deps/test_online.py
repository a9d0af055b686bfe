"""Sync from a mirror and the OSV API source, both against a loopback HTTP server."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from loopback import serve

from osv_data import OSV
from stockade.analyzers.deps.advisories.interface import AdvisorySourceError
from stockade.analyzers.deps.advisories.local import LocalStore
from stockade.analyzers.deps.advisories.osv_api import OsvApiSource
from stockade.analyzers.deps.advisories.sync import sync
from stockade.analyzers.deps.model import Package
from stockade.analyzers.deps.service import match_packages

RECORD = {
    "id": "GHSA-aaaa-bbbb-cccc",
    "modified": "2024-05-01T00:00:00Z",
    "aliases": ["CVE-2024-0001"],
    "summary": "prototype pollution",
    "affected": [
        {
            "package": {"ecosystem": "npm", "name": "left-pad"},
            "ranges": [{"type": "SEMVER", "events": [{"introduced": "0"}, {"fixed": "1.3.0"}]}],
        }
    ],
}


def test_sync_downloads_each_ecosystem_from_the_mirror(tmp_path: Path) -> None:
    exports = {"crates.io": OSV / "crates.io" / "all.zip", "Go": OSV / "Go" / "all.zip"}
    store = LocalStore(tmp_path / "a.sqlite")
    with serve(exports=exports) as (url, _):
        reports = sync(store, ["crates.io", "Go"], url)
    assert {k: r.added for k, r in reports.items()} == {"crates.io": 1206, "Go": 4291}
    assert store.status()["total"] == 5497


def test_sync_failure_keeps_the_store(tmp_path: Path) -> None:
    store = LocalStore(tmp_path / "a.sqlite")
    store.import_export(OSV / "crates.io" / "all.zip")
    with serve(exports={}) as (url, _), pytest.raises(AdvisorySourceError):
        sync(store, ["PyPI"], url)
    assert store.status()["total"] == 1206


def test_osv_api_source_batches_and_matches() -> None:
    with serve(records={RECORD["id"]: RECORD}) as (url, handler):
        source = OsvApiSource(url, batch=2)
        pkgs = [Package("npm", "left-pad", "1.1.0"), Package("npm", "a", "1.0.0")]
        pkgs.append(Package("npm", "b", "1.0.0"))
        outcome = match_packages("package-lock.json", pkgs, source)
        assert handler.batches == [2, 1]
    assert [f.metadata["advisory_id"] for f in outcome.findings] == ["GHSA-aaaa-bbbb-cccc"]
    assert outcome.findings[0].metadata["upgrade_to"] == "1.3.0"


def test_osv_api_unreachable_is_a_source_error() -> None:
    with serve() as (url, _):
        dead = url
    with pytest.raises(AdvisorySourceError):
        OsvApiSource(dead, timeout=2).lookup([("npm", "x")])
