"""API1 Broken Object Level Authorization: object ids in paths.

Integer ids are guessable. String/UUID ids are not guessable but are still user-controlled:
without a hint of per-object authorization (a 403/404 response, or a description that
mentions ownership or permission) the operation is reported as a BOLA candidate.
"""

from __future__ import annotations

import re
from typing import Any

from stockade.analyzers.apispec.checks.common import Emit, norm, types
from stockade.analyzers.apispec.model import Operation, Spec
from stockade.analyzers.apispec.refs import Node

_ID_NAME = re.compile(
    r"(?:^|[_-])(?:id|uuid|guid|key|number|no)$|[a-z0-9](?:Id|ID|Uuid|UUID)$|^(?:id|uuid|guid)$"
)
_NOT_OBJECT = frozenset(
    {
        "version",
        "apiversion",
        "lang",
        "language",
        "locale",
        "format",
        "type",
        "kind",
        "category",
        "slug",
        "tag",
        "page",
        "region",
        "env",
        "environment",
        "year",
        "month",
        "day",
        "date",
        "filename",
        "file",
        "path",
        "extension",
        "ext",
        "section",
        "topic",
        "provider",
        "platform",
    }
)
_AUTHZ_HINT = re.compile(
    r"owner|own\b|belong|authori[sz]|permission|access control|scoped to", re.I
)


def check(spec: Spec, emit: Emit) -> None:
    for op in spec.operations:
        for p in spec.parameters(op):
            where = p.value.get("in")
            if where not in ("path", "query") or not isinstance(p.value.get("name"), str):
                continue
            schema = spec.get(p, "schema")
            shape: dict[str, Any] = (
                schema.value if schema and isinstance(schema.value, dict) else p.value
            )
            _param(spec, op, p, shape, emit, where == "path")


def _param(
    spec: Spec, op: Operation, p: Node, shape: dict[str, Any], emit: Emit, in_path: bool
) -> None:
    name: str = p.value["name"]
    kinds = types(shape)
    if not in_path and not (_ID_NAME.search(name) or name.lower().endswith("id")):
        return
    if kinds & {"integer", "number"}:
        if _ID_NAME.search(name) or name.lower().endswith("id"):
            emit(
                "api.numeric-object-id",
                p,
                f"{op.method.upper()} {op.path}: {p.value['in']} id '{name}' is a guessable integer",
                parameter=name,
            )
        return
    if not in_path or not _selects_object(name, shape):
        return
    if not _has_authz_hint(spec, op):
        emit(
            "api.object-id-no-authz",
            p,
            f"{op.method.upper()} {op.path}: object '{name}' is selected by the caller, and "
            "nothing says access is checked per object (no 403/404, no ownership note)",
            parameter=name,
        )


def _selects_object(name: str, shape: dict[str, Any]) -> bool:
    """A string path parameter picks an object unless it is an enumeration or a known non-key."""
    if "enum" in shape or "const" in shape or shape.get("format") in ("date", "date-time"):
        return False
    kinds = types(shape)
    if kinds and kinds != {"string"}:
        return False
    return norm(name) not in _NOT_OBJECT


def _has_authz_hint(spec: Spec, op: Operation) -> bool:
    codes = {code for code, _ in spec.responses(op)}
    if codes & {"403", "404"}:
        return True
    text = " ".join(str(op.value.get(k, "")) for k in ("description", "summary"))
    return bool(_AUTHZ_HINT.search(text)) or any(k.startswith("x-authz") for k in op.value)
