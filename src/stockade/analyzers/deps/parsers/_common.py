"""Helpers every parser uses: line lookup, dependency paths through a lock graph."""

from __future__ import annotations

import bisect
import json
import tomllib
from collections import deque
from collections.abc import Iterable, Mapping
from typing import Any

import yaml

from stockade.analyzers.deps.model import ParseError


class LineFinder:
    """First line (1-based) containing all needles.

    Parsers look entries up in file order, so each search starts where the previous one
    matched and wraps around once: linear over the file instead of quadratic.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self._starts = [0]
        self._starts.extend(i + 1 for i, ch in enumerate(text) if ch == "\n")
        self._pos = 0

    def _line_at(self, offset: int) -> int:
        return bisect.bisect_right(self._starts, offset)

    def _search(self, needles: tuple[str, ...], start: int, stop: int) -> int | None:
        pos = start
        while True:
            hit = self.text.find(needles[0], pos, stop)
            if hit < 0:
                return None
            line = self._line_at(hit)
            end = self._starts[line] if line < len(self._starts) else len(self.text)
            if all(n in self.text[self._starts[line - 1] : end] for n in needles[1:]):
                return hit
            pos = hit + 1

    def find(self, *needles: str) -> int:
        if not needles or not needles[0]:
            return 1
        hit = self._search(needles, self._pos, len(self.text))
        if hit is None:
            hit = self._search(needles, 0, len(self.text))
        if hit is None:
            return 1
        self._pos = hit
        return self._line_at(hit)


def load_json(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError as exc:
        raise ParseError(f"invalid JSON: {exc}") from exc


def load_toml(text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ParseError(f"invalid TOML: {exc}") from exc


def load_yaml(text: str) -> Any:
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise ParseError(f"invalid YAML: {exc}") from exc


def require_mapping(value: Any, what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ParseError(f"{what} is not a mapping")
    return value


def shortest_paths(
    roots: Iterable[str], edges: Mapping[str, Iterable[str]]
) -> dict[str, tuple[str, ...]]:
    """Breadth-first from the direct dependencies: the shortest path to every reachable node."""
    paths: dict[str, tuple[str, ...]] = {}
    queue: deque[str] = deque()
    for root in roots:
        if root not in paths:
            paths[root] = (root,)
            queue.append(root)
    while queue:
        node = queue.popleft()
        for child in edges.get(node, ()):
            if child not in paths:
                paths[child] = (*paths[node], child)
                queue.append(child)
    return paths
