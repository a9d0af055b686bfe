"""Sealing at rest: round trips, rotation, tampering, legacy plain values, real databases."""

from __future__ import annotations

import os
import secrets
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from stockade.config import load_settings, resolve_encryption_keys
from stockade.core.errors import ConfigError
from stockade.store import Database, upgrade
from stockade.store.crypto import SealedValueError, SecretBox
from stockade.store.job_models import Job
from stockade.store.models import User
from stockade.store.sealing import is_sealed, open_legacy, rotate, seal_legacy
from stockade.store.tenancy_models import Organization
from stockade.store.webhook_models import Webhook


def _key() -> str:
    return secrets.token_urlsafe(48)


@pytest.fixture
def db(db_url: str) -> Iterator[Database]:
    database = Database(db_url)
    upgrade(database.engine)
    yield database
    database.dispose()


def test_a_sealed_value_opens_and_does_not_contain_the_plain_text() -> None:
    box = SecretBox([_key()])
    token = box.seal(b"ghp_notarealtoken0123456789")
    assert b"notarealtoken" not in token
    assert is_sealed(token)
    assert box.open(token) == b"ghp_notarealtoken0123456789"
    assert box.open_text(box.seal_text("JBSWY3DPEHPK3PXP")) == "JBSWY3DPEHPK3PXP"


def test_another_key_or_an_altered_value_does_not_open() -> None:
    token = SecretBox([_key()]).seal(b"value")
    with pytest.raises(SealedValueError):
        SecretBox([_key()]).open(token)
    box = SecretBox([_key()])
    sealed = bytearray(box.seal(b"value"))
    sealed[-5] ^= 1
    with pytest.raises(SealedValueError):
        box.open(bytes(sealed))


def test_rotation_opens_old_values_and_reseals_them_with_the_new_key() -> None:
    old, new = _key(), _key()
    token = SecretBox([old]).seal(b"value")
    both = SecretBox([new, old])
    assert both.open(token) == b"value"
    fresh = both.rotate(token)
    assert SecretBox([new]).open(fresh) == b"value"
    with pytest.raises(SealedValueError):
        SecretBox([new]).open(token)


def test_short_or_missing_keys_are_refused() -> None:
    with pytest.raises(ConfigError, match="shorter than 32"):
        SecretBox(["short"])
    with pytest.raises(ConfigError):
        SecretBox([])


def test_the_embedded_default_generates_one_private_key(tmp_path: Path) -> None:
    settings = load_settings(overrides={"data_dir": str(tmp_path / "data")})
    first = resolve_encryption_keys(settings)
    assert first == resolve_encryption_keys(settings)
    key_file = tmp_path / "data" / "encryption_key"
    assert stat.S_IMODE(os.stat(key_file).st_mode) == 0o600


def test_a_shared_database_needs_configured_keys(tmp_path: Path) -> None:
    url = {"url": "postgresql://localhost/x"}
    with pytest.raises(ConfigError, match="encryption_keys is required"):
        resolve_encryption_keys(load_settings(overrides={"database": url}))
    key = _key()
    configured = load_settings(overrides={"database": url, "auth": {"encryption_keys": [key]}})
    assert resolve_encryption_keys(configured) == [key]


def test_legacy_plain_totp_secrets_are_sealed_and_rotation_reseals_everything(
    db: Database,
) -> None:
    old_key = _key()
    old = SecretBox([old_key])
    with db.session() as s:
        s.add(User(id="u1", email="a@example.com", password_hash="x", totp_secret="JBSWY3DP"))
        s.add(
            Job(
                id="j1",
                source={"type": "files"},
                modules=["sast"],
                payload=old.seal(b"[]"),
                credential=old.seal(b"token"),
            )
        )
        s.add(Job(id="j2", source={"type": "files"}, modules=["sast"], payload=b"[]"))
        s.add(Organization(id="o1", name="Acme"))
        s.flush()
        s.add(
            Webhook(
                id="w1", organization_id="o1", url="https://h/", events=[], secret=old.seal(b"sig")
            )
        )
    with db.session() as s:
        assert seal_legacy(s, old) == 1
        assert seal_legacy(s, old) == 0  # idempotent
    with db.session() as s:
        stored = s.get(User, "u1")
        assert stored is not None and stored.totp_secret is not None
        assert "JBSWY3DP" not in stored.totp_secret
        assert old.open_text(stored.totp_secret) == "JBSWY3DP"
    new_key = _key()
    both = SecretBox([new_key, old_key])
    with db.session() as s:
        # The TOTP secret, j1's payload and credential, the webhook's signing secret.
        assert rotate(s, both) == 4
    only_new = SecretBox([new_key])
    with db.session() as s:
        user, job, legacy = s.get(User, "u1"), s.get(Job, "j1"), s.get(Job, "j2")
        assert user is not None and job is not None and legacy is not None
        assert only_new.open_text(user.totp_secret or "") == "JBSWY3DP"
        assert only_new.open(job.payload or b"") == b"[]"
        assert only_new.open(job.credential or b"") == b"token"
        assert open_legacy(only_new, legacy.payload or b"") == b"[]"
        hook = s.get(Webhook, "w1")
        assert hook is not None and only_new.open(hook.secret or b"") == b"sig"
