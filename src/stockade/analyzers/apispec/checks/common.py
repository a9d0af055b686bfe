"""What checks share: the emit callback type and name/shape helpers for schemas."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
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
        schema_node = spec.get(p, "schema")
        if schema_node is not None:
            yield schema_node, f"{where} parameter {p.value.get('name')}"
        elif spec.is_v2 and "type" in p.value:
            yield p, f"{where} parameter {p.value.get('name')}"


def fmt(schema: dict[str, Any]) -> str:
    """The ``format`` keyword when it is a string (malformed specs put anything there)."""
    value = schema.get("format")
    return value if isinstance(value, str) else ""


def is_readonly(schema: dict[str, Any]) -> bool:
    return schema.get("readOnly") is True
