"""CycloneDX and SPDX JSON SBOMs: every component with a package URL."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any
from urllib.parse import unquote

from stockade.analyzers.deps.model import Package
from stockade.analyzers.deps.parsers._common import LineFinder, load_json, require_mapping

PURL_TYPES = {
    "pypi": "PyPI", "npm": "npm", "cargo": "crates.io", "golang": "Go", "maven": "Maven",
    "gem": "RubyGems", "composer": "Packagist", "nuget": "NuGet", "hex": "Hex", "pub": "Pub",
}  # fmt: skip


def from_purl(purl: str) -> tuple[str, str, str] | None:
    """``(ecosystem, name, version)`` of a package URL, or None for other types/no version."""
    if not purl.startswith("pkg:"):
        return None
    body = purl[4:].split("#", 1)[0].split("?", 1)[0]
    kind, _, rest = body.partition("/")
    name_part, _, version = rest.rpartition("@")
    ecosystem = PURL_TYPES.get(kind.lower())
    if ecosystem is None or not name_part or not version:
        return None
    segments = [unquote(s) for s in name_part.split("/")]
    sep = ":" if ecosystem == "Maven" else "/"
    return ecosystem, sep.join(segments), unquote(version)


def _packages(purls: Iterable[str], finder: LineFinder) -> list[Package]:
    out = []
    for purl in purls:
        parsed = from_purl(purl)
        if parsed:
            eco, name, version = parsed
            out.append(Package(eco, name, version, finder.find(purl), path=(name,)))
    return out


def _walk_components(items: Any) -> Iterable[Mapping[str, Any]]:
    for item in items or []:
        if isinstance(item, Mapping):
            yield item
            yield from _walk_components(item.get("components"))


def parse_cyclonedx(text: str) -> list[Package]:
    data = require_mapping(load_json(text), "CycloneDX SBOM")
    purls = [str(c["purl"]) for c in _walk_components(data.get("components")) if c.get("purl")]
    return _packages(purls, LineFinder(text))


def parse_spdx(text: str) -> list[Package]:
    data = require_mapping(load_json(text), "SPDX SBOM")
    purls = [
        str(ref.get("referenceLocator", ""))
        for pkg in data.get("packages") or []
        if isinstance(pkg, Mapping)
        for ref in pkg.get("externalRefs") or []
        if isinstance(ref, Mapping) and ref.get("referenceType") == "purl"
    ]
    return _packages(purls, LineFinder(text))
