"""Sinks of the taint engine's abstract interpretation.

Where a tainted Value reaches a sink argument (or an assigned sink attribute) of a rule, and
the rule's conditions hold (``when``/``unless`` arguments, ``unless``/``only_if``
queries), a finding with its trace is recorded; inside a function, a parameter reaching a
sink is noted in the function's summary instead. Kept apart because it is where the rules'
sink declarations meet the values the other parts compute.
"""

from __future__ import annotations

import fnmatch
from dataclasses import replace

import tree_sitter as ts

from stockade.analyzers.sast.languages.base import NOT_CONSTANT, CallParts, Node, resolve_import
from stockade.analyzers.sast.ruleset import SinkSpec, TaintRule
from stockade.analyzers.sast.taint.base import EngineBase, Env, SinkHit
from stockade.analyzers.sast.taint.fold import fold
from stockade.analyzers.sast.taint.values import Taint, Value, union
from stockade.core.finding import Finding, Location, TraceStep
from stockade.core.severity import Confidence


class Sinks(EngineBase):
    """Matches calls and assignments against the rules' sinks and reports findings."""

    def _check_sinks(
        self,
        parts: CallParts,
        receiver: Value,
        args: list[Value],
        kwargs: dict[str, Value],
        env: Env,
    ) -> None:
        typed = self._typed_name(parts)
        sinks = self.rules.call_sinks(parts.name, parts.raw_name)
        if typed is not None:
            sinks = sinks + self.rules.call_sinks(typed, typed)
        for rule, sink in sinks:
            if not self._when(sink, parts, env):
                continue
            value = self._sink_value(sink, receiver, args, kwargs)
            if value.tainted:
                at = _reported_at(rule, sink, parts, args, kwargs)
                self._sink_reached(rule, at, parts.name, value)

    def _check_assign_sinks(self, target: Node, value: Value) -> None:
        a = self.a
        if target.type in a.subscript:
            obj, _ = a.subscript_parts(target)
            name = a.dotted_name(obj) if obj is not None else None
        else:
            name = a.dotted_name(target)
        if not name:
            return
        typed = self.frame.types.get(name, name)
        for rule in self.rules.taint_rules:
            for sink in rule.sinks:
                if sink.assign and (sink.calls.match(name) or sink.calls.match(typed)):
                    self._sink_reached(rule, target, name, value)

    def _typed_name(self, parts: CallParts) -> str | None:
        """``client.get`` as ``httpx.Client().get`` when ``client`` was built that way."""
        receiver = parts.receiver
        if receiver is None or receiver.type not in self.a.identifier:
            return None
        built = self.frame.types.get(self.a.text(receiver))
        if built is None:
            return None
        return f"{built}.{parts.name.rsplit('.', 1)[-1]}"

    def _remember_type(self, target: Node, value_node: Node | None) -> None:
        if target.type not in self.a.identifier:
            return
        name = self.a.text(target)
        self.frame.types.pop(name, None)
        if value_node is None or value_node.type not in self.a.call:
            return
        parts = self.a.call_parts(value_node, self.imports)
        if parts is None:
            return
        last = parts.name.rsplit(".", 1)[-1]
        # a constructor (``httpx.Client()``) or a factory on a named receiver
        # (``ConnectionManager::get('default')``, ``\Drupal::database()``): calls on the
        # variable then also match sinks written on the factory's result
        if last[:1].isupper() or ("." in parts.name and parts.name[:1].isupper()):
            self.frame.types[name] = parts.name + "()"

    def _when(self, sink: SinkSpec, parts: CallParts, env: Env) -> bool:
        for key, globs in sink.unless.items():
            node = parts.args[int(key)] if key.isdigit() and int(key) < len(parts.args) else None
            node = parts.kwargs.get(key, node)
            if node is not None and globs.match(self._argument_text(node, env)):
                return False
        for key, expected in sink.when.items():
            node = parts.kwargs.get(key)
            if node is None and key.isdigit() and int(key) < len(parts.args):
                node = parts.args[int(key)]  # a positional argument: setHeader("Location", x)
            actual = fold(node, env, self.a) if node is not None else NOT_CONSTANT
            if actual is NOT_CONSTANT:
                return False
            if isinstance(expected, str) and isinstance(actual, str):
                # header names and media types: any case, globs ("text/html*")
                if not fnmatch.fnmatchcase(actual.lower(), expected.lower()):
                    return False
            elif actual != expected:
                return False
        return True

    def _argument_text(self, node: Node, env: Env) -> str:
        value = fold(node, env, self.a)
        if isinstance(value, str):
            return value
        return resolve_import(self.a.dotted_name(node) or self.a.text(node), self.imports)

    @staticmethod
    def _sink_value(
        sink: SinkSpec, receiver: Value, args: list[Value], kwargs: dict[str, Value]
    ) -> Value:
        chosen: list[Value] = []
        if sink.argv and args:
            args = _argv_part(args)
        if sink.args is None:
            chosen.extend(args)
        else:
            chosen.extend(args[i] for i in sink.args if i < len(args))
        chosen.extend(kwargs[k] for k in sink.kwargs if k in kwargs)
        if sink.receiver:
            chosen.append(receiver)
        if sink.keys is not None:
            chosen = [_keyed_part(sink, v) for v in chosen]
        return union(chosen)

    def _cleared(self, rule: TaintRule, node: Node) -> bool:
        """Whether the rule's ``unless`` query matches in the function holding the sink, or
        its ``only_if`` query matches nowhere in the file."""
        unless, only_if = self.conditions.get(rule.meta.id, (None, None))
        if only_if is not None:
            held = self.only_if_held.get(rule.meta.id)
            if held is None:  # the whole file's answer: asked once per rule
                held = bool(ts.QueryCursor(only_if).matches(self.root))
                self.only_if_held[rule.meta.id] = held
            if not held:
                return True
        if unless is None:
            return False
        scope = node.parent
        while scope is not None and scope.type not in self.a.function:
            scope = scope.parent
        return bool(ts.QueryCursor(unless).matches(scope or self.root))

    def _sink_reached(self, rule: TaintRule, node: Node, callee: str, value: Value) -> None:
        for taint in value.taints:
            if rule.kind in taint.sanitized:
                continue
            if taint.param is not None:
                self.frame.hits.append(SinkHit(taint.param, rule, node, callee, taint))
                if (
                    rule.parameters
                    and taint.kind == "param"
                    and (taint.built or not rule.built_only)
                ):
                    line = node.start_point[0] + 1
                    label = f"parameter '{taint.label}'"
                    shown = replace(taint, line=line, column=1, label=label, param=None)
                    self._report(rule, node, callee, replace(shown, confidence=Confidence.MEDIUM))
                continue
            if rule.source_kinds is not None and taint.kind not in rule.source_kinds:
                continue
            if rule.source_kinds is None and taint.kind in self.rules.opt_in_kinds:
                continue
            self._report(rule, node, callee, taint)

    def _report(self, rule: TaintRule, node: Node, callee: str, taint: Taint) -> None:
        line, col = node.start_point
        key = (rule.meta.id, line, col)
        if key in self.findings or self._cleared(rule, node):
            return
        end_line, end_col = node.end_point
        sink = Location(self.path, line + 1, col + 1, end_line + 1, end_col + 1)
        trace = (
            TraceStep(
                Location(self.path, max(taint.line, 1), max(taint.column, 1)), "source", taint.label
            ),
            *(
                TraceStep(Location(self.path, ln, max(c, 1)), "step", note)
                for ln, c, note in taint.steps
                if ln > 0
            ),
            TraceStep(sink, "sink", f"{callee}()"),
        )
        confidence = min(rule.meta.confidence, taint.confidence)
        message = f"{rule.meta.title}: untrusted data from {taint.label} (line {taint.line}) reaches {callee}()"
        self.findings[key] = Finding.from_rule(
            rule.meta,
            sink,
            message=message,
            confidence=confidence if isinstance(confidence, Confidence) else None,
            trace=trace,
        )


def _reported_at(
    rule: TaintRule,
    sink: SinkSpec,
    parts: CallParts,
    args: list[Value],
    kwargs: dict[str, Value],
) -> Node:
    """Where a finding at this sink starts: the call, or, when the call spans several lines,
    the first sink argument carrying the rule's taint. That is the line holding the data that
    makes the call dangerous: the query built on the third line of ``cursor.execute(``, the
    ``.where(...)`` of a query-builder chain that began lines earlier, an initializer's
    ``Arguments = ...`` (what CodeQL and GitHub code scanning point at too)."""
    call = parts.node
    if call.start_point[0] == call.end_point[0] or sink.argv:
        return call

    def carries(value: Value) -> bool:
        return any(rule.kind not in t.sanitized for t in value.taints)

    positions = range(len(args)) if sink.args is None else sink.args
    for i in positions:
        if i < len(args) and i < len(parts.args) and carries(args[i]):
            return parts.args[i]
    for key in sink.kwargs:
        if key in kwargs and key in parts.kwargs and carries(kwargs[key]):
            return parts.kwargs[key]
    return call


SHELLS = frozenset(
    {
        "sh",
        "bash",
        "zsh",
        "dash",
        "ksh",
        "csh",
        "tcsh",
        "fish",
        "cmd",
        "cmd.exe",
        "powershell",
        "powershell.exe",
        "pwsh",
        "pwsh.exe",
    }
)


def _argv_part(args: list[Value]) -> list[Value]:
    """An argument vector (``exec(new String[] {"echo", x})``, ``ProcessBuilder("echo", x)``)
    runs its first element with the rest as plain arguments: only the program can inject a
    command, unless the program is a shell (``{"sh", "-c", "echo " + x}``) or is not known."""
    vector: list[Value] = []
    rest: list[Value] = []
    first = args[0]
    if first.elements is not None:
        indexed = sorted(
            ((k, v) for k, v in first.elements if isinstance(k, float)), key=lambda kv: kv[0]
        )
        vector, rest = [v for _, v in indexed], list(args[1:])
    elif len(args) > 1:
        vector = list(args)
    if not vector:
        return args
    program = vector[0].const
    if not isinstance(program, str) or program.rsplit("/", 1)[-1].lower() in SHELLS:
        return [union(vector), *rest]
    return [vector[0], *rest]


def _keyed_part(sink: SinkSpec, value: Value) -> Value:
    """What of a literal dict reaches a query sink: the elements under operator keys, and
    parsed-object input anywhere (``{"name": {"$ne": ""}}`` from JSON)."""
    if value.elements is None or sink.keys is None:
        return value
    parts: list[Value] = []
    objects = sink.object_sources
    for key, element in value.elements:
        if isinstance(key, str) and sink.keys.match(key):
            parts.append(element)
        elif objects is not None:
            parts.append(Value(frozenset(t for t in element.taints if objects.match(t.label))))
    return union(parts)
