"""What the matcher needs from an advisory source: OSV records per package."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

Advisory = Mapping[str, Any]


class AdvisorySourceError(Exception):
    """An advisory source that cannot answer (missing store, unreachable API)."""


class AdvisorySource(ABC):
    """Looks up OSV advisories by ecosystem and normalized package name."""

    @abstractmethod
    def lookup(
        self, packages: Iterable[tuple[str, str]]
    ) -> Mapping[tuple[str, str], Sequence[Advisory]]:
        """Advisories for each ``(ecosystem, normalized name)``; names without any are absent."""
