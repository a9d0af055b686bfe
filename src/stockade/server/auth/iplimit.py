"""Per-client-IP limits on registration and login, before any password is hashed.

Both endpoints are unauthenticated and each attempt costs an argon2 hash (tens to hundreds
of milliseconds of CPU by design), so without a limit one client can starve every other
request. This is deliberately tiny: one :class:`IpLimiter` per application with the
``limits`` library's in-memory moving windows. The planned tiered rate limiter replaces it by
providing the same ``hit(action, ip)`` (and answering the same 429).
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Mapping, Sequence

from fastapi import Request
from limits import RateLimitItem, RateLimitItemPerHour, RateLimitItemPerMinute
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from stockade.config import AuthIpLimits
from stockade.server.context import client_ip, get_context
from stockade.server.problems import ProblemError

REGISTER = "register"
LOGIN = "login"
_STATE_ATTR = "auth_ip_limiter"
_create_lock = threading.Lock()


class IpLimiter:
    """Counts attempts per (action, client IP) in moving windows; raises 429 when full."""

    def __init__(self, rules: Mapping[str, Sequence[RateLimitItem]]) -> None:
        self._rules = dict(rules)
        self._limiter = MovingWindowRateLimiter(MemoryStorage())
        self._lock = threading.Lock()  # test-then-hit of several windows is one step

    @classmethod
    def from_settings(cls, limits: AuthIpLimits) -> IpLimiter:
        return cls(
            {
                REGISTER: (
                    RateLimitItemPerMinute(limits.register_per_minute),
                    RateLimitItemPerHour(limits.register_per_hour),
                ),
                LOGIN: (
                    RateLimitItemPerMinute(limits.login_per_minute),
                    RateLimitItemPerHour(limits.login_per_hour),
                ),
            }
        )

    def hit(self, action: str, ip: str) -> None:
        """Count one attempt, or raise 429 (``Retry-After``) without counting it."""
        with self._lock:
            for item in self._rules[action]:
                if not self._limiter.test(item, action, ip):
                    raise _too_many(action, self._retry_after(item, action, ip))
            for item in self._rules[action]:
                self._limiter.hit(item, action, ip)

    def _retry_after(self, item: RateLimitItem, action: str, ip: str) -> int:
        reset = self._limiter.get_window_stats(item, action, ip).reset_time
        return max(1, math.ceil(reset - time.time()))


def _too_many(action: str, wait: int) -> ProblemError:
    return ProblemError(
        429,
        "too_many_requests_from_ip",
        f"too many {action} attempts from this address; retry in {wait} s",
        headers={"Retry-After": str(wait)},
    )


def limiter(request: Request) -> IpLimiter:
    """The application's limiter, built from its settings on first use (apps in one process,
    e.g. tests, each count separately)."""
    state = request.app.state
    found = getattr(state, _STATE_ATTR, None)
    if isinstance(found, IpLimiter):
        return found
    with _create_lock:
        found = getattr(state, _STATE_ATTR, None)
        if not isinstance(found, IpLimiter):
            found = IpLimiter.from_settings(get_context(request).settings.auth.ip_limits)
            setattr(state, _STATE_ATTR, found)
        return found


def per_ip(action: str) -> Callable[[Request], None]:
    """A route dependency counting ``action`` against the caller's IP (see ``client_ip``)."""

    def check(request: Request) -> None:
        limiter(request).hit(action, client_ip(request, get_context(request)))

    return check
