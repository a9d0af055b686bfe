"""The taint analysis of one file.

``TaintEngine`` composes the parts of the abstract interpretation (statements,
expressions, calls, sinks; see their modules) over the shared state in ``base``. This
module drives them: it runs the file's top level once for the constants it defines, collects
the file's functions, classes and constructors, and analyses every function once into a
summary (again when a method tainted a field another method reads). It stays the import path
of the engine.
"""

from __future__ import annotations

import tree_sitter as ts

from stockade.analyzers.sast.languages.base import NOT_CONSTANT, LanguageAdapter, Node
from stockade.analyzers.sast.taint.base import MAX_DEPTH, Env, SinkHit, Summary
from stockade.analyzers.sast.taint.calls import Calls
from stockade.analyzers.sast.taint.expressions import Expressions
from stockade.analyzers.sast.taint.sinks import Sinks
from stockade.analyzers.sast.taint.statements import Statements
from stockade.analyzers.sast.taint.values import Value
from stockade.core.finding import Finding

__all__ = ["MAX_DEPTH", "Env", "SinkHit", "Summary", "TaintEngine"]


class TaintEngine(Statements, Expressions, Calls, Sinks):
    """Finds the flows from sources to sinks in one parsed file (``run``)."""

    def run(self) -> list[Finding]:
        function_nodes = self._collect_functions(self.root)
        env: Env = {}
        self._exec_block(self.root.named_children, env, 0)
        self.module_env = {
            k: Value(const=v.const) for k, v in env.items() if v.const is not NOT_CONSTANT
        }
        fields_before = dict(self.fields)
        for fn in function_nodes:
            self.summary(fn)
        if self.fields != fields_before:  # a method tainted a field another method reads
            self.summaries.clear()
            for fn in function_nodes:
                self.summary(fn)
        return _innermost(list(self.findings.values()))

    def _collect_functions(self, root: Node) -> list[Node]:
        found: list[Node] = []
        for node in self._definitions(root):
            if node.type in self.a.class_def:
                self._remember_constructor(node)
            if node.type in self.a.function:
                found.append(node)
                parts = self.a.function_parts(node)
                if parts is not None and parts.name not in self.functions:
                    self.functions[parts.name] = node
                if parts is not None and self._in_class(node):
                    self.method_counts[parts.name] = self.method_counts.get(parts.name, 0) + 1
        return found

    def _in_class(self, node: Node) -> bool:
        parent = node.parent
        while parent is not None:
            if parent.type in self.a.class_def:
                return True
            if parent.type in self.a.function:
                return False
            parent = parent.parent
        return False

    def _definitions(self, root: Node) -> list[Node]:
        """Function and class nodes in document order, found by a tree-sitter query (in C)
        when the grammar has them all, else by an iterative walk."""
        query = _definition_query(self.a, self.file_language)
        if query is not None:
            nodes = [n for ns in ts.QueryCursor(query).captures(root).values() for n in ns]
            return sorted(nodes, key=lambda n: n.start_byte)
        found: list[Node] = []
        stack = [root]
        kinds = self.a.class_def | self.a.function
        while stack:
            node = stack.pop()
            if node.type in kinds:
                found.append(node)
            stack.extend(reversed(node.named_children))
        return found

    def _remember_constructor(self, cls: Node) -> None:
        name_node = cls.child_by_field_name("name")
        body = cls.child_by_field_name("body")
        if name_node is None or body is None:
            return
        stack = list(body.named_children)
        while stack:
            node = stack.pop()
            if node.type in self.a.function:
                parts = self.a.function_parts(node)
                if parts is not None and parts.name in self.a.constructor_names:
                    self.constructors.setdefault(self.a.text(name_node), node)
            elif node.type not in self.a.class_def and node.type not in self.a.function:
                stack.extend(node.named_children)  # decorated definitions, class bodies


_QUERIES: dict[tuple[str, int, str], ts.Query | None] = {}


def _definition_query(adapter: LanguageAdapter, file_language: str) -> ts.Query | None:
    """Compiled per grammar (node-type ids differ between, e.g., TS and TSX); node types a
    grammar does not have (an adapter serving several) cannot occur in its trees."""
    key = (adapter.name, id(adapter), file_language)
    if key not in _QUERIES:
        language = adapter.language_for(file_language)
        kinds = []
        for kind in sorted(adapter.class_def | adapter.function):
            try:
                ts.Query(language, f"({kind}) @d")
            except (ts.QueryError, ValueError, TypeError):
                continue
            kinds.append(kind)
        _QUERIES[key] = ts.Query(language, " ".join(f"({k}) @d" for k in kinds)) if kinds else None
    return _QUERIES[key]


def _innermost(findings: list[Finding]) -> list[Finding]:
    """One finding per flow: where a rule's sink sits inside another sink of the same rule
    (``session.execute(text(sql))``), only the inner one, the call that takes the data, is
    kept."""

    def span(f: Finding) -> tuple[tuple[int, int], tuple[int, int]]:
        loc = f.location
        return (loc.line, loc.column), (loc.end_line or loc.line, loc.end_column or loc.column)

    spans = [(f.rule_id, span(f)) for f in findings]
    return [
        f
        for f, (rule, (start, end)) in zip(findings, spans, strict=True)
        if not any(
            other_rule == rule
            and start <= inner_start
            and inner_end <= end
            and (inner_start, inner_end) != (start, end)
            for other_rule, (inner_start, inner_end) in spans
        )
    ]
