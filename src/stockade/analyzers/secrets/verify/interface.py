"""What a verifier is: it turns one credential into one HTTP call and reads the answer.

Verifiers never open connections themselves. They describe the call (:class:`HttpCall`,
relative to their provider's base URL) and classify the response; the runner owns the network,
the timeouts, the rate limits and the check that the request goes to the provider's host. That
split keeps the "secret goes only to its provider" guarantee in one place.
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field


class Status(enum.Enum):
    """The verdict put into a finding's ``verification`` metadata."""

    LIVE = "live"
    REVOKED = "revoked"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Outcome:
    """A verdict and why (the reason never contains the secret)."""

    status: Status
    reason: str


@dataclass(frozen=True)
class Companion:
    """Another candidate of the same file: some credentials come in parts (AWS key id and
    secret, a session token) and are verified together."""

    rule_id: str
    secret: str
    start: int


@dataclass(frozen=True)
class Request:
    """One credential to verify, with what else the file holds."""

    rule_id: str
    secret: str
    start: int
    companions: Sequence[Companion] = ()
    text: str = ""  # the file's text, for parts no rule reports on its own (a Twilio SID)

    def nearest(self, rule_ids: Sequence[str]) -> Companion | None:
        """The companion of one of ``rule_ids`` closest to this credential in the file."""
        found = [c for c in self.companions if c.rule_id in rule_ids and c.start != self.start]
        return min(found, key=lambda c: abs(c.start - self.start), default=None)


@dataclass(frozen=True)
class HttpCall:
    """An HTTP request relative to the provider's base URL.

    ``path`` starts with ``/`` and is appended to the base URL's path; ``key`` identifies the
    credential (all its parts) for the cache, so one credential reported twice is checked once.
    """

    method: str
    path: str
    key: str
    headers: Mapping[str, str] = field(default_factory=dict)
    body: bytes = b""


@dataclass(frozen=True)
class Response:
    """What the runner got back, reduced to what verifiers need."""

    status_code: int
    body: bytes


def classify_status(code: int) -> Outcome:
    """The default reading: 2xx live, 401/403 revoked, anything else unknown."""
    if 200 <= code < 300:
        return Outcome(Status.LIVE, f"HTTP {code}")
    if code in (401, 403):
        return Outcome(Status.REVOKED, f"HTTP {code}")
    return Outcome(Status.UNKNOWN, f"unexpected HTTP {code}")


class Verifier(ABC):
    """One provider's harmless identity call.

    Class attributes: ``provider`` names the rate-limit bucket and the base-URL override key;
    ``base_url`` is the provider's own API root (a constant); ``timeout`` bounds one call.
    """

    provider: str
    base_url: str
    timeout: float = 5.0

    @abstractmethod
    def prepare(self, request: Request, host: str) -> HttpCall | Outcome:
        """The call that checks ``request``, or an outcome when no call can (a missing part).

        ``host`` is the ``Host`` the runner will send to (the base URL's), for signatures
        that cover it."""

    def interpret(self, response: Response) -> Outcome:
        """Read the provider's answer; providers whose API differs override this."""
        return classify_status(response.status_code)
