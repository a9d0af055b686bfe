"""The local store on the real OSV exports: import, incremental update, failure safety."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from osv_data import OSV
from stockade.analyzers.deps.advisories.local import ImportFailedError, LocalStore, default_path


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


def test_default_path_honours_env_and_xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv("STOCKADE_ADVISORY_DB", raising=False)
    assert default_path() == tmp_path / "xdg" / "stockade" / "advisories.sqlite"
    monkeypatch.setenv("STOCKADE_ADVISORY_DB", str(tmp_path / "x.sqlite"))
    assert default_path() == tmp_path / "x.sqlite"
    assert default_path(tmp_path / "y") == tmp_path / "y"
