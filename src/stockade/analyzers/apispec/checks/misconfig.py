"""API8 Security Misconfiguration: transport, CORS, responses and schema hygiene."""

from __future__ import annotations

import re
from typing import Any

from stockade.analyzers.apispec.checks.common import AGGREGATE_MIN, Emit, is_cleartext, types
from stockade.analyzers.apispec.model import Operation, Spec
from stockade.analyzers.apispec.refs import Node

_MEDIA = re.compile(r"^(?:[\w.+-]+|\*)/(?:[\w.+-]+|\*)(?:\s*;.*)?$")
_NUMERIC = frozenset(
    {
        "int8",
        "int16",
        "int32",
        "int64",
        "uint8",
        "uint16",
        "uint32",
        "uint64",
        "float",
        "double",
        "decimal",
    }
)
_STRINGISH = frozenset(
    {
        "date",
        "date-time",
        "time",
        "uuid",
        "email",
        "byte",
        "binary",
        "password",
        "uri",
        "hostname",
        "ipv4",
        "ipv6",
    }
)


def check(spec: Spec, emit: Emit) -> None:
    _transport(spec, emit)
    _cors(spec, emit)
    nowhere = _errors_declared_nowhere(spec, emit)
    for op in spec.operations:
        _responses(spec, op, nowhere, emit)
        _parameters(spec, op, emit)
    _formats(spec, emit)


def _errors_declared_nowhere(spec: Spec, emit: Emit) -> set[str]:
    """Error codes no operation declares: one spec-level finding instead of one per operation."""
    lacking_ops: dict[str, int] = {}
    declared: set[str] = set()
    for op in spec.operations:
        codes = {c for c, _ in spec.responses(op)}
        need = set(_missing_errors(spec, op, set()))
        lacking = set() if "default" in codes else set(_missing_errors(spec, op, codes))
        declared |= need - lacking
        for code in lacking:
            lacking_ops[code] = lacking_ops.get(code, 0) + 1
    nowhere = {c for c in lacking_ops if c not in declared}
    if not nowhere or len(spec.operations) < AGGREGATE_MIN:
        return set()
    listed = ", ".join(f"{c} ({lacking_ops[c]} operations)" for c in sorted(nowhere))
    emit(
        "api.missing-error-responses",
        spec.root.child("paths") or spec.root,
        f"no operation declares: {listed}",
        missing=sorted(nowhere),
    )
    return nowhere


def _transport(spec: Spec, emit: Emit) -> None:
    """Every server declaration (API, path or operation level, variables expanded)."""
    for url, node in spec.all_base_urls():
        if is_cleartext(url):
            declared = node.value.get("url") if isinstance(node.value, dict) else None
            via = f" (declared as {declared})" if declared and declared != url else ""
            emit("api.insecure-transport", node, f"server {url}{via} is reached without TLS")


def _cors(spec: Spec, emit: Emit) -> None:
    for op in spec.operations:
        for _, r in spec.responses(op):
            if any(
                k.lower().startswith("access-control-allow-origin")
                for k, _ in spec.members(r.child("headers"))
            ):
                return
    if spec.operations:
        emit(
            "api.no-cors-policy",
            spec.root.child("paths") or spec.root,
            "no response declares Access-Control-Allow-Origin: the CORS policy is undocumented",
        )


def _responses(spec: Spec, op: Operation, nowhere: set[str], emit: Emit) -> None:
    responses = op.node.child("responses")
    codes = [c for c, _ in spec.responses(op)]
    if not any(c[:1] in ("2", "3") for c in codes):
        emit(
            "api.missing-success-response",
            responses or op.node,
            f"{op.method.upper()} {op.path} declares no 2xx/3xx response",
        )
    if "default" not in codes:
        missing = [c for c in _missing_errors(spec, op, set(codes)) if c not in nowhere]
        if missing:
            emit(
                "api.missing-error-responses",
                responses or op.node,
                f"{op.method.upper()} {op.path} does not declare: {', '.join(missing)}",
                missing=missing,
            )
    for code, r in spec.responses(op):
        _response_schema(spec, op, code, r, emit)


def _missing_errors(spec: Spec, op: Operation, codes: set[str]) -> list[str]:
    upper = {c.upper() for c in codes}
    missing = []
    has_input = bool(spec.parameters(op)) or op.node.child("requestBody") is not None
    if has_input and not upper & {"400", "422", "4XX"}:
        missing.append("400")
    if spec.is_secured(op):
        if not upper & {"401", "4XX"}:
            missing.append("401")
        if not upper & {"403", "4XX"}:
            missing.append("403")
    if not upper & {"500", "5XX"}:
        missing.append("500")
    return missing


def _response_schema(spec: Spec, op: Operation, code: str, r: Node, emit: Emit) -> None:
    if code in ("204", "304") or op.method == "head" or not isinstance(r.value, dict):
        return
    if spec.is_v2:
        if code == "200" and "schema" not in r.value:
            emit(
                "api.response-no-schema",
                r,
                f"{code} response of {op.method.upper()} {op.path} has no schema",
            )
        return
    content = list(spec.media(r))
    if not content and code == "200":
        emit(
            "api.response-no-schema",
            r,
            f"{code} response of {op.method.upper()} {op.path} has no content",
        )
    for media, m in content:
        _media_type(media, m, emit)
        if isinstance(m.value, dict) and "schema" not in m.value:
            emit(
                "api.response-no-schema",
                m,
                f"{code} {media} response of {op.method.upper()} {op.path} has no schema",
            )


def _media_type(media: str, node: Node, emit: Emit) -> None:
    if not _MEDIA.match(media.strip()):
        emit("api.invalid-media-type", node, f"'{media}' is not a valid media type")


def _parameters(spec: Spec, op: Operation, emit: Emit) -> None:
    for p in spec.parameters(op):
        v = p.value
        if v.get("in") == "body":
            if "schema" not in v:
                emit(
                    "api.parameter-no-schema",
                    p,
                    f"body parameter of {op.method.upper()} {op.path} has no schema",
                )
        elif spec.is_v2 and "type" not in v:
            emit("api.parameter-no-schema", p, f"parameter '{v.get('name')}' has no type")
        elif not spec.is_v2 and "schema" not in v and "content" not in v:
            emit("api.parameter-no-schema", p, f"parameter '{v.get('name')}' has no schema")
    for media, m in spec.media(spec.get(op.node, "requestBody")):
        _media_type(media, m, emit)
        if isinstance(m.value, dict) and "schema" not in m.value:
            emit(
                "api.parameter-no-schema",
                m,
                f"request body {media} of {op.method.upper()} {op.path} has no schema",
            )


def _formats(spec: Spec, emit: Emit) -> None:
    stack: list[tuple[str, Any]] = [("", spec.data)]
    while stack:
        ptr, v = stack.pop()
        if isinstance(v, dict):
            _format(spec, ptr, v, emit)
            stack.extend(
                (f"{ptr}/{k.replace('~', '~0').replace('/', '~1')}", x)
                for k, x in v.items()
                if isinstance(x, dict | list) and not k.startswith(("example", "x-"))
            )
        elif isinstance(v, list):
            stack.extend((f"{ptr}/{i}", x) for i, x in enumerate(v) if isinstance(x, dict | list))


def _format(spec: Spec, ptr: str, s: dict[str, Any], emit: Emit) -> None:
    fmt = s.get("format")
    if not isinstance(fmt, str):
        return
    kinds = types(s)
    bad = (kinds & {"integer", "number"} and fmt in _STRINGISH) or (
        kinds == {"string"} and fmt in _NUMERIC - {"decimal"}
    )
    bad = bad or (kinds == {"boolean"})
    if bad:
        node = Node(spec.root.doc, ptr, s)
        emit(
            "api.invalid-format",
            node.child("format") or node,
            f"format '{fmt}' does not fit type {'/'.join(sorted(kinds))}",
        )
