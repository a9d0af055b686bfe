"""How the SSO code reaches an identity provider: through the SSRF guard, pinned.

:mod:`stockade.sso` may not import the webhooks package, where the pinned httpx transport
lives, so the server hands it a :data:`stockade.sso.oidc.Dialer` built here: each IdP URL
(discovery document, JWKS, token endpoint) is vetted by :func:`stockade.core.netguard.vet_url`
and answered with a :class:`~stockade.webhooks.transport.PinnedTransport` to the vetted
address. An IdP must use https; plain http is accepted only for hosts that
``server.allow_private_targets`` lists (a loopback test IdP, an internal Keycloak).
"""

from __future__ import annotations

import ipaddress
import ssl

import httpx
from fastapi import Request

from stockade.core import netguard
from stockade.core.netguard import UnsafeTargetError
from stockade.server.context import AppContext
from stockade.sso.oidc import Dialer, OidcClient
from stockade.webhooks.transport import PinnedTransport


def dialer(ctx: AppContext) -> Dialer:
    allow = tuple(ctx.settings.server.allow_private_targets)
    context = ssl.create_default_context()
    if ctx.settings.sso.ca_file is not None:
        context.load_verify_locations(cafile=str(ctx.settings.sso.ca_file))

    def dial(url: str) -> httpx.BaseTransport:
        target = netguard.vet_url(url, allow=allow, https_only=False)
        address = ipaddress.ip_address(target.address)
        if target.scheme == "http" and not netguard.is_allowed(target.host, address, allow):
            raise UnsafeTargetError(
                "an identity provider URL must use https:// (plain http only for hosts in "
                "server.allow_private_targets)"
            )
        return PinnedTransport(target, verify=context)

    return dial


def oidc_client(request: Request, ctx: AppContext) -> OidcClient:
    """The application's OpenID Connect client (one per app: it caches discovery documents
    and key sets)."""
    client = getattr(request.app.state, "sso_oidc", None)
    if not isinstance(client, OidcClient):
        client = OidcClient(dialer(ctx), timeout=ctx.settings.sso.timeout_seconds)
        request.app.state.sso_oidc = client
    return client
