"""Turn matches into findings: severity from CVSS, metadata per API.md."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from stockade.analyzers.deps import rules
from stockade.analyzers.deps.advisories.interface import Advisory
from stockade.analyzers.deps.cvss import score_severity, vector_score
from stockade.analyzers.deps.matcher import Match
from stockade.core.finding import Finding, Location
from stockade.core.rule import Rule
from stockade.core.severity import Severity

_DB_RATINGS = {
    "critical": Severity.CRITICAL, "high": Severity.HIGH, "moderate": Severity.MEDIUM,
    "medium": Severity.MEDIUM, "low": Severity.LOW,
}  # fmt: skip


def severity_of(records: Sequence[Advisory]) -> tuple[Severity | None, float | None]:
    """Highest computed CVSS score of the group; else the database's own rating."""
    scores = [
        s
        for r in records
        for sev in r.get("severity") or ()
        if (s := vector_score(str(sev.get("type", "")), str(sev.get("score", "")))) is not None
    ]
    if scores:
        return score_severity(max(scores)), max(scores)
    ratings = [
        _DB_RATINGS[str(rating).lower()]
        for r in records
        for rating in [(r.get("database_specific") or {}).get("severity")]
        if isinstance(rating, str) and rating.lower() in _DB_RATINGS
    ]
    return (max(ratings) if ratings else None), None


def _rule_for(match: Match) -> Rule:
    if match.informational:
        return rules.INFORMATIONAL.get(match.informational, rules.NOTICE)
    return rules.VULNERABLE if match.package.pinned else rules.UNPINNED


def _references(records: Sequence[Advisory]) -> tuple[str, ...]:
    urls = [str(ref["url"]) for r in records for ref in r.get("references") or () if ref.get("url")]
    return tuple(dict.fromkeys(urls))[:10]


def build_finding(match: Match, manifest: str, upgrade_to: str | None) -> Finding:
    pkg = match.package
    rule = _rule_for(match)
    severity, score = severity_of(match.records)
    if match.informational:
        severity = rule.severity
    elif severity is None:
        severity = Severity.MEDIUM  # no vector and no rating: say "unknown", not "high"
    summary = next(
        (str(r["summary"]) for r in match.records if r.get("summary")), match.advisory_id
    )
    where = pkg.version if pkg.pinned else f"range {pkg.spec or '(any version)'}"
    ids = ", ".join((match.advisory_id, *match.aliases))
    message = f"{pkg.name} {where} ({pkg.ecosystem}): {summary} [{ids}]"
    if len(pkg.path) > 1:
        message += f"; pulled in by {' > '.join(pkg.path)}"
    remediation = f"Upgrade {pkg.name} to {upgrade_to}." if upgrade_to else rule.remediation
    version_part = pkg.version if pkg.pinned else pkg.spec
    finding = Finding.from_rule(
        rule,
        Location(manifest, pkg.line, 1),
        message=message,
        severity=severity,
        metadata={
            "ecosystem": pkg.ecosystem,
            "package": pkg.name,
            "version": pkg.version if pkg.pinned else None,
            "version_spec": None if pkg.pinned else pkg.spec,
            "advisory_id": match.advisory_id,
            "aliases": list(match.aliases),
            "fixed_versions": list(match.fixed_versions),
            "manifest": manifest,
            "dependency_path": list(pkg.path),
            "upgrade_to": upgrade_to,
            "cvss_score": score,
        },
        fingerprint_basis=f"{pkg.ecosystem}/{pkg.name}@{version_part}/{match.advisory_id}",
    )
    return replace(
        finding,
        title=f"{pkg.name}: {summary}"[:200],
        remediation=remediation,
        references=_references(match.records),
    )
