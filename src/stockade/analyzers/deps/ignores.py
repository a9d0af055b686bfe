"""``[[dependencies.ignore]]`` entries of ``.stockade.toml``: ``id``, ``reason``, ``until``.

An ignore applies to every id of a merged finding (advisory id or any alias). One whose
``until`` date has passed no longer applies, and the scan says so, so that an expiring
risk acceptance cannot go quiet.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any


@dataclass(frozen=True, slots=True)
class Ignore:
    id: str
    reason: str
    until: date | None

    def expired(self, today: date) -> bool:
        return self.until is not None and self.until < today


def _as_date(value: Any) -> date | None:
    if value is None or value == "":
        return None
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    return date.fromisoformat(str(value)[:10])


def parse_ignores(raw: Any) -> tuple[list[Ignore], list[str]]:
    """Valid ignores and a message for each malformed entry."""
    ignores, problems = [], []
    for number, entry in enumerate(raw or [], 1):
        if not isinstance(entry, Mapping) or not isinstance(entry.get("id"), str):
            problems.append(f"dependencies.ignore entry {number} has no string 'id'")
            continue
        try:
            until = _as_date(entry.get("until"))
        except ValueError:
            problems.append(f"dependencies.ignore {entry['id']}: 'until' is not a date")
            continue
        ignores.append(Ignore(entry["id"], str(entry.get("reason", "")), until))
    return ignores, problems


def today() -> date:
    return datetime.now(UTC).date()


def applies(ignores: Sequence[Ignore], ids: Iterable[str], on: date) -> tuple[bool, list[Ignore]]:
    """Whether a finding with ``ids`` is ignored, and the expired ignores that named it."""
    wanted = set(ids)
    named = [i for i in ignores if i.id in wanted]
    active = [i for i in named if not i.expired(on)]
    return bool(active), [i for i in named if i.expired(on)]
