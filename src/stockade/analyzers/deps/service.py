"""Analyse manifest contents against an advisory source: the library entry point shared by
the analyzer (one file of a tree) and the server endpoint (the files a client sent)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from stockade.analyzers.deps.advisories.interface import AdvisorySource
from stockade.analyzers.deps.findings import build_finding
from stockade.analyzers.deps.ignores import Ignore, applies, today
from stockade.analyzers.deps.matcher import match_package, smallest_upgrade
from stockade.analyzers.deps.model import Package, ParseError, normalize_name
from stockade.analyzers.deps.parsers import lockfile_siblings, parser_for
from stockade.analyzers.deps.versions import KEYS, VersionError
from stockade.core.finding import Finding


@dataclass
class Outcome:
    packages_scanned: int = 0
    findings: list[Finding] = field(default_factory=list)
    problems: list[tuple[str, str]] = field(default_factory=list)  # (path, reason)
    notes: list[tuple[str, str]] = field(default_factory=list)


def parse_file(path: str, text: str) -> list[Package]:
    parser = parser_for(path)
    if parser is None:
        raise ParseError("not a manifest or lockfile this module reads")
    return parser(text)


def _usable(pkg: Package, path: str, outcome: Outcome) -> bool:
    if pkg.ecosystem not in KEYS:
        outcome.problems.append((path, f"{pkg.name}: unknown ecosystem {pkg.ecosystem!r}"))
        return False
    if pkg.pinned:
        try:
            KEYS[pkg.ecosystem](pkg.version)
        except VersionError as exc:
            outcome.problems.append((path, f"{pkg.name}: {exc}"))
            return False
    return True


def match_packages(
    manifest: str,
    packages: Sequence[Package],
    source: AdvisorySource,
    ignores: Sequence[Ignore] = (),
    outcome: Outcome | None = None,
) -> Outcome:
    """Findings for ``packages`` declared in ``manifest``; duplicate entries count once."""
    outcome = outcome or Outcome()
    unique = list({(p.ecosystem, p.name, p.version, p.spec): p for p in packages}.values())
    usable = [p for p in unique if _usable(p, manifest, outcome)]
    outcome.packages_scanned += len(usable)
    found = source.lookup((p.ecosystem, normalize_name(p.ecosystem, p.name)) for p in usable)
    on = today()
    for pkg in usable:
        records = found.get((pkg.ecosystem, normalize_name(pkg.ecosystem, pkg.name)))
        if not records:
            continue
        live = [r for r in records if not r.get("withdrawn")]
        norm = normalize_name(pkg.ecosystem, pkg.name)
        matches = match_package(pkg, live)
        upgrade = smallest_upgrade(pkg, live, norm) if pkg.pinned and matches else None
        for match in matches:
            ignored, expired = applies(ignores, (match.advisory_id, *match.aliases), on)
            for ign in expired:
                outcome.notes.append(
                    (manifest, f"ignore of {ign.id} expired on {ign.until}; reported again")
                )
            if not ignored:
                outcome.findings.append(build_finding(match, manifest, upgrade))
    return outcome


def analyze_contents(
    files: Sequence[Mapping[str, Any]], source: AdvisorySource, ignores: Sequence[Ignore] = ()
) -> Outcome:
    """``files`` are ``{path, content}``; a file that does not parse is reported and skipped."""
    outcome = Outcome()
    present = {str(item.get("path", "")) for item in files}
    for item in files:
        path, text = str(item.get("path", "")), str(item.get("content", ""))
        if present.intersection(lockfile_siblings(path)):
            continue  # the lockfile beside this manifest says what is installed
        try:
            packages = parse_file(path, text)
        except (ParseError, ValueError, TypeError, KeyError, AttributeError) as exc:
            # a lockfile of an unexpected shape is that file's problem, never the scan's
            outcome.problems.append((path, f"cannot parse: {exc}"))
            continue
        match_packages(path, packages, source, ignores, outcome)
    return outcome
