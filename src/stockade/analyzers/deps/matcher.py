"""Which advisories affect which declared packages, with aliases merged and the upgrade.

A pinned package is checked at its exact version. An unpinned one is never read as its
lower bound: it is affected by an advisory when some version the range still allows is
affected, tested at every version the advisory names (listed versions and range events)
and at the range's own boundaries.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from stockade.analyzers.deps.advisories.interface import Advisory
from stockade.analyzers.deps.model import Package, normalize_name
from stockade.analyzers.deps.versions import (
    CompiledEntry,
    Key,
    VersionError,
    compile_entry,
    event_versions,
    key_for,
    range_allows,
)

_ID_RANK = ("RUSTSEC-", "GO-", "PYSEC-", "GHSA-", "OSV-")


@dataclass(frozen=True, slots=True)
class Match:
    """One vulnerability (its alias group) affecting one declared package."""

    package: Package
    records: tuple[Advisory, ...]
    advisory_id: str
    aliases: tuple[str, ...]
    fixed_versions: tuple[str, ...]
    informational: str | None


def _id_rank(adv_id: str) -> tuple[int, str]:
    for rank, prefix in enumerate(_ID_RANK):
        if adv_id.startswith(prefix):
            return rank, adv_id
    return len(_ID_RANK), adv_id


def entries_for(record: Advisory, ecosystem: str, norm: str) -> list[Mapping[str, Any]]:
    out = []
    for entry in record.get("affected") or ():
        pkg = entry.get("package") or {}
        eco = str(pkg.get("ecosystem", "")).split(":", 1)[0]
        if eco == ecosystem and normalize_name(eco, str(pkg.get("name", ""))) == norm:
            out.append(entry)
    return out


_COMPILED: dict[tuple[str, str, str, str], tuple[CompiledEntry, ...]] = {}


def compiled_entries(record: Advisory, ecosystem: str, norm: str) -> tuple[CompiledEntry, ...]:
    """Parsed once per process and advisory version: matching then compares tuples only."""
    cache_key = (str(record.get("id")), str(record.get("modified")), ecosystem, norm)
    found = _COMPILED.get(cache_key)
    if found is None:
        if len(_COMPILED) > 200_000:
            _COMPILED.clear()
        found = tuple(compile_entry(ecosystem, e) for e in entries_for(record, ecosystem, norm))
        _COMPILED[cache_key] = found
    return found


def affects_version(
    record: Advisory, ecosystem: str, norm: str, version: str, vkey: Key | None = None
) -> bool:
    if record.get("withdrawn"):
        return False
    if vkey is None:
        vkey = key_for(ecosystem)(version)
    return any(e.matches(version, vkey) for e in compiled_entries(record, ecosystem, norm))


_SPEC_VERSION = re.compile(r"(?<![\w.])v?(\d+(?:\.\d+)*(?:-[0-9A-Za-z.-]+)?)")


def _boundaries(spec: str) -> set[str]:
    """Versions written in the range, completed to three parts for SemVer ecosystems."""
    out = set()
    for m in _SPEC_VERSION.finditer(spec):
        text = m.group(1)
        out.add(text)
        core, dash, pre = text.partition("-")
        parts = core.split(".")
        out.add(".".join(([*parts, "0", "0"])[:3]) + dash + pre)
    return out


def affects_range(record: Advisory, ecosystem: str, norm: str, spec: str) -> bool:
    """Some version allowed by ``spec`` (PEP 440, npm or Cargo semantics) is affected."""
    if record.get("withdrawn") or ecosystem not in ("PyPI", "npm", "crates.io"):
        return False
    entries = entries_for(record, ecosystem, norm)
    candidates = {v for e in entries for v in e.get("versions") or ()}
    candidates |= {v for e in entries for k, v in event_versions(e) if k != "fixed"}
    candidates |= _boundaries(spec)
    for candidate in candidates:
        try:
            if range_allows(ecosystem, spec, candidate) and affects_version(
                record, ecosystem, norm, candidate
            ):
                return True
        except (VersionError, ValueError):
            continue
    return False


def _informational(records: Iterable[Advisory], ecosystem: str, norm: str) -> str | None:
    for record in records:
        for entry in entries_for(record, ecosystem, norm):
            kind = (entry.get("database_specific") or {}).get("informational")
            if isinstance(kind, str) and kind:
                return kind
    return None


def group_aliases(records: Sequence[Advisory]) -> list[list[Advisory]]:
    """Records that name each other (id or alias) are one vulnerability."""
    groups: list[tuple[set[str], list[Advisory]]] = []
    for record in records:
        ids = {str(record["id"]), *map(str, record.get("aliases") or ())}
        joined = [g for g in groups if g[0] & ids]
        merged_ids, merged = set(ids), [record]
        for g in joined:
            merged_ids |= g[0]
            merged = g[1] + merged
            groups.remove(g)
        groups.append((merged_ids, merged))
    return [g[1] for g in groups]


def fixed_versions(records: Iterable[Advisory], ecosystem: str, norm: str) -> list[str]:
    versions = {
        v
        for r in records
        for e in entries_for(r, ecosystem, norm)
        for k, v in event_versions(e)
        if k == "fixed"
    }
    key = key_for(ecosystem)
    good = []
    for v in versions:
        try:
            good.append((key(v), v))
        except VersionError:
            continue
    return [v for _, v in sorted(good)]


def smallest_upgrade(package: Package, records: Sequence[Advisory], norm: str) -> str | None:
    """The lowest fixed version above the current one that none of the package's
    advisories affects (so the upgrade does not land in another advisory's range)."""
    key = key_for(package.ecosystem)
    current = key(package.version)
    for candidate in fixed_versions(records, package.ecosystem, norm):
        ckey = key(candidate)
        if ckey <= current:
            continue
        if not any(affects_version(r, package.ecosystem, norm, candidate, ckey) for r in records):
            return candidate
    return None


def match_package(package: Package, records: Sequence[Advisory]) -> list[Match]:
    norm = normalize_name(package.ecosystem, package.name)
    if package.pinned:
        vkey = key_for(package.ecosystem)(package.version)
        hits = [
            r for r in records if affects_version(r, package.ecosystem, norm, package.version, vkey)
        ]
    else:
        hits = [r for r in records if affects_range(r, package.ecosystem, norm, package.spec)]
    out = []
    for group in group_aliases(hits):
        primary = min((str(r["id"]) for r in group), key=_id_rank)
        all_ids = {str(r["id"]) for r in group} | {
            str(a) for r in group for a in r.get("aliases") or ()
        }
        ordered = sorted(group, key=lambda r: _id_rank(str(r["id"])))
        out.append(
            Match(
                package,
                tuple(ordered),
                primary,
                tuple(sorted(all_ids - {primary}, key=_id_rank)),
                tuple(fixed_versions(group, package.ecosystem, norm)),
                _informational(group, package.ecosystem, norm),
            )
        )
    return out
