"""One pass over a file's bytes for every keyword of every detector (Hyperscan).

Each literal keyword is compiled case-insensitively with ``SINGLEMATCH``, so the scan reports
each keyword at most once per file and the callback count stays tiny however often a common
word occurs. Detectors whose keywords never occur are skipped entirely. Rules with a distinctive
token shape give their whole regex instead, compiled in Hyperscan's ``PREFILTER`` mode (a
superset of the regex's matches, so nothing is lost): their exact RE2 regex then runs only on
files that almost certainly contain a match, even when their literal prefix (``pat``, ``ck_``)
is common.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import hyperscan


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
        self._db = hyperscan.Database(mode=hyperscan.HS_MODE_BLOCK)
        self._db.compile(expressions=exprs, ids=list(range(len(exprs))), flags=flags)

    def detectors_hit(self, data: bytes) -> set[int]:
        hits: set[int] = set()
        owners = self._owners

        def on_match(kid: int, _from: int, _to: int, _flags: int, _ctx: Any) -> None:
            hits.update(owners[kid])

        if data:
            self._db.scan(data, match_event_handler=on_match)
        return hits
