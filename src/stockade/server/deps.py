"""The dependency aliases routes use; later features import them from here.

``CurrentUser`` yields a :class:`Principal` (user, auth method, API key id and, for an
organization-scoped key, its organization and role); ``DbSession`` is the request's
transaction; ``Context`` carries settings, database and metrics of this app instance.
``JobsDep`` is the jobs service on that transaction and ``CurrentCaller`` the principal as
the jobs domain sees it (the jobs package does not import the server).
"""

from typing import Annotated

from fastapi import Depends, Request

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


def actor_of(request: Request, ctx: AppContext, principal: Principal) -> Caller:
    """The principal as the jobs and team layers see it: who, an organization key's scope
    and role, the client address (``trusted_proxies`` honoured), 2FA and session idle time."""
    return Caller(
        principal.user_id,
        principal.organization_id,
        principal.role,
        email=principal.user.email,
        ip=client_ip(request, ctx),
        two_factor=bool(principal.user.totp_enabled),
        idle_seconds=principal.idle_seconds,
        session_id=principal.session_id,
        api_key_id=principal.api_key_id,
        instance_admin=bool(principal.user.is_admin),
    )


def current_caller(request: Request, ctx: Context, principal: CurrentPrincipal) -> Caller:
    return actor_of(request, ctx, principal)


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
    "actor_of",
    "client_ip",
]
