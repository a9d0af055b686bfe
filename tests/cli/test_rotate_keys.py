"""``stockade db rotate-keys``: after a new key is put first, every sealed value is re-sealed
with it, so the old key can be dropped; ``config show`` never prints a key."""

from __future__ import annotations

import json
import secrets
from pathlib import Path

import pytest

from stockade.cli.app import main
from stockade.store import Database, upgrade
from stockade.store.crypto import SecretBox
from stockade.store.models import User


def _config(tmp_path: Path, keys: list[str]) -> Path:
    path = tmp_path / "stockade.toml"
    db = tmp_path / "data" / "stockade.db"
    listed = ", ".join(json.dumps(k) for k in keys)
    path.write_text(
        f'data_dir = "{tmp_path / "data"}"\n'
        f'[database]\nurl = "sqlite:///{db}"\n'
        f"[auth]\nencryption_keys = [{listed}]\n"
    )
    return path


def test_rotation_reseals_with_the_new_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old, new = secrets.token_urlsafe(48), secrets.token_urlsafe(48)
    db = Database(f"sqlite:///{tmp_path / 'data' / 'stockade.db'}")
    upgrade(db.engine)
    with db.session() as s:
        sealed = SecretBox([old]).seal_text("JBSWY3DPEHPK3PXP")
        s.add(User(id="u1", email="a@example.com", password_hash="x", totp_secret=sealed))

    assert main(["db", "rotate-keys", "--config", str(_config(tmp_path, [new, old]))]) == 0
    assert "re-sealed 1 value(s)" in capsys.readouterr().out
    with db.session() as s:
        user = s.get(User, "u1")
        assert user is not None and user.totp_secret is not None
        assert SecretBox([new]).open_text(user.totp_secret) == "JBSWY3DPEHPK3PXP"
    db.dispose()

    assert main(["config", "show", "--config", str(_config(tmp_path, [new, old]))]) == 0
    out = capsys.readouterr().out
    assert new not in out and old not in out


def test_rotation_without_the_old_key_fails_and_changes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old, unrelated = secrets.token_urlsafe(48), secrets.token_urlsafe(48)
    db = Database(f"sqlite:///{tmp_path / 'data' / 'stockade.db'}")
    upgrade(db.engine)
    sealed = SecretBox([old]).seal_text("JBSWY3DPEHPK3PXP")
    with db.session() as s:
        s.add(User(id="u1", email="a@example.com", password_hash="x", totp_secret=sealed))

    assert main(["db", "rotate-keys", "--config", str(_config(tmp_path, [unrelated]))]) == 2
    assert "cannot be opened with the configured keys" in capsys.readouterr().err
    with db.session() as s:
        user = s.get(User, "u1")
        assert user is not None and user.totp_secret == sealed
    db.dispose()


def test_a_short_key_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["db", "rotate-keys", "--config", str(_config(tmp_path, ["short"]))]) == 2
    assert "shorter than 32 characters" in capsys.readouterr().err
