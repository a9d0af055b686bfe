"""Sending one delivery over HTTPS: the :class:`Sender` protocol and the httpx implementation.

The implementation refuses what must never be reached (see :func:`vet_target`), connects
only to the address it vetted, does not follow redirects, has one overall timeout, and reads at most :data:`MAX_BODY` bytes of the answer, so
a slow, redirecting or 100 MB receiver cannot hold a worker.
"""

from __future__ import annotations

import ssl
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol
from urllib.parse import urlsplit

import httpx

from stockade.core import netguard
from stockade.core.netguard import Resolver, UnsafeTargetError, VettedTarget, system_resolver
from stockade.webhooks.errors import SendError, WebhookRejectedError
from stockade.webhooks.transport import pinned_client

MAX_BODY = 2048
MAX_CLIENTS = 64  # kept connection pools (one per vetted receiver); the oldest goes first


@dataclass(frozen=True)
class Answer:
    status_code: int
    body: str
    duration_ms: int


class Sender(Protocol):
    def post(self, url: str, headers: dict[str, str], body: bytes) -> Answer: ...


def vet_url(url: str) -> None:
    """The checks that need no DNS: https only, a host, no credentials in the URL (they
    would be sent to the receiver and logged everywhere)."""
    try:
        parts = urlsplit(url)
    except ValueError:  # an unclosed "[" of an IPv6 literal, say
        raise WebhookRejectedError("invalid_webhook_url", "the webhook URL is malformed") from None
    if parts.scheme.lower() != "https":
        raise WebhookRejectedError("webhook_url_not_https", "a webhook URL must use https://")
    if not parts.hostname:
        raise WebhookRejectedError("invalid_webhook_url", "the webhook URL has no host")
    if parts.username is not None or parts.password is not None:
        raise WebhookRejectedError(
            "webhook_url_credentials", "a webhook URL must not carry credentials"
        )


def vet_target(url: str, allow: Sequence[str], resolve: Resolver = system_resolver) -> VettedTarget:
    """:func:`vet_url`, then the SSRF guard: the host is resolved once and every answer must
    be public unless ``server.allow_private_targets`` allows it."""
    vet_url(url)
    try:
        return netguard.vet_url(url, allow=allow, resolve=resolve, https_only=True)
    except UnsafeTargetError as exc:
        raise WebhookRejectedError("webhook_target_refused", str(exc)) from None


class HttpxSender:
    """Posts with httpx to the address the guard vetted for this attempt.

    DNS is asked again on every attempt (a receiver may move), and each connection is pinned
    to the vetted address, so it cannot be rebound. Clients are kept per vetted target
    (scheme, host, port, address) for connection reuse: a burst of deliveries to one
    receiver shares its TLS connections instead of a handshake each.
    """

    def __init__(
        self,
        allow: Sequence[str] = (),
        *,
        timeout: float = 10.0,
        ca_file: Path | None = None,
        resolve: Resolver = system_resolver,
    ) -> None:
        self.allow = tuple(allow)
        self.timeout = timeout
        self.resolve = resolve
        context = ssl.create_default_context()
        if ca_file is not None:
            context.load_verify_locations(cafile=str(ca_file))
        self.context = context
        self._clients: dict[tuple[str, str, int, str], httpx.Client] = {}
        self._lock = threading.Lock()

    def _client(self, target: VettedTarget) -> httpx.Client:
        key = (target.scheme, target.host, target.port, str(target.address))
        with self._lock:
            client = self._clients.get(key)
            if client is None:
                if len(self._clients) >= MAX_CLIENTS:
                    self._clients.pop(next(iter(self._clients))).close()
                client = pinned_client(target, verify=self.context, timeout=self.timeout)
                self._clients[key] = client
            return client

    def post(self, url: str, headers: dict[str, str], body: bytes) -> Answer:
        target = vet_target(url, self.allow, self.resolve)
        client = self._client(target)
        started = time.perf_counter()
        try:
            with client.stream("POST", url, headers=headers, content=body) as response:
                text = _read_capped(response)
        except httpx.HTTPError as exc:
            raise SendError("delivery_failed", f"{type(exc).__name__}: {exc}") from None
        duration = int((time.perf_counter() - started) * 1000)
        return Answer(response.status_code, text, duration)

    def close(self) -> None:
        with self._lock:
            for client in self._clients.values():
                client.close()
            self._clients.clear()


def _read_capped(response: httpx.Response) -> str:
    """At most :data:`MAX_BODY` bytes of the answer; the rest is never read."""
    data = b""
    for chunk in response.iter_bytes():
        data += chunk
        if len(data) >= MAX_BODY:
            break
    return data[:MAX_BODY].decode("utf-8", errors="replace")
