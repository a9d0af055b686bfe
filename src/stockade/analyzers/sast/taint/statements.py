"""Statements of the taint engine's abstract interpretation.

Statements are executed in order over an environment of variable → Value. Branches whose
condition folds to a constant run only on the side that can happen; other branches run on
copies of the environment that are joined afterwards, and a branch that ends in a jump does
not flow into the code after it. Loops run twice so loop-carried flows are seen.
Assignments replace a variable's value (so a value overwritten by a constant is clean
again). This part is what makes the analysis flow-sensitive: which value reaches a point.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from stockade.analyzers.sast.languages.base import NOT_CONSTANT, Node
from stockade.analyzers.sast.taint.base import MAX_DEPTH, EngineBase, Env
from stockade.analyzers.sast.taint.fold import fold
from stockade.analyzers.sast.taint.values import CLEAN, Value, join, union


class Statements(EngineBase):
    """Runs statements: blocks, branches, ``switch``, ``try``, loops, assignments,
    returns and nested function definitions (closures)."""

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
            value = self._eval(last, env, 0)
            self.frame.returns.append(value)
            self._returned(last, last, value, env, 0)

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
            if value_node is not None:
                self._returned(node, value_node, value, env, depth)
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

    def _returned(self, node: Node, value_node: Node, value: Value, env: Env, depth: int) -> None:
        """A value the function returns (``node`` the return, or the last expression where
        the language returns it implicitly) reaching the frame's ``return_sink``."""
        if not self.frame.return_sink or not value.tainted:
            return
        body = self.a.returned_body(value_node)
        if body is value_node:
            self._return_reached(node, value)
        elif body is not None:  # reported where the body is written
            self._return_reached(body, self._eval(body, env, depth))

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


def _join_envs(envs: Sequence[Env]) -> Env:
    """The variables where several paths meet: each one joined over the paths (a variable
    that a path never assigned counts as clean there)."""
    merged = dict(envs[0])
    for other in envs[1:]:
        for key in merged.keys() | other.keys():
            merged[key] = join(merged.get(key, CLEAN), other.get(key, CLEAN))
    return merged
