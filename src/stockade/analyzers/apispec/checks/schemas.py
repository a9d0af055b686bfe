"""API3 Broken Object Property Level Authorization: what schemas let in and let out.

- sensitive properties (passwords, secrets, SSNs, card numbers, …) in *response* schemas;
- writable privilege-like properties (``is_admin``, ``role``, ``balance``, …) in *request*
  bodies (mass assignment);
- open-ended objects: ``additionalProperties``/``unevaluatedProperties`` left unconstrained,
  and object schemas that declare nothing at all.
"""

from __future__ import annotations

import re
from typing import Any

from stockade.analyzers.apispec.checks.common import AUTH_PATH, Emit, is_readonly, norm, types
from stockade.analyzers.apispec.model import Operation, Spec
from stockade.analyzers.apispec.refs import Node

_SENSITIVE = re.compile(
    r"^(?:.*(?:password|passwd|passphrase|secret|privatekey|apikey|accesskey|ssn|"
    r"socialsecurity|cardnumber|creditcard|ccnumber|cvv|cvc|iban|pin|otp|mfasecret|"
    r"totpsecret|salt|pwd|hash|sessionid|token))$"
)
_TOKEN_ONLY = re.compile(r"token$")
_NOT_SENSITIVE = re.compile(
    r"(?:expires|expiry|type|hint|length|policy|updated|changed|reset|set|url)"
)
_PRIVILEGED = frozenset(
    norm(n)
    for n in (
        "admin",
        "is_admin",
        "isadmin",
        "role",
        "roles",
        "permissions",
        "permission",
        "privileges",
        "is_superuser",
        "superuser",
        "is_staff",
        "staff",
        "user_type",
        "account_type",
        "access_level",
        "balance",
        "credit",
        "credits",
        "account_balance",
        "available_credit",
        "price",
        "discount",
        "is_verified",
        "verified",
        "email_verified",
        "is_approved",
        "approved",
        "is_active",
        "owner",
        "owner_id",
        "scopes",
        "group",
        "groups",
        "plan",
        "tier",
        "internal",
    )
)
_OTHER_PEOPLE = frozenset(
    norm(n)
    for n in (
        "author",
        "authors",
        "owner",
        "creator",
        "created_by",
        "poster",
        "commenter",
        "reporter",
        "seller",
        "buyer",
        "customer",
        "customers",
        "members",
        "participants",
        "followers",
        "friends",
        "assignee",
        "reviewer",
        "sender",
        "recipient",
        "mechanic",
    )
)
_PII = frozenset(
    norm(n)
    for n in (
        "email",
        "email_address",
        "phone",
        "phone_number",
        "mobile",
        "address",
        "home_address",
        "dob",
        "date_of_birth",
        "birthdate",
        "vehicleid",
        "vehicle_id",
        "vin",
        "location",
        "ip",
        "ip_address",
        "national_id",
        "passport",
    )
)
_UPDATE_ONLY = frozenset({"status", "state"})


def check(spec: Spec, emit: Emit) -> None:
    seen_out: set[tuple[str, str]] = set()
    # updates flag more names (status, state) than creates, so they are walked separately
    seen_in: dict[bool, set[tuple[str, str]]] = {True: set(), False: set()}
    for op in spec.operations:
        for code, schema in spec.response_schemas(op):
            if code.startswith("2"):
                _responses(spec, op, schema, seen_out, emit)
        for schema in spec.request_schemas(op):
            _requests(spec, op, schema, seen_in[op.method in ("put", "patch")], emit)
    _open_objects(spec, emit)


def _responses(
    spec: Spec, op: Operation, schema: Node, seen: set[tuple[str, str]], emit: Emit
) -> None:
    auth_endpoint = bool(AUTH_PATH.search(op.path))
    for node, name, parent in spec.walk_with_parent(schema, seen):
        if not name:
            continue
        if _is_sensitive(name, node.value, auth_endpoint):
            what = f"'{name}'"
        elif norm(parent) in _OTHER_PEOPLE and norm(name) in _PII:
            what = f"'{name}' of the related {parent} (another user's personal data)"
        else:
            continue
        emit(
            "api.sensitive-data-in-response",
            node,
            f"response of {op.method.upper()} {op.path} exposes {what}",
            property=name,
        )


def _is_sensitive(name: str, schema: dict[str, Any], auth_endpoint: bool) -> bool:
    n = norm(name)
    if not _SENSITIVE.match(n) or _NOT_SENSITIVE.search(n) or schema.get("writeOnly") is True:
        return False
    if types(schema) & {"boolean", "integer"} and not n.endswith(("pin", "cvv", "cvc", "ssn")):
        return False
    return not (auth_endpoint and _TOKEN_ONLY.search(n))


def _requests(
    spec: Spec, op: Operation, schema: Node, seen: set[tuple[str, str]], emit: Emit
) -> None:
    for node, name in spec.walk_schema(schema, seen):
        if not name or is_readonly(node.value):
            continue
        n = norm(name)
        if n in _PRIVILEGED or (n in _UPDATE_ONLY and op.method in ("put", "patch")):
            emit(
                "api.mass-assignment",
                node,
                f"request body of {op.method.upper()} {op.path} lets the client set '{name}'",
                property=name,
            )


def _open_objects(spec: Spec, emit: Emit) -> None:
    seen: set[tuple[str, str]] = set()
    for root in _all_schema_roots(spec):
        for node, _ in spec.walk_schema(root, seen):
            _open_object(node, emit)


def _all_schema_roots(spec: Spec) -> list[Node]:
    roots: list[Node] = []
    for op in spec.operations:
        roots.extend(spec.request_schemas(op))
        roots.extend(s for _, s in spec.response_schemas(op))
    holder = spec.at("definitions") if spec.is_v2 else spec.at("components", "schemas")
    roots.extend(n for _, n in spec.members(holder))
    return roots


def _open_object(node: Node, emit: Emit) -> None:
    s = node.value
    if "maxProperties" in s:
        return
    for key in ("additionalProperties", "unevaluatedProperties"):
        extra = s.get(key)
        if extra is True or (
            isinstance(extra, dict) and not (set(extra) - {"description", "title"})
        ):
            emit(
                "api.additional-properties-unconstrained",
                node.child(key) or node,
                f"{key} accepts any extra property without a limit",
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
