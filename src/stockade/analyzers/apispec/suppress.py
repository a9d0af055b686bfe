"""``x-stockade-ignore`` suppressions: a list of ``{rule, reason}`` at any node of a spec.

An entry applies to the node that carries it and everything below it; ``rule`` may be a
rule id, a list of ids or ``"*"``. A reason is required, so suppressions stay reviewable.
"""

from __future__ import annotations

from typing import Any

from stockade.analyzers.apispec.positions import split

KEY = "x-stockade-ignore"


def suppressed(data: Any, pointer: str, rule_id: str) -> str | None:
    """The reason ``rule_id`` is suppressed at ``pointer`` (or above), else None."""
    node = data
    reason = _match(node, rule_id)
    for token in split(pointer):
        if reason is not None:
            return reason
        if isinstance(node, dict):
            node = node.get(token)
        elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
            node = node[int(token)]
        else:
            return None
        reason = _match(node, rule_id)
    return reason


def _match(node: Any, rule_id: str) -> str | None:
    if not isinstance(node, dict):
        return None
    entries = node.get(KEY)
    if isinstance(entries, dict):
        entries = [entries]
    if not isinstance(entries, list):
        return None
    for entry in entries:
        if not isinstance(entry, dict) or not str(entry.get("reason", "")).strip():
            continue
        rules = entry.get("rule", entry.get("rules"))
        ids = rules if isinstance(rules, list) else [rules]
        if rule_id in ids or "*" in ids:
            return str(entry["reason"])
    return None
