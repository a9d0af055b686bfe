"""The packages a manifest or lockfile declares, in one shape for every format."""

from __future__ import annotations

import re
from dataclasses import dataclass

from stockade.core.errors import StockadeError


@dataclass(frozen=True, slots=True)
class Package:
    """One declared package. ``version`` is exact when ``pinned``; otherwise ``spec`` holds
    the range as written (never read as its lower bound). ``path`` runs from a direct
    dependency down to this package (just the package itself when it is direct)."""

    ecosystem: str
    name: str
    version: str
    line: int = 1
    pinned: bool = True
    spec: str = ""
    path: tuple[str, ...] = ()


class ParseError(ValueError, StockadeError):
    """A manifest that cannot be read as its format; reported for the file, scan goes on."""


_PEP503 = re.compile(r"[-_.]+")


def normalize_name(ecosystem: str, name: str) -> str:
    """The name under which advisories are indexed (PEP 503 for PyPI, case folding where the
    registry is case-insensitive)."""
    if ecosystem == "PyPI":
        return _PEP503.sub("-", name).lower()
    if ecosystem in ("Packagist", "NuGet", "RubyGems", "npm"):
        return name.lower()
    return name
