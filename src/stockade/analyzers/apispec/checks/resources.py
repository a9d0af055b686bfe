"""Resources: the operations that create, read and change one kind of object.

``/orders`` and ``/orders/{orderId}`` are one resource. Comparing what its create request
takes with what its read responses return tells which properties the *server* owns: a
property the GET response carries but the POST body never accepts is set by the server
(a status, a computed amount, a processing parameter), and one the client supplied itself
is the client's own data. Mass-assignment and data-exposure checks build on this relation.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from stockade.analyzers.apispec.checks.common import is_readonly, norm
from stockade.analyzers.apispec.model import Operation, Spec
from stockade.analyzers.apispec.refs import Node

_CACHE_KEY = "resources"


@dataclass
class Resource:
    """What the operations of one resource take and return (property names normalised)."""

    key: str
    creates: list[str] = field(default_factory=list)
    reads: list[str] = field(default_factory=list)
    create_names: set[str] = field(default_factory=set)
    response: dict[str, dict[str, Any]] = field(default_factory=dict)
    labels: dict[str, str] = field(default_factory=dict)  # normalised -> name as written
    readonly: set[str] = field(default_factory=set)

    @property
    def has_create(self) -> bool:
        return bool(self.creates)

    def server_owned(self, name: str) -> str:
        """Why the relation says ``name`` is set by the server (``""`` if it does not)."""
        n = norm(name)
        if n in self.readonly:
            return f"it is readOnly in the schemas of {self.key}"
        if self.creates and n in self.response and n not in self.create_names:
            return (
                f"{self.reads[0]} returns it but the create request {self.creates[0]} "
                "does not take it"
            )
        return ""


def resource_key(path: str) -> str:
    """``/users/{id}/orders/{orderId}`` -> ``/users/{}/orders`` (item and collection share it)."""
    segments = [s for s in path.split("/") if s]
    while segments and segments[-1].startswith("{"):
        segments.pop()
    return "/" + "/".join("{}" if s.startswith("{") else s for s in segments)


def resources(spec: Spec) -> dict[str, Resource]:
    """Every resource of the spec, built once per spec and shared by the checks."""
    cached = spec.shared.get(_CACHE_KEY)
    if isinstance(cached, dict):
        return cached
    built: dict[str, Resource] = {}
    seen: dict[tuple[str, str], set[tuple[str, str]]] = {}
    for op in spec.operations:
        key = resource_key(op.path)
        res = built.setdefault(key, Resource(key))
        if op.method == "post":
            _add_create(spec, op, res, seen.setdefault((key, "in"), set()))
        elif op.method == "get":
            _add_read(spec, op, res, seen.setdefault((key, "out"), set()))
    spec.shared[_CACHE_KEY] = built
    return built


def resource_of(spec: Spec, op: Operation) -> Resource:
    return resources(spec)[resource_key(op.path)]


def _add_create(spec: Spec, op: Operation, res: Resource, seen: set[tuple[str, str]]) -> None:
    schemas = list(spec.request_schemas(op))
    if not schemas:
        return
    res.creates.append(f"POST {op.path}")
    for schema in schemas:
        for node, name in spec.walk_schema(schema, seen):
            _note(res, node, name, res.create_names)


def _add_read(spec: Spec, op: Operation, res: Resource, seen: set[tuple[str, str]]) -> None:
    found = False
    for code, schema in spec.response_schemas(op):
        if not code.startswith("2"):
            continue
        found = True
        for node, name in spec.walk_schema(schema, seen):
            if name:
                res.response.setdefault(norm(name), node.value)
                res.labels.setdefault(norm(name), name)
            _note(res, node, name, None)
    if found:
        res.reads.append(f"GET {op.path}")


def _note(res: Resource, node: Node, name: str, names: set[str] | None) -> None:
    if not name:
        return
    if names is not None:
        names.add(norm(name))
    if is_readonly(node.value):
        res.readonly.add(norm(name))
