"""The one place where an HTTP outcome of a provider call becomes an :mod:`stockade.llm.errors`
exception, shared by every provider module.

============================================  =====================================
outcome                                       raised
============================================  =====================================
timeout, connection refused/reset, 5xx        :class:`ProviderUnavailableError`
429                                           :class:`ProviderRateLimitedError` with
                                              ``Retry-After`` (seconds or HTTP date)
401, 403, no key, a key the vendor calls bad  :class:`ProviderAuthError`
other 4xx, a redirect (never followed)        :class:`ProviderError` (502 ``llm_error``)
a 200 whose body is not a JSON object         :class:`LLMBadResponseError`
a stream cut after the answer began           :class:`ProviderStreamError`
============================================  =====================================

Messages name the provider and the status and may quote the provider's own error text,
cut to :data:`MAX_ERROR_TEXT` characters with the API key scrubbed out; they never hold the
prompt. Bodies go out as ``orjson`` bytes (the JSON encoding is on the latency path of
every call).
"""

from __future__ import annotations

import email.utils
import time
from collections.abc import AsyncGenerator, Mapping
from dataclasses import dataclass
from typing import Any, NoReturn

import anyio
import httpx
import orjson
from httpx_sse import EventSource, SSEError

from stockade import __version__
from stockade.llm.errors import (
    LLMBadResponseError,
    ProviderAuthError,
    ProviderError,
    ProviderRateLimitedError,
    ProviderStreamError,
    ProviderUnavailableError,
)
from stockade.llm.settings import LlmSettings

MAX_ERROR_TEXT = 300
MAX_ERROR_BODY = 64 * 1024  # an error answer is read this far, never further
USER_AGENT = f"stockade/{__version__}"
MAX_CONNECTIONS = 128  # per provider client, across all requests of the process
POOL_SHARDS = 8  # connection pools the connections are spread over (see ShardedTransport)


@dataclass(frozen=True, slots=True)
class Endpoint:
    """Where one call goes: ``provider`` names it in messages; ``secret`` (the API key) is
    scrubbed from any provider text quoted in an error."""

    provider: str
    url: str
    headers: Mapping[str, str]
    secret: str | None = None


class ShardedTransport(httpx.AsyncBaseTransport):
    """Requests spread round-robin over :data:`POOL_SHARDS` connection pools.

    httpcore's pool re-examines every connection for every queued request each time a
    request starts or ends, so one pool serving ``n`` concurrent calls costs O(n²) CPU:
    measured, 100 concurrent calls over one warm 100-connection pool took 1.5–4.8 s of CPU
    in the event loop, far more than the calls themselves. Eight pools of an eighth of the
    connections each keep that scan short and change nothing else about a call.
    """

    def __init__(self, shards: int, max_connections: int, max_keepalive: int) -> None:
        per_shard = httpx.Limits(
            max_connections=-(-max_connections // shards),
            max_keepalive_connections=-(-max_keepalive // shards),
        )
        tls = httpx.create_ssl_context()  # one CA bundle load (~30 ms), not one per pool
        self._shards = [
            httpx.AsyncHTTPTransport(verify=tls, limits=per_shard) for _ in range(shards)
        ]
        self._next = 0

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        shard = self._shards[self._next]
        self._next = (self._next + 1) % len(self._shards)
        return await shard.handle_async_request(request)

    async def aclose(self) -> None:
        for shard in self._shards:
            await shard.aclose()


def new_client(settings: LlmSettings) -> httpx.AsyncClient:
    """The one pooled client of a configured provider: ``llm.timeout_seconds`` for each
    phase of a call, redirects never followed (a redirect would carry the key elsewhere),
    connections kept open for at least ``llm.max_concurrency`` calls at once (several
    requests may each run that many), spread over a :class:`ShardedTransport`."""
    return httpx.AsyncClient(
        timeout=httpx.Timeout(settings.timeout_seconds),
        follow_redirects=False,
        transport=ShardedTransport(
            POOL_SHARDS, MAX_CONNECTIONS, min(max(settings.max_concurrency, 20), MAX_CONNECTIONS)
        ),
        headers={"User-Agent": USER_AGENT},
    )


async def post_json(
    http: httpx.AsyncClient, endpoint: Endpoint, body: Mapping[str, Any], timeout: float
) -> dict[str, Any]:
    """POST ``body`` and return the JSON object answered. ``timeout`` bounds the whole call
    (httpx's own timeout is per phase: a provider trickling bytes would never trip it)."""
    try:
        with anyio.fail_after(timeout):
            response = await http.post(
                endpoint.url,
                content=orjson.dumps(body),
                headers={**endpoint.headers, "Content-Type": "application/json"},
                timeout=timeout,
            )
    except (TimeoutError, httpx.TimeoutException):
        raise _timed_out(endpoint, timeout) from None
    except httpx.RequestError as exc:
        raise _unreachable(endpoint, exc) from None
    raise_for_status(endpoint, response.status_code, response.headers, response.content)
    return json_object(endpoint, response.content)


async def stream_events(
    http: httpx.AsyncClient, endpoint: Endpoint, body: Mapping[str, Any], timeout: float
) -> AsyncGenerator[str, None]:
    """POST ``body`` and yield the ``data`` of each server-sent event as it arrives.

    ``timeout`` applies to each wait (connect, and each read between two chunks), not to
    the whole stream: a long answer may take longer than one call's timeout. The caller
    decides whether the events ended properly (each vendor marks the end differently); a
    connection lost or silent after the answer began is a :class:`ProviderStreamError`.
    """
    started = False
    headers = {**endpoint.headers, "Content-Type": "application/json"}
    headers.update({"Accept": "text/event-stream", "Cache-Control": "no-store"})
    try:
        async with http.stream(
            "POST", endpoint.url, content=orjson.dumps(body), headers=headers, timeout=timeout
        ) as response:
            if response.status_code >= 300:
                raise_for_status(
                    endpoint, response.status_code, response.headers, await _head(response)
                )
            started = True
            async for event in EventSource(response).aiter_sse():
                yield event.data
    except httpx.TimeoutException:
        if started:
            raise ProviderStreamError(
                f"{endpoint.provider} stopped sending its answer for {timeout:g} s"
            ) from None
        raise _timed_out(endpoint, timeout) from None
    except httpx.RequestError as exc:  # transport failures, and a body that will not decode
        if started:
            raise ProviderStreamError(
                f"{endpoint.provider} cut the streamed answer: {_transport_text(exc)}"
            ) from None
        raise _unreachable(endpoint, exc) from None
    except SSEError as exc:
        raise LLMBadResponseError(
            f"{endpoint.provider} did not answer with a stream: {exc}"
        ) from None


def raise_for_status(endpoint: Endpoint, status: int, headers: httpx.Headers, body: bytes) -> None:
    """Nothing for a 2xx; otherwise the error of the table in the module docstring."""
    if 200 <= status < 300:
        return
    where = f"{endpoint.provider} answered HTTP {status}"
    detail = provider_text(body, endpoint.secret)
    suffix = f": {detail}" if detail else ""
    if status in (401, 403) or (status == 400 and _key_refused(body)):
        raise ProviderAuthError(f"{where}, the API key was refused{suffix}")
    if status == 429:
        wait = retry_after_seconds(headers)
        raise ProviderRateLimitedError(f"{where}, rate limited{suffix}", retry_after=wait)
    if status >= 500:
        raise ProviderUnavailableError(f"{where}{suffix}")
    if 300 <= status < 400:
        raise ProviderError(
            f"{where}, a redirect to {headers.get('location', '?')!r} (not followed: set the "
            "provider's base URL to the final address)"
        )
    raise ProviderError(f"{where}, the request was refused{suffix}")


def json_object(endpoint: Endpoint, body: bytes) -> dict[str, Any]:
    """``body`` parsed as the JSON object every provider answers with."""
    try:
        payload = orjson.loads(body)
    except orjson.JSONDecodeError:
        # Not quoted: a broken answer may hold the model's text, which echoes the prompt.
        raise LLMBadResponseError(
            f"{endpoint.provider} answered with a body that is not JSON ({len(body)} bytes)"
        ) from None
    if not isinstance(payload, dict):
        raise LLMBadResponseError(f"{endpoint.provider} answered JSON that is not an object")
    return payload


def bad_response(endpoint: Endpoint, what: str) -> NoReturn:
    """A well-formed answer without what a completion needs (no choices, no text)."""
    raise LLMBadResponseError(f"{endpoint.provider} answered without {what}")


def token_count(value: Any) -> int | None:
    """A token count of a provider's usage block, None when absent or not a count."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def retry_after_seconds(headers: httpx.Headers, now: float | None = None) -> float | None:
    """The wait the provider asked for: ``retry-after-ms`` (OpenAI), else ``Retry-After`` as
    seconds or as an HTTP date; None when absent or unreadable, never negative."""
    millis = headers.get("retry-after-ms")
    if millis is not None:
        try:
            return max(float(millis) / 1000, 0.0)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if value is None:
        return None
    try:
        return max(float(value), 0.0)
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        return None  # an HTTP date is always GMT; a zone-less one is not an HTTP date
    return max(when.timestamp() - (time.time() if now is None else now), 0.0)


def provider_text(body: bytes, secret: str | None) -> str:
    """The provider's own error message (``error.message`` in every vendor's error body,
    else the raw text), on one line, cut, with the key scrubbed."""
    text = body.decode("utf-8", "replace")
    try:
        payload = orjson.loads(body)
    except orjson.JSONDecodeError:
        payload = None
    if isinstance(payload, list) and payload:  # Gemini streams errors as a one-element array
        payload = payload[0]
    if isinstance(payload, dict):
        error = payload.get("error", payload)
        if isinstance(error, dict) and isinstance(error.get("message"), str):
            text = error["message"]
        elif isinstance(error, str):
            text = error
    if secret:
        text = text.replace(secret, "[REDACTED]")
    return shorten(text)


def _key_refused(body: bytes) -> bool:
    """Gemini answers a wrong key with 400 ``INVALID_ARGUMENT``, reason ``API_KEY_INVALID``."""
    return b"API_KEY_INVALID" in body


def shorten(text: str) -> str:
    """``text`` on one line and at most :data:`MAX_ERROR_TEXT` characters, for a message."""
    text = " ".join(text.split())
    return text if len(text) <= MAX_ERROR_TEXT else text[: MAX_ERROR_TEXT - 1] + "…"


async def _head(response: httpx.Response) -> bytes:
    """At most :data:`MAX_ERROR_BODY` bytes of an error answer: enough for its message."""
    out = bytearray()
    async for chunk in response.aiter_bytes():
        out += chunk
        if len(out) >= MAX_ERROR_BODY:
            break
    return bytes(out[:MAX_ERROR_BODY])


def _timed_out(endpoint: Endpoint, timeout: float) -> ProviderUnavailableError:
    return ProviderUnavailableError(f"{endpoint.provider} did not answer within {timeout:g} s")


def _unreachable(endpoint: Endpoint, exc: httpx.RequestError) -> ProviderUnavailableError:
    return ProviderUnavailableError(
        f"{endpoint.provider} is unreachable at {_origin(endpoint.url)}: {_transport_text(exc)}"
    )


def _transport_text(exc: httpx.RequestError) -> str:
    return shorten(str(exc) or type(exc).__name__)


def _origin(url: str) -> str:
    """Scheme, host and port only: enough to find a misconfiguration, no path or query."""
    parsed = httpx.URL(url)
    port = f":{parsed.port}" if parsed.port else ""
    return f"{parsed.scheme}://{parsed.host}{port}"
