"""The local store on the real OSV exports: import, incremental update, failure safety."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from osv_data import OSV
from stockade.analyzers.deps.advisories import factory
from stockade.analyzers.deps.advisories.interface import AdvisoriesNotReadyError
from stockade.analyzers.deps.advisories.local import ImportFailedError, LocalStore
from stockade.analyzers.deps.advisories.osv_api import OsvApiSource


def _record(adv_id: str, modified: str, name: str = "demo-pkg", fixed: str = "2.0") -> dict:
    return {
        "id": adv_id,
        "modified": modified,
        "affected": [
            {
                "package": {"ecosystem": "PyPI", "name": name},
                "ranges": [
                    {"type": "ECOSYSTEM", "events": [{"introduced": "0"}, {"fixed": fixed}]}
                ],
            }
        ],
    }


def _write_dir(root: Path, *records: dict) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    for r in records:
        (root / f"{r['id']}.json").write_text(json.dumps(r))
    return root


def test_shared_exports_import_completely(shared_store: LocalStore) -> None:
    status = shared_store.status()
    assert status["total"] == 8158
    assert status["ecosystems"] == {"PyPI": 2661, "crates.io": 1206, "Go": 4291}


def test_lookup_uses_pep503_names(shared_store: LocalStore) -> None:
    a = shared_store.lookup([("PyPI", "django")])
    assert a[("PyPI", "django")], "Django advisories are indexed under the normalized name"
    assert ("PyPI", "no-such-package-xyz") not in shared_store.lookup(
        [("PyPI", "no-such-package-xyz")]
    )


def test_reimport_is_incremental(tmp_path: Path) -> None:
    store = LocalStore(tmp_path / "a.sqlite")
    first = store.import_export(OSV / "crates.io" / "all.zip")
    again = store.import_export(OSV / "crates.io" / "all.zip")
    assert (first.added, again.added, again.updated, again.unchanged) == (1206, 0, 0, 1206)


def test_newer_modified_replaces_and_reindexes(tmp_path: Path) -> None:
    store = LocalStore(tmp_path / "a.sqlite")
    store.import_export(_write_dir(tmp_path / "v1", _record("PYSEC-1", "2024-01-01T00:00:00Z")))
    newer = _record("PYSEC-1", "2024-02-01T00:00:00Z", name="other-pkg")
    report = store.import_export(_write_dir(tmp_path / "v2", newer))
    assert report.updated == 1
    assert ("PyPI", "demo-pkg") not in store.lookup([("PyPI", "demo-pkg")])
    assert store.lookup([("PyPI", "other-pkg")])[("PyPI", "other-pkg")][0]["id"] == "PYSEC-1"


def test_corrupt_zip_leaves_previous_store_intact(tmp_path: Path) -> None:
    store = LocalStore(tmp_path / "a.sqlite")
    store.import_export(OSV / "crates.io" / "all.zip")
    truncated = tmp_path / "all.zip"
    truncated.write_bytes((OSV / "Go" / "all.zip").read_bytes()[:50_000])
    with pytest.raises(ImportFailedError):
        store.import_export(truncated)
    assert store.status()["total"] == 1206
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.sqlite", "all.zip"]


def test_schema_breaking_advisory_is_reported_and_skipped(tmp_path: Path) -> None:
    export = tmp_path / "bad.zip"
    with zipfile.ZipFile(export, "w") as z:
        z.writestr("GOOD-1.json", json.dumps(_record("GOOD-1", "2024-01-01T00:00:00Z")))
        z.writestr("BAD-1.json", json.dumps({"id": "BAD-1", "modified": "x", "affected": {}}))
        z.writestr("BAD-2.json", "{not json")
    report = LocalStore(tmp_path / "a.sqlite").import_export(export)
    assert report.added == 1
    assert sorted(e[0] for e in report.errors) == ["BAD-1.json", "BAD-2.json"]


def test_every_import_shape(tmp_path: Path) -> None:
    """One all.zip, one OSV JSON file, a directory of JSON, a directory of <Ecosystem>/all.zip
    exports (OSV's bucket layout, which used to import nothing)."""
    one = _write_dir(tmp_path / "json", _record("ONE-1", "2024-01-01T00:00:00Z"))
    shapes = {
        "zip": (OSV / "crates.io" / "all.zip", 1206),
        "file": (one / "ONE-1.json", 1),
        "json-dir": (one, 1),
        "export-dir": (OSV, 8158),  # tests/data/osv/{PyPI,crates.io,Go}/all.zip
    }
    for label, (source, expected) in shapes.items():
        store = LocalStore(tmp_path / f"{label}.sqlite")
        report = store.import_export(source)
        assert (report.added, report.records) == (expected, expected), label
        assert store.summary()[0] == expected, label
        store.close()


def test_nothing_valid_leaves_no_store_behind(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "notes.txt").write_text("no advisories here")
    store = LocalStore(tmp_path / "a.sqlite")
    report = store.import_export(empty)
    assert report.records == 0 and not store.exists()
    with pytest.raises(AdvisoriesNotReadyError, match="run `stockade advisories sync`"):
        store.lookup([("PyPI", "django")])


def test_factory_picks_the_source_and_reports_state(tmp_path: Path) -> None:
    db = str(tmp_path / "adv.sqlite")
    local = {"source": "local", "advisory_db": db}
    assert factory.state(local).as_dict() == {
        "status": "empty", "source": "local", "count": 0, "last_sync": None,
    }  # fmt: skip
    LocalStore(db).import_export(_write_dir(tmp_path / "d", _record("X-1", "2024-01-01T00:00:00Z")))
    ready = factory.state(local)
    assert (ready.status, ready.count) == ("ready", 1) and ready.last_sync
    source = factory.make_source(local)
    assert isinstance(source, LocalStore) and source.path == Path(db)
    assert factory.make_source(local, shared=True) is factory.make_source(local, shared=True)
    api = factory.make_source({"source": "osv-api", "osv_api_url": "http://127.0.0.1:9"})
    assert isinstance(api, OsvApiSource) and api.base_url == "http://127.0.0.1:9"
    (tmp_path / "junk.sqlite").write_bytes(b"not a database at all" * 100)
    junk = {"source": "local", "advisory_db": str(tmp_path / "junk.sqlite")}
    assert factory.state(junk).status == "unavailable"
