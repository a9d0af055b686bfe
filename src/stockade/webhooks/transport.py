"""httpx clients that connect only to an address the SSRF guard vetted (no DNS rebinding).

:func:`stockade.core.netguard.vet_url` resolves a URL's host once and returns the address
to use. If the HTTP client then resolved the name again, a hostile DNS server could answer
with a public address for the check and ``127.0.0.1`` for the connection. The transports
here never resolve: each request's URL host is swapped for the vetted address before it
reaches httpx's own transport, while

- the ``Host`` header keeps the original name (httpx set it when the request was built),
- TLS uses the original name for SNI and certificate verification (the ``sni_hostname``
  request extension, which httpcore passes to ``SSLContext.wrap_socket`` as
  ``server_hostname``), so a certificate for the name is still required.

A request for any other scheme, host or port than the vetted one is refused rather than
sent to the pinned address. :func:`pinned_client` also turns off what could reroute a
request behind the guard's back: environment proxies (``trust_env``) and redirects.

Webhook deliveries are its user (git sources pin through curl instead); the rules it
enforces live in :mod:`stockade.core.netguard`, shared with git sources.
"""

from __future__ import annotations

import ssl
from typing import Any

import httpx

from stockade.core.netguard import (
    DEFAULT_PORTS,
    UnsafeTargetError,
    VettedTarget,
    parse_ip_literal,
)

Verify = ssl.SSLContext | str | bool


def _same_host(url_host: str, vetted_host: str) -> bool:
    """Names compare as text; IP literals as addresses (``::1`` is ``0:0:0:0:0:0:0:1``)."""
    try:
        url_ip, vetted_ip = parse_ip_literal(url_host), parse_ip_literal(vetted_host)
    except UnsafeTargetError:
        return False
    if url_ip is not None or vetted_ip is not None:
        return url_ip == vetted_ip
    return url_host == vetted_host


def _pinned_request(target: VettedTarget, request: httpx.Request) -> httpx.Request:
    """``request`` re-addressed to ``target.address``; refuses a request for another origin."""
    url = request.url
    host = url.raw_host.decode("ascii").lower()
    scheme = url.scheme.lower()
    port = url.port or DEFAULT_PORTS.get(scheme, 0)
    if (scheme, port) != (target.scheme, target.port) or not _same_host(host, target.host):
        raise UnsafeTargetError(
            f"this client may only reach {target.scheme}://{target.host}:{target.port}, "
            f"not {scheme}://{host}:{port}"
        )
    extensions = dict(request.extensions)
    if scheme == "https":
        extensions["sni_hostname"] = target.host
    return httpx.Request(
        request.method,
        url.copy_with(host=target.address),
        headers=request.headers,
        stream=request.stream,
        extensions=extensions,
    )


class PinnedTransport(httpx.BaseTransport):
    """A sync transport that dials ``target.address`` for ``target``'s URL host only."""

    def __init__(
        self,
        target: VettedTarget,
        *,
        verify: Verify = True,
        inner: httpx.BaseTransport | None = None,
    ) -> None:
        self.target = target
        self._inner = inner if inner is not None else httpx.HTTPTransport(verify=verify)

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        return self._inner.handle_request(_pinned_request(self.target, request))

    def close(self) -> None:
        self._inner.close()


class AsyncPinnedTransport(httpx.AsyncBaseTransport):
    """The asyncio twin of :class:`PinnedTransport`."""

    def __init__(
        self,
        target: VettedTarget,
        *,
        verify: Verify = True,
        inner: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self.target = target
        self._inner = inner if inner is not None else httpx.AsyncHTTPTransport(verify=verify)

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        return await self._inner.handle_async_request(_pinned_request(self.target, request))

    async def aclose(self) -> None:
        await self._inner.aclose()


def pinned_client(target: VettedTarget, *, verify: Verify = True, **options: Any) -> httpx.Client:
    """An ``httpx.Client`` for ``target`` only: pinned address, no proxies, no redirects.

    ``options`` go to ``httpx.Client`` (``timeout``, ``headers``...); ``transport``,
    ``trust_env`` and ``follow_redirects`` are fixed here and may not be overridden."""
    return httpx.Client(
        transport=PinnedTransport(target, verify=verify),
        trust_env=False,
        follow_redirects=False,
        **options,
    )


def pinned_async_client(
    target: VettedTarget, *, verify: Verify = True, **options: Any
) -> httpx.AsyncClient:
    """The asyncio twin of :func:`pinned_client`."""
    return httpx.AsyncClient(
        transport=AsyncPinnedTransport(target, verify=verify),
        trust_env=False,
        follow_redirects=False,
        **options,
    )
