"""An organization's security settings: defaults, validation and plan gating.

Stored as JSON on the organization; :meth:`OrgSettings.of` fills in defaults, so an
organization created before a setting existed reads the default. Custom session timeouts and
IP allow-lists are Enterprise features; audit retention may not exceed what the plan keeps.
"""

from __future__ import annotations

import ipaddress
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from stockade.core.plans import limits
from stockade.store.tenancy_models import Organization
from stockade.tenancy.errors import AccessDeniedError, InvalidInputError

DEFAULT_SESSION_TIMEOUT = 30
DEFAULT_SCAN_RETENTION = 365
MAX_ALLOWLIST = 100


@dataclass(frozen=True)
class OrgSettings:
    require_2fa: bool = False
    session_timeout_minutes: int = DEFAULT_SESSION_TIMEOUT
    ip_allowlist: list[str] = field(default_factory=list)
    scan_retention_days: int = DEFAULT_SCAN_RETENTION
    audit_retention_days: int = 30

    @classmethod
    def of(cls, org: Organization) -> OrgSettings:
        stored = org.settings or {}
        base = cls(audit_retention_days=limits(org.plan).audit_retention_days)
        known = {k: v for k, v in stored.items() if k in asdict(base)}
        return replace(base, **known)

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


def updated(org: Organization, changes: dict[str, Any]) -> OrgSettings:
    """The settings after ``changes`` (only the keys present), validated against the plan.

    Raises :class:`InvalidInputError` for values never acceptable and
    :class:`AccessDeniedError` (``plan_required``) for Enterprise-only changes.
    """
    current = OrgSettings.of(org)
    plan = limits(org.plan)
    values = dict(changes)
    if "ip_allowlist" in values:
        values["ip_allowlist"] = _cidrs(values["ip_allowlist"])
    result = replace(current, **values)
    if not plan.enterprise_settings:
        if result.ip_allowlist != current.ip_allowlist:
            raise _plan_required("an IP allow-list")
        if result.session_timeout_minutes != current.session_timeout_minutes:
            raise _plan_required("a custom session timeout")
    if result.audit_retention_days > plan.audit_retention_days:
        raise AccessDeniedError(
            "plan_required",
            f"the {org.plan} plan keeps the audit log at most {plan.audit_retention_days} days",
        )
    return result


def _plan_required(feature: str) -> AccessDeniedError:
    return AccessDeniedError("plan_required", f"{feature} needs the Enterprise plan")


def _cidrs(entries: list[str]) -> list[str]:
    """Each entry a CIDR (or single address), normalised; anything else is refused."""
    if len(entries) > MAX_ALLOWLIST:
        raise InvalidInputError(
            "invalid_ip_allowlist", f"at most {MAX_ALLOWLIST} entries are allowed"
        )
    out: list[str] = []
    for entry in entries:
        try:
            network = ipaddress.ip_network(entry.strip(), strict=False)
        except ValueError:
            raise InvalidInputError(
                "invalid_ip_allowlist", f"{entry!r} is not an IP address or CIDR range"
            ) from None
        out.append(str(network))
    return out


def downgraded(org: Organization) -> dict[str, Any]:
    """Settings after a move to ``org.plan``: features the plan lacks fall back to defaults."""
    current = OrgSettings.of(org)
    plan = limits(org.plan)
    result = current
    if not plan.enterprise_settings:
        result = replace(result, ip_allowlist=[], session_timeout_minutes=DEFAULT_SESSION_TIMEOUT)
    result = replace(
        result, audit_retention_days=min(result.audit_retention_days, plan.audit_retention_days)
    )
    return result.as_json()
