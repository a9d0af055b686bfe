"""Stockade API key format: ``stk_`` + 43 base62 chars (32 random bytes) + 6-char checksum.

The checksum (CRC-32 of the body, base62, zero-padded) lets secret scanners — ours first —
recognise a Stockade key with almost no false positives, and lets the server reject a
mistyped key without a database lookup.
"""

from __future__ import annotations

import re
import secrets
import zlib

PREFIX = "stk_"
_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
BODY_LENGTH = 43  # ceil(256 / log2(62))
CHECKSUM_LENGTH = 6
PATTERN = re.compile(rf"\bstk_([0-9A-Za-z]{{{BODY_LENGTH}}})([0-9A-Za-z]{{{CHECKSUM_LENGTH}}})\b")


def _base62(value: int, width: int) -> str:
    digits = []
    while value:
        value, rem = divmod(value, 62)
        digits.append(_ALPHABET[rem])
    return "".join(reversed(digits)).rjust(width, "0")


def checksum(body: str) -> str:
    """The 6-character checksum of a key body."""
    return _base62(zlib.crc32(body.encode("ascii")), CHECKSUM_LENGTH)


def generate() -> str:
    """A new random API key (plaintext: shown once, stored only as a hash)."""
    body = _base62(int.from_bytes(secrets.token_bytes(32), "big"), BODY_LENGTH)
    return f"{PREFIX}{body}{checksum(body)}"


def is_valid(key: str) -> bool:
    """True when ``key`` has the Stockade format and its checksum matches."""
    m = PATTERN.fullmatch(key)
    return m is not None and checksum(m.group(1)) == m.group(2)
