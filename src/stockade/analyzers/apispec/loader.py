"""Parse one JSON or YAML document, keeping where every node came from.

JSON goes through orjson for the values and a token scan for positions and duplicate keys
(orjson silently keeps the last duplicate). YAML is composed with libyaml when available
and converted node by node, so positions come from the node marks; alias expansion is
budgeted (a "billion laughs" document is refused, not expanded) and recursive aliases are
refused.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

import orjson
import yaml

from stockade.analyzers.apispec.positions import PositionIndex, join
from stockade.core.errors import StockadeError

_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[{}\[\],:]')
_SPEC_HEAD = re.compile(
    r'(?m)^\s*["\']?(?:openapi|swagger)["\']?\s*:|[{,]\s*"(?:openapi|swagger)"\s*:'
)
_STR_TAG = "tag:yaml.org,2002:str"
MAX_DEPTH = 2000
_DEEP_INDENT = re.compile(rf"^[ \t]{{{4 * MAX_DEPTH}}}", re.M)
_BRACKETS = re.compile(r"[\[\]{}]")
MAX_ALIAS_REPEATS = 100_000
HEAD_BYTES = 16384


class LoadError(StockadeError):
    """The document cannot be read; the message is the reason shown to the user."""


@dataclass
class ParsedDoc:
    """One parsed file: its values, node positions and the duplicate keys it contained."""

    path: str
    data: Any
    index: PositionIndex
    duplicates: list[tuple[str, tuple[int, int]]] = field(default_factory=list)


def looks_like_spec(head: bytes) -> bool:
    """Cheap content test on the first bytes: an ``openapi``/``swagger`` key near the top."""
    return _SPEC_HEAD.search(head[:HEAD_BYTES].decode("utf-8", "replace")) is not None


def is_json(text: str) -> bool:
    return text.lstrip()[:1] in ("{", "[")


def parse(path: str, text: str) -> ParsedDoc:
    """Values and positions of ``text``; :class:`LoadError` with the reason if unreadable."""
    if not is_json(text):
        return _parse_yaml(path, text)
    try:
        return _parse_json(path, text)
    except LoadError as json_error:
        try:  # a YAML flow mapping also starts with "{"
            return _parse_yaml(path, text)
        except LoadError:
            raise json_error from None


# -- JSON ----------------------------------------------------------------------------------


def _parse_json(path: str, text: str) -> ParsedDoc:
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError as exc:
        raise LoadError(f"invalid JSON: {exc}") from None
    index = PositionIndex(text=text)
    duplicates = [(p, index.line_col(o)) for p, o in _index_json(text, index.offsets)]
    return ParsedDoc(path, data, index, duplicates)


def _key(token: str) -> str:
    body = token[1:-1]
    return json.loads(token) if "\\" in body else body


def _index_json(text: str, offsets: dict[str, int]) -> list[tuple[str, int]]:
    """Offsets of every member key and array item; pointers of duplicate keys.

    Frames are ``[pointer, keys-or-None, next-index, expecting-key, current-key]``.
    """
    stack: list[list[Any]] = []
    duplicates: list[tuple[str, int]] = []
    pointer = ""
    offsets[""] = 0
    for m in _JSON_TOKEN.finditer(text):
        tok = m.group()
        c = tok[0]
        if c == '"':
            if stack and stack[-1][3]:
                frame = stack[-1]
                key = _key(tok)
                child = join(frame[0], key)
                if key in frame[1]:
                    duplicates.append((child, m.start()))
                else:
                    frame[1].add(key)
                    offsets[child] = m.start()
                frame[3] = False
                frame[4] = child
            continue
        if c == "{" or c == "[":
            if stack:
                frame = stack[-1]
                if frame[1] is None:
                    pointer = join(frame[0], frame[2])
                    offsets.setdefault(pointer, m.start())
                else:
                    pointer = frame[4]
            stack.append([pointer, set() if c == "{" else None, 0, c == "{", ""])
        elif c == "}" or c == "]":
            stack.pop()
        elif c == ",":
            frame = stack[-1]
            if frame[1] is None:
                frame[2] += 1
                offsets.setdefault(join(frame[0], frame[2]), m.end())
            else:
                frame[3] = True
    return duplicates


# -- YAML ----------------------------------------------------------------------------------


class _YamlBuilder:
    """Converts composed nodes to plain values, recording marks and guarding aliases."""

    def __init__(self, index: PositionIndex) -> None:
        self.index = index
        self.duplicates: list[tuple[str, tuple[int, int]]] = []
        self.seen: set[int] = set()
        self.active: set[int] = set()
        self.repeats = 0
        self.constructor = yaml.SafeLoader("")

    def build(self, node: yaml.Node, pointer: str) -> Any:
        key = id(node)
        if key in self.active:
            raise LoadError(f"recursive YAML alias at {pointer or '/'}")
        if key in self.seen:
            self.repeats += 1
            if self.repeats > MAX_ALIAS_REPEATS:
                raise LoadError("YAML alias expansion too large (possible 'billion laughs' bomb)")
        self.seen.add(key)
        if isinstance(node, yaml.ScalarNode):
            return self._scalar(node)
        self.active.add(key)
        try:
            if isinstance(node, yaml.SequenceNode):
                return self._sequence(node, pointer)
            if isinstance(node, yaml.MappingNode):
                return self._mapping(node, pointer)
            return None
        finally:
            self.active.discard(key)

    def _scalar(self, node: yaml.ScalarNode) -> Any:
        if node.tag == _STR_TAG:
            return node.value
        construct = self.constructor.yaml_constructors.get(node.tag)
        if construct is None or node.tag.endswith(":timestamp"):
            return node.value
        try:
            return construct(self.constructor, node)
        except (yaml.YAMLError, ValueError):
            return node.value

    def _sequence(self, node: yaml.SequenceNode, pointer: str) -> list[Any]:
        out = []
        for i, item in enumerate(node.value):
            child = join(pointer, i)
            self.index.marks.setdefault(child, _mark(item))
            out.append(self.build(item, child))
        return out

    def _mapping(self, node: yaml.MappingNode, pointer: str) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                self._merge(out, value_node, pointer)
                continue
            key = self.build(key_node, pointer)
            name = (
                key
                if isinstance(key, str)
                else str(key).lower()
                if isinstance(key, bool)
                else str(key)
            )
            child = join(pointer, name)
            if name in out:
                self.duplicates.append((child, _mark(key_node)))
            self.index.marks.setdefault(child, _mark(key_node))
            out[name] = self.build(value_node, child)
        return out

    def _merge(self, out: dict[str, Any], value_node: yaml.Node, pointer: str) -> None:
        sources = value_node.value if isinstance(value_node, yaml.SequenceNode) else [value_node]
        for source in sources:
            merged = self.build(source, pointer)
            if isinstance(merged, dict):
                for k, v in merged.items():
                    out.setdefault(k, v)


def _mark(node: yaml.Node) -> tuple[int, int]:
    return (node.start_mark.line + 1, node.start_mark.column + 1)


def _check_depth(text: str) -> None:
    """Refuse nesting that would overflow libyaml's recursive composer (it segfaults at a few
    tens of thousands of levels, taking the worker process with it)."""
    if _DEEP_INDENT.search(text):
        raise LoadError("document nested too deeply (indentation)")
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return
    depth = 0
    for m in _BRACKETS.finditer(text):
        depth += 1 if m.group() in "[{" else -1
        if depth > MAX_DEPTH:
            raise LoadError("document nested too deeply (flow collections)")


def _parse_yaml(path: str, text: str) -> ParsedDoc:
    _check_depth(text)
    try:
        root = yaml.compose(text, Loader=_Loader)
    except yaml.YAMLError as exc:
        raise LoadError(f"invalid YAML: {_one_line(exc)}") from None
    except RecursionError:
        raise LoadError("document nested too deeply") from None
    index = PositionIndex(text=text)
    index.marks[""] = (1, 1)
    builder = _YamlBuilder(index)
    if root is None:
        return ParsedDoc(path, None, index)
    try:
        data = builder.build(root, "")
    except RecursionError:
        raise LoadError("document nested too deeply") from None
    return ParsedDoc(path, data, index, builder.duplicates)


def _one_line(exc: yaml.YAMLError) -> str:
    return " ".join(str(exc).split())[:300]
