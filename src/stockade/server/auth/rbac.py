"""Organization roles and their order (Owner > Admin > Member > Viewer)."""

from __future__ import annotations

from enum import StrEnum


class Role(StrEnum):
    OWNER = "Owner"
    ADMIN = "Admin"
    MEMBER = "Member"
    VIEWER = "Viewer"


_RANK = {Role.VIEWER: 0, Role.MEMBER: 1, Role.ADMIN: 2, Role.OWNER: 3}


def at_least(role: Role, minimum: Role) -> bool:
    return _RANK[role] >= _RANK[minimum]


def capped(requested: Role, ceiling: Role) -> Role:
    """An API key never acts above its creator's role."""
    return requested if _RANK[requested] <= _RANK[ceiling] else ceiling
