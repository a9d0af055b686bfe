"""Spec drift (OWASP API9, improper inventory): compare the routes a project's code serves
with the operations its OpenAPI documents declare.

- ``api.undocumented-route``: the code serves a route no related document declares (a
  shadow endpoint nobody reviews, rate-limits or retires);
- ``api.operation-without-handler``: a document declares an operation no route serves (a
  stale contract that clients, gateways and reviewers still trust).

Paths are compared after normalisation: every parameter spelling (``{id}``, ``:id``,
``<int:id>``, ``{id:[0-9]+}``, ``(?P<id>...)``) becomes one placeholder, slashes are folded,
the code's prefixes (routers, blueprints, mounts, controllers) are joined to its paths and
the path part of each server URL (or ``basePath``) may precede the document's paths.

A document and the code are compared only when they plausibly describe the same service:
the document's *scope* (its directory, climbing out of documentation-like directories such
as ``docs``, ``openapi``, ``src/main/resources``) holds code routes, and at least one of
those routes matches one of its operations by method and path, health-check-like paths
(``/``, ``/health``, ``/ping``, …) not counting. A vendored document of another service
shares no operation with the code and is left alone. Those health-check-like routes are
never reported as undocumented either: they serve the platform, not the API's clients.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from stockade.analyzers.target import SourceFile
from stockade.core.errors import StockadeError
from stockade.core.finding import Finding, Location
from stockade.core.fingerprint import assign_fingerprints
from stockade.core.rule import Rule, rule_from_mapping
from stockade.scan.routes import ANY, UNKNOWN_PREFIX, Route, extract_routes
from stockade.scan.spec_inventory import (
    SpecInventory,
    SpecOperation,
    load_inventory,
    spec_candidates,
)
from stockade.scan.suppress import is_suppressed

MODULE = "api"
UNDOCUMENTED = "api.undocumented-route"
WITHOUT_HANDLER = "api.operation-without-handler"
PARAM = "{}"

_RULES: tuple[dict[str, Any], ...] = (
    {
        "id": UNDOCUMENTED,
        "title": "Route served by the code but not documented",
        "type": "improper-inventory",
        "severity": "medium",
        "confidence": "medium",
        "owasp": ["API9:2023"],
        "cwe": ["CWE-1059"],
        "description": "The code declares a route that the project's OpenAPI document does "
        "not describe: a shadow endpoint that escapes review, gateways, rate limits and "
        "retirement.",
        "remediation": "Document the route in the OpenAPI document, or remove it if it should "
        "not be served.",
    },
    {
        "id": WITHOUT_HANDLER,
        "title": "Documented operation without a handler in the code",
        "type": "improper-inventory",
        "severity": "low",
        "confidence": "medium",
        "owasp": ["API9:2023"],
        "cwe": ["CWE-1059"],
        "description": "The OpenAPI document declares an operation that no route of the "
        "code serves: the contract is stale, and clients, gateways and reviewers rely on an "
        "inventory that is not the real one.",
        "remediation": "Remove the operation from the document, or implement it.",
    },
)
# Paths almost every service has: matching one of them says nothing about the document.
_TRIVIAL = frozenset(
    {(), ("health",), ("healthz",), ("ping",), ("status",), ("metrics",), ("version",)}
    | {("ready",), ("readyz",), ("live",), ("livez",), ("docs",), ("openapi.json",)}
)
_DOC_DIRS = frozenset(
    {"docs", "doc", "api", "apis", "openapi", "swagger", "spec", "specs", "schema", "schemas"}
    | {"contract", "contracts", "static", "public", "resources", "main", "src", "definitions"}
)
_PARAM_TOKEN = re.compile(
    r"\{[^{}]*\}"  # {id}, {id:[0-9]+}
    r"|<[^<>]*>"  # <id>, <int:id>
    r"|\(\?P<\w+>[^()]*\)"  # (?P<id>[0-9]+)
    r"|(?:(?<=^)|(?<=[-.;,]))[:$]\w+(?:\([^()]*\))?\??"  # :id, :id(\d+), :id?
)


@cache
def drift_rules() -> dict[str, Rule]:
    return {
        raw["id"]: rule_from_mapping(raw, module=MODULE, source="stockade.scan.drift")
        for raw in _RULES
    }


@dataclass(frozen=True, slots=True)
class _Shape:
    """A path as compared: its segments, and whether an unknown prefix precedes them."""

    segments: tuple[str, ...]
    open_prefix: bool = False

    def matches(self, other: tuple[str, ...]) -> bool:
        if not self.open_prefix:
            return self.segments == other
        n = len(self.segments)
        return n > 0 and other[-n:] == self.segments


def segments(path: str) -> tuple[str, ...]:
    """``/users/<int:id>/`` -> ``("users", "{}")``."""
    out = []
    for part in path.split("/"):
        part = part.strip().lstrip("^").rstrip("$")
        if not part:
            continue
        out.append(_PARAM_TOKEN.sub(PARAM, part))
    return tuple(out)


def shape(path: str) -> _Shape:
    if UNKNOWN_PREFIX in path:
        return _Shape(segments(path.rsplit(UNKNOWN_PREFIX, 1)[1]), open_prefix=True)
    return _Shape(segments(path))


def _method_ok(route_method: str, op_method: str) -> bool:
    if route_method in (ANY, op_method) or op_method == "OPTIONS":
        return True
    return op_method == "HEAD" and route_method == "GET"


@dataclass
class _Related:
    """One document found to describe (part of) the code's service."""

    inventory: SpecInventory
    scope: str
    keys: dict[SpecOperation, list[tuple[str, ...]]]

    def in_scope(self, path: str) -> bool:
        return not self.scope or path.startswith(self.scope + "/")

    def documents(self, route: Route, route_shape: _Shape) -> bool:
        return any(
            _method_ok(route.method, op.method) and any(route_shape.matches(k) for k in keys)
            for op, keys in self.keys.items()
        )


def scope_of(spec_path: str) -> str:
    """The directory whose code a document describes (see the module docstring)."""
    directory = posixpath.dirname(spec_path)
    while directory and posixpath.basename(directory).lower() in _DOC_DIRS:
        directory = posixpath.dirname(directory)
    return directory


def _relate(inventory: SpecInventory, routes: Sequence[tuple[Route, _Shape]]) -> _Related | None:
    keys = {
        op: list(dict.fromkeys(segments(base) + segments(op.path) for base in inventory.bases))
        for op in inventory.operations
    }
    related = _Related(inventory, scope_of(inventory.file), keys)
    for route, route_shape in routes:
        if not related.in_scope(route.file) or route_shape.segments in _TRIVIAL:
            continue
        if related.documents(route, route_shape):
            return related
    return None


def compare(inventories: Iterable[SpecInventory], routes: Sequence[Route]) -> list[Finding]:
    """Drift findings between the documents and the routes (fingerprints not yet set)."""
    shaped = [(r, shape(r.path)) for r in routes]
    related = [r for r in (_relate(inv, shaped) for inv in inventories) if r is not None]
    if not related:
        return []
    rules = drift_rules()
    findings = []
    for route, route_shape in shaped:
        if route_shape.segments in _TRIVIAL:
            continue  # health checks and the like are the platform's, not the clients'
        owners = [r for r in related if r.in_scope(route.file)]
        if owners and not any(r.documents(route, route_shape) for r in owners):
            findings.append(_undocumented(rules[UNDOCUMENTED], route, owners))
    for rel in related:
        local = [(r, s) for r, s in shaped if rel.in_scope(r.file)]
        for op, keys in rel.keys.items():
            if not any(
                _method_ok(r.method, op.method) and any(s.matches(k) for k in keys)
                for r, s in local
            ):
                findings.append(_without_handler(rules[WITHOUT_HANDLER], op, rel, local))
    return findings


def _undocumented(rule: Rule, route: Route, owners: list[_Related]) -> Finding:
    docs = ", ".join(sorted(r.inventory.file for r in owners))
    method = "any method" if route.method == ANY else route.method
    path = route.path.replace(UNKNOWN_PREFIX, "…")  # a prefix only known at run time
    return Finding.from_rule(
        rule,
        Location(route.file, route.line),
        message=f"{method} {path} ({route.framework} route at {route.file}:{route.line}) "
        f"is served by the code but not documented in {docs}",
        metadata={"method": route.method, "path": path, "framework": route.framework},
        fingerprint_basis=f"{route.method} {route.path}",
    )


def _without_handler(
    rule: Rule, op: SpecOperation, rel: _Related, local: list[tuple[Route, _Shape]]
) -> Finding:
    file = rel.inventory.file
    frameworks = ", ".join(sorted({r.framework for r, _ in local})) or "no"
    return Finding.from_rule(
        rule,
        Location(file, op.line, op.column),
        message=f"{op.method} {op.path} is documented at {file}:{op.line} but none of the "
        f"{len(local)} {frameworks} routes of the code handles it",
        metadata={"method": op.method, "path": op.path},
        fingerprint_basis=f"{op.method} {op.path}",
    )


@dataclass
class DriftResult:
    findings: list[Finding]
    suppressed: int = 0


def run_drift(
    files: Sequence[SourceFile],
    read: Callable[[str], bytes],
    options: Mapping[str, Any] | None = None,
) -> DriftResult:
    """Drift findings for a scanned tree (run by the scan when the API module ran).

    Cheapest first: no OpenAPI document, nothing else is read; no route in the code, no
    document is parsed.
    """
    specs = spec_candidates(files)
    if not specs:
        return DriftResult([])
    routes = extract_routes(((f.path, f.language or "") for f in files), read)
    if not routes:
        return DriftResult([])
    inventories = [inv for inv in (load_inventory(p, read) for p in specs) if inv is not None]
    disabled = {str(x) for x in (options or {}).get("disable", ()) or ()}
    found = [f for f in compare(inventories, routes) if f.rule_id not in disabled]
    kept, suppressed = _apply_suppressions(found, read)
    return DriftResult(assign_fingerprints(kept), suppressed)


def _apply_suppressions(
    findings: list[Finding], read: Callable[[str], bytes]
) -> tuple[list[Finding], int]:
    """``stockade:ignore`` markers on a route's line; the line becomes the snippet."""
    lines: dict[str, list[str]] = {}
    kept, suppressed = [], 0
    for f in findings:
        path = f.location.path
        if path not in lines:
            try:
                lines[path] = read(path).decode("utf-8", "replace").splitlines()
            except (OSError, StockadeError):
                lines[path] = []
        text = lines[path]

        def line_text(n: int, text: list[str] = text) -> str:
            return text[n - 1] if 0 < n <= len(text) else ""

        if is_suppressed(f.rule_id, f.location.line, line_text):
            suppressed += 1
            continue
        kept.append(f.with_snippet(line_text(f.location.line).strip()[:300]))
    return kept, suppressed
