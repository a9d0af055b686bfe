"""Rule metadata loaded from ``rules.yaml`` (once per process)."""

from __future__ import annotations

from functools import cache
from importlib import resources

import yaml

from stockade.core.rule import Rule, rule_from_mapping

MODULE = "api"


@cache
def load_rules() -> dict[str, Rule]:
    text = resources.files(__package__).joinpath("rules.yaml").read_text(encoding="utf-8")
    rules = {}
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    for entry in yaml.load(text, Loader=loader):  # noqa: S506 - a safe loader
        rule = rule_from_mapping(
            entry, module=MODULE, source="rules.yaml", defaults={"tags": ["openapi"]}
        )
        rules[rule.id] = rule
    return rules
