"""Plan tiers and what each allows (the spec's "Limits" tables).

In core because two layers read it and may not import each other: the team layer (member
limits, audit retention, Enterprise settings) and quotas (monthly token pools).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Plan(StrEnum):
    FREE = "Free"
    PRO = "Pro"
    ENTERPRISE = "Enterprise"


@dataclass(frozen=True)
class PlanLimits:
    tokens_per_month: int
    max_members: int | None  # None: unlimited
    audit_retention_days: int  # the longest audit retention the plan keeps
    enterprise_settings: bool  # custom session timeout, IP allow-list, SSO


LIMITS = {
    Plan.FREE: PlanLimits(48, 5, 30, enterprise_settings=False),
    Plan.PRO: PlanLimits(1000, None, 90, enterprise_settings=False),
    # Enterprise's pool is custom (``tokens_per_month`` on the organization); 1000 until set.
    Plan.ENTERPRISE: PlanLimits(1000, None, 730, enterprise_settings=True),
}


def limits(plan: str) -> PlanLimits:
    return LIMITS[Plan(plan)]
