"""``stockade advisories import|status|sync`` on the real OSV exports."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

from stockade.analyzers.deps.advisories.local import LocalStore
from stockade.cli.app import main
from stockade.config import load_settings

sys.path.insert(0, str(Path(__file__).parents[1] / "analyzers" / "deps"))
from loopback import serve

from osv_data import OSV


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_import_then_status(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = str(tmp_path / "adv.sqlite")
    code, out, _ = run(
        capsys, "advisories", "import", str(OSV / "crates.io" / "all.zip"), "--db", db
    )
    assert code == 0 and "1206 added" in out
    code, out, _ = run(capsys, "advisories", "status", "--db", db)
    assert code == 0
    assert "advisories: 1206" in out and "crates.io: 1206" in out and "last import:" in out


def test_status_uses_the_env_path_and_reports_an_empty_store(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("STOCKADE_ADVISORY_DB", str(tmp_path / "none.sqlite"))
    code, out, _ = run(capsys, "advisories", "status")
    assert code == 1 and "none.sqlite" in out and "no advisories imported yet" in out


def test_corrupt_import_fails_and_keeps_the_store(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "adv.sqlite")
    run(capsys, "advisories", "import", str(OSV / "crates.io" / "all.zip"), "--db", db)
    bad = tmp_path / "all.zip"
    bad.write_bytes(b"PK\x03\x04 truncated")
    code, _, err = run(capsys, "advisories", "import", str(bad), "--db", db)
    assert code == 2 and "previous store is unchanged" in err
    assert "advisories: 1206" in run(capsys, "advisories", "status", "--db", db)[1]


def test_sync_from_a_mirror(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = str(tmp_path / "adv.sqlite")
    with serve(exports={"Go": OSV / "Go" / "all.zip"}) as (url, _):
        code, out, _ = run(capsys, "advisories", "sync", "-e", "Go", "--base-url", url, "--db", db)
        assert code == 0 and "Go: 4291 added" in out
        code, _, err = run(capsys, "advisories", "sync", "-e", "npm", "--base-url", url, "--db", db)
    assert code == 3 and "404" in err


@pytest.fixture(autouse=True)
def _no_user_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without --db the commands use the settings' store: keep it out of the user's home."""
    monkeypatch.setenv("STOCKADE__DATA_DIR", str(tmp_path / "default-data"))
    monkeypatch.delenv("STOCKADE_ADVISORY_DB", raising=False)
    monkeypatch.delenv("STOCKADE_CONFIG", raising=False)


def _record(adv_id: str) -> str:
    return json.dumps({
        "id": adv_id, "modified": "2024-01-01T00:00:00Z",
        "affected": [{"package": {"ecosystem": "PyPI", "name": "demo"},
                      "ranges": [{"type": "ECOSYSTEM", "events": [{"introduced": "0"}]}]}],
    })  # fmt: skip


@pytest.mark.parametrize("shape", ["zip", "json-file", "json-dir", "export-dir"])
def test_import_takes_every_shape(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, shape: str
) -> None:
    exports = tmp_path / "exports"
    (exports / "crates.io").mkdir(parents=True)
    shutil.copyfile(OSV / "crates.io" / "all.zip", exports / "crates.io" / "all.zip")
    loose = tmp_path / "loose"
    loose.mkdir()
    for adv_id in ("DEMO-1", "DEMO-2"):
        (loose / f"{adv_id}.json").write_text(_record(adv_id))
    source, added = {
        "zip": (OSV / "crates.io" / "all.zip", 1206),
        "json-file": (loose / "DEMO-1.json", 1),
        "json-dir": (loose, 2),
        "export-dir": (exports, 1206),  # <Ecosystem>/all.zip: used to print "0 added"
    }[shape]
    db = str(tmp_path / "adv.sqlite")
    code, out, err = run(capsys, "advisories", "import", str(source), "--db", db)
    assert code == 0, err
    assert f"{added} added" in out
    assert f"advisories: {added}" in run(capsys, "advisories", "status", "--db", db)[1]


def test_importing_nothing_fails_and_leaves_the_store(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "adv.sqlite"
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "README.txt").write_text("nothing here")
    code, out, err = run(capsys, "advisories", "import", str(empty), "--db", str(db))
    assert code == 2 and "nothing imported" in err and "0 added" not in out
    assert not db.exists()
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    code, _, err = run(capsys, "advisories", "import", str(broken), "--db", str(db))
    assert code == 2 and "nothing imported" in err and "skipped broken.json" in err


def test_import_uses_the_servers_data_dir(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No --db: the store is advisories.db_path from the same settings the server reads
    (STOCKADE__DATA_DIR, or data_dir in the config file), not a per-user default."""
    data = tmp_path / "server-data"
    monkeypatch.setenv("STOCKADE__DATA_DIR", str(data))
    code, out, _ = run(capsys, "advisories", "import", str(OSV / "crates.io" / "all.zip"))
    assert code == 0 and str(data / "advisories.sqlite") in out
    assert LocalStore(data / "advisories.sqlite").summary()[0] == 1206

    monkeypatch.delenv("STOCKADE__DATA_DIR")
    config = tmp_path / "stockade.toml"
    config.write_text(f'data_dir = "{tmp_path / "from-file"}"\n')
    code, out, _ = run(capsys, "advisories", "status", "--config", str(config))
    assert code == 1 and str(tmp_path / "from-file" / "advisories.sqlite") in out
    monkeypatch.setenv("STOCKADE_CONFIG", str(config))
    run(capsys, "advisories", "import", str(OSV / "crates.io" / "all.zip"))
    code, out, _ = run(capsys, "advisories", "status")
    assert code == 0 and "advisories: 1206" in out


def test_db_path_alias_and_precedence(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = tmp_path / "stockade.toml"
    config.write_text(f'[advisories]\ndb_path = "{tmp_path / "file.sqlite"}"\n')
    assert load_settings(config).advisory_db_path == tmp_path / "file.sqlite"
    monkeypatch.setenv("STOCKADE_ADVISORY_DB", str(tmp_path / "alias.sqlite"))
    assert load_settings(config).advisory_db_path == tmp_path / "alias.sqlite"
    monkeypatch.setenv("STOCKADE__ADVISORIES__DB_PATH", str(tmp_path / "canonical.sqlite"))
    assert load_settings(config).advisory_db_path == tmp_path / "canonical.sqlite"
    monkeypatch.delenv("STOCKADE_ADVISORY_DB")
    monkeypatch.delenv("STOCKADE__ADVISORIES__DB_PATH")
    assert load_settings().advisory_db_path == tmp_path / "default-data" / "advisories.sqlite"
