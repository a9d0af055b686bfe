"""Content-based finding fingerprints.

Line numbers change whenever code above a finding changes, so they are not part of the
fingerprint. What is: the rule, the file, a normalised form of the offending code (or the
analyzer's own steadier basis) and the occurrence number among identical findings in the
same file, so two identical lines still get distinct fingerprints.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Callable, Iterable

from stockade.core.finding import Finding

_WS = re.compile(r"\s+")


def normalize_code(code: str) -> str:
    """Fold white space so re-indentation or reflowing a line keeps the fingerprint."""
    return _WS.sub(" ", code).strip()


def fingerprint(rule_id: str, path: str, basis: str, occurrence: int = 0) -> str:
    """SHA-256 hex digest of the identifying parts of a finding."""
    material = "\x1f".join((rule_id, path, normalize_code(basis), str(occurrence)))
    return hashlib.sha256(material.encode("utf-8", "surrogatepass")).hexdigest()


def _no_basis(f: Finding) -> str:
    return ""


def assign_fingerprints(
    findings: Iterable[Finding], default_basis: Callable[[Finding], str] = _no_basis
) -> list[Finding]:
    """The findings with their fingerprints, numbering identical ones in order.

    The one place a finding gets its fingerprint (the scan worker, hence the CLI and jobs,
    and the synchronous dependency endpoint), so the same finding has the same fingerprint
    whichever way it was found. ``default_basis`` supplies the basis of findings whose
    analyzer gave none (the worker passes the offending line); occurrences are counted per
    rule, file and normalised basis, so pass the findings of one file (or of several files:
    the path is part of the key) in a stable order.
    """
    occurrences: Counter[tuple[str, str, str]] = Counter()
    out = []
    for f in findings:
        basis = f.fingerprint_basis
        if basis is None:
            basis = default_basis(f)
        key = (f.rule_id, f.location.path, normalize_code(basis))
        out.append(f.with_fingerprint(fingerprint(*key, occurrences[key])))
        occurrences[key] += 1
    return out


def line_hash(code: str) -> str:
    """A short hash of one normalised line, for SARIF ``primaryLocationLineHash``."""
    return hashlib.sha256(normalize_code(code).encode("utf-8", "surrogatepass")).hexdigest()[:16]
