"""Content-based finding fingerprints.

Line numbers change whenever code above a finding changes, so they are not part of the
fingerprint. What is: the rule, the file, a normalised form of the offending code (or the
analyzer's own steadier basis) and the occurrence number among identical findings in the
same file, so two identical lines still get distinct fingerprints.
"""

from __future__ import annotations

import hashlib
import re

_WS = re.compile(r"\s+")


def normalize_code(code: str) -> str:
    """Fold white space so re-indentation or reflowing a line keeps the fingerprint."""
    return _WS.sub(" ", code).strip()


def fingerprint(rule_id: str, path: str, basis: str, occurrence: int = 0) -> str:
    """SHA-256 hex digest of the identifying parts of a finding."""
    material = "\x1f".join((rule_id, path, normalize_code(basis), str(occurrence)))
    return hashlib.sha256(material.encode("utf-8", "surrogatepass")).hexdigest()


def line_hash(code: str) -> str:
    """A short hash of one normalised line, for SARIF ``primaryLocationLineHash``."""
    return hashlib.sha256(normalize_code(code).encode("utf-8", "surrogatepass")).hexdigest()[:16]
