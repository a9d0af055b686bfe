"""Inline suppressions written in the analysed code.

Recognised in any comment syntax (the marker is searched for in the line's text, so ``#``,
``//``, ``/* */``, ``--`` and ``<!-- -->`` all work):

- ``stockade:ignore`` on the finding's line suppresses every rule there;
- ``stockade:ignore[rule-a, rule-b]`` on the finding's line suppresses only those rules;
- ``stockade:ignore-next-line`` (optionally with ``[rule-ids]``) on the line above.
"""

from __future__ import annotations

import re
from collections.abc import Callable

_MARKER = re.compile(r"stockade:ignore(?P<next>-next-line)?(?:\[(?P<rules>[^\]]*)\])?")


def _matches(text: str, rule_id: str, *, next_line: bool) -> bool:
    for m in _MARKER.finditer(text):
        if bool(m.group("next")) != next_line:
            continue
        rules = m.group("rules")
        if rules is None:
            return True
        if rule_id in {r.strip() for r in rules.split(",")}:
            return True
    return False


def is_suppressed(rule_id: str, line: int, line_text: Callable[[int], str]) -> bool:
    """True when the finding of ``rule_id`` at ``line`` is suppressed by an inline marker."""
    current = line_text(line)
    if "stockade:ignore" in current and _matches(current, rule_id, next_line=False):
        return True
    if line > 1:
        above = line_text(line - 1)
        if "stockade:ignore-next-line" in above and _matches(above, rule_id, next_line=True):
            return True
    return False
