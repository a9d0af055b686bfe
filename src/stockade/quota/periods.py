"""Quota periods: calendar months in UTC."""

from __future__ import annotations

from datetime import UTC, datetime


def period_of(moment: datetime) -> str:
    """``YYYY-MM`` of the UTC month ``moment`` falls in."""
    return moment.astimezone(UTC).strftime("%Y-%m")


def bounds(period: str) -> tuple[datetime, datetime]:
    """The first instant of the month and of the next one."""
    year, month = (int(part) for part in period.split("-"))
    start = datetime(year, month, 1, tzinfo=UTC)
    end = datetime(year + month // 12, month % 12 + 1, 1, tzinfo=UTC)
    return start, end
