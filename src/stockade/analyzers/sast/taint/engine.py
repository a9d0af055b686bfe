"""The taint analysis of one file.

``TaintEngine`` composes the parts of the abstract interpretation (statements,
expressions, calls, sinks; see their modules) over the shared state in ``base``. This
module drives them: it runs the file's top level once for the constants it defines, collects
the file's functions, classes and constructors, and analyses every function once into a
summary (again when a method tainted a field another method reads). It stays the import path
of the engine.
"""

from __future__ import annotations

import re

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
        if not self._may_hold_sources():
            return []
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

    def _may_hold_sources(self) -> bool:
        """Whether any untrusted value can enter this file's analysis: a name, member path or
        call the rules call a source, or a parameter a framework fills. Without one no taint
        but the parameters' synthetic ones exists, and those are reported only by rules with
        ``parameters`` (whose rule sets have no word prefilter and so no gate here): the
        analysis could only find nothing. Generic words of the prefilter (``context``,
        ``message``) wake most library files; this looks at the expressions around them.

        Sound by construction: a source's dotted name is made of node texts inside the
        expression (joined by ``.`` and ``()``), an import's module path, or the adapter's
        synthetic words; each identifier-character run a pattern spells out (not synthetic)
        therefore lies in the text of a node inside the expression, or in the import path
        of an alias written inside it. Every occurrence of one run per live pattern (and
        of such aliases) is mapped to the node holding it, and every name-bearing ancestor
        is asked exactly as the analysis would ask it; parameters are asked through
        ``_param_value`` itself."""
        runs = self.rules.source_name_runs
        if runs is None:
            return True
        return self._sources_near_runs(runs) or self._parameter_sources_present()

    def _sources_near_runs(self, runs: tuple[tuple[str, ...], ...]) -> bool:
        root = self.root
        text = root.text or b""
        offset = root.start_byte
        targets = tuple(self.imports.values())
        # a run of identifier characters is in the text iff it is inside one of the text's
        # runs: each of those once, apart, is much less to search than the text
        words_in_text = b" ".join(set(_IDENTIFIER_RUN.findall(text)))
        present: dict[str, bool] = {}
        searched: set[str] = set()
        seen: set[int] = set()  # nodes asked already, and so their ancestors too
        for pattern_runs in runs:
            for r in pattern_runs:
                if r not in present:
                    present[r] = r.encode() in words_in_text or any(r in t for t in targets)
            if not all(present[r] for r in pattern_runs):
                continue  # the pattern cannot match a name of this file
            run = max(pattern_runs, key=len)
            if run in searched:
                continue
            searched.add(run)
            words = {run, *(alias for alias, target in self.imports.items() if run in target)}
            for word in words:
                if self._source_around(text, offset, word.encode(), seen):
                    return True
        return False

    def _source_around(self, text: bytes, offset: int, word: bytes, seen: set[int]) -> bool:
        """Whether an expression holding an occurrence of ``word`` (overlapping ones too)
        evaluates to a source: the expressions holding it are the node tree-sitter finds
        for its bytes (the deepest one) and that node's ancestors."""
        start = text.find(word)
        while start >= 0:
            node: Node | None = self.root.descendant_for_byte_range(
                offset + start, offset + start + len(word)
            )
            while node is not None and node.id not in seen:
                seen.add(node.id)
                if self._names_source(node):
                    return True
                node = node.parent
            start = text.find(word, start + 1)
        return False

    def _names_source(self, node: Node) -> bool:
        """Whether ``_eval`` would take ``node`` for a source, by the names it would ask."""
        a = self.a
        t = node.type
        if t in a.identifier:
            return self._source_value(node, a.text(node)) is not None
        if t in a.attribute:
            name = a.dotted_name(node)
            return bool(name) and self._source_value(node, name or "") is not None
        if t in a.call:
            parts = a.call_parts(node, self.imports)
            return parts is not None and (
                self._source_value(node, parts.name + "()") is not None
                or self._source_value(node, parts.raw_name + "()") is not None
            )
        return False

    def _parameter_sources_present(self) -> bool:
        """Whether a function's parameter starts as a real source (framework parameters,
        ``parameter_sources`` headers), asked as ``_analyze_function`` asks it."""
        for fn in self._definitions(self.root):
            if fn.type not in self.a.function:
                continue
            parts = self.a.function_parts(fn)
            if parts is None or parts.body is None:
                continue
            for index, name in enumerate(parts.params):
                value = self._param_value(fn, parts, index, name)
                if any(t.param is None for t in value.taints):
                    return True
        return False

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
        cached = self._definitions_of.get(root.id)
        if cached is not None:
            return cached
        query = _definition_query(self.a, self.file_language)
        if query is not None:
            nodes = [n for ns in ts.QueryCursor(query).captures(root).values() for n in ns]
            ordered = sorted(nodes, key=lambda n: n.start_byte)
            self._definitions_of[root.id] = ordered
            return ordered
        found: list[Node] = []
        stack = [root]
        kinds = self.a.class_def | self.a.function
        while stack:
            node = stack.pop()
            if node.type in kinds:
                found.append(node)
            stack.extend(reversed(node.named_children))
        self._definitions_of[root.id] = found
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
_IDENTIFIER_RUN = re.compile(rb"[A-Za-z0-9_$]+")  # as ``ruleset.source_name_runs`` reads them


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
