"""The view of a spec that checks work on: version, operations, schemes, servers, schemas.

Everything is a :class:`~stockade.analyzers.apispec.refs.Node`, so a check can report the
exact pointer (in the file that holds it) of what it is looking at.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from stockade.analyzers.apispec.positions import join
from stockade.analyzers.apispec.refs import Node, Workspace

METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
WRITE_METHODS = frozenset({"put", "post", "delete", "patch"})
COMPOSITES = ("allOf", "oneOf", "anyOf", "prefixItems")
# keywords whose value is one subschema (JSON Schema 2020-12 applicators included)
SUBSCHEMA_KEYS = (
    "items",
    "additionalProperties",
    "not",
    "unevaluatedProperties",
    "if",
    "then",
    "else",
    "contains",
    "unevaluatedItems",
)
_APPLICATORS = frozenset(
    {"properties", "patternProperties", "dependentSchemas", *SUBSCHEMA_KEYS, *COMPOSITES}
)


@dataclass(frozen=True, slots=True)
class Operation:
    """One operation and the path item that holds it."""

    path: str
    method: str
    node: Node
    item: Node

    @property
    def value(self) -> dict[str, Any]:
        v = self.node.value
        return v if isinstance(v, dict) else {}

    @property
    def is_write(self) -> bool:
        return self.method in WRITE_METHODS


class Spec:
    """One OpenAPI document (2.0, 3.0 or 3.1) and the files its references reach."""

    def __init__(self, ws: Workspace) -> None:
        self.ws = ws
        self.root = ws.node()
        data = self.root.value
        self.data: dict[str, Any] = data if isinstance(data, dict) else {}
        self._params: dict[str, list[Node]] = {}
        self._responses: dict[str, list[tuple[str, Node]]] = {}
        self._requests: dict[str, list[Node]] = {}
        self._response_schemas: dict[str, list[tuple[str, Node]]] = {}
        # results checks compute once and share (e.g. the resources of checks.resources)
        self.shared: dict[str, Any] = {}

    @cached_property
    def version(self) -> str:
        """``"2"``, ``"3.0"``, ``"3.1"`` or ``""`` when the version field is unusable."""
        if "swagger" in self.data:
            return "2" if str(self.data["swagger"]).startswith("2") else ""
        v = str(self.data.get("openapi", ""))
        return "3.1" if v.startswith("3.1") else "3.0" if v.startswith("3.0") else ""

    @property
    def is_v2(self) -> bool:
        return self.version == "2"

    def get(self, node: Node | None, *tokens: str | int) -> Node | None:
        """Walk ``tokens`` from ``node`` following ``$ref``s at every step."""
        current = node
        for token in tokens:
            if current is None:
                return None
            current = self.ws.deref(current).child(token)
        return None if current is None else self.ws.deref(current)

    def at(self, *tokens: str | int) -> Node | None:
        return self.get(self.root, *tokens)

    def members(self, node: Node | None) -> Iterator[tuple[str, Node]]:
        """Members of a mapping node (each dereferenced), in document order."""
        if node is None or not isinstance(node.value, dict):
            return
        doc, pointer, deref = node.doc, node.pointer, self.ws.deref
        for key, value in node.value.items():  # Node built inline: this is the hottest loop
            child = Node(doc, join(pointer, key), value)
            yield key, deref(child) if isinstance(value, dict) and "$ref" in value else child

    def items(self, node: Node | None) -> Iterator[Node]:
        if node is None or not isinstance(node.value, list):
            return
        doc, pointer, deref = node.doc, node.pointer, self.ws.deref
        for i, value in enumerate(node.value):
            child = Node(doc, join(pointer, i), value)
            yield deref(child) if isinstance(value, dict) and "$ref" in value else child

    # -- operations ----------------------------------------------------------------------

    @cached_property
    def operations(self) -> list[Operation]:
        ops = []
        for path, item in self.members(self.at("paths")):
            if not path.startswith("/") or not isinstance(item.value, dict):
                continue
            for method in METHODS:
                op = item.child(method)
                if op is not None and isinstance(op.value, dict):
                    ops.append(Operation(path, method, op, item))
        return ops

    def parameters(self, op: Operation) -> list[Node]:
        """Operation parameters overriding path-item ones by (name, in)."""
        cached = self._params.get(op.node.pointer)
        if cached is None:
            cached = self._params[op.node.pointer] = self._parameters(op)
        return cached

    def _parameters(self, op: Operation) -> list[Node]:
        merged: dict[tuple[Any, Any], Node] = {}
        for source in (op.item, op.node):
            for p in self.items(source.child("parameters")):
                if isinstance(p.value, dict):
                    merged[(str(p.value.get("name")), str(p.value.get("in")))] = p
        return list(merged.values())

    def responses(self, op: Operation) -> list[tuple[str, Node]]:
        cached = self._responses.get(op.node.pointer)
        if cached is None:
            holder = op.node.child("responses")
            cached = [(str(code), r) for code, r in self.members(holder)]
            self._responses[op.node.pointer] = cached
        return cached

    def media(self, holder: Node | None) -> Iterator[tuple[str, Node]]:
        """``content`` entries of a request body or response (OAS 3)."""
        yield from self.members(self.get(holder, "content") if holder else None)

    def request_schemas(self, op: Operation) -> list[Node]:
        """Schemas of the request body (OAS 3 content, OAS 2 body parameters); cached."""
        cached = self._requests.get(op.node.pointer)
        if cached is None:
            cached = self._requests[op.node.pointer] = list(self._request_schemas(op))
        return cached

    def _request_schemas(self, op: Operation) -> Iterator[Node]:
        for _, m in self.media(self.get(op.node, "requestBody")):
            schema = self.get(m, "schema")
            if schema is not None:
                yield schema
        for p in self.parameters(op):
            if p.value.get("in") == "body":
                schema = self.get(p, "schema")
                if schema is not None:
                    yield schema

    def response_schemas(self, op: Operation) -> list[tuple[str, Node]]:
        """``(status code, schema)`` of every response media type (or OAS 2 schema); cached."""
        cached = self._response_schemas.get(op.node.pointer)
        if cached is None:
            cached = self._response_schemas[op.node.pointer] = list(self._resp_schemas(op))
        return cached

    def _resp_schemas(self, op: Operation) -> Iterator[tuple[str, Node]]:
        for code, r in self.responses(op):
            for _, m in self.media(r):
                schema = self.get(m, "schema")
                if schema is not None:
                    yield code, schema
            schema = self.get(r, "schema") if self.is_v2 else None
            if schema is not None:
                yield code, schema

    # -- security ------------------------------------------------------------------------

    @cached_property
    def schemes(self) -> dict[str, Node]:
        holder = (
            self.at("securityDefinitions")
            if self.is_v2
            else self.at("components", "securitySchemes")
        )
        return {k: v for k, v in self.members(holder) if isinstance(v.value, dict)}

    def security(self, op: Operation) -> Node | None:
        """The effective security requirement list node (operation's, else global)."""
        own = op.node.child("security")
        return own if own is not None else self.root.child("security")

    def requirement_names(self, op: Operation) -> list[list[str]]:
        """Alternatives of scheme names; ``[]`` inside means one alternative needs nothing."""
        sec = self.security(op)
        if sec is None or not isinstance(sec.value, list):
            return []
        return [list(r) for r in sec.value if isinstance(r, dict)]

    def is_secured(self, op: Operation) -> bool:
        alts = self.requirement_names(op)
        return bool(alts) and all(alts)

    # -- servers -------------------------------------------------------------------------

    def servers(self) -> list[Node]:
        return list(self.items(self.at("servers")))

    def base_urls(self) -> list[tuple[str, Node]]:
        """Every API-wide base URL with the node declaring it (OAS 3 servers with their
        variables expanded to every allowed value, OAS 2 host/schemes)."""
        if not self.is_v2:
            return self._server_urls(self.servers())
        host = self.data.get("host")
        if not host:
            return []
        schemes = self.root.child("schemes")
        names = (
            schemes.value if schemes is not None and isinstance(schemes.value, list) else ["http"]
        )
        node = schemes or self.root.child("host") or self.root
        return [(f"{s}://{host}{self.data.get('basePath', '')}", node) for s in names]

    def all_base_urls(self) -> list[tuple[str, Node]]:
        """:meth:`base_urls` plus path- and operation-level servers (OAS 3) or operation
        ``schemes`` (OAS 2), which override the API-wide ones where they are declared."""
        found = self.base_urls()
        if self.is_v2:
            host = self.data.get("host") or "(host)"
            for op in self.operations:
                node = op.node.child("schemes")
                if node is not None and isinstance(node.value, list):
                    base = f"{host}{self.data.get('basePath', '')}"
                    found.extend((f"{s}://{base}", node) for s in node.value)
            return found
        for _, item in self.members(self.at("paths")):
            found.extend(self._server_urls(list(self.items(item.child("servers")))))
        for op in self.operations:
            found.extend(self._server_urls(list(self.items(op.node.child("servers")))))
        return found

    def _server_urls(self, servers: list[Node]) -> list[tuple[str, Node]]:
        return [
            (url, s) for s in servers if isinstance(s.value, dict) for url in expand_server(s.value)
        ]

    # -- schemas -------------------------------------------------------------------------

    def walk_schema(self, start: Node, seen: set[tuple[str, str]]) -> Iterator[tuple[Node, str]]:
        """Every schema object under ``start`` with its property name (``""`` if none).

        ``seen`` spans one traversal so recursive schemas end and shared ones are visited
        once per caller.
        """
        stack: list[tuple[Node, str]] = [(self.ws.deref(start), "")]
        while stack:
            node, name = stack.pop()
            if node.key in seen or not isinstance(node.value, dict):
                continue
            seen.add(node.key)
            yield node, name
            if not _APPLICATORS.isdisjoint(node.value):  # leaves (most schemas) stop here
                stack.extend(reversed(list(self._subschemas(node))))

    def walk_with_parent(
        self, start: Node, seen: set[tuple[str, str]]
    ) -> Iterator[tuple[Node, str, str]]:
        """Like :meth:`walk_schema`, plus the name of the property that holds the object."""
        stack: list[tuple[Node, str, str]] = [(self.ws.deref(start), "", "")]
        while stack:
            node, name, parent = stack.pop()
            if node.key in seen or not isinstance(node.value, dict):
                continue
            seen.add(node.key)
            yield node, name, parent
            holder = name or parent  # items and compositions belong to the enclosing property
            if _APPLICATORS.isdisjoint(node.value):
                continue
            for sub, sub_name in reversed(list(self._subschemas(node))):
                stack.append((sub, sub_name, holder))

    def _subschemas(self, node: Node) -> Iterator[tuple[Node, str]]:
        v = node.value
        if "properties" in v:
            for key, prop in self.members(node.child("properties")):
                yield prop, key
        for key in SUBSCHEMA_KEYS:
            if key in v and isinstance(v[key], dict):
                sub = node.child(key)
                if sub is not None:
                    yield self.ws.deref(sub), ""
        for key in COMPOSITES:
            if key in v:
                for sub in self.items(node.child(key)):
                    yield sub, ""
        for key in ("patternProperties", "dependentSchemas"):
            if key in v:
                for _, sub in self.members(node.child(key)):
                    yield sub, ""


MAX_EXPANSIONS = 32


def expand_server(server: dict[str, Any]) -> list[str]:
    """The URLs a server object allows: each ``{variable}`` replaced by its default and every
    enum value (a scheme variable that permits ``http`` yields an ``http://`` URL)."""
    url = str(server.get("url", ""))
    raw = server.get("variables")
    variables: dict[str, Any] = raw if isinstance(raw, dict) else {}
    urls = [url]
    for name, spec in variables.items():
        token = "{" + str(name) + "}"
        if token not in url or not isinstance(spec, dict):
            continue
        enum = spec.get("enum")
        values = [spec.get("default"), *(enum if isinstance(enum, list) else [])]
        choices = list(dict.fromkeys(str(v) for v in values if isinstance(v, str | int)))
        if choices:
            urls = [u.replace(token, c) for u in urls for c in choices][:MAX_EXPANSIONS]
    return urls
