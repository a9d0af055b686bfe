"""Findings and their locations.

A finding is immutable. The scan layer fills in the two fields analyzers leave empty:
``fingerprint`` (it needs the other findings of the file to number duplicates) and, for
non-sensitive analyzers, the offending line in ``location.snippet``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from stockade.core.rule import Rule
from stockade.core.severity import Confidence, Severity


@dataclass(frozen=True, slots=True)
class Location:
    """Where a finding is: a repo-relative POSIX path and 1-based line/column."""

    path: str
    line: int = 1
    column: int = 1
    end_line: int | None = None
    end_column: int | None = None
    snippet: str | None = None

    def __post_init__(self) -> None:
        if self.line < 1 or self.column < 1:
            raise ValueError(f"location {self.path}:{self.line}:{self.column} is not 1-based")

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


@dataclass(frozen=True, slots=True)
class TraceStep:
    """One hop of a data-flow path (source, propagation steps, sink)."""

    location: Location
    kind: str  # "source", "step" or "sink"
    note: str = ""


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem found at one place.

    ``fingerprint_basis`` is what identifies the finding besides its rule and file when
    lines move: by default the normalised offending code; analyzers override it where
    something steadier exists (a secret's hash, a JSON pointer, a package coordinate).
    Secrets analyzers must put only a redacted preview in ``location.snippet``.
    """

    rule_id: str
    module: str
    type: str
    severity: Severity
    confidence: Confidence
    title: str
    message: str
    location: Location
    remediation: str = ""
    cwe: tuple[str, ...] = ()
    owasp: tuple[str, ...] = ()
    references: tuple[str, ...] = ()
    trace: tuple[TraceStep, ...] = ()
    metadata: Mapping[str, Any] = field(default_factory=dict, hash=False)
    fingerprint_basis: str | None = None
    fingerprint: str = ""

    @classmethod
    def from_rule(
        cls,
        rule: Rule,
        location: Location,
        *,
        message: str | None = None,
        severity: Severity | None = None,
        confidence: Confidence | None = None,
        trace: tuple[TraceStep, ...] = (),
        metadata: Mapping[str, Any] | None = None,
        fingerprint_basis: str | None = None,
    ) -> Finding:
        """Build a finding that inherits everything not given from its rule."""
        return cls(
            rule_id=rule.id,
            module=rule.module,
            type=rule.type,
            severity=severity or rule.severity,
            confidence=confidence or rule.confidence,
            title=rule.title,
            message=message or rule.title,
            location=location,
            remediation=rule.remediation,
            cwe=rule.cwe,
            owasp=rule.owasp,
            references=rule.references,
            trace=trace,
            metadata=dict(metadata or {}),
            fingerprint_basis=fingerprint_basis,
        )

    @property
    def id(self) -> str:
        """A short, stable identifier of this finding (the fingerprint's head)."""
        return self.fingerprint[:16]

    def with_snippet(self, snippet: str) -> Finding:
        return replace(self, location=replace(self.location, snippet=snippet))

    def with_fingerprint(self, value: str) -> Finding:
        return replace(self, fingerprint=value)


@dataclass(frozen=True, slots=True)
class ScanIssue:
    """Something the scan could not do: a file skipped or an analyzer/rule that failed.

    ``kind`` is ``"skipped"`` (binary, too large, symlink, not parseable as text) or
    ``"error"`` (an analyzer or one of its rules raised, or timed out). Issues never stop
    a scan; they are reported next to the findings so that nothing is lost silently.
    """

    kind: str
    path: str
    message: str
    module: str | None = None
    rule_id: str | None = None
