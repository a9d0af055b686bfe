"""Tree-sitter grammars and the few node helpers every framework extractor needs.

The SAST analyzer loads its grammars inside its own package, which the scan layer should not
reach into for a parser; the grammar packages themselves are the shared part, so they are
loaded here directly (one parser per language per process).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import tree_sitter as ts
import tree_sitter_java
import tree_sitter_javascript
import tree_sitter_python
import tree_sitter_typescript

Node = ts.Node

_LOADERS: dict[str, Callable[[], Any]] = {
    "python": tree_sitter_python.language,
    "javascript": tree_sitter_javascript.language,
    "typescript": tree_sitter_typescript.language_typescript,
    "tsx": tree_sitter_typescript.language_tsx,
    "java": tree_sitter_java.language,
}
LANGUAGES = frozenset(_LOADERS)


@cache
def parser(language: str) -> ts.Parser:
    return ts.Parser(ts.Language(_LOADERS[language]()))


def parse(language: str, data: bytes) -> Node:
    return parser(language).parse(data).root_node


def text(node: Node | None) -> str:
    if node is None or node.text is None:
        return ""
    return node.text.decode("utf-8", "replace")


def line(node: Node) -> int:
    return node.start_point.row + 1


def walk(node: Node, types: frozenset[str]) -> Iterator[Node]:
    """Every descendant of one of ``types`` (pre-order, iterative: deep trees are common)."""
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type in types:
            yield current
        stack.extend(reversed(current.children))


def string_value(node: Node | None, constants: dict[str, str] | None = None) -> str | None:
    """The value of a string literal without interpolation in any of the grammars (an
    identifier naming a module-level string constant too), else None."""
    if node is None:
        return None
    kind = node.type
    if kind in ("identifier",) and constants is not None:
        return constants.get(text(node))
    if kind == "concatenated_string":
        parts = [string_value(c, constants) for c in node.named_children]
        return None if any(p is None for p in parts) else "".join(p or "" for p in parts)
    if kind not in ("string", "string_literal", "template_string"):
        return None
    out = []
    for child in node.named_children:
        if child.type in ("string_content", "string_fragment", "escape_sequence"):
            out.append(text(child))
        elif child.type not in ("string_start", "string_end"):
            return None  # interpolation, substitution
    return "".join(out)
