"""Opaque pagination cursors, signed and bound to one listing and one caller.

A cursor used to be the id of the last row of the page. That leaked: the API answered a
foreign id differently from a random one, so a caller could probe other users' ids. Now a
cursor is ``<position>.<tag>`` (both base64url), where the tag is an HMAC over
(listing, caller, position) keyed from the server secret. A cursor is accepted only by the
listing and caller it was issued to; anything else, a forged, truncated or foreign cursor
alike, is the same 422 ``invalid_cursor``, so the answer reveals nothing.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
from collections.abc import Callable, Sequence
from typing import TypeVar

from fastapi import Query

from stockade.server.context import AppContext
from stockade.server.problems import ProblemError

T = TypeVar("T")

KEY_PURPOSE = "stockade-pagination-cursor-v1"
MAX_CURSOR_LENGTH = 512
_TAG_BYTES = 16
_SEPARATOR = "\x1f"  # ASCII unit separator: never part of a listing name, id or position

# The ``cursor`` query parameter of every paginated operation.
CURSOR_QUERY = Query(
    max_length=MAX_CURSOR_LENGTH, description="`next_cursor` of the previous page (opaque)"
)

API_KEYS = "api-keys"
JOBS = "jobs"


def job_findings(job_id: str) -> str:
    """The findings listing of one job: a cursor of job A does not page job B."""
    return f"jobs/{job_id}/findings"


class Cursors:
    """Issues and checks cursors with one key (see :func:`for_context`)."""

    def __init__(self, key: bytes) -> None:
        self._key = key

    def issue(self, listing: str, caller: str, position: str) -> str:
        tag = self._tag(listing, caller, position)
        return f"{_b64(position.encode('utf-8'))}.{_b64(tag)}"

    def position(self, cursor: str, listing: str, caller: str) -> str:
        """The position a cursor stands for; :func:`invalid_cursor` unless it was issued to
        ``caller`` for ``listing``."""
        encoded, _, tag = cursor.partition(".")
        try:
            position = _unb64(encoded).decode("utf-8")
            given = _unb64(tag)
        except (ValueError, UnicodeDecodeError):
            raise invalid_cursor() from None
        if not hmac.compare_digest(given, self._tag(listing, caller, position)):
            raise invalid_cursor()
        return position

    def _tag(self, listing: str, caller: str, position: str) -> bytes:
        message = _SEPARATOR.join((listing, caller, position)).encode("utf-8")
        return hmac.new(self._key, message, hashlib.sha256).digest()[:_TAG_BYTES]


def for_context(ctx: AppContext) -> Cursors:
    return Cursors(ctx.jwt.derive_key(KEY_PURPOSE))


def after(ctx: AppContext, cursor: str | None, listing: str, caller: str) -> str | None:
    """The position to continue after, or None for the first page."""
    return None if cursor is None else for_context(ctx).position(cursor, listing, caller)


def next_cursor(ctx: AppContext, listing: str, caller: str, position: str | None) -> str | None:
    """The cursor of the next page, or None when this page is the last (``position`` None)."""
    return None if position is None else for_context(ctx).issue(listing, caller, position)


def page(
    ctx: AppContext,
    rows: Sequence[T],
    limit: int,
    listing: str,
    caller: str,
    key: Callable[[T], str],
) -> tuple[list[T], str | None]:
    """The first ``limit`` of ``rows`` (fetched with ``limit + 1``: one extra says there is
    a next page) and the cursor of the next page, continuing after the last row's ``key``."""
    items = list(rows[:limit])
    last = key(items[-1]) if len(rows) > limit else None
    return items, next_cursor(ctx, listing, caller, last)


def invalid_cursor() -> ProblemError:
    return ProblemError(
        422, "invalid_cursor", "the cursor was not issued by this list for this caller"
    )


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    if not text:
        raise ValueError("empty")
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError) as exc:
        raise ValueError(str(exc)) from None
