"""One pass over a file's bytes for every keyword of every detector (Hyperscan).

Each literal keyword is compiled case-insensitively with ``SINGLEMATCH``, so the scan reports
each keyword at most once per file and the callback count stays tiny however often a common
word occurs. Detectors whose keywords never occur are skipped entirely. Rules with a distinctive
token shape give their whole regex instead, compiled in Hyperscan's ``PREFILTER`` mode (a
superset of the regex's matches, so nothing is lost): their exact RE2 regex then runs only on
files that almost certainly contain a match, even when their literal prefix (``pat``, ``ck_``)
is common.

Compiling the database takes about 0.3 s for the built-in rules, paid by every process that
scans (and by every redaction of other modules' findings). The compiled form is therefore kept
in the user's cache directory, keyed by a digest of everything compiled (Hyperscan's version,
each expression and its flags), and loaded from there when it matches; a cache that cannot be
read or written is simply not used.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import platform
import tempfile
from collections.abc import Mapping, Sequence
from importlib.metadata import version
from pathlib import Path
from typing import Any

import hyperscan
from platformdirs import user_cache_dir


def _literal(word: str) -> bytes:
    return "".join(f"\\x{b:02x}" for b in word.encode("utf-8")).encode("ascii")


class Prefilter:
    """Maps keyword hits in a buffer to the indices of the detectors that own them."""

    def __init__(
        self,
        keywords_per_detector: Sequence[Sequence[str]],
        regexes: Mapping[int, str] | None = None,
    ) -> None:
        owners: dict[str, set[int]] = {}
        for index, words in enumerate(keywords_per_detector):
            if regexes and index in regexes:
                continue
            for word in words:
                owners.setdefault(word.lower(), set()).add(index)
        words_sorted = sorted(owners)
        self._owners = [frozenset(owners[w]) for w in words_sorted]
        exprs = [_literal(w) for w in words_sorted]
        literal = hyperscan.HS_FLAG_CASELESS | hyperscan.HS_FLAG_SINGLEMATCH
        flags = [literal] * len(exprs)
        approx = (
            hyperscan.HS_FLAG_PREFILTER
            | hyperscan.HS_FLAG_SINGLEMATCH
            | hyperscan.HS_FLAG_ALLOWEMPTY
        )
        for index, pattern in sorted((regexes or {}).items()):
            exprs.append(pattern.encode("utf-8"))
            flags.append(approx)
            self._owners.append(frozenset({index}))
        self._db = _compiled(exprs, flags)

    def detectors_hit(self, data: bytes) -> set[int]:
        hits: set[int] = set()
        owners = self._owners

        def on_match(kid: int, _from: int, _to: int, _flags: int, _ctx: Any) -> None:
            hits.update(owners[kid])

        if data:
            self._db.scan(data, match_event_handler=on_match)
        return hits


def _compiled(exprs: list[bytes], flags: list[int]) -> Any:
    """The block-mode database of ``exprs``, from the cache when an identical one is there."""
    digest = hashlib.sha256(f"{version('hyperscan')} {platform.machine()}".encode())
    for expr, flag in zip(exprs, flags, strict=True):
        digest.update(b"%d\x00%s\x00" % (flag, expr))
    path = Path(user_cache_dir("stockade")) / f"prefilter-{digest.hexdigest()[:32]}.hsdb"
    with contextlib.suppress(OSError, hyperscan.error):
        loaded = hyperscan.loadb(path.read_bytes(), hyperscan.HS_MODE_BLOCK)
        loaded.scratch = hyperscan.Scratch(loaded)  # a compiled database brings its own
        # A database built on another CPU (a shared home directory) fails here, not later.
        loaded.scan(b"probe", match_event_handler=lambda *_: None)
        return loaded
    db = hyperscan.Database(mode=hyperscan.HS_MODE_BLOCK)
    db.compile(expressions=exprs, ids=list(range(len(exprs))), flags=flags)
    with contextlib.suppress(OSError, hyperscan.error):
        write_atomically(path, hyperscan.dumpb(db))
    return db


def write_atomically(path: Path, data: bytes) -> None:
    """Another process may read the file at any moment: it sees all of it or none."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
