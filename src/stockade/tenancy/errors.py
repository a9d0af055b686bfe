"""The team layer's refusals.

Each error names a stable machine ``code`` and a :class:`Kind` (not found, forbidden,
conflict, invalid, gone, too large); the HTTP layer maps the kind to a status and never has to
know the individual classes. ``audit`` carries the record of a refused security-relevant
attempt: the request's transaction rolls back, and the server writes that record in a
transaction of its own so the refusal is on the log even though nothing else changed.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from stockade.core.errors import StockadeError

if TYPE_CHECKING:
    from stockade.tenancy.audit import AuditRecord


class Kind(StrEnum):
    NOT_FOUND = "not_found"
    FORBIDDEN = "forbidden"
    CONFLICT = "conflict"
    INVALID = "invalid"
    GONE = "gone"
    TOO_LARGE = "too_large"
    UNAUTHORIZED = "unauthorized"


class TenancyError(StockadeError):
    """Base of the team layer's refusals; the message is meant for the user."""

    kind: Kind = Kind.INVALID

    def __init__(self, code: str, message: str, *, audit: AuditRecord | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.audit = audit


class NotFoundError(TenancyError):
    """No such thing, or one the caller may not see (the two are indistinguishable)."""

    kind = Kind.NOT_FOUND


class AccessDeniedError(TenancyError):
    """The caller is a member but may not do this (role, 2FA, IP allow-list, plan, password)."""

    kind = Kind.FORBIDDEN


class SessionExpiredError(TenancyError):
    """The organization's session timeout is shorter than the session's idle time."""

    kind = Kind.UNAUTHORIZED


class StateConflictError(TenancyError):
    """The current state does not allow the action (member status, last owner, limits)."""

    kind = Kind.CONFLICT


class InvalidInputError(TenancyError):
    """A value that can never be accepted (unknown role, bad CIDR, unsafe URL, bad image)."""

    kind = Kind.INVALID


class GoneError(TenancyError):
    """An invitation or share link past its expiry."""

    kind = Kind.GONE


class TooLargeError(TenancyError):
    """An upload over its limit (a logo over 1 MiB)."""

    kind = Kind.TOO_LARGE
