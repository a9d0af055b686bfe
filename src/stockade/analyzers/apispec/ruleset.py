"""Rule metadata loaded from ``rules.yaml`` (once per process)."""

from __future__ import annotations

from functools import cache
from importlib import resources

import yaml

from stockade.core.rule import Rule
from stockade.core.severity import Confidence, Severity

MODULE = "api"


@cache
def load_rules() -> dict[str, Rule]:
    text = resources.files(__package__).joinpath("rules.yaml").read_text(encoding="utf-8")
    rules = {}
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    for entry in yaml.load(text, Loader=loader):  # noqa: S506 - a safe loader
        rule = Rule(
            id=entry["id"],
            title=entry["title"],
            module=MODULE,
            type=entry["type"],
            severity=Severity.parse(entry["severity"]),
            confidence=Confidence.parse(entry.get("confidence", "medium")),
            description=entry.get("description", ""),
            remediation=entry.get("remediation", ""),
            cwe=tuple(entry.get("cwe", ())),
            owasp=tuple(entry.get("owasp", ())),
            references=tuple(entry.get("references", ())),
            tags=("openapi",),
        )
        rules[rule.id] = rule
    return rules
