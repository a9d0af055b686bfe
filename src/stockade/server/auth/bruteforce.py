"""Login throttling per account and per client IP, counted from the login_attempts table.

Counting in the database (not in memory) keeps the limit across restarts and across
several server processes.
"""

from __future__ import annotations

import math
from datetime import timedelta

from sqlalchemy.orm import Session

from stockade.server.problems import ProblemError
from stockade.store.repositories import LoginAttempts
from stockade.store.types import utcnow

WINDOW = timedelta(minutes=15)
MAX_PER_ACCOUNT = 5
MAX_PER_IP = 20


def check(db: Session, *, email: str, ip: str) -> None:
    """Raise 429 with ``Retry-After`` when either counter is exhausted."""
    attempts = LoginAttempts(db)
    since = utcnow() - WINDOW
    for count, oldest, limit in (
        (*attempts.failures_since(since, email=email), MAX_PER_ACCOUNT),
        (*attempts.failures_since(since, ip=ip), MAX_PER_IP),
    ):
        if count >= limit and oldest is not None:
            wait = max(1, math.ceil((oldest + WINDOW - utcnow()).total_seconds()))
            raise ProblemError(
                429,
                "too_many_login_attempts",
                f"too many failed logins; retry in {wait} s",
                headers={"Retry-After": str(wait)},
            )
