"""CVSS base scores computed from the vector (v3.0/v3.1 here; v4.0 via the ``cvss`` package).

Severity is derived from the score with the CVSS qualitative scale, never guessed from text.
"""

from __future__ import annotations

import math

from stockade.core.severity import Severity

_W = {
    "AV": {"N": 0.85, "A": 0.62, "L": 0.55, "P": 0.2},
    "AC": {"L": 0.77, "H": 0.44},
    "UI": {"N": 0.85, "R": 0.62},
    "C": {"H": 0.56, "L": 0.22, "N": 0.0},
}
_PR = {"U": {"N": 0.85, "L": 0.62, "H": 0.27}, "C": {"N": 0.85, "L": 0.68, "H": 0.5}}


def roundup(value: float) -> float:
    """CVSS v3.1 Appendix A: round up to one decimal, robust to floating-point noise."""
    scaled = round(value * 100000)
    if scaled % 10000 == 0:
        return scaled / 100000.0
    return (math.floor(scaled / 10000) + 1) / 10.0


def _metrics(vector: str) -> dict[str, str]:
    parts = vector.strip().split("/")
    if not parts[0].startswith("CVSS:3."):
        raise ValueError(f"not a CVSS v3 vector: {vector!r}")
    metrics = dict(p.split(":", 1) for p in parts[1:] if ":" in p)
    for needed in ("AV", "AC", "PR", "UI", "S", "C", "I", "A"):
        if needed not in metrics:
            raise ValueError(f"CVSS vector lacks {needed}: {vector!r}")
    return metrics


def v3_base_score(vector: str) -> float:
    m = _metrics(vector)
    try:
        changed = {"U": False, "C": True}[m["S"]]
        iss = 1 - (1 - _W["C"][m["C"]]) * (1 - _W["C"][m["I"]]) * (1 - _W["C"][m["A"]])
        exploitability = (
            8.22 * _W["AV"][m["AV"]] * _W["AC"][m["AC"]] * _PR[m["S"]][m["PR"]] * _W["UI"][m["UI"]]
        )
    except KeyError as exc:
        raise ValueError(f"CVSS vector has an unknown value: {vector!r}") from exc
    impact = 7.52 * (iss - 0.029) - 3.25 * (iss - 0.02) ** 15 if changed else 6.42 * iss
    if impact <= 0:
        return 0.0
    if changed:
        return roundup(min(1.08 * (impact + exploitability), 10))
    return roundup(min(impact + exploitability, 10))


def v4_base_score(vector: str) -> float:
    # the CVSS v4 MacroVector lookup tables are not worth re-typing: use the reference package
    from cvss import CVSS4  # type: ignore[import-untyped]

    try:
        return float(CVSS4(vector).base_score)
    except Exception as exc:  # the library raises its own assorted errors
        raise ValueError(f"not a valid CVSS v4 vector: {vector!r}") from exc


def score_severity(score: float) -> Severity:
    if score >= 9.0:
        return Severity.CRITICAL
    if score >= 7.0:
        return Severity.HIGH
    if score >= 4.0:
        return Severity.MEDIUM
    if score > 0.0:
        return Severity.LOW
    return Severity.INFO


def vector_score(kind: str, vector: str) -> float | None:
    """The base score of an OSV ``severity`` entry, or None when it is not a vector we score."""
    try:
        if kind == "CVSS_V3" or vector.startswith("CVSS:3."):
            return v3_base_score(vector)
        if kind == "CVSS_V4" or vector.startswith("CVSS:4."):
            return v4_base_score(vector)
    except ValueError:
        return None
    return None
