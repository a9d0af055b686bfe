"""The dependency module's rules, one per kind of finding it reports (data: ``rules.toml``)."""

from __future__ import annotations

import tomllib
from importlib import resources

from stockade.core.rule import Rule, rule_from_mapping

MODULE = "dependencies"


def _load() -> dict[str, Rule]:
    text = resources.files(__package__).joinpath("rules.toml").read_text(encoding="utf-8")
    tables = tomllib.loads(text)["rule"]
    loaded = (rule_from_mapping(t, module=MODULE, source="rules.toml") for t in tables)
    return {rule.id: rule for rule in loaded}


_RULES = _load()
VULNERABLE = _RULES["dependencies.vulnerable-package"]
UNPINNED = _RULES["dependencies.unpinned-vulnerable-range"]
UNMAINTAINED = _RULES["dependencies.unmaintained-package"]
UNSOUND = _RULES["dependencies.unsound-package"]
NOTICE = _RULES["dependencies.advisory-notice"]
ALL = tuple(_RULES.values())
INFORMATIONAL = {"unmaintained": UNMAINTAINED, "unsound": UNSOUND}
