"""Every rule file rule: its true-positive templates are found, its false positives are not."""

from __future__ import annotations

import pytest

from stockade.analyzers.secrets.analyzer import compiled_engine
from stockade.analyzers.secrets.examples import expand
from stockade.analyzers.secrets.ruleset import SecretRule, load_rules

RULES = load_rules()
ENGINE = compiled_engine(RULES)


def _rule_ids(text: str) -> set[str]:
    return {c.rule_id for c in ENGINE.candidates(text.encode(), "src/app.cfg")}


def test_at_least_300_provider_rules() -> None:
    assert len(RULES) >= 300
    assert len({r.id for r in RULES}) == len(RULES)


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.id)
def test_true_positives(rule: SecretRule) -> None:
    assert rule.true_positives, f"{rule.id} has no true-positive example"
    for i, template in enumerate(rule.true_positives):
        text = expand(template, f"{rule.id}/{i}")
        assert rule.id in _rule_ids(text), f"{rule.id} misses {template}"
        assert rule.id in _rule_ids(f"prefix line\nvalue: {text}\n"), (
            f"{rule.id} misses inside a file"
        )


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.id)
def test_false_positives(rule: SecretRule) -> None:
    assert rule.false_positives, f"{rule.id} has no false-positive example"
    for i, template in enumerate(rule.false_positives):
        text = expand(template, f"{rule.id}/fp{i}")
        assert rule.id not in _rule_ids(text), f"{rule.id} reports its look-alike {template}"
