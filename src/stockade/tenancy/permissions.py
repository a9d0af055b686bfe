"""The permission matrix of API.md, as data, and the one function that reads it.

Routes and services never compare roles themselves: they name a :class:`Permission` and ask
:func:`allows`. Changing who may do what is an edit to :data:`MATRIX` alone, and the
role × endpoint test is generated from it.
"""

from __future__ import annotations

from enum import StrEnum
from types import MappingProxyType

from stockade.tenancy.roles import Role


class Permission(StrEnum):
    SCANS_VIEW = "scans:view"
    SCANS_EXPORT = "scans:export"
    SCANS_CREATE = "scans:create"
    SCANS_DELETE = "scans:delete"
    FINDINGS_VIEW = "findings:view"
    FINDINGS_TRIAGE = "findings:resolve"
    SETTINGS_VIEW = "settings:view"
    SETTINGS_MODIFY = "settings:modify"
    MEMBERS_MANAGE = "settings:manage_members"
    API_KEYS_MANAGE = "settings:manage_api_keys"
    BILLING_VIEW = "billing:view"
    BILLING_MANAGE = "billing:manage"
    INTEGRATIONS_VIEW = "integrations:view"
    INTEGRATIONS_CONFIGURE = "integrations:configure"
    AUDIT_VIEW = "audit:view"
    ORG_EXPORT = "audit:export"
    ORG_DELETE = "audit:delete_organization"
    ORG_TRANSFER = "organization:transfer"
    # Not in API.md's table: its SSO section says the SCIM token is "created by an Owner".
    SCIM_MANAGE = "sso:manage_scim"
    # Not in API.md's table: issue 19, "e-mail domains claimed by the organization (verified
    # by an Owner)".
    SSO_DOMAINS_VERIFY = "sso:verify_domain"


_ALL = frozenset(Role)
_WRITERS = frozenset({Role.OWNER, Role.ADMIN, Role.MEMBER})
_ADMINS = frozenset({Role.OWNER, Role.ADMIN})
_OWNER = frozenset({Role.OWNER})

MATRIX: MappingProxyType[Permission, frozenset[Role]] = MappingProxyType(
    {
        Permission.SCANS_VIEW: _ALL,
        Permission.SCANS_EXPORT: _ALL,
        Permission.SCANS_CREATE: _WRITERS,
        Permission.SCANS_DELETE: _ADMINS,
        Permission.FINDINGS_VIEW: _ALL,
        Permission.FINDINGS_TRIAGE: _WRITERS,
        Permission.SETTINGS_VIEW: _ALL,
        Permission.SETTINGS_MODIFY: _ADMINS,
        Permission.MEMBERS_MANAGE: _ADMINS,
        Permission.API_KEYS_MANAGE: _ADMINS,
        Permission.BILLING_VIEW: _ADMINS,
        Permission.BILLING_MANAGE: _OWNER,
        Permission.INTEGRATIONS_VIEW: _WRITERS,
        Permission.INTEGRATIONS_CONFIGURE: _ADMINS,
        Permission.AUDIT_VIEW: _ADMINS,
        Permission.ORG_EXPORT: _OWNER,
        Permission.ORG_DELETE: _OWNER,
        Permission.ORG_TRANSFER: _OWNER,
        Permission.SCIM_MANAGE: _OWNER,
        Permission.SSO_DOMAINS_VERIFY: _OWNER,
    }
)


def allows(role: Role, permission: Permission) -> bool:
    return role in MATRIX[permission]
