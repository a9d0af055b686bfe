"""A candidate secret found in a file, before it becomes a finding."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from stockade.core.severity import Confidence, Severity

# Lower wins when two detectors claim overlapping bytes.
PRIORITY_STRUCTURED = 0
PRIORITY_PROVIDER = 1
PRIORITY_PROVIDER_CONTEXT = 2
PRIORITY_GENERIC = 3


@dataclass(frozen=True)
class Candidate:
    rule_id: str
    start: int  # byte offsets of the secret in the file's UTF-8 bytes
    end: int
    secret: str
    priority: int
    confidence: Confidence | None = None
    severity: Severity | None = None
    message: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    def overlaps(self, other: Candidate) -> bool:
        return self.start < other.end and other.start < self.end
