"""Metadata of the detectors implemented in code (structured formats and generic detection).

The data is ``code_rules.toml``; what every secret rule shares (type, CWE, OWASP, tags) comes
from the module's constants, so the regex rules and these cannot drift apart.
"""

from __future__ import annotations

import tomllib
from importlib import resources

from stockade.analyzers.secrets.ruleset import CWE, MODULE, OWASP, RULE_TYPE
from stockade.core.rule import Rule, rule_from_mapping

_SOURCE = "code_rules.toml"


def _load() -> dict[str, Rule]:
    data = tomllib.loads(resources.files(__package__).joinpath(_SOURCE).read_text("utf-8"))
    defaults = {
        **data["defaults"],
        "type": RULE_TYPE,
        "cwe": list(CWE),
        "owasp": list(OWASP),
        "tags": ["secret"],
    }
    rules = (
        rule_from_mapping(t, module=MODULE, source=_SOURCE, defaults=defaults) for t in data["rule"]
    )
    return {rule.id: rule for rule in rules}


CODE_RULES: dict[str, Rule] = _load()
