"""API4 Unrestricted Resource Consumption: input limits, rate limiting and 429 responses.

Limits matter for what the client sends, so only schemas reached from request bodies and
parameters are checked, plus component schemas no operation uses (their role is unknown).
Findings are aggregated per object schema: one finding lists all its unbounded properties.
Formats with an inherent size (date, uuid, email, …), enums and consts count as limits.
"""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Any

from stockade.analyzers.apispec.checks.common import (
    AGGREGATE_MIN,
    Emit,
    fmt,
    input_schemas,
    is_readonly,
    types,
)
from stockade.analyzers.apispec.checks.validity import ref_holders
from stockade.analyzers.apispec.model import Spec
from stockade.analyzers.apispec.refs import Node

BOUNDED_FORMATS = frozenset(
    {
        "date",
        "date-time",
        "time",
        "uuid",
        "guid",
        "email",
        "idn-email",
        "ipv4",
        "ipv6",
        "hostname",
        "idn-hostname",
        "duration",
        "byte-size",
        "int32",
        "int64",
        "country-code",
        "currency",
        "language",
        "phone",
        "e164",
    }
)
NUMBER_FORMATS = frozenset(
    {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float", "double"}
)
# Headers that tell a client its limit before it is hit (IETF RateLimit fields, X-RateLimit-*,
# quota and throttling headers). Retry-After only says, once throttled, when to come back.
_RATE_HEADERS = re.compile(r"^(?:x-)?(?:rate-?limit|quota|throttl)", re.I)
# A group that starts with a repeated atom and is itself repeated: (a+)+, ([\w.]*x)*
_NESTED_QUANTIFIER = re.compile(
    r"\((?:\?:)?(?:\[(?:[^\]\\]|\\.)*\]|\\.|[^()\\\[])[*+](?:[^()\\]|\\.)*\)(?:[*+]|\{\d+,\})"
)
_MATCH_ALL = re.compile(r"^\^?(?:\.\*|\.\+|\[\\s\\S\]\*|\[\\s\\S\]\+)\$?$")


def check(spec: Spec, emit: Emit) -> None:
    _input_limits(spec, emit)
    _rate_limits(spec, emit)


def _input_limits(spec: Spec, emit: Emit) -> None:
    seen: set[tuple[str, str]] = set()
    roots: list[tuple[Node, str]] = []
    for op in spec.operations:
        roots.extend(input_schemas(spec, op))
    roots.extend((n, "unused schema") for n in _unused_components(spec))
    for root, where in roots:
        _aggregate(spec, root, where, seen, emit)


def _unused_components(spec: Spec) -> list[Node]:
    holder = spec.at("definitions") if spec.is_v2 else spec.at("components", "schemas")
    if holder is None or not isinstance(holder.value, dict):
        return []
    text_refs = _referenced_names(spec)
    return [n for k, n in spec.members(holder) if k not in text_refs]


def _referenced_names(spec: Spec) -> set[str]:
    """Names of component schemas referenced anywhere in the root document."""
    return {
        str(v["$ref"]).rsplit("/", 1)[-1].replace("~1", "/").replace("~0", "~")
        for _, v in ref_holders(spec)
    }


def _aggregate(spec: Spec, root: Node, where: str, seen: set[tuple[str, str]], emit: Emit) -> None:
    groups: dict[str, dict[tuple[str, str], list[str]]] = {
        "api.string-no-limit": defaultdict(list),
        "api.number-no-limit": defaultdict(list),
        "api.array-no-max-items": defaultdict(list),
    }
    owners: dict[tuple[str, str], Node] = {}
    for node, name, owner in _with_owner(spec, root, seen):
        rule = _unbounded(node.value)
        if rule:
            owners[owner.key] = owner
            groups[rule][owner.key].append(name or "(value)")
        _pattern(node, emit)
    for rule, by_owner in groups.items():
        for key, names in by_owner.items():
            emit(
                rule, owners[key], f"{_WHAT[rule]} in {where}: {', '.join(names)}", properties=names
            )


_WHAT = {
    "api.string-no-limit": "strings without maxLength, format, enum or anchored pattern",
    "api.number-no-limit": "numbers without minimum/maximum or format",
    "api.array-no-max-items": "arrays without maxItems",
}


def _with_owner(spec: Spec, root: Node, seen: set[tuple[str, str]]) -> list[tuple[Node, str, Node]]:
    """Each schema with its property name and the object schema that owns it."""
    out: list[tuple[Node, str, Node]] = []
    stack: list[tuple[Node, str, Node | None]] = [(spec.ws.deref(root), "", None)]
    while stack:
        node, name, owner = stack.pop()
        if node.key in seen or not isinstance(node.value, dict):
            continue
        seen.add(node.key)
        out.append((node, name, owner or node))
        for key, prop in spec.members(node.child("properties")):
            stack.append((prop, key, node))
        for key in ("items", "additionalProperties"):
            sub = node.child(key)
            if sub is not None and isinstance(sub.value, dict):
                stack.append(
                    (
                        spec.ws.deref(sub),
                        f"{name}[]" if key == "items" else f"{name}{{}}",
                        owner or node,
                    )
                )
        for key in ("allOf", "oneOf", "anyOf"):
            stack.extend((sub, name, owner) for sub in spec.items(node.child(key)))
    return out


def _unbounded(s: dict[str, Any]) -> str | None:
    if is_readonly(s) or "enum" in s or "const" in s:
        return None
    kinds = types(s)
    if "string" in kinds and not _bounded_string(s):
        return "api.string-no-limit"
    numeric = kinds & {"integer", "number"}
    has_max = _bound(s, "maximum", "exclusiveMaximum")
    has_min = _bound(s, "minimum", "exclusiveMinimum")
    bounded = (has_max and has_min) or fmt(s) in NUMBER_FORMATS
    if numeric and not bounded:
        return "api.number-no-limit"
    if "array" in kinds and "maxItems" not in s:
        return "api.array-no-max-items"
    return None


def _bound(s: dict[str, Any], inclusive: str, exclusive: str) -> bool:
    """A numeric bound; OAS 3.0's boolean ``exclusiveMaximum: true`` only qualifies one."""

    def number(v: Any) -> bool:
        return isinstance(v, int | float) and not isinstance(v, bool)

    return number(s.get(inclusive)) or number(s.get(exclusive))


def _bounded_string(s: dict[str, Any]) -> bool:
    if "maxLength" in s or fmt(s) in BOUNDED_FORMATS:
        return True
    pattern = s.get("pattern")
    return isinstance(pattern, str) and _anchored_and_finite(pattern)


def _anchored_and_finite(pattern: str) -> bool:
    body = pattern.replace("\\\\", "")
    return (
        body.startswith("^") and body.endswith("$") and not re.search(r"(?<!\\)[*+]|\{\d+,\}", body)
    )


def _pattern(node: Node, emit: Emit) -> None:
    pattern = node.value.get("pattern")
    if not isinstance(pattern, str):
        return
    if _NESTED_QUANTIFIER.search(pattern):
        problem = "repeats a repeated group (catastrophic backtracking, ReDoS)"
    elif _MATCH_ALL.match(pattern) or not (pattern.startswith("^") and pattern.endswith("$")):
        problem = "is not anchored or matches anything"
    else:
        return
    emit(
        "api.overbroad-pattern",
        node.child("pattern") or node,
        f"pattern '{pattern[:60]}' {problem}",
    )


# -- rate limiting -------------------------------------------------------------------------


def _rate_limits(spec: Spec, emit: Emit) -> None:
    ops = spec.operations
    if not ops:
        return
    with_429 = [op for op in ops if any(c in ("429", "4XX", "4xx") for c, _ in spec.responses(op))]
    with_headers = [op for op in ops if _has_rate_headers(spec, op)]
    paths = spec.root.child("paths") or spec.root
    if not with_429 and len(ops) >= AGGREGATE_MIN:
        emit("api.no-429-response", paths, "no operation declares a 429 Too Many Requests response")
    else:
        for op in ops:
            if op not in with_429:
                emit(
                    "api.no-429-response",
                    op.node.child("responses") or op.node,
                    f"{op.method.upper()} {op.path} declares no 429 response",
                )
    if not with_headers and len(ops) >= AGGREGATE_MIN:
        emit("api.no-rate-limit-headers", paths, "no response declares rate-limit headers")
    elif not with_headers:
        for op in ops:
            emit(
                "api.no-rate-limit-headers",
                op.node.child("responses") or op.node,
                f"no response of {op.method.upper()} {op.path} declares rate-limit headers",
            )
    for op in ops:
        for code, r in spec.responses(op):
            if code == "429" and not _headers(spec, r) & {"retry-after"}:
                emit(
                    "api.429-no-retry-after",
                    r,
                    f"429 response of {op.method.upper()} {op.path} has no Retry-After",
                )


def _headers(spec: Spec, response: Node) -> set[str]:
    return {k.lower() for k, _ in spec.members(response.child("headers"))}


def _has_rate_headers(spec: Spec, op: Any) -> bool:
    return any(_RATE_HEADERS.match(h) for _, r in spec.responses(op) for h in _headers(spec, r))
