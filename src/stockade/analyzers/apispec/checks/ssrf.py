"""API7 Server-Side Request Forgery: URLs the client gives the server to fetch."""

from __future__ import annotations

import re
from typing import Any

from stockade.analyzers.apispec.checks.common import Emit, fmt, is_readonly, norm, types
from stockade.analyzers.apispec.checks.semantics import description
from stockade.analyzers.apispec.model import Operation, Spec

_URL_NAME = re.compile(
    r"(?:url|uri|href|link|callback|webhook|redirect|redirectto|returnto|next|endpoint|"
    r"imageurl|avatarurl|feed|proxy|target|host|domain|source|src|location)$"
)
_URL_FORMATS = frozenset({"uri", "url", "iri", "uri-reference", "iri-reference", "uri-template"})
_URL_VALUE = re.compile(r"^(?:https?|ftp|gopher|file)://", re.I)
_NOT_URL = re.compile(r"(?:count|id|type|name|size|enabled|status)$")
# The description says the value *is* a URL (the noun opens it: "The URL of ...", "Endpoint the
# report is sent to"); "URL-safe", "URL-encoded" describe a string's alphabet, and a URL named
# further on ("encrypted with the key from the Get key endpoint") is not the value.
_URL_DESCRIPTION = re.compile(
    r"^\W*(?:[\w'-]+\s+){0,3}?(?:url|uri|web ?address|endpoint|webhook|callback|hostname)\b"
    r"(?![- ](?:safe|encod\w*|path|slug|friendly))",
    re.I,
)


def is_url_like(name: str, schema: dict[str, Any]) -> bool:
    return bool(url_reason(name, schema))


def url_reason(name: str, schema: dict[str, Any]) -> str:
    """Why ``name`` takes a URL: its format, example, description or name (``""`` if not)."""
    if fmt(schema) in _URL_FORMATS:
        return f"format {fmt(schema)}"
    if _url_example(schema):
        return "its example is a URL"
    n = norm(name)
    kinds = types(schema)
    if (kinds and "string" not in kinds) or "enum" in schema or "const" in schema:
        return ""
    described = _URL_DESCRIPTION.search(description(schema))
    if described:
        return f"described as '{described.group(0)}'"
    if (
        _URL_NAME.search(n)
        and not _NOT_URL.search(n)
        and n not in ("next", "source", "target", "location", "host", "domain", "src", "feed")
    ):
        return "its name"
    return ""


def _url_example(schema: dict[str, Any]) -> bool:
    """The example or default is an absolute http(s) URL: the field takes URLs."""
    return any(
        isinstance(schema.get(k), str) and _URL_VALUE.match(schema[k])
        for k in ("example", "default", "x-example")
    )


def check(spec: Spec, emit: Emit) -> None:
    seen: set[tuple[str, str]] = set()
    params: set[tuple[str, str]] = set()
    for op in spec.operations:
        for p in spec.parameters(op):
            name = p.value.get("name")
            if not isinstance(name, str) or p.value.get("in") == "body" or p.key in params:
                continue
            schema = spec.get(p, "schema")
            shape = (
                schema.value if schema is not None and isinstance(schema.value, dict) else p.value
            )
            told = f"{description(p.value)} {description(shape)}" if shape is not p.value else ""
            why = url_reason(name, {**shape, "description": told} if told else shape)
            if why or norm(name) in ("next", "target", "host", "domain", "feed"):
                params.add(p.key)
                emit(
                    "api.url-parameter",
                    p,
                    f"{op.method.upper()} {op.path}: parameter '{name}' carries a URL "
                    f"({why or 'its name'}); the server may fetch or redirect to it",
                    parameter=name,
                )
        _body(spec, op, seen, emit)


def _body(spec: Spec, op: Operation, seen: set[tuple[str, str]], emit: Emit) -> None:
    by_example = _example_urls(spec, op)
    for schema in spec.request_schemas(op):
        for node, name in spec.walk_schema(schema, seen):
            if not name or is_readonly(node.value):
                continue
            why = url_reason(name, node.value)
            if not why and name in by_example and not types(node.value) - {"string"}:
                why = f"the request example gives it the URL {by_example[name]}"
            if why:
                emit(
                    "api.url-body-property",
                    node,
                    f"request body of {op.method.upper()} {op.path} takes a URL in '{name}' "
                    f"({why}); a server that fetches it can be pointed at internal hosts",
                    property=name,
                )


def _example_urls(spec: Spec, op: Operation) -> dict[str, str]:
    """Property name -> URL value, from the examples of the request body and its schemas."""
    found: dict[str, str] = {}
    values: list[Any] = []
    for _, media in spec.media(spec.get(op.node, "requestBody")):
        m = media.value if isinstance(media.value, dict) else {}
        values.append(m.get("example"))
        for _, ex in spec.members(media.child("examples")):
            values.append(ex.value.get("value") if isinstance(ex.value, dict) else None)
    for schema in spec.request_schemas(op):
        if isinstance(schema.value, dict):
            values.append(schema.value.get("example"))
    for p in spec.parameters(op):
        if p.value.get("in") == "body":
            values.append(p.value.get("x-example"))
    stack = [v for v in values if isinstance(v, dict | list)]
    while stack:
        v = stack.pop()
        items = v.items() if isinstance(v, dict) else enumerate(v)
        for k, x in items:
            if isinstance(x, str) and isinstance(k, str) and _URL_VALUE.match(x):
                found.setdefault(k, x)
            elif isinstance(x, dict | list):
                stack.append(x)
    return found
