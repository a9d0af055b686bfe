"""SARIF ``rules[]`` lists the rules with results (all rules with ``--show-passed``), and the
report formats are registered once for the CLI, the job export and the docs."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from stockade.analyzers import registry
from stockade.cli.app import main
from stockade.core import Confidence, Finding, Location, Severity
from stockade.report import CLI_FORMATS, EXPORT_MEDIA, FORMATS, render, sarif
from stockade.report.formats import markdown_table
from stockade.scan import ModuleRun, ScanOptions, ScanResult, run_scan

Tree = Callable[[Mapping[str, str | bytes]], Path]
DOCS = Path(__file__).resolve().parents[2] / "docs" / "architecture.md"


def driver_rules(log: Mapping[str, Any]) -> list[dict[str, Any]]:
    rules: list[dict[str, Any]] = log["runs"][0]["tool"]["driver"]["rules"]
    return rules


def assert_rule_indexes(log: Mapping[str, Any]) -> None:
    rules = driver_rules(log)
    for res in log["runs"][0]["results"]:
        assert rules[res["ruleIndex"]]["id"] == res["ruleId"]


@pytest.mark.usefixtures("demo_analyzer")
def test_rules_are_those_with_results_unless_show_passed(write_tree: Tree) -> None:
    root = write_tree({"a.txt": "NOTICE\nDANGER\n", "b.txt": "DANGER\n"})
    result = run_scan(root, ScanOptions(modules=("demo",)))
    log = sarif.build(result)
    assert [r["id"] for r in driver_rules(log)] == ["demo.danger", "demo.notice"]
    assert len(log["runs"][0]["results"]) == 3
    assert_rule_indexes(log)
    passed = json.loads(render(result, "sarif", show_passed=True))
    assert [r["id"] for r in driver_rules(passed)] == ["demo.danger", "demo.notice", "demo.quiet"]
    assert_rule_indexes(passed)


@pytest.mark.usefixtures("demo_analyzer")
def test_cli_show_passed_reaches_sarif(
    capsys: pytest.CaptureFixture[str], write_tree: Tree
) -> None:
    root = write_tree({"a.txt": "DANGER\n"})
    assert main(["analyze", str(root), "--format", "sarif", "--skip-sast", "--skip-api"]) == 1
    ids = [r["id"] for r in driver_rules(json.loads(capsys.readouterr().out))]
    assert "demo.danger" in ids and "demo.quiet" not in ids
    main(["analyze", str(root), "--format", "sarif", "--skip-sast", "--skip-api", "--show-passed"])
    ids = [r["id"] for r in driver_rules(json.loads(capsys.readouterr().out))]
    assert {"demo.danger", "demo.notice", "demo.quiet"} <= set(ids)


def test_a_few_results_of_a_big_module_make_a_small_log() -> None:
    """The case that prompted it: every SAST rule was embedded for a handful of results."""
    rules = registry.module_rules("sast")
    assert len(rules) > 100
    chosen = [rules[len(rules) // 2], rules[-1]]
    findings = [
        Finding.from_rule(rule, Location(f"src/m{i}.py", i + 1)).with_fingerprint(f"{i:064x}")
        for i, rule in enumerate([*chosen, chosen[0]])
    ]
    unknown = Finding(
        "plugin.gone", "sast", "x", Severity.LOW, Confidence.LOW, "Gone", "gone", Location("z.py")
    ).with_fingerprint("f" * 64)
    result = ScanResult(Path("."), [*findings, unknown], [], [ModuleRun("sast", rules)], 1, 0.1)
    log = sarif.build(result)
    assert sorted(r["id"] for r in driver_rules(log)) == sorted(
        {chosen[0].id, chosen[1].id, "plugin.gone"}
    )
    assert_rule_indexes(log)
    assert len(sarif.render(result)) < 20_000
    everything = sarif.build(result, show_passed=True)
    assert len(driver_rules(everything)) == len({r.id for r in rules} | {"plugin.gone"})
    assert_rule_indexes(everything)


def test_module_rules_are_built_once_per_process() -> None:
    assert registry.module_rules("sast") is registry.module_rules("sast")
    assert registry.module_rules("no-such-module") == ()


def test_one_registry_of_formats() -> None:
    assert FORMATS == ("table", "json", "sarif", "csv")
    assert CLI_FORMATS == ("table", "json", "sarif")
    assert EXPORT_MEDIA == {
        "json": "application/json", "sarif": "application/sarif+json", "csv": "text/csv"
    }  # fmt: skip


def test_cli_refuses_formats_it_does_not_offer(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["analyze", str(tmp_path), "--format", "csv"]) != 0
    assert "expected one of: table, json, sarif" in capsys.readouterr().err


def test_docs_table_is_generated_from_the_registry() -> None:
    """Regenerate with: python -m stockade.report.formats (between the markers)."""
    text = DOCS.read_text(encoding="utf-8")
    found = re.search(r"<!-- formats:begin -->\n(.*?)<!-- formats:end -->", text, re.S)
    assert found is not None and found.group(1) == markdown_table()
