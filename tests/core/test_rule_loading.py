"""Rule files of every module go through one loader: defaults, and errors that name the rule."""

from __future__ import annotations

import pytest

from stockade.core.errors import RuleError
from stockade.core.rule import rule_from_mapping
from stockade.core.severity import Confidence, Severity


def test_a_table_becomes_a_rule_with_module_defaults() -> None:
    rule = rule_from_mapping(
        {"id": "x.one", "title": "One", "severity": "High", "description": "  d  "},
        module="secrets",
        source="f.toml",
        defaults={"type": "hardcoded-secret", "cwe": ["CWE-798"], "tags": "secret"},
    )
    assert rule.module == "secrets" and rule.type == "hardcoded-secret"
    assert rule.severity is Severity.HIGH and rule.confidence is Confidence.MEDIUM
    assert rule.cwe == ("CWE-798",) and rule.tags == ("secret",)
    assert rule.description == "d"


def test_the_table_overrides_defaults() -> None:
    rule = rule_from_mapping(
        {"id": "x.two", "title": "Two", "type": "t", "severity": "low", "cwe": "CWE-1"},
        module="api",
        source="f.yaml",
        defaults={"cwe": ["CWE-798"]},
    )
    assert rule.cwe == ("CWE-1",)


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ({"id": "x.three", "type": "t", "severity": "low"}, "missing field 'title'"),
        ({"id": "x.four", "title": "T", "type": "t", "severity": "dire"}, "unknown severity"),
        ({"id": "x.five", "title": "T", "type": "t", "severity": "low", "cwe": "798"}, "CWE"),
        ({"id": "Bad Id", "title": "T", "type": "t", "severity": "low"}, "id must be"),
    ],
)
def test_errors_name_the_rule_and_the_file(table: dict[str, str], message: str) -> None:
    with pytest.raises(RuleError, match=message) as info:
        rule_from_mapping(table, module="sast", source="rules/x.yaml")
    assert table["id"] in str(info.value)
