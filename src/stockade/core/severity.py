"""Severity and confidence scales.

Both are ordered so that thresholds (``--severity high``) are simple comparisons; the string
values are the lower-case words used in every JSON payload.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import Any

from stockade.core.errors import ConfigError


class _Ranked(StrEnum):
    """Orders members by ``rank``. ``str`` already defines ``<`` and friends (alphabetical),
    so ``functools.total_ordering`` would silently keep those: all four are spelled out."""

    @property
    def rank(self) -> int:
        """Members are declared from the highest down; the lowest has rank 0."""
        names = type(self)._member_names_
        return len(names) - 1 - names.index(self.name)

    def _cmp(self, other: Any) -> int | None:
        if type(other) is not type(self):
            return None
        return self.rank - other.rank

    def __lt__(self, other: Any) -> bool:
        d = self._cmp(other)
        return NotImplemented if d is None else d < 0

    def __le__(self, other: Any) -> bool:
        d = self._cmp(other)
        return NotImplemented if d is None else d <= 0

    def __gt__(self, other: Any) -> bool:
        d = self._cmp(other)
        return NotImplemented if d is None else d > 0

    def __ge__(self, other: Any) -> bool:
        d = self._cmp(other)
        return NotImplemented if d is None else d >= 0


class Severity(_Ranked):
    """How bad a finding is if it is real: critical > high > medium > low > info."""

    CRITICAL = "critical"
    HIGH = "high"
    MEDIUM = "medium"
    LOW = "low"
    INFO = "info"

    @property
    def title_case(self) -> str:
        """The capitalised word the enrich endpoint uses (``Critical``)."""
        return self.value.capitalize()

    @property
    def sarif_level(self) -> str:
        """SARIF ``level``: critical/high are errors, medium warnings, the rest notes."""
        if self.rank >= Severity.HIGH.rank:
            return "error"
        if self is Severity.MEDIUM:
            return "warning"
        return "note"

    @property
    def security_severity(self) -> str:
        """GitHub code scanning's numeric ``security-severity`` (its bands: 9+, 7+, 4+, >0)."""
        return _SECURITY_SEVERITY[self]

    @classmethod
    def parse(cls, value: str) -> Severity:
        """Parse a user-supplied severity word, case-insensitively, with a clear error."""
        try:
            return cls(value.strip().lower())
        except ValueError:
            allowed = ", ".join(s.value for s in cls)
            raise ConfigError(f"unknown severity {value!r}; expected one of: {allowed}") from None


_SECURITY_SEVERITY = {
    Severity.CRITICAL: "9.5",
    Severity.HIGH: "8.0",
    Severity.MEDIUM: "5.5",
    Severity.LOW: "3.0",
    Severity.INFO: "0.0",
}


def severity_order(value: str) -> int:
    """Sort position of a severity word, most severe first: critical is 0, info 4, and any
    other word comes after all of them. Stored findings keep this in ``severity_rank`` so
    the database sorts them; it is :attr:`Severity.rank` turned around, not a second scale."""
    try:
        return Severity.CRITICAL.rank - Severity(value).rank
    except ValueError:
        return len(Severity)


def severity_counts(severities: Iterable[str]) -> dict[str, int]:
    """``{total_findings, critical, high, medium, low, info}``: the counts every summary
    (the CLI's JSON report, a job's summary) starts with. Every level is present, zero or
    not; an unknown word gets its own key rather than vanishing from the total."""
    counts = {s.value: 0 for s in Severity}
    total = 0
    for sev in severities:
        key = sev.value if isinstance(sev, Severity) else str(sev)
        counts[key] = counts.get(key, 0) + 1
        total += 1
    return {"total_findings": total, **counts}


class Confidence(_Ranked):
    """How sure the analyzer is that the finding is real: high > medium > low."""

    HIGH = "high"
    MEDIUM = "medium"
    LOW = "low"

    @classmethod
    def parse(cls, value: str) -> Confidence:
        try:
            return cls(value.strip().lower())
        except ValueError:
            allowed = ", ".join(c.value for c in cls)
            raise ConfigError(f"unknown confidence {value!r}; expected one of: {allowed}") from None
