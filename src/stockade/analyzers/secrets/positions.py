"""Byte offsets to 1-based lines and character columns, computed only when needed."""

from __future__ import annotations

import bisect


class LineIndex:
    def __init__(self, data: bytes) -> None:
        self._data = data
        self._starts: list[int] | None = None

    def _line_starts(self) -> list[int]:
        if self._starts is None:
            starts = [0]
            find = self._data.find
            pos = find(b"\n")
            while pos >= 0:
                starts.append(pos + 1)
                pos = find(b"\n", pos + 1)
            self._starts = starts
        return self._starts

    def position(self, offset: int) -> tuple[int, int]:
        starts = self._line_starts()
        line = bisect.bisect_right(starts, offset)
        begin = starts[line - 1]
        column = len(self._data[begin:offset].decode("utf-8", "replace")) + 1
        return line, column
