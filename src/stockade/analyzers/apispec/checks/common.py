"""What checks share: the emit callback type and name/shape helpers for schemas."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any, Protocol

from stockade.analyzers.apispec.model import Operation, Spec
from stockade.analyzers.apispec.refs import Node
from stockade.core.severity import Confidence, Severity


class Emit(Protocol):
    def __call__(
        self,
        rule_id: str,
        node: Node,
        message: str,
        *,
        severity: Severity | None = None,
        confidence: Confidence | None = None,
        **metadata: Any,
    ) -> None: ...


Check = Callable[[Spec, Emit], None]

# Spec-wide gaps (no 429 anywhere, no 500 anywhere) are one finding when at least this many
# operations share them; below that, one finding per operation is no noisier and more precise.
AGGREGATE_MIN = 4

LOCAL_HOST = re.compile(
    r"^[a-z][a-z0-9+.-]*://(?:localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|\[::1\]|[^/:]*\.local)(?:[:/]|$)",
    re.I,
)
AUTH_PATH = re.compile(
    r"/(?:login|logout|signin|sign-in|signup|sign-up|register|registration|token|oauth|auth"
    r"|forgot[-_]?password|reset[-_]?password|otp|verify|health|healthz|ping|status|version)\b",
    re.I,
)


@lru_cache(maxsize=8192)
def norm(name: str) -> str:
    """Lower-case with separators removed: ``is_Admin`` and ``isAdmin`` both give ``isadmin``."""
    return re.sub(r"[^a-z0-9]", "", name.lower())


def types(schema: dict[str, Any]) -> set[str]:
    """Declared JSON types (3.1 allows a list); empty when the schema does not say."""
    t = schema.get("type")
    if isinstance(t, str):
        return {t}
    if isinstance(t, list):
        return {x for x in t if isinstance(x, str)} - {"null"}
    return set()


def is_cleartext(url: str) -> bool:
    low = url.lower()
    return low.startswith(("http://", "ws://")) and not LOCAL_HOST.match(low)


def input_schemas(spec: Spec, op: Operation) -> Iterator[tuple[Node, str]]:
    """Request body schemas and parameter schemas (OAS 2 parameters are their own schema)."""
    for schema in spec.request_schemas(op):
        yield schema, "request body"
    for p in spec.parameters(op):
        where = p.value.get("in")
        if where == "body":
            continue
        label = f"{where} parameter {p.value.get('name')}"
        schema_node = spec.get(p, "schema")
        if schema_node is not None:
            yield schema_node, label
        elif spec.is_v2 and "type" in p.value:
            yield p, label
        for _, media in spec.media(p):  # a parameter serialised as a media type (OAS 3)
            inner = spec.get(media, "schema")
            if inner is not None:
                yield inner, label


def fmt(schema: dict[str, Any]) -> str:
    """The ``format`` keyword when it is a string (malformed specs put anything there)."""
    value = schema.get("format")
    return value if isinstance(value, str) else ""


def is_readonly(schema: dict[str, Any]) -> bool:
    return schema.get("readOnly") is True


def shallow_properties(
    spec: Spec,
    schema: Node,
    depth: int,
    wanted: Callable[[str, dict[str, Any]], bool],
    descend: Callable[[str], bool] = lambda name: True,
) -> Iterator[tuple[str, Node]]:
    """Properties ``wanted`` keeps (given the name and the schema as written, before any
    ``$ref`` is followed), in the top ``depth`` levels of an object schema
    (through ``allOf`` and into object-valued properties).

    Credentials sit at the top of token responses and login bodies; looking only there, and
    dereferencing only the properties a name test keeps, makes this far cheaper than a walk.
    """
    parts = [schema, *spec.items(schema.child("allOf"))] if "allOf" in schema.value else [schema]
    for part in parts:
        props = part.value.get("properties") if isinstance(part.value, dict) else None
        if not isinstance(props, dict):
            continue
        holder = part.child("properties")
        for name, raw in props.items():
            if not isinstance(raw, dict) or holder is None:
                continue
            keep = wanted(name, raw)
            nested = (
                depth > 1 and bool(raw.keys() & {"$ref", "properties", "allOf"}) and descend(name)
            )
            if not (keep or nested):
                continue
            child = holder.child(name)
            prop = spec.ws.deref(child) if child is not None else None
            if prop is None or not isinstance(prop.value, dict):
                continue
            if keep:
                yield name, prop
            if nested:
                yield from shallow_properties(spec, prop, depth - 1, wanted, descend)
