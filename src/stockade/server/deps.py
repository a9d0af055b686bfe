"""The dependency aliases routes use; later features import them from here.

``CurrentUser`` yields a :class:`Principal` (user, auth method, API key id and, for an
organization-scoped key, its organization and role); ``DbSession`` is the request's
transaction; ``Context`` carries settings, database and metrics of this app instance.
"""

from stockade.server.auth.principal import (
    AdminUser,
    AuthMethod,
    CurrentPrincipal,
    CurrentUser,
    OptionalPrincipal,
    Principal,
)
from stockade.server.context import AppContext, Context, DbSession, MembershipLookup, client_ip
from stockade.server.problems import ProblemError

__all__ = [
    "AdminUser",
    "AppContext",
    "AuthMethod",
    "Context",
    "CurrentPrincipal",
    "CurrentUser",
    "DbSession",
    "MembershipLookup",
    "OptionalPrincipal",
    "Principal",
    "ProblemError",
    "client_ip",
]
