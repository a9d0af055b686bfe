"""Encryption at rest for the few values the server must be able to read back.

Passwords and API keys are stored as hashes; some values cannot be: a TOTP secret is needed to
check each code, a git token until the job that clones with it ends, an uploaded source until
a runner has analysed it. Those are sealed with :class:`SecretBox` before they reach a row, so
a copy of the database file, a backup or a WAL page holds ciphertext only.

The scheme is Fernet (AES-128-CBC + HMAC-SHA256, from the ``cryptography`` package) through
``MultiFernet``: the first key seals, every key opens, which is what rotation needs (put the
new key first, keep the old ones until :meth:`SecretBox.rotate` has re-sealed every value).
Keys are free-form strings of at least 32 characters (like the JWT secret); each is stretched
to a Fernet key with HKDF-SHA256 under a fixed purpose label, so a key configured for this
never doubles as another secret's material.
"""

from __future__ import annotations

import base64
from collections.abc import Sequence

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from stockade.core.errors import ConfigError, StockadeError

MIN_KEY_LENGTH = 32
_PURPOSE = b"stockade at-rest encryption v1"
_UNOPENED = "a sealed value cannot be opened with the configured keys"


class SealedValueError(StockadeError):
    """A sealed value could not be opened: no configured key fits, or it was altered."""


def _fernet(key: str) -> Fernet:
    derived = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=_PURPOSE).derive(
        key.encode("utf-8")
    )
    return Fernet(base64.urlsafe_b64encode(derived))


class SecretBox:
    """Seals and opens small values with the server's keys (the first key seals)."""

    def __init__(self, keys: Sequence[str]) -> None:
        if not keys:
            raise ConfigError("at least one encryption key is needed")
        short = [i for i, key in enumerate(keys) if len(key) < MIN_KEY_LENGTH]
        if short:
            raise ConfigError(
                f"auth.encryption_keys[{short[0]}] is shorter than {MIN_KEY_LENGTH} characters"
            )
        self._box = MultiFernet([_fernet(key) for key in keys])

    def seal(self, data: bytes) -> bytes:
        return self._box.encrypt(data)

    def open(self, token: bytes) -> bytes:
        try:
            return self._box.decrypt(token)
        except InvalidToken:
            raise SealedValueError(_UNOPENED) from None

    def seal_text(self, text: str) -> str:
        return self.seal(text.encode("utf-8")).decode("ascii")

    def open_text(self, token: str) -> str:
        return self.open(token.encode("ascii")).decode("utf-8")

    def rotate(self, token: bytes) -> bytes:
        """The same value sealed with the first key (after a key was added in front)."""
        try:
            return self._box.rotate(token)
        except InvalidToken:
            raise SealedValueError(_UNOPENED) from None
