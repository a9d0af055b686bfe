"""Documents of one scan and ``$ref`` resolution between them.

A reference is followed inside its document or to another file of the analysed tree (read
through the target, which refuses paths that leave it); URLs are never fetched. Chains of
references are followed with loop detection; recursive *schemas* are fine and are handled by
the walkers, which remember what they visited.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from stockade.analyzers.apispec.loader import LoadError, ParsedDoc, parse
from stockade.analyzers.apispec.positions import join, split

MAX_CHAIN = 64


class Node(NamedTuple):
    """A value of some document and where it sits (document path + JSON pointer).

    A named tuple rather than a dataclass: checks create hundreds of thousands of them on
    large specs, and tuple construction is several times cheaper.
    """

    doc: ParsedDoc
    pointer: str
    value: Any

    @property
    def key(self) -> tuple[str, str]:
        return (self.doc.path, self.pointer)

    def child(self, token: str | int) -> Node | None:
        """The member or item ``token`` (no ``$ref`` following), or None when absent."""
        v = self.value
        if isinstance(v, dict) and isinstance(token, str) and token in v:
            return Node(self.doc, join(self.pointer, token), v[token])
        if isinstance(v, list) and isinstance(token, int) and 0 <= token < len(v):
            return Node(self.doc, join(self.pointer, token), v[token])
        return None


@dataclass
class RefProblem:
    """Why a ``$ref`` could not be followed: ``kind`` is broken, loop, external or outside."""

    kind: str
    node: Node
    ref: str
    reason: str


@dataclass
class Workspace:
    """The documents reachable from one spec; other files are parsed on first use."""

    root: ParsedDoc
    read: Callable[[str], bytes]
    docs: dict[str, ParsedDoc | None] = field(default_factory=dict)
    problems: dict[tuple[str, str], RefProblem] = field(default_factory=dict)
    _resolved: dict[tuple[str, str], Node] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.docs[self.root.path] = self.root

    def node(self) -> Node:
        return Node(self.root, "", self.root.data)

    def deref(self, node: Node) -> Node:
        """Follow ``$ref``s from ``node``; a reference that cannot be followed yields itself.

        Results are remembered per reference node: checks dereference the same shared
        components thousands of times on large specs.
        """
        value = node.value
        if not (isinstance(value, dict) and isinstance(value.get("$ref"), str)):
            return node
        key = (node.doc.path, node.pointer)
        cached = self._resolved.get(key)
        if cached is None:
            cached = self._resolved[key] = self._deref(node)
        return cached

    def _deref(self, node: Node) -> Node:
        seen: set[tuple[str, str]] = set()
        current = node
        while isinstance(current.value, dict) and isinstance(current.value.get("$ref"), str):
            if current.key in seen or len(seen) > MAX_CHAIN:
                self._problem("loop", node, current.value["$ref"], "reference loop")
                return node
            seen.add(current.key)
            target = self._follow(current)
            if target is None:
                return current
            current = target
        return current

    def _follow(self, node: Node) -> Node | None:
        ref: str = node.value["$ref"]
        location, _, fragment = ref.partition("#")
        if "://" in location or location.startswith("//"):
            self._problem("external", node, ref, "remote reference not fetched")
            return None
        doc = node.doc if not location else self._load(node, location, ref)
        if doc is None:
            return None
        value: Any = doc.data
        for token in split(fragment):
            if isinstance(value, dict) and token in value:
                value = value[token]
            elif isinstance(value, list) and token.isdigit() and int(token) < len(value):
                value = value[int(token)]
            else:
                self._problem("broken", node, ref, f"'{fragment}' not found in {doc.path}")
                return None
        return Node(doc, fragment, value)

    def _load(self, node: Node, location: str, ref: str) -> ParsedDoc | None:
        rel = posixpath.normpath(posixpath.join(posixpath.dirname(node.doc.path), location))
        if rel.startswith("../") or rel == ".." or location.startswith("/"):
            self._problem("outside", node, ref, "file outside the analysed tree")
            return None
        if rel not in self.docs:
            self.docs[rel] = self._parse(node, rel, ref)
        doc = self.docs[rel]
        if doc is None:
            self._problem("broken", node, ref, f"{rel} cannot be read")
        return doc

    def _parse(self, node: Node, rel: str, ref: str) -> ParsedDoc | None:
        try:
            data = self.read(rel)
        except Exception as exc:  # TargetError, OSError: the reason goes into the finding
            self._problem("broken", node, ref, str(exc))
            return None
        try:
            return parse(rel, data.decode("utf-8", "replace"))
        except LoadError as exc:
            self._problem("broken", node, ref, f"{rel}: {exc}")
            return None

    def _problem(self, kind: str, node: Node, ref: str, reason: str) -> None:
        self.problems.setdefault(node.key, RefProblem(kind, node, ref, reason))
