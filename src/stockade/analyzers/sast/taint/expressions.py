"""Expressions of the taint engine's abstract interpretation.

An expression evaluates to a Value: the taints that can reach it, its constant when it
folds to one (conditions and dictionary keys need those), and the elements of a literal
container. Sources enter the analysis here (a name, attribute or call the rules declare a
source). Kept apart from statements because expressions do not change the environment
except through the assignments and calls nested in them.
"""

from __future__ import annotations

import re
from typing import Any

from stockade.analyzers.sast.languages.base import NOT_CONSTANT, Node
from stockade.analyzers.sast.taint.base import MAX_DEPTH, EngineBase, Env, _sanitized
from stockade.analyzers.sast.taint.fold import fold
from stockade.analyzers.sast.taint.values import CLEAN, Taint, Value, built, join, union


class Expressions(EngineBase):
    """Evaluates names, attributes, subscripts, strings, conditionals, containers and
    operators; calls are delegated to ``Calls``."""

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
            text = built(union([self._eval(i, env, depth + 1) for i in inner]))
            if text.tainted and inner and _pins_host(node.text or b"", node, inner[0]):
                return _sanitized(text, URL_KINDS)
            return text
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
        # text joined with ``+``, formatted with ``%``, or concatenated with PHP's ``.``
        if value.tainted and node.child_count == 3 and node.children[1].type in ("+", "%", "."):
            left = fold(node.children[0], env, a)
            if isinstance(left, str) and HOST_PREFIX.match(left):
                return _sanitized(value, URL_KINDS)  # "https://api.example.com/" + x
            if isinstance(left, str) or isinstance(fold(node.children[2], env, a), str):
                value = built(value)  # "SELECT ... " + x, "... %s" % x
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


URL_KINDS = frozenset({"ssrf", "open-redirect"})


# A URL whose scheme and host are fixed, or a path on this site ("/search?q="; not "//" nor a
# slash and a backslash, which browsers read as another host): what follows cannot go elsewhere.
HOST_PREFIX = re.compile(r"[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#{}$%\\\s]+[/?#]|/[^/\\\s{}$%]")


def _pins_host(text: bytes, node: Node, first: Node) -> bool:
    """Whether the literal text of an interpolated string before its first hole fixes the
    scheme and host (``f"https://api.example.com/{x}"``)."""
    head = text[: max(0, first.start_byte - node.start_byte)].decode("utf-8", "replace")
    return bool(HOST_PREFIX.match(head.lstrip("fFrRbBuU").lstrip("\"'`")))
