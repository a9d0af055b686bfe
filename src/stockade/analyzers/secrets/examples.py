"""Rule examples are templates, never contiguous secrets.

A rule file that held literal example tokens would make this repository look like a leak to
every other scanner (and to ours). Examples are therefore written as templates such as
``ghp_{a:36}``, where ``{a:36}`` stands for 36 characters of class ``a``; tests expand them
into well-formed, high-entropy fakes at run time with a generator seeded by the rule id.
"""

from __future__ import annotations

import random
import re

from stockade.analyzers.secrets import formats
from stockade.core import apikey

CLASSES: dict[str, str] = {
    "a": "[A-Za-z0-9]",
    "b": "[A-Za-z0-9_-]",
    "h": "[a-f0-9]",
    "H": "[A-F0-9]",
    "u": "[A-Z0-9]",
    "l": "[a-z0-9]",
    "d": "[0-9]",
    "B": "[A-Za-z0-9+/]",
    "L": "[A-Za-z]",
    "Z": "[A-Z2-7]",
    "E": "[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]",
}
_ALPHABETS: dict[str, str] = {
    "a": "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
    "b": "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-",
    "h": "0123456789abcdef",
    "H": "0123456789ABCDEF",
    "u": "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
    "l": "abcdefghijklmnopqrstuvwxyz0123456789",
    "d": "0123456789",
    "B": "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/",
    "L": "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
    "Z": "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567",
    "E": "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L",  # bech32, upper case
}
_SLOT = re.compile(r"\{([a-zA-Z]):(\d+)\}")


def _fill(cls: str, n: int, rng: random.Random) -> str:
    alphabet = _ALPHABETS[cls]
    while True:
        s = "".join(rng.choice(alphabet) for _ in range(n))
        # Mixed classes make the fake look like a real token (and pass entropy filters).
        if n < 8 or cls not in "abBLu" or (any(c.isdigit() for c in s) or cls == "L"):
            return s


def _stockade_key(valid: bool, rng: random.Random) -> str:
    body = "".join(rng.choice(_ALPHABETS["a"]) for _ in range(apikey.BODY_LENGTH))
    key = f"{apikey.PREFIX}{body}{apikey.checksum(body)}"
    if valid:
        return key
    body, check = key[: -apikey.CHECKSUM_LENGTH], key[-apikey.CHECKSUM_LENGTH :]
    return body + ("0" if check[0] != "0" else "1") + check[1:]


def expand(template: str, seed: str) -> str:
    """The template with every ``{c:n}`` slot filled with random characters of class ``c``.

    ``{stk}`` / ``{stkbad}`` become a Stockade API key with a valid / a wrong checksum.
    """
    rng = random.Random(seed)  # noqa: S311 - deterministic fake fixtures, never key material
    template = template.replace("{stkbad}", _stockade_key(False, rng)).replace(
        "{stk}", _stockade_key(True, rng)
    )
    filled = _SLOT.sub(lambda m: _fill(m.group(1), int(m.group(2)), rng), template)
    # GitHub and npm tokens end in a checksum of their body: a fake must carry the right one.
    return _CHECKSUMMED.sub(lambda m: formats.with_valid_checksum(m.group(0)), filled)


_CHECKSUMMED = re.compile(r"\b(?:gh[pousr]|npm)_[A-Za-z0-9]{36}\b")
