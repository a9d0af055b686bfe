"""API3 mass assignment: request bodies that let the client set what the server owns.

A property is server-owned when its name grants rights or money (``role``, ``is_admin``,
``balance``, an ``is_moderator`` flag, a paid ``membership_level``), when its description
(or that of the same property in the resource's read response) says the server computes
or assigns it, or - for updates of an existing object - when it is a workflow state
(``status``, or an enum of states such as pending/shipped/refunded), a quantity from which
the server computes an amount the client never supplies, or a processing value that the
read response returns but the create request never takes. The message names the evidence.
"""

from __future__ import annotations

import re
from typing import Any

from stockade.analyzers.apispec.checks import semantics
from stockade.analyzers.apispec.checks.common import Emit, is_readonly, norm
from stockade.analyzers.apispec.checks.resources import Resource, resource_of
from stockade.analyzers.apispec.model import Operation, Spec
from stockade.analyzers.apispec.refs import Node

PRIVILEGED = frozenset(
    norm(n)
    for n in (
        "admin",
        "is_admin",
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
_STATE_NAMES = frozenset({"status", "state"})
# names that also mean something harmless (a variable's UI scopes, a field's display group):
# their enum values decide whether they are about rights
_OVERLOADED = frozenset({"scopes", "group", "groups"})
_RIGHTS_VALUE = re.compile(
    r"admin|owner|manage|moderat|super|staff|root|write|read|delete|edit|member|privileg|:", re.I
)


def _values_without_rights(spec: Spec, node: Node) -> bool:
    """An enum (of the value or of its array items) none of whose values names a right."""
    items = spec.get(node, "items")
    enum = node.value.get("enum") or (
        items.value.get("enum") if items is not None and isinstance(items.value, dict) else None
    )
    if not isinstance(enum, list) or not enum:
        return False
    return not any(_RIGHTS_VALUE.search(str(v)) for v in enum)


def check(spec: Spec, emit: Emit) -> None:
    seen: dict[tuple[str, bool], set[tuple[str, str]]] = {}
    for op in spec.operations:
        if op.method not in ("post", "put", "patch"):
            continue
        res = resource_of(spec, op)
        update = op.method != "post"
        walked = seen.setdefault((res.key, update), set())
        for schema in spec.request_schemas(op):
            sole = _sole_property(spec, schema)
            for node, name in spec.walk_schema(schema, walked):
                if name and name != sole and not is_readonly(node.value):
                    if norm(name) in _OVERLOADED and _values_without_rights(spec, node):
                        continue
                    _property(op, res, node, name, update, emit)


def _sole_property(spec: Spec, schema: Node) -> str:
    """The one property of a body that declares nothing else (``{state}``, ``{access_level}``).

    Such a body exists to set that value: whether the caller may do so is a question of
    function-level authorization (API5), not of extra fields bound along with legitimate ones.
    """
    v = schema.value
    if not isinstance(v, dict) or v.get("additionalProperties") not in (None, False):
        return ""
    props = spec.get(schema, "properties")
    names = list(props.value) if props is not None and isinstance(props.value, dict) else []
    return str(names[0]) if len(names) == 1 else ""


def _property(
    op: Operation, res: Resource, node: Node, name: str, update: bool, emit: Emit
) -> None:
    why = _always(name, node, res) or (_on_update(name, node, res) if update else "")
    if why:
        emit(
            "api.mass-assignment",
            node,
            f"request body of {op.method.upper()} {op.path} lets the client set '{name}', "
            f"which the server should own: {why}",
            property=name,
        )


def _always(name: str, node: Node, res: Resource) -> str:
    """Evidence that holds for creates and updates alike."""
    n = norm(name)
    if n in PRIVILEGED:
        return "its name grants rights, trust or money"
    reason = semantics.privilege(name, node.value) or semantics.server_computed(node.value)
    if reason:
        return reason
    returned = res.response.get(n, {})
    reason = semantics.server_computed(returned)
    if reason:
        return f"the response of {res.reads[0]} has it {reason}"
    return ""


def _on_update(name: str, node: Node, res: Resource) -> str:
    """Evidence that applies to changing an existing object (PUT/PATCH)."""
    n = norm(name)
    returned = res.response.get(n, {})
    state = semantics.lifecycle_state(node.value) or semantics.lifecycle_state(returned)
    if state or (n in _STATE_NAMES and not _client_states(node.value)):
        return f"a workflow state the server drives ({state or 'named ' + repr(name)})"
    if semantics.is_quantity(name, node.value):
        priced = _computed_amount(res)
        if priced:
            return f"changing it changes '{priced}', an amount the server computes"
    owned = res.server_owned(name)
    reasons = [semantics.internal(name, node.value), semantics.internal(name, returned)]
    # a description or marker says more than the name: prefer it from either side
    inner = next((r for r in reasons if r and not r.startswith("its name")), reasons[0])
    if owned and inner:
        return f"{owned}, and {inner} (a server-side processing value)"
    return ""


def _client_states(schema: dict[str, Any]) -> bool:
    """A ``state`` enum with no workflow stage in it (open/dismissed, active/paused): states
    the client chooses by design (close an issue, dismiss an alert, pause a webhook)."""
    enum = schema.get("enum")
    return isinstance(enum, list) and bool(enum) and not semantics.lifecycle_state(schema)


def _computed_amount(res: Resource) -> str:
    """A money property of the response that the client never supplies (if any)."""
    for n, schema in res.response.items():
        if not semantics.is_money(n):
            continue
        if res.server_owned(n) or semantics.server_computed(schema):
            return res.labels.get(n, n)
    return ""
