"""Constant folding of conditions, so branches that can never run are not analysed."""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from typing import Any

from stockade.analyzers.sast.languages.base import NOT_CONSTANT, LanguageAdapter, Node
from stockade.analyzers.sast.taint.values import Value

_COMPARE: dict[str, Callable[[Any, Any], Any]] = {
    "==": operator.eq,
    "===": operator.eq,
    "!=": operator.ne,
    "!==": operator.ne,
    "<": operator.lt,
    ">": operator.gt,
    "<=": operator.le,
    ">=": operator.ge,
}
_ARITH: dict[str, Callable[[Any, Any], Any]] = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "%": operator.mod,
}
_NOT = {"not", "!"}
_AND = {"and", "&&"}
_OR = {"or", "||"}


def fold(
    node: Node | None, env: Mapping[str, Value], adapter: LanguageAdapter, depth: int = 0
) -> Any:
    """The compile-time value of ``node``, or NOT_CONSTANT."""
    if node is None or depth > 40:
        return NOT_CONSTANT
    value = adapter.constant(node)
    if value is not NOT_CONSTANT:
        return value
    if node.type in adapter.identifier:
        known = env.get(adapter.text(node))
        return known.const if known is not None else NOT_CONSTANT
    if node.type in adapter.subscript:
        return _index(node, env, adapter, depth)
    named = [c for c in node.named_children if c.type not in adapter.comment]
    if node.type.startswith("parenthesized") and len(named) == 1:
        return fold(named[0], env, adapter, depth + 1)
    children = [c for c in node.children if c.type not in adapter.comment]
    if len(children) == 2 and children[0].type in _NOT:
        inner = fold(children[1], env, adapter, depth + 1)
        return NOT_CONSTANT if inner is NOT_CONSTANT else not inner
    if len(children) == 3 and not children[1].is_named:
        return _binary(children, env, adapter, depth)
    return NOT_CONSTANT


def _index(node: Node, env: Mapping[str, Value], adapter: LanguageAdapter, depth: int) -> Any:
    """A character of a constant string (``"ABC"[1]``, a switch subject built that way)."""
    obj, key = adapter.subscript_parts(node)
    text = fold(obj, env, adapter, depth + 1)
    index = fold(key, env, adapter, depth + 1)
    if isinstance(text, str) and isinstance(index, float) and index.is_integer():
        try:
            return text[int(index)]
        except IndexError:
            return NOT_CONSTANT
    return NOT_CONSTANT


def _binary(
    children: list[Node], env: Mapping[str, Value], adapter: LanguageAdapter, depth: int
) -> Any:
    op = children[1].type
    left = fold(children[0], env, adapter, depth + 1)
    if op in _AND and left is not NOT_CONSTANT and not left:
        return left
    if op in _OR and left is not NOT_CONSTANT and left:
        return left
    right = fold(children[2], env, adapter, depth + 1)
    if left is NOT_CONSTANT or right is NOT_CONSTANT:
        return NOT_CONSTANT
    if op in _AND or op in _OR:
        return right
    return _apply(op, left, right, adapter)


def _apply(op: str, left: Any, right: Any, adapter: LanguageAdapter) -> Any:
    """Comparisons, and arithmetic on numbers (``+`` also joins two strings)."""
    try:
        compare = _COMPARE.get(op)
        if compare is not None:
            return compare(left, right)
        if isinstance(left, bool) or isinstance(right, bool):
            return NOT_CONSTANT
        numbers = isinstance(left, int | float) and isinstance(right, int | float)
        if op == "/" and numbers and right:
            return float(int(left / right)) if adapter.integer_division else left / right
        arith = _ARITH.get(op)
        if arith is not None and (
            numbers or (op == "+" and isinstance(left, str) and isinstance(right, str))
        ):
            return arith(left, right)
    except (TypeError, ZeroDivisionError, ValueError):
        return NOT_CONSTANT
    return NOT_CONSTANT
