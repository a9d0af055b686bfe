"""Dashboards and usage: an organization's (its members) and the caller's personal ones.

Windows are ``from``/``to`` (ISO 8601; default the last 30 days, at most 366 days long);
everything is computed by SQL aggregates in :mod:`stockade.jobs.analytics`.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Annotated, Any

from fastapi import APIRouter, Query

from stockade.jobs import analytics
from stockade.jobs.analytics import Window
from stockade.server.orgaccess import UnitDep, requires
from stockade.server.problems import ProblemError
from stockade.server.schemas.analytics import Dashboard, Usage
from stockade.server.schemas.common import problems
from stockade.tenancy.access import Access
from stockade.tenancy.permissions import Permission

router = APIRouter(tags=["analytics"])
MAX_WINDOW = timedelta(days=366)
DEFAULT_WINDOW = timedelta(days=30)
From = Annotated[
    datetime | None,
    Query(alias="from", description="Start (inclusive), ISO 8601; default 30 days before `to`."),
]
To = Annotated[
    datetime | None, Query(alias="to", description="End (exclusive), ISO 8601; default now.")
]


def window(
    unit: Any, organization_id: str | None, start: datetime | None, end: datetime | None
) -> Window:
    """The report window; refuses naive times, ``from`` after ``to``, a window starting in
    the future and one longer than 366 days (422 ``invalid_window``)."""
    now = unit.now
    for value in (start, end):
        if value is not None and value.tzinfo is None:
            raise ProblemError(422, "invalid_window", "from/to need a time zone (e.g. Z)")
    end = end or now
    start = start or end - DEFAULT_WINDOW
    if start >= end:
        raise ProblemError(422, "invalid_window", "from must be before to")
    if start > now:
        raise ProblemError(422, "invalid_window", "the window starts in the future")
    if end - start > MAX_WINDOW:
        raise ProblemError(422, "invalid_window", "a window is at most 366 days")
    return Window(organization_id, unit.actor.user_id, start, end)


def _dashboard(data: dict[str, Any]) -> Dashboard:
    return Dashboard.model_validate(data)


@router.get(
    "/api/v1/organizations/{id}/analytics/dashboard",
    operation_id="getOrganizationDashboard",
    response_model=Dashboard,
    response_model_by_alias=True,
    responses=problems(401, 403, 404, 422),
)
def organization_dashboard(
    unit: UnitDep,
    access: Annotated[Access, requires(Permission.SCANS_VIEW)],
    start: From = None,
    end: To = None,
) -> Dashboard:
    """The organization's jobs and findings in the window (any member)."""
    w = window(unit, access.organization.id, start, end)
    return _dashboard(analytics.dashboard(unit.session, w))


@router.get(
    "/api/v1/organizations/{id}/analytics/usage",
    operation_id="getOrganizationUsage",
    response_model=Usage,
    response_model_by_alias=True,
    responses=problems(401, 403, 404, 422),
)
def organization_usage(
    unit: UnitDep,
    access: Annotated[Access, requires(Permission.BILLING_VIEW)],
    start: From = None,
    end: To = None,
) -> Usage:
    """Tokens by day, cost class and member, and jobs by status (Owner, Admin)."""
    w = window(unit, access.organization.id, start, end)
    return Usage.model_validate(analytics.usage(unit.session, w))


@router.get(
    "/api/v1/me/analytics/dashboard",
    operation_id="getMyDashboard",
    response_model=Dashboard,
    response_model_by_alias=True,
    responses=problems(401, 422),
)
def my_dashboard(unit: UnitDep, start: From = None, end: To = None) -> Dashboard:
    """The caller's personal jobs (outside organizations) and their findings."""
    return _dashboard(analytics.dashboard(unit.session, window(unit, None, start, end)))


@router.get(
    "/api/v1/me/analytics/usage",
    operation_id="getMyUsage",
    response_model=Usage,
    response_model_by_alias=True,
    responses=problems(401, 422),
)
def my_usage(unit: UnitDep, start: From = None, end: To = None) -> Usage:
    """The caller's personal token usage."""
    return Usage.model_validate(analytics.usage(unit.session, window(unit, None, start, end)))
