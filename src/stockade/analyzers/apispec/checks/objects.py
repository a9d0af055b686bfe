"""API1 Broken Object Level Authorization: object ids chosen by the caller.

Integer ids are guessable. String/UUID ids are not guessable but are still user-controlled:
without a hint of per-object authorization (a 403, a 404 that says it hides others'
objects, or a description that mentions ownership or permission) the operation is reported
as a BOLA candidate. Ids count in the path (declared or only templated, at any depth of a
nested resource) and in the query when they pick an object: required, answered by a single
object, or naming whose objects a list returns (``customer_id``).
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
    r"owner|owned|own\b|belong|authori[sz]|permission|access control|scoped to|yours|"
    r"not your|forbidden",
    re.I,
)
# query ids that name a principal: filtering by them lists *someone's* objects
_PRINCIPAL = re.compile(
    r"^(?:user|account|customer|client|owner|member|tenant|patient|employee|person|profile|"
    r"org|organization|organisation|author|creator)(?:id|uuid|guid|key|no|number)$"
)
_TEMPLATE = re.compile(r"\{([^}/]+)\}")


def check(spec: Spec, emit: Emit) -> None:
    for op in spec.operations:
        declared: set[str] = set()
        for p in spec.parameters(op):
            where = p.value.get("in")
            name = p.value.get("name")
            if where not in ("path", "query") or not isinstance(name, str):
                continue
            if where == "path":
                declared.add(name)
            schema = spec.get(p, "schema")
            shape: dict[str, Any] = (
                schema.value if schema and isinstance(schema.value, dict) else p.value
            )
            _param(spec, op, p, shape, emit, where == "path")
        _undeclared(spec, op, declared, emit)


def _param(
    spec: Spec, op: Operation, p: Node, shape: dict[str, Any], emit: Emit, in_path: bool
) -> None:
    name: str = p.value["name"]
    kinds = types(shape)
    id_like = bool(_ID_NAME.search(name) or name.lower().endswith("id"))
    if not in_path and not id_like:
        return
    where = p.value["in"]
    if kinds & {"integer", "number"}:
        if id_like:
            emit(
                "api.numeric-object-id",
                p,
                f"{op.method.upper()} {op.path}: {where} id '{name}' is a guessable integer",
                parameter=name,
            )
        return
    if not _selects_object(name, shape) or _has_authz_hint(spec, op):
        return
    if in_path:
        why = "the path selects the object by it"
    elif spec.is_secured(op) and (reason := _query_selects(spec, op, p, name)):
        why = reason
    else:
        return
    emit(
        "api.object-id-no-authz",
        p,
        f"{op.method.upper()} {op.path}: the caller chooses object '{name}' ({where} "
        f"parameter; {why}), and nothing says access is checked per object (no 403, no "
        "ownership note)",
        parameter=name,
    )


def _query_selects(spec: Spec, op: Operation, p: Node, name: str) -> str:
    """Whether a query id picks an object (or someone's objects) rather than filters."""
    if _PRINCIPAL.match(norm(name)):
        return "it names whose objects are listed"
    if p.value.get("required") is True:
        return "it is required, so it picks the object"
    for code, schema in spec.response_schemas(op):
        if code.startswith("2") and isinstance(schema.value, dict):
            if "array" in types(schema.value) or _has_list(spec, schema):
                return ""
            return "the response is a single object"
    return ""


def _has_list(spec: Spec, schema: Node) -> bool:
    return any(
        isinstance(prop.value, dict) and "array" in types(prop.value)
        for _, prop in spec.members(schema.child("properties"))
    )


def _undeclared(spec: Spec, op: Operation, declared: set[str], emit: Emit) -> None:
    """Path template variables with no parameter: unconstrained ids chosen by the caller."""
    names = [
        v for v in _TEMPLATE.findall(op.path) if v not in declared and norm(v) not in _NOT_OBJECT
    ]
    if names and not _has_authz_hint(spec, op):
        emit(
            "api.object-id-no-authz",
            op.node,
            f"{op.method.upper()} {op.path}: path variable(s) {', '.join(names)} select "
            "objects, are not even declared as parameters, and nothing says access is "
            "checked per object",
            parameter=names[0],
        )


def _selects_object(name: str, shape: dict[str, Any]) -> bool:
    """A string id picks an object unless it is an enumeration or a known non-key."""
    if "enum" in shape or "const" in shape or shape.get("format") in ("date", "date-time"):
        return False
    kinds = types(shape)
    if kinds and kinds != {"string"}:
        return False
    return norm(name) not in _NOT_OBJECT


def _has_authz_hint(spec: Spec, op: Operation) -> bool:
    """A 403, a 404 that says it hides others' objects, or wording about ownership.

    A bare 404 only says the object may not exist, not that another user's is refused.
    """
    for code, response in spec.responses(op):
        if code == "403":
            return True
        text = response.value.get("description") if isinstance(response.value, dict) else ""
        if code == "404" and isinstance(text, str) and _AUTHZ_HINT.search(text):
            return True
    text = " ".join(str(op.value.get(k, "")) for k in ("description", "summary"))
    return bool(_AUTHZ_HINT.search(text)) or any(k.startswith("x-authz") for k in op.value)
