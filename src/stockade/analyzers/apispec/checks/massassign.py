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


def check(spec: Spec, emit: Emit) -> None:
    seen: dict[tuple[str, bool], set[tuple[str, str]]] = {}
    for op in spec.operations:
        if op.method not in ("post", "put", "patch"):
            continue
        res = resource_of(spec, op)
        update = op.method != "post"
        walked = seen.setdefault((res.key, update), set())
        for schema in spec.request_schemas(op):
            for node, name in spec.walk_schema(schema, walked):
                if name and not is_readonly(node.value):
                    _property(op, res, node, name, update, emit)


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
    if n in _STATE_NAMES or state:
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


def _computed_amount(res: Resource) -> str:
    """A money property of the response that the client never supplies (if any)."""
    for n, schema in res.response.items():
        if not semantics.is_money(n):
            continue
        if res.server_owned(n) or semantics.server_computed(schema):
            return res.labels.get(n, n)
    return ""
