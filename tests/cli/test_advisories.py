"""``stockade advisories import|status|sync`` on the real OSV exports."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from stockade.cli.app import main

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
