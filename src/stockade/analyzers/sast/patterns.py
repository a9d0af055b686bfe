"""Pattern rules: tree-sitter queries (with their text predicates) over the shared tree.

The query's ``@match`` capture (or its first capture) is the reported node. ``unless`` is a
second query: when it matches inside the same enclosing function (or file, at top level),
the finding is dropped — e.g. an XML parser factory that does disable DTDs. ``report_at``
also reports the calls in that function that use what was found (the factory's ``parse``,
where the untrusted input is read), next to the node where the fix goes.
"""

from __future__ import annotations

from collections.abc import Iterator

import tree_sitter as ts

from stockade.analyzers.sast.ruleset import LanguageRules, PatternRule
from stockade.core.errors import RuleError
from stockade.core.finding import Finding, Location


def _scope(node: ts.Node, function_types: frozenset[str]) -> ts.Node:
    current = node.parent
    while current is not None:
        if current.type in function_types:
            return current
        if current.parent is None:
            return current
        current = current.parent
    return node


def _reported(captures: dict[str, list[ts.Node]]) -> ts.Node | None:
    nodes = captures.get("match") or next(iter(captures.values()), None)
    return nodes[0] if nodes else None


def run_patterns(
    rules: LanguageRules, root: ts.Node, path: str, file_language: str
) -> Iterator[tuple[PatternRule, Finding | Exception]]:
    """Each rule's findings, from one walk of the combined query; a rule whose query does not
    compile yields its error instead (reported, not fatal)."""
    compiled = rules.queries_for(file_language)
    for rule, count, _unless, error in compiled:
        if count is None:
            yield rule, RuleError(rule.meta.id, error or "invalid query")
    combined, owners = rules.combined_query_for(file_language)
    if combined is None:
        return
    unless = {rule.meta.id: (u, rule.unless_scope) for rule, _q, u, _e in compiled if u is not None}
    report_at = rules.report_at_for(file_language)
    seen: set[tuple[str, int, int]] = set()
    for index, captures in ts.QueryCursor(combined).matches(root):
        rule = owners[index]
        node = _reported(captures)
        if node is None:
            continue
        key = (rule.meta.id, *node.start_point)
        if key in seen:
            continue
        seen.add(key)
        clear = unless.get(rule.meta.id)
        if clear is not None:
            query, scope = clear
            where = root if scope == "file" else _scope(node, rules.adapter.function)
            if ts.QueryCursor(query).matches(where):
                continue
        yield rule, _finding(rule, node, path)
        relocate = report_at.get(rule.meta.id)
        for use in _uses(relocate, _scope(node, rules.adapter.function)) if relocate else []:
            use_key = (rule.meta.id, *use.start_point)
            if use_key not in seen:
                seen.add(use_key)
                yield rule, _finding(rule, use, path)


def _uses(query: ts.Query, scope: ts.Node) -> list[ts.Node]:
    """The nodes a ``report_at`` query reports in one function (its ``@match`` captures)."""
    found = [_reported(captures) for _i, captures in ts.QueryCursor(query).matches(scope)]
    return sorted({n.id: n for n in found if n is not None}.values(), key=lambda n: n.start_byte)


def _finding(rule: PatternRule, node: ts.Node, path: str) -> Finding:
    line, col = node.start_point
    end_line, end_col = node.end_point
    return Finding.from_rule(
        rule.meta, Location(path, line + 1, col + 1, end_line + 1, end_col + 1)
    )
