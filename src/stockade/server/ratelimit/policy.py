"""What the limits are: tiers, windows and cost classes, computed once from the settings.

The spec's tiers (``server.rate_limit.tiers``) give each kind of caller three windows: a
1-second burst, a minute and an hour. Requests are counted in cost units (``server.rate_limit.
costs``), so an analysis (3) uses three times the budget of a read (1). An organization
context multiplies every window by ``1 + org_bonus_percent / 100``. Nothing here touches
storage or HTTP, so the arithmetic is testable on its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from stockade.config import RateLimit, Tier


class CostClass(StrEnum):
    """The spec's request cost classes; a route declares one (``x-cost-class``)."""

    GET = "get"
    POST = "post"
    ANALYSIS = "analysis"
    LLM = "llm"


class TierKind(StrEnum):
    """Who is calling decides the tier: an API key, a cookie session, or nobody (by IP)."""

    API_KEY = "api_key"
    AUTHENTICATED = "authenticated"
    ANONYMOUS = "anonymous"


# Reads are the only class that may pass when the limiter's storage is down (fail open);
# everything that writes or costs money fails closed.
READ_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def default_cost_class(method: str) -> CostClass:
    """The class of a route that declares none: GET/HEAD read, every other method writes."""
    return CostClass.GET if method.upper() in READ_METHODS else CostClass.POST


@dataclass(frozen=True)
class Window:
    """One sliding window: ``amount`` cost units per ``seconds``; ``name`` is its policy id
    in the ``RateLimit`` headers and its part of the storage key."""

    name: str
    seconds: int
    amount: int


@dataclass(frozen=True)
class Caller:
    """Whom a request is counted against: ``key`` is ``key:<api key id>``, ``user:<id>``
    or ``ip:<address>``; ``organization`` is True in a verified organization context."""

    key: str
    tier: TierKind
    organization: bool = False


# (window name, length in seconds, the tier attribute holding its amount)
_WINDOWS = (
    ("burst", 1, "burst"),
    ("minute", 60, "requests_per_minute"),
    ("hour", 3600, "requests_per_hour"),
)


def with_bonus(amount: int, percent: int) -> int:
    """``amount`` raised by ``percent`` %, rounded down (100 → 120 at 20 %) and never below
    the base amount."""
    return max(amount, amount * (100 + percent) // 100)


@dataclass(frozen=True)
class Policy:
    """The windows of every (tier, organization context) pair and the cost of each class."""

    windows_by_tier: Mapping[tuple[TierKind, bool], tuple[Window, ...]]
    costs: Mapping[CostClass, int]
    org_bonus_percent: int

    @classmethod
    def from_settings(cls, limits: RateLimit) -> Policy:
        tiers: dict[TierKind, Tier] = {
            TierKind.API_KEY: limits.tiers.api_key,
            TierKind.AUTHENTICATED: limits.tiers.authenticated,
            TierKind.ANONYMOUS: limits.tiers.anonymous,
        }
        bonus = limits.tiers.org_bonus_percent
        windows = {
            (kind, org): _windows(tier, bonus if org else 0)
            for kind, tier in tiers.items()
            for org in (False, True)
        }
        costs = {c: int(getattr(limits.costs, c.value)) for c in CostClass}
        return cls(windows, costs, bonus)

    def windows(self, caller: Caller) -> tuple[Window, ...]:
        return self.windows_by_tier[(caller.tier, caller.organization)]

    def cost(self, cost_class: CostClass) -> int:
        return self.costs[cost_class]


def _windows(tier: Tier, bonus_percent: int) -> tuple[Window, ...]:
    return tuple(
        Window(name, seconds, with_bonus(int(getattr(tier, attr)), bonus_percent))
        for name, seconds, attr in _WINDOWS
    )
