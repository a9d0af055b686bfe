"""API7 Server-Side Request Forgery: URLs the client gives the server to fetch."""

from __future__ import annotations

import re
from typing import Any

from stockade.analyzers.apispec.checks.common import Emit, fmt, is_readonly, norm, types
from stockade.analyzers.apispec.model import Spec

_URL_NAME = re.compile(
    r"(?:url|uri|href|link|callback|webhook|redirect|redirectto|returnto|next|endpoint|"
    r"imageurl|avatarurl|feed|proxy|target|host|domain|source|src|location)$"
)
_URL_FORMATS = frozenset({"uri", "url", "iri", "uri-reference", "iri-reference", "uri-template"})
_URL_VALUE = re.compile(r"^(?:https?|ftp|gopher|file)://", re.I)
_NOT_URL = re.compile(r"(?:count|id|type|name|size|enabled|status)$")


def is_url_like(name: str, schema: dict[str, Any]) -> bool:
    if fmt(schema) in _URL_FORMATS or _url_example(schema):
        return True
    n = norm(name)
    kinds = types(schema)
    if kinds and "string" not in kinds:
        return False
    if "enum" in schema or "const" in schema:
        return False
    return (
        bool(_URL_NAME.search(n))
        and not _NOT_URL.search(n)
        and n not in ("next", "source", "target", "location", "host", "domain", "src", "feed")
    )


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
            if is_url_like(name, shape) or norm(name) in (
                "next",
                "target",
                "host",
                "domain",
                "feed",
            ):
                params.add(p.key)
                emit(
                    "api.url-parameter",
                    p,
                    f"{op.method.upper()} {op.path}: parameter '{name}' carries a URL",
                    parameter=name,
                )
        for schema in spec.request_schemas(op):
            for node, name in spec.walk_schema(schema, seen):
                if name and not is_readonly(node.value) and is_url_like(name, node.value):
                    emit(
                        "api.url-body-property",
                        node,
                        f"request body of {op.method.upper()} {op.path} takes a URL in '{name}'",
                        property=name,
                    )
