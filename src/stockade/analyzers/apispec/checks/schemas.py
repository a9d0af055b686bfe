"""API3 Broken Object Property Level Authorization: what schemas let in and let out.

- sensitive properties (passwords, secrets, SSNs, card numbers, …) in *response* schemas,
  recognised by name, ``format: password`` or description, and credentials a response
  echoes back from its own request (personal and internal data: ``exposure``; mass
  assignment: ``massassign``);
- open-ended objects: ``additionalProperties``/``unevaluatedProperties`` left unconstrained,
  and object schemas that declare nothing at all.
"""

from __future__ import annotations

import re
from typing import Any

from stockade.analyzers.apispec.checks import semantics
from stockade.analyzers.apispec.checks.common import (
    AUTH_PATH,
    Emit,
    input_schemas,
    norm,
    shallow_properties,
    types,
)
from stockade.analyzers.apispec.model import Operation, Spec
from stockade.analyzers.apispec.refs import Node

_SENSITIVE = re.compile(
    r"^(?:.*(?:password|passwd|passphrase|secret|privatekey|apikey|accesskey|ssn|"
    r"socialsecurity|cardnumber|creditcard|ccnumber|cvv|cvc|iban|pin|otp|mfasecret|"
    r"totpsecret|salt|pwd|hash|sessionid|token))$"
)
_TOKEN_ONLY = re.compile(r"token$")
_SECRET_HASH = re.compile(r"(?:pass|pwd|pw|secret|pin|token|key|credential|otp)")
_NOT_SENSITIVE = re.compile(
    r"(?:expires|expiry|type|hint|length|policy|updated|changed|reset|set|url)"
)


def check(spec: Spec, emit: Emit) -> None:
    seen_out: set[tuple[str, str]] = set()
    credentials: dict[tuple[str, str], frozenset[str]] = {}
    for op in spec.operations:
        responses = [s for code, s in spec.response_schemas(op) if code.startswith("2")]
        if not responses:
            continue
        submitted: set[str] = set()
        for schema in spec.request_schemas(op):
            if schema.key not in credentials:
                credentials[schema.key] = _submitted_credentials(spec, schema)
            submitted |= credentials[schema.key]
        for schema in responses:
            _responses(spec, op, schema, submitted, seen_out, emit)
    _open_objects(spec, emit)


def _submitted_credentials(spec: Spec, schema: Node) -> frozenset[str]:
    """Credential properties a request body takes (a response echoing them leaks them)."""
    if not isinstance(schema.value, dict):
        return frozenset()
    return frozenset(
        norm(name)
        for name, node in shallow_properties(spec, schema, 2, _maybe_credential)
        if is_sensitive_name(name, {**node.value, "writeOnly": False}, False)
        or semantics.credential_described({**node.value, "writeOnly": False}, name)
    )


def _maybe_credential(name: str, raw: dict[str, Any]) -> bool:
    """A credential name (not a token's: a rotated token comes back by design), or a schema
    whose format/description may say it is one (a ``$ref`` is looked at after following)."""
    n = norm(name)
    if _TOKEN_ONLY.search(n):
        return False
    return bool(_SENSITIVE.match(n)) or bool(raw.keys() & {"$ref", "format", "description"})


def _responses(
    spec: Spec,
    op: Operation,
    schema: Node,
    submitted: set[str],
    seen: set[tuple[str, str]],
    emit: Emit,
) -> None:
    auth_endpoint = bool(AUTH_PATH.search(op.path))
    walk_seen = set() if submitted else seen  # an echo is specific to this operation
    for node, name in spec.walk_schema(schema, walk_seen):
        if not name or node.value.get("writeOnly") is True:
            continue
        if auth_endpoint and _TOKEN_ONLY.search(norm(name)):
            continue  # a login or token endpoint returns the token it issues by design
        if norm(name) in submitted:
            what = f"'{name}', echoing the credential its request submits"
        elif is_sensitive_name(name, node.value, auth_endpoint):
            what = f"'{name}'"
        else:
            described = semantics.credential_described(node.value, name)
            if not described:
                continue
            what = f"'{name}' ({described})"
        emit(
            "api.sensitive-data-in-response",
            node,
            f"response of {op.method.upper()} {op.path} exposes {what}",
            property=name,
        )


def is_sensitive_name(name: str, schema: dict[str, Any], auth_endpoint: bool) -> bool:
    """A credential-like property name (token names are expected from auth endpoints)."""
    n = norm(name)
    if not _SENSITIVE.match(n) or _NOT_SENSITIVE.search(n) or schema.get("writeOnly") is True:
        return False
    if types(schema) & {"boolean", "integer"} and not n.endswith(("pin", "cvv", "cvc", "ssn")):
        return False
    if n.endswith("hash") and not _SECRET_HASH.search(n):
        return False  # a content or commit digest; a password's hash names what it hashes
    return not (auth_endpoint and _TOKEN_ONLY.search(n))


def _open_objects(spec: Spec, emit: Emit) -> None:
    seen: set[tuple[str, str]] = set()
    for root in _all_schema_roots(spec):
        for node, _ in spec.walk_schema(root, seen):
            _open_object(node, emit)


def _all_schema_roots(spec: Spec) -> list[Node]:
    """Schemas of every position: bodies, responses, parameters and reusable components."""
    roots: list[Node] = []
    for op in spec.operations:
        roots.extend(node for node, _ in input_schemas(spec, op))
        roots.extend(s for _, s in spec.response_schemas(op))
    holder = spec.at("definitions") if spec.is_v2 else spec.at("components", "schemas")
    roots.extend(n for _, n in spec.members(holder))
    if not spec.is_v2:
        for section in ("parameters", "headers", "requestBodies", "responses"):
            for _, item in spec.members(spec.at("components", section)):
                roots.extend(_schemas_of(spec, item))
    return roots


def _schemas_of(spec: Spec, item: Node) -> list[Node]:
    """The schema of a parameter or header, or those of a body's/response's media types."""
    direct = spec.get(item, "schema")
    found = [direct] if direct is not None else []
    for _, media in spec.media(item):
        schema = spec.get(media, "schema")
        if schema is not None:
            found.append(schema)
    return found


def _open_object(node: Node, emit: Emit) -> None:
    s = node.value
    for key in ("additionalProperties", "unevaluatedProperties"):
        extra = s.get(key)
        if extra is True or extra == {} or _only_annotations(extra):
            if "maxProperties" not in s:
                emit(
                    "api.additional-properties-unconstrained",
                    node.child(key) or node,
                    f"{key} accepts any extra property, of any name, type and number",
                )
        elif isinstance(extra, dict) and "maxProperties" not in s:
            emit(
                "api.additional-properties-unconstrained",
                node.child(key) or node,
                f"{key} is a schema but the object has no maxProperties: any number of "
                "extra properties, of any name, is accepted",
            )
    declared = {
        "properties",
        "additionalProperties",
        "patternProperties",
        "allOf",
        "oneOf",
        "anyOf",
        "$ref",
        "enum",
        "const",
        "not",
        "unevaluatedProperties",
        "if",
    }
    if types(s) == {"object"} and not (set(s) & declared):
        emit(
            "api.schema-accepts-any-object",
            node,
            "object schema declares no properties: any object is accepted",
        )


def _only_annotations(extra: object) -> bool:
    return isinstance(extra, dict) and not (set(extra) - {"description", "title"})
