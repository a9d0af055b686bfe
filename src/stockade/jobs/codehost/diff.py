"""The lines a pull request adds, read from the unified-diff ``patch`` of each changed file.

Review comments go only where the pull request changed something: a finding on an
untouched line was there before and is not this pull request's doing (it still appears in
the check run and in code scanning).
"""

from __future__ import annotations

import re

HUNK = re.compile(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@")


def added_lines(patch: str) -> set[int]:
    """Line numbers (in the new file) of the ``+`` lines of ``patch``.

    Context lines advance the new-file counter, removed lines do not, and ``\\ No newline
    at end of file`` is neither."""
    lines: set[int] = set()
    current: int | None = None
    for raw in patch.splitlines():
        match = HUNK.match(raw)
        if match:
            current = int(match.group(1))
            continue
        if current is None or raw.startswith(("-", "\\")):
            continue
        if raw.startswith("+"):
            lines.add(current)
        current += 1
    return lines
