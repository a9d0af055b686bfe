"""What the matcher needs from an advisory source: OSV records per package."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from stockade.core.errors import StockadeError

Advisory = Mapping[str, Any]


class AdvisorySourceError(StockadeError):
    """An advisory source that cannot answer (missing store, unreachable API)."""


NOT_READY_HINT = "run `stockade advisories sync` or `stockade advisories import DIR`"


class AdvisoriesNotReadyError(AdvisorySourceError):
    """The local store is missing or holds no advisories: a fresh install, not a fault.

    Matching against it would report every package as clean, so callers say "not ready"
    instead (the job's module result, a 503 ``advisories_not_ready`` from the API)."""

    def __init__(self, detail: str = "no advisories imported") -> None:
        super().__init__(f"advisories not ready ({detail}): {NOT_READY_HINT}")


class AdvisorySource(ABC):
    """Looks up OSV advisories by ecosystem and normalized package name."""

    @abstractmethod
    def lookup(
        self, packages: Iterable[tuple[str, str]]
    ) -> Mapping[tuple[str, str], Sequence[Advisory]]:
        """Advisories for each ``(ecosystem, normalized name)``; names without any are absent."""
