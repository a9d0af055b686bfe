"""The one finding codec: lossless both ways, today's JSON shape, and every path uses it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import orjson
import pytest

from stockade.cli.remote_deps import finding_from_api
from stockade.core import Confidence, ConfigError, Finding, Location, Severity, TraceStep
from stockade.core.codec import finding_from_json, finding_to_json
from stockade.core.fingerprint import assign_fingerprints, fingerprint
from stockade.core.severity import severity_counts, severity_order
from stockade.jobs import results
from stockade.report import finding_to_dict

API_FIELDS = {
    "id", "module", "rule_id", "type", "severity", "confidence", "title", "message", "file",
    "line", "column", "end_line", "end_column", "code", "remediation", "cwe", "owasp",
    "references", "fingerprint", "metadata",
}  # fmt: skip


def full_finding() -> Finding:
    """A finding with every field set to something other than its default."""
    return Finding(
        rule_id="sast.python.sqli",
        module="sast",
        type="sql-injection",
        severity=Severity.CRITICAL,
        confidence=Confidence.LOW,
        title="SQL injection",
        message="user input reaches execute()",
        location=Location("app/db.py", 12, 5, 12, 40, 'db.execute("..." + name)'),
        remediation="Use bound parameters.",
        cwe=("CWE-89",),
        owasp=("A03:2021",),
        references=("https://owasp.org/Top10/A03_2021-Injection/",),
        trace=(
            TraceStep(Location("app/views.py", 3, 9), "source", "request.args"),
            TraceStep(Location("app/db.py", 10, 2, 10, 8, "q = name"), "step", "assigned"),
            TraceStep(Location("app/db.py", 12, 5), "sink", "execute()"),
        ),
        metadata={"language": "python", "nested": {"depth": [1, 2]}, "score": 9.8},
        fingerprint="ab" * 32,
    )


def through_bytes(data: dict[str, Any]) -> dict[str, Any]:
    """What a reader of the stored or sent JSON gets back."""
    loaded: dict[str, Any] = orjson.loads(orjson.dumps(data))
    return loaded


def test_round_trip_is_lossless_through_real_json() -> None:
    f = full_finding()
    assert finding_from_json(through_bytes(finding_to_json(f))) == f
    bare = Finding("r", "m", "t", Severity.INFO, Confidence.HIGH, "T", "M", Location("x"))
    assert finding_from_json(through_bytes(finding_to_json(bare))) == bare


def test_basis_is_an_input_of_the_fingerprint_not_serialised() -> None:
    f = replace(full_finding(), fingerprint_basis="PyPI/jinja2@2.10/GHSA-x")
    data = finding_to_json(f)
    assert "fingerprint_basis" not in data and "PyPI/jinja2" not in orjson.dumps(data).decode()
    assert finding_from_json(data) == replace(f, fingerprint_basis=None)


def test_shape_is_the_api_shape() -> None:
    data = finding_to_json(full_finding())
    assert set(data) == API_FIELDS | {"trace"}
    assert data["id"] == "ab" * 8 and data["severity"] == "critical"
    assert (data["file"], data["line"], data["column"]) == ("app/db.py", 12, 5)
    assert (data["end_line"], data["end_column"]) == (12, 40)
    assert data["owasp"] == ["A03:2021"] and data["cwe"] == ["CWE-89"]
    # Trace steps keep today's five keys; end positions and snippets appear only when set.
    assert data["trace"][0] == {
        "kind": "source", "file": "app/views.py", "line": 3, "column": 9, "note": "request.args"
    }  # fmt: skip
    assert data["trace"][1]["end_column"] == 8 and data["trace"][1]["code"] == "q = name"
    assert finding_to_dict is finding_to_json


def test_every_path_uses_the_codec() -> None:
    f = full_finding()
    data = through_bytes(finding_to_json(f))
    assert results.finding_from_json(data) == f
    assert finding_from_api(data) == f  # the CLI no longer drops owasp, trace, end positions
    # The CLI fills what an older server leaves out, as before.
    minimal = finding_from_api({"severity": "HIGH", "file": "requirements.txt", "line": 2})
    assert (minimal.rule_id, minimal.module, minimal.confidence) == (
        "dependencies.vulnerable-package",
        "dependencies",
        Confidence.HIGH,
    )
    assert minimal.severity is Severity.HIGH


def test_bad_words_and_positions() -> None:
    data = finding_to_json(full_finding())
    with pytest.raises(ConfigError, match="unknown severity 'dire'"):
        finding_from_json({**data, "severity": "dire"})
    odd = finding_from_json({**data, "line": 0, "column": None, "code": ""})
    assert (odd.location.line, odd.location.column, odd.location.snippet) == (1, 1, None)


def test_one_severity_scale_and_one_count() -> None:
    assert [severity_order(s.value) for s in Severity] == [0, 1, 2, 3, 4]
    assert severity_order("unheard-of") == 5
    assert results.severity_rank("high") == 1 and results.severity_rank("bogus") == 5
    counts = severity_counts([Severity.HIGH, "high", "low"])
    assert counts == {
        "total_findings": 3, "critical": 0, "high": 2, "medium": 0, "low": 1, "info": 0
    }  # fmt: skip
    assert list(counts) == ["total_findings", "critical", "high", "medium", "low", "info"]
    job = results.summarize(["critical", "info"], new=2, fixed=1)
    assert job == {**severity_counts(["critical", "info"]), "new": 2, "fixed": 1}


def test_assign_fingerprints_numbers_identical_findings() -> None:
    f = replace(full_finding(), fingerprint="", fingerprint_basis="same  basis")
    other_file = replace(f, location=Location("app/other.py", 1))
    out = assign_fingerprints([f, f, other_file])
    assert out[0].fingerprint == fingerprint(f.rule_id, "app/db.py", "same basis", 0)
    assert out[1].fingerprint == fingerprint(f.rule_id, "app/db.py", "same basis", 1)
    assert out[2].fingerprint == fingerprint(f.rule_id, "app/other.py", "same basis", 0)
    no_basis = replace(f, fingerprint_basis=None)
    by_line = assign_fingerprints([no_basis], lambda x: "  the  line ")
    assert by_line[0].fingerprint == fingerprint(f.rule_id, "app/db.py", "the line", 0)
