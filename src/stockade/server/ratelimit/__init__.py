"""Tiered request rate limits (issue #16): three moving windows per caller, in cost units.

- :mod:`.policy`: tiers, windows, cost classes (pure arithmetic from the settings);
- :mod:`.limiter`: counting with the ``limits`` library on ``memory://`` or Redis, and what
  happens when Redis is down (reads pass, writes answer 503);
- :mod:`.headers`: ``RateLimit-Policy``/``RateLimit``/``X-RateLimit-*`` and the middleware
  that adds them to every response of a counted request;
- :mod:`.dependency`: the application-wide dependency and the routes' ``x-cost-class``.

See docs/limits.md for the numbers and the deployment.
"""

from stockade.server.ratelimit.dependency import (
    COST_CLASS_KEY,
    cost_class,
    declare_cost_classes,
    rate_limit,
)
from stockade.server.ratelimit.headers import EXPOSED, RateLimitHeadersMiddleware
from stockade.server.ratelimit.limiter import Decision, Outcome, RateLimiter
from stockade.server.ratelimit.policy import Caller, CostClass, Policy, TierKind

__all__ = [
    "COST_CLASS_KEY",
    "EXPOSED",
    "Caller",
    "CostClass",
    "Decision",
    "Outcome",
    "Policy",
    "RateLimitHeadersMiddleware",
    "RateLimiter",
    "TierKind",
    "cost_class",
    "declare_cost_classes",
    "rate_limit",
]
