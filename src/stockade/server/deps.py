"""The dependency aliases routes use; later features import them from here.

``CurrentUser`` yields a :class:`Principal` (user, auth method, API key id and, for an
organization-scoped key, its organization and role); ``DbSession`` is the request's
transaction; ``Context`` carries settings, database and metrics of this app instance.
``JobsDep`` is the jobs service on that transaction and ``CurrentCaller`` the principal as
the jobs domain sees it (the jobs package does not import the server).
"""

from typing import Annotated

from fastapi import Depends

from stockade.jobs.service import Caller
from stockade.server.auth.principal import (
    AdminUser,
    AuthMethod,
    CurrentPrincipal,
    CurrentUser,
    OptionalPrincipal,
    Principal,
)
from stockade.server.context import (
    AppContext,
    Context,
    DbSession,
    JobsDep,
    MembershipLookup,
    client_ip,
)
from stockade.server.problems import ProblemError


def current_caller(principal: CurrentPrincipal) -> Caller:
    """The authenticated principal reduced to what the jobs service decides on."""
    return Caller(principal.user_id, principal.organization_id, principal.role)


CurrentCaller = Annotated[Caller, Depends(current_caller)]

__all__ = [
    "AdminUser",
    "AppContext",
    "AuthMethod",
    "Context",
    "CurrentCaller",
    "CurrentPrincipal",
    "CurrentUser",
    "DbSession",
    "JobsDep",
    "MembershipLookup",
    "OptionalPrincipal",
    "Principal",
    "ProblemError",
    "client_ip",
]
