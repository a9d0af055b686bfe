"""The rate-limit response headers, and the middleware that puts them on every response.

Syntax (draft-ietf-httpapi-ratelimit-headers, -09/-10): both fields are Structured Field
Lists. ``RateLimit-Policy`` lists the quota policies, each a quoted name with ``q`` (quota,
here in cost units) and ``w`` (window, seconds)::

    RateLimit-Policy: "burst";q=20;w=1, "minute";q=100;w=60, "hour";q=2000;w=3600

``RateLimit`` gives each policy's service limit: ``r`` units remaining and ``t`` seconds
until the oldest counted unit leaves the window::

    RateLimit: "burst";r=19;t=1, "minute";r=97;t=42, "hour";r=1997;t=3542

The de-facto ``X-RateLimit-Limit``/``-Remaining``/``-Reset`` trio (GitHub's meaning: reset
is a Unix time in seconds) describes the most constrained window alone.

The dependency that counts a request stores the headers in the request state; the
:class:`RateLimitHeadersMiddleware` adds them when the response starts, so error answers
(401, 404, 422, 429) and streamed bodies carry them exactly like a plain 200.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from stockade.server.ratelimit.limiter import Decision, WindowState, whole_seconds
from stockade.server.ratelimit.policy import Window

STATE_KEY = "ratelimit_headers"
POLICY = "RateLimit-Policy"
RATELIMIT = "RateLimit"
LIMIT = "X-RateLimit-Limit"
REMAINING = "X-RateLimit-Remaining"
RESET = "X-RateLimit-Reset"
RETRY_AFTER = "Retry-After"
# For CORS ``expose_headers``: a browser client may read them.
EXPOSED = (POLICY, RATELIMIT, LIMIT, REMAINING, RESET, RETRY_AFTER)

Headers = list[tuple[str, str]]


def policy_field(windows: Sequence[Window]) -> str:
    return ", ".join(f'"{w.name}";q={w.amount};w={w.seconds}' for w in windows)


def ratelimit_field(states: Sequence[WindowState], now: float) -> str:
    return ", ".join(
        f'"{s.window.name}";r={s.remaining};t={seconds_until(s.reset_at, now)}' for s in states
    )


def seconds_until(moment: float, now: float) -> int:
    return whole_seconds(moment - now)


def for_decision(windows: Sequence[Window], decision: Decision) -> Headers:
    """The headers of a counted request; only the policy when the storage could not say
    how much is left."""
    headers: Headers = [(POLICY, policy_field(windows))]
    binding = decision.binding
    if binding is None:
        return headers
    headers.append((RATELIMIT, ratelimit_field(decision.states, decision.now)))
    headers.append((LIMIT, str(binding.window.amount)))
    headers.append((REMAINING, str(binding.remaining)))
    headers.append((RESET, str(math.ceil(binding.reset_at))))
    return headers


def encoded(headers: Headers) -> list[tuple[bytes, bytes]]:
    return [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers]


class RateLimitHeadersMiddleware:
    """Adds the headers a request's rate-limit check left in ``scope["state"]``.

    Pure ASGI (not ``BaseHTTPMiddleware``) so streaming responses pass through untouched;
    a request that was not counted (``/health``, an unknown path) gets nothing.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        state = scope.setdefault("state", {})

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                extra = state.get(STATE_KEY)
                if extra:
                    message["headers"] = [*message.get("headers", ()), *extra]
            await send(message)

        await self.app(scope, receive, send_with_headers)
