"""The SSRF guard as git sources use it: the rules of :mod:`stockade.core.netguard`, with
refusals reported as :class:`SourceError` (the job fails with the message).

A git URL may name a host that resolves to the server's own network. Every address the
host resolves to must be public unless ``server.allow_private_targets`` allow-lists it by
CIDR or host name; :func:`resolve_public` returns the one address the caller must then
connect to (git pins it with ``http.curloptResolve``), so DNS rebinding cannot swap it.
The rules live in ``core`` so webhooks, which may not import ``jobs``, share them.
"""

from __future__ import annotations

from collections.abc import Iterable

from stockade.core.netguard import (
    IPAddress,
    Resolver,
    UnsafeTargetError,
    internal_reason,
    is_internal,
    system_resolver,
    vet_host,
)
from stockade.jobs.sources.errors import SourceError

__all__ = ["IPAddress", "Resolver", "internal_reason", "is_internal", "resolve_public"]


def resolve_public(
    host: str, port: int, allow: Iterable[str] = (), *, resolve: Resolver = system_resolver
) -> str:
    """One address of ``host`` that may be contacted (resolved once); SourceError otherwise."""
    try:
        return str(vet_host(host, port, allow=allow, resolve=resolve))
    except UnsafeTargetError as exc:
        raise SourceError(str(exc)) from None
