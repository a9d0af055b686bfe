"""The taint analysis of one file.

Statements are executed abstractly in order over an environment of variable → Value.
Branches whose condition folds to a constant run only on the side that can happen; other
branches run on copies of the environment that are joined afterwards. Loops run twice so
loop-carried flows are seen. Assignments replace a variable's value (so a value overwritten
by a constant is clean again). Every function of the file is analysed once, with its
framework-filled parameters as real sources and its other parameters as synthetic taints;
what reaches its return value and its sinks from each parameter becomes its summary, which
call sites in the same file apply.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import tree_sitter as ts

from stockade.analyzers.sast.languages.base import (
    NOT_CONSTANT,
    CallParts,
    FunctionParts,
    LanguageAdapter,
    Node,
    resolve_import,
)
from stockade.analyzers.sast.ruleset import LanguageRules, SinkSpec, TaintRule
from stockade.analyzers.sast.taint.fold import fold
from stockade.analyzers.sast.taint.values import CLEAN, Taint, Value, join, union
from stockade.core.finding import Finding, Location, TraceStep
from stockade.core.severity import Confidence

Env = dict[str, Value]
MAX_DEPTH = 150


@dataclass
class SinkHit:
    """Inside a function: parameter ``param`` reaches a sink of ``rule`` at ``node``."""

    param: int
    rule: TaintRule
    node: Node
    callee: str
    taint: Taint


@dataclass
class Summary:
    returns_params: frozenset[int] = frozenset()
    returns: Value = CLEAN
    sink_hits: list[SinkHit] = field(default_factory=list)
    # sanitizer kinds applied to a parameter on every path by which it is returned
    returns_sanitized: dict[int, frozenset[str]] = field(default_factory=dict)


@dataclass
class _Frame:
    params: tuple[str, ...] = ()
    returns: list[Value] = field(default_factory=list)
    hits: list[SinkHit] = field(default_factory=list)
    return_sink: str | None = None
    # variable → the constructor call it was built by (``client`` → ``httpx.Client()``), so
    # rules can name methods of library objects held in local variables
    types: dict[str, str] = field(default_factory=dict)
    in_function: bool = False


class TaintEngine:
    def __init__(
        self, rules: LanguageRules, root: Node, path: str, file_language: str | None = None
    ) -> None:
        self.rules = rules
        rules.adapter.begin_file()
        self.file_language = file_language or rules.adapter.file_languages[0]
        self.conditions = rules.taint_conditions_for(self.file_language)
        self.a = rules.adapter
        self.root = root
        self.path = path
        self.imports = self.a.imports(root)
        self.functions: dict[str, Node] = {}
        # method name → how many classes of the file define it: ``this.service.byEmail(x)``
        # resolves to the file's method when exactly one class has that name
        self.method_counts: dict[str, int] = {}
        self.constructors: dict[str, Node] = {}  # class name → its constructor method
        self.summaries: dict[int, Summary] = {}
        self.in_progress: set[int] = set()
        self.fields: Env = {}
        self.findings: dict[tuple[str, int, int], Finding] = {}
        self.module_env: Env = {}
        self.closures: dict[int, Env] = {}  # nested function → environment where it is defined
        self.frame = _Frame()

    # -- driver ------------------------------------------------------------------------

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

    def _construct(self, ctor: Node, parts: CallParts, args: list[Value], kw: Env) -> None:
        """``Pinger(host)``: run the constructor on the actual arguments so the fields it
        sets (``self.host = host``) carry their taint into the class's other methods."""
        if ctor.id in self.in_progress or not any(v.tainted for v in (*args, *kw.values())):
            return
        fparts = self.a.function_parts(ctor)
        if fparts is None or fparts.body is None:
            return
        params = list(fparts.params)
        if params and params[0] in self.a.self_names:
            params = params[1:]
        env: Env = {**self.module_env, **dict(zip(params, args, strict=False))}
        env.update({k: v for k, v in kw.items() if k in params})
        outer, self.frame = self.frame, _Frame(fparts.params, in_function=True)
        self.in_progress.add(ctor.id)
        try:
            self._exec(fparts.body, env, 0)
        finally:
            self.frame = outer
            self.in_progress.discard(ctor.id)

    def summary(self, fn: Node) -> Summary:
        cached = self.summaries.get(fn.id)
        if cached is not None:
            return cached
        if fn.id in self.in_progress:
            return Summary()
        self.in_progress.add(fn.id)
        try:
            result = self._analyze_function(fn)
        finally:
            self.in_progress.discard(fn.id)
        self.summaries[fn.id] = result
        return result

    def _analyze_function(self, fn: Node) -> Summary:
        parts = self.a.function_parts(fn)
        if parts is None or parts.body is None:
            return Summary()
        env: Env = {**self.module_env, **self.closures.get(fn.id, {})}
        for index, name in enumerate(parts.params):
            env[name] = self._param_value(fn, parts, index, name)
        outer, self.frame = (
            self.frame,
            _Frame(parts.params, return_sink=self.a.return_sink(fn), in_function=True),
        )
        try:
            self._exec_body(parts.body, env)
            frame = self.frame
        finally:
            self.frame = outer
        returned = union(frame.returns)
        params = frozenset(t.param for t in returned.taints if t.param is not None)
        real = Value(frozenset(t for t in returned.taints if t.param is None))
        sanitized: dict[int, frozenset[str]] = {}
        for t in returned.taints:
            if t.param is not None:
                before = sanitized.get(t.param)
                sanitized[t.param] = t.sanitized if before is None else before & t.sanitized
        return Summary(params, real, frame.hits, sanitized)

    def _exec_body(self, body: Node, env: Env) -> None:
        """Run a function body; where the language returns the last statement's value
        (``def decorate(s) s.strip end``), that value is a return of the function."""
        a = self.a
        statements = [c for c in body.named_children if c.type not in a.comment]
        if not a.implicit_return or not statements:
            self._exec(body, env, 0)
            return
        self._exec_block(statements[:-1], env, 0)
        last = statements[-1]
        plain = (a.if_statement, a.loop, a.return_statement, a.switch, a.function, a.class_def)
        if any(last.type in kinds for kinds in plain):
            self._exec(last, env, 0)
        else:
            self.frame.returns.append(self._eval(last, env, 0))

    def _param_value(self, fn: Node, parts: FunctionParts, index: int, name: str) -> Value:
        if name in parts.source_params:
            line, col = fn.start_point
            return Value(frozenset({Taint(line + 1, col + 1, f"request parameter '{name}'")}))
        if name in self.a.self_names:
            return CLEAN
        return Value(frozenset({Taint(0, 0, name, kind="param", param=index)}))

    # -- statements ------------------------------------------------------------------------

    def _exec_block(self, nodes: Iterable[Node], env: Env, depth: int) -> None:
        for node in nodes:
            self._exec(node, env, depth)

    def _exec(self, node: Node, env: Env, depth: int) -> None:
        if depth > MAX_DEPTH:
            return
        t = node.type
        a = self.a
        if t in a.function:
            self._remember_closure(node, env)
            return
        if t in a.comment:
            return
        if t in a.switch:
            self._exec_switch(node, env, depth)
        elif t in a.if_statement:
            cond, then, alts = a.if_parts(node)
            self._exec_if(cond, then, alts, env, depth)
        elif t in a.try_statement:
            self._exec_try(node, env, depth)
        elif t in a.loop:
            self._exec_loop(node, env, depth)
        elif t in a.assignment or t in a.augmented_assignment:
            self._assign(node, env, depth)
        elif t in a.return_statement:
            value_node = a.return_value(node)
            value = self._eval(value_node, env, depth) if value_node is not None else CLEAN
            self.frame.returns.append(value)
            if self.frame.return_sink and value.tainted and value_node is not None:
                body = a.returned_body(value_node)
                if body is value_node:
                    self._return_reached(node, value)
                elif body is not None:
                    self._return_reached(node, self._eval(body, env, depth))
        elif t in a.call:
            self._eval(node, env, depth)
        elif t in a.class_def:
            body = node.child_by_field_name("body")
            if body is not None:
                self._exec_block(body.named_children, env, depth + 1)
        else:
            for child in node.named_children:
                self._exec(child, env, depth + 1)

    def _remember_closure(self, fn: Node, env: Env) -> None:
        """A function defined inside another one sees the variables of its definition point."""
        if self.frame.in_function:
            self.closures[fn.id] = {
                k: v for k, v in env.items() if v.tainted or v.const is not NOT_CONSTANT
            }

    def _return_reached(self, node: Node, value: Value) -> None:
        name = self.frame.return_sink or ""
        for rule, sink in self.rules.call_sinks(name, name):
            if sink.args is None or 0 in sink.args:
                self._sink_reached(rule, node, name, value)

    def _exec_switch(self, node: Node, env: Env, depth: int) -> None:
        parts = self.a.switch_parts(node)
        if parts is None:
            for child in node.named_children:
                self._exec(child, env, depth + 1)
            return
        subject, cases = parts
        self._eval(subject, env, depth)
        key = fold(subject, env, self.a)
        start = self._matching_case(key, cases, env) if key is not NOT_CONSTANT else None
        if start is not None:
            self._run_cases(cases[start:], env, depth)
            return
        outcomes = []
        for index in range(len(cases)):
            branch = dict(env)
            self._run_cases(cases[index:], branch, depth)
            outcomes.append(branch)
        if not any(not values for values, _ in cases):
            outcomes.append(dict(env))  # no default: possibly no case runs
        for name in {k for o in outcomes for k in o}:
            merged = outcomes[0].get(name, CLEAN)
            for other in outcomes[1:]:
                merged = join(merged, other.get(name, CLEAN))
            env[name] = merged

    def _matching_case(
        self, key: Any, cases: list[tuple[list[Node], list[Node]]], env: Env
    ) -> int | None:
        default = None
        for index, (values, _) in enumerate(cases):
            if not values:
                default = index
            for value in values:
                if fold(value, env, self.a) == key:
                    return index
        return default

    def _run_cases(self, cases: list[tuple[list[Node], list[Node]]], env: Env, depth: int) -> None:
        """Run case bodies from the first one, falling through until a ``break`` where the
        language falls through (``switch_fallthrough``)."""
        for _, body in cases:
            for statement in body:
                if statement.type in self.a.break_statement:
                    return
                self._exec(statement, env, depth + 1)
            if not self.a.switch_fallthrough:
                return

    def _exec_if(
        self, cond: Node | None, then: Sequence[Node], alts: Sequence[Node], env: Env, depth: int
    ) -> None:
        value = fold(cond, env, self.a)
        if value is NOT_CONSTANT:
            if cond is not None:
                self._eval(cond, env, depth)
            then_env, else_env = dict(env), dict(env)
            guards = self.a.guards(cond) if cond is not None else []
            for name, holds in guards:
                (then_env if holds else else_env)[name] = CLEAN
            # a guarded member path or global has no value of its own in ``env``: after the
            # branches meet it must not stay "validated" only because one side had a guard
            unguarded = {name for name, _ in guards if name not in env}
            self._exec_block(then, then_env, depth + 1)
            self._exec_else(alts, else_env, depth)
            then_ends, else_ends = self._jumps(then), bool(alts) and self._jumps(alts)
            if then_ends != else_ends:  # only the branch that falls through continues
                env.update(else_env if then_ends else then_env)
                return
            merged = _join_envs([then_env, else_env])
            env.update({k: v for k, v in merged.items() if k not in unguarded})
        elif value:
            self._exec_block(then, env, depth + 1)
        else:
            self._exec_else(alts, env, depth)

    def _exec_try(self, node: Node, env: Env, depth: int) -> None:
        """A handler runs instead of the rest of the body, not after all of it: it starts
        from what the body may have done so far (the state before it joined with the state
        after it), and the code after the ``try`` sees the body's outcome joined with every
        handler that falls through, so ``except ValueError: ok = False`` does not overwrite
        ``ok = check(path)`` as if it always ran."""
        a = self.a
        handlers = [c for c in node.named_children if c.type in a.catch_clause]
        if not handlers:
            for child in node.named_children:
                self._exec(child, env, depth + 1)
            return
        finals = [c for c in node.named_children if c.type in a.finally_clause]
        main = [
            c
            for c in node.named_children
            if c.type not in a.catch_clause and c.type not in a.finally_clause
        ]
        before = dict(env)
        for child in main:
            self._exec(child, env, depth + 1)
        after_body = dict(env)
        start = _join_envs([before, after_body])
        outcomes = [] if self._jumps(main) else [after_body]
        for handler in handlers:
            handler_env = dict(start)
            self._exec(handler, handler_env, depth + 1)
            if not self._jumps(handler.named_children[-1:]):
                outcomes.append(handler_env)
        if outcomes:
            env.clear()
            env.update(_join_envs(outcomes))
        for child in finals:
            self._exec(child, env, depth + 1)

    def _jumps(self, nodes: Sequence[Node]) -> bool:
        """Whether a branch ends in return/raise/continue/break or ``abort()``/``exit()``."""
        a = self.a
        last = nodes[-1] if nodes else None
        while last is not None and last.type in a.block_types:
            children = [c for c in last.named_children if c.type not in a.comment]
            last = children[-1] if children else None
        if last is None:
            return False
        if last.type in a.return_statement or last.type in a.jump_statements:
            return True
        call = last.named_children[0] if last.named_children else last
        if call.type in a.call:
            name = (a.dotted_name(call.child_by_field_name("function") or call) or "").lower()
            return name.rsplit(".", 1)[-1] in ("abort", "exit", "_exit")
        return False

    def _exec_else(self, alts: Sequence[Node], env: Env, depth: int) -> None:
        if alts and alts[0].type in self.a.if_statement:
            cond, then, more = self.a.if_parts(alts[0])
            self._exec_if(cond, then, [*more, *alts[1:]], env, depth + 1)
        else:
            self._exec_block(alts, env, depth + 1)

    def _exec_loop(self, node: Node, env: Env, depth: int) -> None:
        left = node.child_by_field_name("left")
        right = node.child_by_field_name("right")
        cond = node.child_by_field_name("condition")
        if cond is not None and fold(cond, env, self.a) is False:
            return
        for _ in range(2):
            if left is not None and right is not None:
                self._bind(left, self._eval(right, env, depth), env, depth)
            for child in node.named_children:
                if child != left and child != right:
                    self._exec(child, env, depth + 1)

    def _assign(self, node: Node, env: Env, depth: int) -> Value:
        targets, value_node = self.a.assignment_parts(node)
        value = self._eval(value_node, env, depth) if value_node is not None else CLEAN
        if node.type in self.a.augmented_assignment:
            value = union([value, *(self._eval(t, env, depth) for t in targets)])
        line, col = node.start_point
        value = value.step(line + 1, col + 1, "assigned")
        for target in targets:
            self._remember_type(target, value_node)
            self._bind(target, value, env, depth)
        return value

    def _bind(self, target: Node, value: Value, env: Env, depth: int) -> None:
        a = self.a
        stored = value
        if target.type in a.subscript:  # ``session[user_input] = 1``: the key is stored too
            _, key_node = a.subscript_parts(target)
            if key_node is not None:
                stored = union([value, self._eval(key_node, env, depth + 1)])
        if stored.tainted and (target.type in a.attribute or target.type in a.subscript):
            self._check_assign_sinks(target, stored)
        if target.type in a.identifier:
            env[a.text(target)] = value
        elif target.type in a.attribute:
            name = a.dotted_name(target)
            if name and name.split(".", 1)[0] in a.self_names:
                self.fields[name] = join(self.fields.get(name, CLEAN), value)
            obj, _ = a.attribute_parts(target)
            if obj is not None and obj.type in a.identifier and value.tainted:
                key = a.text(obj)
                env[key] = union([env.get(key, CLEAN), value])
        elif target.type in a.subscript:
            self._bind_subscript(target, value, env, depth)
        else:  # destructuring: every name gets the whole value
            for child in target.named_children:
                self._bind(child, value, env, depth + 1)

    def _bind_subscript(self, target: Node, value: Value, env: Env, depth: int) -> None:
        obj, key_node = self.a.subscript_parts(target)
        if obj is None or obj.type not in self.a.identifier:
            return
        name = self.a.text(obj)
        old = env.get(name, CLEAN)
        key = fold(key_node, env, self.a) if key_node is not None else NOT_CONSTANT
        if old.elements is not None and key is not NOT_CONSTANT:
            elements = (*((k, v) for k, v in old.elements if k != key), (key, value))
            env[name] = Value(old.taints | value.taints, NOT_CONSTANT, elements)
        else:
            env[name] = Value(old.taints | value.taints)

    # -- expressions -------------------------------------------------------------------------

    def _eval(self, node: Node | None, env: Env, depth: int) -> Value:
        if node is None or depth > MAX_DEPTH:
            return CLEAN
        a = self.a
        t = node.type
        if t in a.identifier:
            return self._eval_name(node, env)
        if t in a.attribute:
            return self._eval_attribute(node, env, depth)
        if t in a.call:
            return self._eval_call(node, env, depth)
        if t in a.subscript:
            return self._eval_subscript(node, env, depth)
        if t in a.string:
            inner = a.string_interpolations(node)
            if inner is None:
                return Value(const=a.constant(node))
            built = union([self._eval(i, env, depth + 1) for i in inner])
            if built.tainted and inner and _pins_host(node.text or b"", node, inner[0]):
                return _sanitized(built, URL_KINDS)
            return built
        if t in a.assignment or t in a.augmented_assignment:
            return self._assign(node, env, depth)
        if t in a.conditional:
            return self._eval_conditional(node, env, depth)
        if t in a.function:
            self._remember_closure(node, env)
            return CLEAN
        if t in a.opaque or t in a.class_def:
            return CLEAN
        const = a.constant(node)
        if const is not NOT_CONSTANT:
            return Value(const=const)
        elements = a.container_elements(node)
        if elements is not None:
            return self._eval_container(elements, env, depth)
        value = union([self._eval(c, env, depth + 1) for c in node.named_children])
        if (
            value.tainted
            and node.child_count == 3
            and not node.children[1].is_named
            and node.children[1].type in a.clean_operators
        ):
            return Value(const=fold(node, env, a))  # ``(page - 1) * 10``, ``a === b``
        if value.tainted and node.child_count == 3 and node.children[1].type in ("+", "%"):
            left = fold(node.children[0], env, a)
            if isinstance(left, str) and HOST_PREFIX.match(left):
                return _sanitized(value, URL_KINDS)  # "https://api.example.com/" + x
        if not value.tainted and node.child_count == 3 and not node.children[1].is_named:
            const = fold(node, env, a)  # ``num * 2``: keep it for later conditions
            if const is not NOT_CONSTANT:
                return Value(const=const)
        return value

    def _eval_conditional(self, node: Node, env: Env, depth: int) -> Value:
        cond, then, alt = self.a.conditional_parts(node)
        key = fold(cond, env, self.a)
        if key is NOT_CONSTANT:
            self._eval(cond, env, depth + 1)
            then_env = alt_env = env
            for name, holds in self.a.guards(cond) if cond is not None else []:
                # ``ALLOWED.includes(x) ? x : "default"``
                if holds:
                    then_env = {**then_env, name: CLEAN}
                else:
                    alt_env = {**alt_env, name: CLEAN}
            return join(self._eval(then, then_env, depth + 1), self._eval(alt, alt_env, depth + 1))
        return self._eval(then if key else alt, env, depth + 1)

    def _eval_container(self, elements: list[tuple[Any, Node]], env: Env, depth: int) -> Value:
        values = [(k, self._eval(v, env, depth + 1)) for k, v in elements]
        taints = union([v for _, v in values]).taints
        tracked = tuple((k, v) for k, v in values if k is not NOT_CONSTANT)
        return Value(taints, NOT_CONSTANT, tracked if len(tracked) == len(values) else None)

    def _source_value(self, node: Node, name: str) -> Value | None:
        spec = self.rules.source_for(name)
        if spec is None:
            return None
        line, col = node.start_point
        taint = Taint(line + 1, col + 1, name, spec.kind, spec.confidence, sanitized=spec.safe_for)
        return Value(frozenset({taint}))

    def _eval_name(self, node: Node, env: Env) -> Value:
        name = self.a.text(node)
        if name in env:
            return env[name]
        return self._source_value(node, name) or CLEAN

    def _eval_attribute(self, node: Node, env: Env, depth: int) -> Value:
        name = self.a.dotted_name(node)
        clean = self.rules.clean_attributes
        if name:
            if name in env:  # a member path a guard validated (``if (!ok.has(u.host)) return``)
                return env[name]
            if clean is not None and clean.match(name):
                return CLEAN
            source = self._source_value(node, name)
            if source is not None:
                return source
            if name in self.fields:
                return self.fields[name]
        obj, attribute = self.a.attribute_parts(node)
        if obj is None:
            return CLEAN
        value = self._eval(obj, env, depth + 1)
        if value.taints and clean is not None and not name and clean.match(f"?.{attribute}"):
            return CLEAN  # ``load(x).length``
        return Value(value.taints) if value.taints else CLEAN

    def _eval_subscript(self, node: Node, env: Env, depth: int) -> Value:
        obj, key_node = self.a.subscript_parts(node)
        container = self._eval(obj, env, depth + 1) if obj is not None else CLEAN
        key = fold(key_node, env, self.a) if key_node is not None else NOT_CONSTANT
        if key is not NOT_CONSTANT:
            element = container.element(key)
            if element is not None:
                return element
        if container.taints:
            return Value(container.taints)
        const = fold(node, env, self.a)
        return CLEAN if const is NOT_CONSTANT else Value(const=const)

    def _eval_call(self, node: Node, env: Env, depth: int) -> Value:
        parts = self.a.call_parts(node, self.imports)
        if parts is None:
            return union([self._eval(c, env, depth + 1) for c in node.named_children])
        source = self._source_value(node, parts.name + "()") or (
            self._source_value(node, parts.raw_name + "()")
            if parts.raw_name != parts.name
            else None
        )
        receiver = (
            self._eval(parts.receiver, env, depth + 1) if parts.receiver is not None else CLEAN
        )
        args = [self._eval(arg, env, depth + 1) for arg in parts.args]
        kwargs = {k: self._eval(v, env, depth + 1) for k, v in parts.kwargs.items()}
        self._check_sinks(parts, receiver, args, kwargs, env)
        self._run_callbacks(parts, receiver, args, kwargs, env)
        if source is not None:
            return source
        if (
            not parts.args
            and self.rules.empty_containers is not None
            and self.rules.empty_containers.match(parts.name)
        ):
            return Value(elements=())
        taken = self._store_into_container(parts, args, env)
        if taken is not None:
            return taken
        return self._call_result(parts, receiver, args, kwargs, env, depth)

    def _run_callbacks(
        self, parts: CallParts, receiver: Value, args: list[Value], kwargs: Env, env: Env
    ) -> None:
        """``hosts.forEach(h => exec(h))``, ``dirs.each { |d| system(d) }``,
        ``body.then(b => ...)``, ``map(lambda n: os.system(n), names)``: a function passed to
        a method of untrusted data (or to ``map``/``filter``) runs with that data in each of
        its parameters. Other callbacks get results, not inputs: ``execFile(cmd, [x],
        (err, out) => ...)`` hands ``out`` the program's output."""
        function = self.a.function
        callbacks = [n for n in (*parts.args, *parts.kwargs.values()) if n.type in function]
        if not callbacks:
            return
        given = [receiver]
        if parts.name in _FUNCTIONAL:
            given += [v for v, n in zip(args, parts.args, strict=False) if n.type not in function]
        fed = union(given)
        if not fed.tainted:
            return
        line, col = parts.node.start_point
        fed = fed.step(line + 1, col + 1, f"passed to a callback of {parts.name}()")
        for fn in callbacks:
            fparts = self.a.function_parts(fn)
            if fn.id in self.in_progress or fparts is None or fparts.body is None:
                continue
            inner: Env = {**env, **dict.fromkeys(fparts.params, fed)}
            outer, self.frame = self.frame, _Frame(fparts.params, in_function=True)
            self.in_progress.add(fn.id)
            try:
                self._exec(fparts.body, inner, 0)
            finally:
                self.frame = outer
                self.in_progress.discard(fn.id)

    def _store_into_container(self, parts: CallParts, args: list[Value], env: Env) -> Value | None:
        """``map.put(k, v)`` / ``list.add(v)``: the receiver variable now holds ``v``.
        Returns the element a removing method (``list.pop(0)``) takes out."""
        method = self.rules.container_method(parts.name)
        receiver = parts.receiver
        if method is None or receiver is None or receiver.type not in self.a.identifier:
            return None
        if method.remove:
            return self._take_from_container(self.a.text(receiver), parts, env)
        if method.value >= len(args):
            return None
        name = self.a.text(receiver)
        old = env.get(name, CLEAN)
        value = args[method.value]
        key: Any = NOT_CONSTANT
        if len(method.keys) > 1:
            key = self._composite_key(parts, method.keys, env)
        elif method.key is not None and method.key < len(parts.args):
            key = fold(parts.args[method.key], env, self.a)
        elif method.append and old.elements is not None:
            key = float(len(old.elements))
        if old.elements is not None and key is not NOT_CONSTANT:
            elements = (*((k, v) for k, v in old.elements if k != key), (key, value))
            env[name] = Value(old.taints | value.taints, NOT_CONSTANT, elements)
        else:
            env[name] = Value(old.taints | value.taints)
        return None

    def _composite_key(self, parts: CallParts, positions: tuple[int, ...], env: Env) -> Any:
        if max(positions) >= len(parts.args):
            return NOT_CONSTANT
        key = tuple(fold(parts.args[i], env, self.a) for i in positions)
        return NOT_CONSTANT if NOT_CONSTANT in key else key

    def _take_from_container(self, name: str, parts: CallParts, env: Env) -> Value | None:
        """``items.pop(0)`` shifts the later indices down; ``pop()`` takes the last one."""
        old = env.get(name)
        if old is None or old.elements is None:
            return None
        indices = sorted(k for k, _ in old.elements if isinstance(k, float))
        if parts.args:
            key = fold(parts.args[0], env, self.a)
        else:
            key = indices[-1] if indices else NOT_CONSTANT
        if key is NOT_CONSTANT:
            env[name] = Value(old.taints)
            return None
        if isinstance(key, float) and key < 0:
            key += len(indices)
        taken = old.element(key)
        kept = tuple(
            (k - 1.0 if isinstance(k, float) and isinstance(key, float) and k > key else k, v)
            for k, v in old.elements
            if k != key
        )
        env[name] = Value(frozenset(t for _, v in kept for t in v.taints), NOT_CONSTANT, kept)
        return taken

    def _call_result(
        self,
        parts: CallParts,
        receiver: Value,
        args: list[Value],
        kwargs: dict[str, Value],
        env: Env,
        depth: int,
    ) -> Value:
        name = parts.name
        if self.rules.clean_calls is not None and self.rules.clean_calls.match(name):
            return CLEAN
        everything = union([receiver, *args, *kwargs.values()])
        cleared: set[str] = set()
        sanitized = False
        for san in self.rules.sanitizers:  # every matching entry counts (``replace`` has several)
            if san.calls.match(name) and _args_match(san.args, args):
                if san.kinds is None:
                    return CLEAN
                cleared |= san.kinds
                sanitized = True
        if sanitized:
            kinds = frozenset(cleared)
            return Value(frozenset(t.sanitize(kinds) for t in everything.taints))
        for rule in self.rules.taint_rules:
            if rule.sanitizers is not None and rule.sanitizers.match(name):
                everything = Value(
                    frozenset(t.sanitize(frozenset({rule.kind})) for t in everything.taints)
                )
        local = self._local_function(name)
        if local is not None:
            result = self._apply_summary(local, parts, args, kwargs)
            head, dot, _ = name.partition(".")
            if dot and head not in self.a.self_names and receiver.taints:
                # another object's method: what it returns may be that object's own data
                # (``req.getSortColumn()`` on a request body), which the summary cannot see
                return union([result, receiver])
            return result
        ctor = self.constructors.get(name)
        if ctor is not None:
            self._construct(ctor, parts, args, kwargs)
        if receiver.elements is not None and name.endswith(".get") and parts.args:
            key = self._getter_key(parts, receiver, env)
            if key is not NOT_CONSTANT:
                return receiver.element(key) or CLEAN
        line, col = parts.node.start_point
        return (
            everything.step(line + 1, col + 1, f"through {name}()") if everything.taints else CLEAN
        )

    # -- same-file calls -----------------------------------------------------------------

    def _getter_key(self, parts: CallParts, receiver: Value, env: Env) -> Any:
        """``d.get(k)``, or ``config.get(section, option)`` when stored under a composite key."""
        arity = next((len(k) for k, _ in receiver.elements or () if isinstance(k, tuple)), 1)
        if arity > 1:
            return self._composite_key(parts, tuple(range(arity)), env)
        return fold(parts.args[0], env, self.a)

    def _local_function(self, name: str) -> Node | None:
        head, _, rest = name.partition(".")
        if not rest:
            return self.functions.get(name)
        if head in self.a.self_names and "." not in rest:
            return self.functions.get(rest)
        method = rest.rsplit(".", 1)[-1]
        if self.method_counts.get(method) == 1 and self.functions.get(method) is not None:
            fn = self.functions[method]
            return fn if self._in_class(fn) else None
        return None

    def _map_args(
        self, fn: Node, parts: CallParts, args: list[Value], kwargs: dict[str, Value]
    ) -> dict[int, Value]:
        fparts = self.a.function_parts(fn)
        if fparts is None:
            return {}
        offset = 1 if fparts.params and fparts.params[0] in self.a.self_names else 0
        mapped = {i + offset: v for i, v in enumerate(args)}
        for key, value in kwargs.items():
            if key in fparts.params:
                mapped[fparts.params.index(key)] = value
        return mapped

    def _apply_summary(
        self, fn: Node, parts: CallParts, args: list[Value], kwargs: dict[str, Value]
    ) -> Value:
        summary = self.summary(fn)
        mapped = self._map_args(fn, parts, args, kwargs)
        line, col = parts.node.start_point
        for hit in summary.sink_hits:
            value = mapped.get(hit.param)
            if value is not None and hit.taint.sanitized:
                value = _sanitized(value, hit.taint.sanitized)
            if value is not None and value.tainted:
                stepped = value.step(line + 1, col + 1, f"passed to {parts.name}()")
                self._sink_reached(hit.rule, hit.node, hit.callee, stepped)
        result = [summary.returns] + [
            _sanitized(mapped[i], summary.returns_sanitized.get(i, frozenset()))
            for i in summary.returns_params
            if i in mapped
        ]
        return union(result).step(line + 1, col + 1, f"returned by {parts.name}()")

    # -- sinks -------------------------------------------------------------------------------

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
                self._sink_reached(rule, parts.node, parts.name, value)

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
        if parts is not None and parts.name.rsplit(".", 1)[-1][:1].isupper():
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
        if only_if is not None and not ts.QueryCursor(only_if).matches(self.root):
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
                if rule.parameters and taint.kind == "param":
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


# functions that call their function argument with the elements of their other arguments
_FUNCTIONAL = frozenset({"map", "filter", "functools.reduce", "reduce", "sorted", "min", "max"})

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


URL_KINDS = frozenset({"ssrf", "open-redirect"})
# A URL whose scheme and host are fixed, or a path on this site ("/search?q="; not "//" nor a
# slash and a backslash, which browsers read as another host): what follows cannot go elsewhere.
HOST_PREFIX = re.compile(r"[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#{}$%\\\s]+[/?#]|/[^/\\\s{}$%]")


def _pins_host(text: bytes, node: Node, first: Node) -> bool:
    """Whether the literal text of an interpolated string before its first hole fixes the
    scheme and host (``f"https://api.example.com/{x}"``)."""
    head = text[: max(0, first.start_byte - node.start_byte)].decode("utf-8", "replace")
    return bool(HOST_PREFIX.match(head.lstrip("fFrRbBuU").lstrip("\"'`")))


def _sanitized(value: Value, kinds: frozenset[str]) -> Value:
    """``value`` after the sanitizers a called function applies to its parameter."""
    if not kinds or not value.taints:
        return value
    return Value(frozenset(t.sanitize(kinds) for t in value.taints), value.const, value.elements)


def _args_match(required: Mapping[int, re.Pattern[str]], args: list[Value]) -> bool:
    """Whether each required positional argument is a string constant its regex matches."""
    for index, regex in required.items():
        const = args[index].const if index < len(args) else NOT_CONSTANT
        if not isinstance(const, str) or not regex.fullmatch(const):
            return False
    return True


def _join_envs(envs: Sequence[Env]) -> Env:
    """The variables where several paths meet: each one joined over the paths (a variable
    that a path never assigned counts as clean there)."""
    merged = dict(envs[0])
    for other in envs[1:]:
        for key in merged.keys() | other.keys():
            merged[key] = join(merged.get(key, CLEAN), other.get(key, CLEAN))
    return merged


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
