"""The code-host integration's errors; the HTTP layer maps the refusals to problems."""

from __future__ import annotations

from datetime import datetime

from stockade.core.errors import StockadeError


class CodeHostError(StockadeError):
    """Base: ``code`` is the stable machine code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class CodeHostRejectedError(CodeHostError):
    """Settings that can never be accepted (an ``http://`` or internal API URL, a private
    key that is not an RSA key, a missing credential); the server answers 422."""


class CodeHostNotFoundError(CodeHostError):
    """The organization has no such integration; the server answers 404."""


class PublishError(CodeHostError):
    """One call to the code host failed (unreachable, refused target, an error answer).
    Recorded on the publication's step and retried; never raised to an API caller."""

    def __init__(self, code: str, message: str, *, status: int | None = None) -> None:
        super().__init__(code, message)
        self.status = status


class RateLimitedError(PublishError):
    """The host asked us to wait longer than a round may: retry at ``retry_at``."""

    def __init__(self, message: str, retry_at: datetime) -> None:
        super().__init__("rate_limited", message, status=429)
        self.retry_at = retry_at
