"""Token formats whose length, alphabet or checksum can be verified offline.

A value that carries a provider's prefix but not the rest of its format is a fake, a
truncation or an example: GitHub and npm tokens end in a CRC-32 of their random part
(base62, six characters), so a hand-typed ``ghp_…`` fails it; a PyPI token is a base64url
macaroon that decodes to a binary blob naming pypi.org; Slack, GitLab and Stripe tokens have
fixed structures. Provider rules drop a match whose format check fails (the redactor still
hides it: redaction errs towards hiding), and the generic detector drops a value that claims
one of these prefixes without the format (``TOKEN = "ghp_abc…"`` of the wrong length).
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from collections.abc import Callable

_BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def base62_crc32(body: str) -> str:
    """The six-character checksum GitHub (and npm) append: CRC-32 of the body, base62."""
    value = zlib.crc32(body.encode("ascii", "replace"))
    digits = []
    while value:
        value, rem = divmod(value, 62)
        digits.append(_BASE62[rem])
    return "".join(reversed(digits)).rjust(6, "0")


def _crc_token(prefix_len: int) -> Callable[[str], bool]:
    def check(token: str) -> bool:
        body = token[prefix_len:]
        if len(body) != 36 or not body.isalnum() or not body.isascii():
            return False
        return base62_crc32(body[:30]) == body[30:]

    return check


def _pypi(token: str) -> bool:
    """``pypi-`` + a base64url macaroon in the binary format version 2: ``0x02``, then field 1
    (the location, ``pypi.org`` or ``test.pypi.org``), then field 2 (the identifier)."""
    body = token[5:]
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        return False
    if len(raw) < 48 or raw[:2] != b"\x02\x01":
        return False
    location_end = 3 + raw[2]
    return raw[3:location_end] in (b"pypi.org", b"test.pypi.org") and raw[location_end] == 2


_SLACK = re.compile(r"xox[baprseo]-(?:\d+-){1,3}[A-Za-z0-9-]{10,}")
_STRIPE = re.compile(r"[sr]k_(?:live|test)_[A-Za-z0-9]{24,99}")
_GITLAB = re.compile(r"gl[a-z]{1,6}-[A-Za-z0-9_-]{20,}(?:\.[0-9a-z]{2}\.[0-9a-z]{9})?")


# Rule id -> offline format check. Every rule listed here is a prefix rule (its regex already
# fixes the prefix); the check adds what a regex cannot: the checksum or the payload.
CHECKS: dict[str, Callable[[str], bool]] = {
    "github-pat": _crc_token(4),
    "github-oauth-token": _crc_token(4),
    "github-user-to-server-token": _crc_token(4),
    "github-server-to-server-token": _crc_token(4),
    "github-refresh-token": _crc_token(4),
    "npm-token": _crc_token(4),
    "pypi-token": _pypi,
    "testpypi-token": _pypi,
}
# Prefixes a generic value may not carry unless the whole value has the format.
_CLAIMS: tuple[tuple[re.Pattern[str], Callable[[str], bool]], ...] = (
    (re.compile(r"gh[pousr]_"), _crc_token(4)),
    (
        re.compile(r"github_pat_"),
        lambda t: re.fullmatch(r"github_pat_\w{22}_\w{59}", t) is not None,
    ),
    (re.compile(r"npm_"), _crc_token(4)),
    (re.compile(r"pypi-"), _pypi),
    (re.compile(r"xox[baprseo]-"), lambda t: _SLACK.fullmatch(t) is not None),
    (re.compile(r"[sr]k_(?:live|test)_"), lambda t: _STRIPE.fullmatch(t) is not None),
    (
        re.compile(r"gl(?:pat|dt|rt|ft|soat|ffct|cbt|imt|oas|agent)-"),
        lambda t: _GITLAB.fullmatch(t) is not None,
    ),
)


_ANY_CLAIM = re.compile("|".join(p.pattern for p, _ in _CLAIMS))


def format_ok(rule_id: str, token: str) -> bool:
    """False when ``rule_id`` has an offline check and ``token`` fails it."""
    check = CHECKS.get(rule_id)
    return check is None or check(token)


def claims_format_falsely(value: str) -> bool:
    """``ghp_`` + 30 characters, ``npm_`` with a wrong checksum: a provider's prefix on a value
    that is not that provider's token."""
    if _ANY_CLAIM.match(value) is None:  # (almost every value: one regex, not seven)
        return False
    for prefix, check in _CLAIMS:
        if prefix.match(value):
            return not check(value)
    return False


def with_valid_checksum(token: str) -> str:
    """``token`` (a GitHub or npm token shape) with its last six characters made the right
    checksum: how tests and rule examples build well-formed fakes."""
    head, body = token[:4], token[4:34]
    return head + body + base62_crc32(body)
