"""JSON pointers and the text position of every node of a parsed document.

Findings are keyed by JSON pointer (steady across edits) and located by line/column in the
original text (so inline suppression comments apply). Positions are kept as a dict from
pointer to character offset or (line, column), filled while parsing.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field


def escape(token: str) -> str:
    """RFC 6901 escaping of one reference token."""
    return token.replace("~", "~0").replace("/", "~1")


def unescape(token: str) -> str:
    return token.replace("~1", "/").replace("~0", "~")


def join(pointer: str, token: str | int) -> str:
    text = str(token)
    if "~" in text or "/" in text:
        text = escape(text)
    return f"{pointer}/{text}"


def split(pointer: str) -> list[str]:
    """Tokens of a pointer; ``""`` (the whole document) has none."""
    if not pointer:
        return []
    return [unescape(t) for t in pointer.lstrip("/").split("/")] if pointer != "/" else [""]


@dataclass
class PositionIndex:
    """Pointer → (line, column), 1-based; JSON stores offsets and converts lazily."""

    text: str = ""
    offsets: dict[str, int] = field(default_factory=dict)
    marks: dict[str, tuple[int, int]] = field(default_factory=dict)
    _newlines: list[int] | None = None

    def locate(self, pointer: str) -> tuple[int, int]:
        """Position of the nearest node at or above ``pointer`` that has one."""
        while True:
            found = self._exact(pointer)
            if found is not None:
                return found
            if not pointer:
                return (1, 1)
            pointer = pointer.rsplit("/", 1)[0]

    def _exact(self, pointer: str) -> tuple[int, int] | None:
        mark = self.marks.get(pointer)
        if mark is not None:
            return mark
        offset = self.offsets.get(pointer)
        return None if offset is None else self.line_col(offset)

    def line_col(self, offset: int) -> tuple[int, int]:
        if self._newlines is None:
            self._newlines = [m.start() for m in re.finditer("\n", self.text)]
        line = bisect_right(self._newlines, offset - 1)
        start = self._newlines[line - 1] + 1 if line else 0
        return (line + 1, offset - start + 1)
