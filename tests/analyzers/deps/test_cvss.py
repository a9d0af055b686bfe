"""The CVSS v3 calculator against the ``cvss`` reference package, and the v4 path."""

from __future__ import annotations

import pytest
from cvss import CVSS3
from hypothesis import given
from hypothesis import strategies as st

from stockade.analyzers.deps.cvss import score_severity, v3_base_score, v4_base_score, vector_score
from stockade.core.severity import Severity

METRICS = {
    "AV": "NALP", "AC": "LH", "PR": "NLH", "UI": "NR", "S": "UC", "C": "HLN", "I": "HLN", "A": "HLN",
}  # fmt: skip
vectors = st.builds(
    lambda version, vals: f"CVSS:{version}/" + "/".join(f"{k}:{v}" for k, v in vals.items()),
    st.sampled_from(["3.0", "3.1"]),
    st.fixed_dictionaries({k: st.sampled_from(list(v)) for k, v in METRICS.items()}),
)


@given(vectors)
def test_v3_matches_the_reference_package(vector: str) -> None:
    if vector.startswith("CVSS:3.1"):
        assert v3_base_score(vector) == float(CVSS3(vector).base_score)
    else:  # v3.0 rounds without the v3.1 floating-point guard; allow the 0.1 it can differ
        assert abs(v3_base_score(vector) - float(CVSS3(vector).base_score)) <= 0.1


@pytest.mark.parametrize(
    ("vector", "score"),
    [
        ("CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", 9.8),
        ("CVSS:3.0/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:H", 8.1),
        ("CVSS:3.1/AV:N/AC:L/PR:L/UI:R/S:C/C:L/I:L/A:N", 5.4),
        ("CVSS:3.1/AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:N/A:N", 5.5),
        ("CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:N", 0.0),
    ],
)
def test_known_v3_scores(vector: str, score: float) -> None:
    assert v3_base_score(vector) == score


def test_v4_and_bad_vectors() -> None:
    v4 = "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N"
    assert v4_base_score(v4) == 9.3
    assert vector_score("CVSS_V4", v4) == 9.3
    assert vector_score("CVSS_V3", "CVSS:3.1/AV:X") is None
    assert vector_score("CVSS_V2", "AV:N/AC:L/Au:N/C:P/I:P/A:P") is None


@pytest.mark.parametrize(
    ("score", "severity"),
    [(9.0, Severity.CRITICAL), (7.0, Severity.HIGH), (4.0, Severity.MEDIUM), (0.1, Severity.LOW),
     (0.0, Severity.INFO)],
)  # fmt: skip
def test_qualitative_scale(score: float, severity: Severity) -> None:
    assert score_severity(score) == severity
