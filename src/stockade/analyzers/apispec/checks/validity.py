"""Spec validity: version, required sections, duplicate operation ids and keys, references."""

from __future__ import annotations

from typing import Any

from stockade.analyzers.apispec.checks.common import Emit
from stockade.analyzers.apispec.model import Spec
from stockade.analyzers.apispec.positions import join
from stockade.analyzers.apispec.refs import Node

_REF_RULES = {
    "broken": "api.broken-ref",
    "outside": "api.broken-ref",
    "loop": "api.ref-loop",
    "external": "api.external-ref",
}


def check(spec: Spec, emit: Emit) -> None:
    _document(spec, emit)
    _operation_ids(spec, emit)
    _all_refs(spec)
    for problem in spec.ws.problems.values():
        emit(
            _REF_RULES[problem.kind],
            problem.node,
            f"$ref '{problem.ref}' cannot be followed: {problem.reason}",
            ref=problem.ref,
        )
    for doc in [d for d in spec.ws.docs.values() if d is not None]:
        for pointer, _mark in doc.duplicates:
            emit("api.duplicate-key", Node(doc, pointer, None), f"duplicate key at {pointer}")


def _document(spec: Spec, emit: Emit) -> None:
    root = spec.root
    if not spec.version:
        emit("api.invalid-document", root, "unsupported or missing OpenAPI/Swagger version")
    info = spec.data.get("info")
    if not isinstance(info, dict) or not info.get("title") or not info.get("version"):
        emit(
            "api.invalid-document",
            root.child("info") or root,
            "info with title and version is required",
        )
    paths = spec.data.get("paths")
    if paths is None and spec.version != "3.1":
        emit("api.invalid-document", root, "the paths object is required")
    elif paths is not None and not isinstance(paths, dict):
        emit("api.invalid-document", root.child("paths") or root, "paths must be a mapping")
    elif isinstance(paths, dict):
        for key in paths:
            if not key.startswith("/") and not key.startswith("x-"):
                emit(
                    "api.invalid-document",
                    Node(root.doc, join("/paths", key), None),
                    f"path '{key}' must start with '/'",
                )


def _operation_ids(spec: Spec, emit: Emit) -> None:
    seen: dict[str, str] = {}
    for op in spec.operations:
        oid = op.value.get("operationId")
        if not isinstance(oid, str):
            continue
        if oid in seen:
            node = op.node.child("operationId") or op.node
            emit(
                "api.duplicate-operation-id",
                node,
                f"operationId '{oid}' is also used by {seen[oid]}",
                operation_id=oid,
            )
        else:
            seen[oid] = f"{op.method.upper()} {op.path}"


def _all_refs(spec: Spec) -> None:
    """Follow every ``$ref`` once so broken ones are reported even where no check looks."""
    done: set[str] = set()
    while True:
        pending = [d for p, d in spec.ws.docs.items() if p not in done and d is not None]
        if not pending:
            return
        for doc in pending:
            done.add(doc.path)
            holders = ref_holders(spec) if doc is spec.root.doc else _ref_holders(doc.data, "")
            for pointer, value in holders:
                spec.ws.deref(Node(doc, pointer, value))


def ref_holders(spec: Spec) -> list[tuple[str, Any]]:
    """Every mapping with a ``$ref`` in the root document (one walk, shared by checks)."""
    cached = spec.shared.get("ref_holders")
    if cached is None:
        cached = spec.shared["ref_holders"] = _ref_holders(spec.data, "")
    return list(cached)


def _ref_holders(value: Any, pointer: str) -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    stack = [(pointer, value)]
    while stack:
        ptr, v = stack.pop()
        if isinstance(v, dict):
            if isinstance(v.get("$ref"), str):
                out.append((ptr, v))
            for k, sub in v.items():
                if isinstance(sub, dict | list):
                    stack.append((join(ptr, k), sub))
        elif isinstance(v, list):
            for i, sub in enumerate(v):
                if isinstance(sub, dict | list):
                    stack.append((join(ptr, i), sub))
    return out
