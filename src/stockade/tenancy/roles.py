"""Organization roles and their order (Owner > Admin > Member > Viewer).

Delegation follows the spec: the Owner delegates to Admins, Admins to Members, so a role can
be granted only by someone ranked above it (:func:`can_grant`) and nobody is granted Owner
except by a transfer.
"""

from __future__ import annotations

from enum import StrEnum


class Role(StrEnum):
    OWNER = "Owner"
    ADMIN = "Admin"
    MEMBER = "Member"
    VIEWER = "Viewer"


_RANK = {Role.VIEWER: 0, Role.MEMBER: 1, Role.ADMIN: 2, Role.OWNER: 3}
ROLES = tuple(Role)
# Roles an organization-scoped API key may carry (the spec: "must belong to an Admin or Member").
KEY_ROLES = (Role.ADMIN, Role.MEMBER)


def rank(role: Role) -> int:
    return _RANK[role]


def at_least(role: Role, minimum: Role) -> bool:
    return _RANK[role] >= _RANK[minimum]


def capped(requested: Role, ceiling: Role) -> Role:
    """An API key never acts above its creator's role."""
    return requested if _RANK[requested] <= _RANK[ceiling] else ceiling


def can_grant(actor: Role, role: Role) -> bool:
    """Whether ``actor`` may give someone ``role`` (or manage someone who holds it)."""
    return role is not Role.OWNER and _RANK[actor] > _RANK[role]


def parse_role(value: str) -> Role | None:
    try:
        return Role(value)
    except ValueError:
        return None
