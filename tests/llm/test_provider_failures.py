"""Every way a provider call fails, for each provider, mapped to its error (and HTTP status):
timeout, refused connection, 5xx, 429 with Retry-After, refused key, malformed JSON, a stream
cut mid-way, a redirect. Real loopback server, real httpx client from the factory."""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import Awaitable, Callable
from email.utils import formatdate
from typing import Any, TypeVar

import pytest

from llm_provider_server import ProviderServer, Reply, fake_key, llm_settings
from stockade.llm.errors import (
    LLMBadResponseError,
    LLMError,
    ProviderAuthError,
    ProviderError,
    ProviderRateLimitedError,
    ProviderStreamError,
    ProviderUnavailableError,
)
from stockade.llm.factory import build_client
from stockade.llm.interface import CompletionRequest, LLMClient, Message

KINDS = ["openai", "gemini", "azure_openai"]
REQUEST = CompletionRequest(messages=[Message("user", "explain")])
T = TypeVar("T")


def run(
    kind: str, srv: ProviderServer, call: Callable[[LLMClient], Awaitable[T]], **settings: Any
) -> T:
    async def go() -> T:
        client = build_client(llm_settings(kind, srv, **settings))
        assert client is not None
        try:
            return await call(client)
        finally:
            await client.aclose()

    return asyncio.run(go())


async def complete(client: LLMClient) -> str:
    return (await client.complete(REQUEST)).text


async def collect(client: LLMClient) -> list[str]:
    return [piece async for piece in client.stream(REQUEST)]


def fails(
    kind: str,
    reply: Reply,
    call: Callable[[LLMClient], Awaitable[object]] = complete,
    **settings: Any,
) -> tuple[LLMError, ProviderServer]:
    with ProviderServer() as srv:
        srv.script(reply)
        with pytest.raises(LLMError) as caught:
            run(kind, srv, call, **settings)
    return caught.value, srv


@pytest.mark.parametrize("kind", KINDS)
def test_timeout_is_unavailable_503(kind: str) -> None:
    started = time.monotonic()
    error, srv = fails(kind, Reply.text("late", delay=60), timeout_seconds=0.3)
    assert type(error) is ProviderUnavailableError
    assert (error.status, error.code) == (503, "llm_unavailable")
    assert "did not answer within 0.3 s" in str(error)
    assert time.monotonic() - started < 30  # the client gave up; it did not wait 60 s
    assert len(srv.requests) == 1  # providers never retry on their own


@pytest.mark.parametrize("kind", KINDS)
def test_slow_stream_start_is_unavailable(kind: str) -> None:
    error, _ = fails(kind, Reply.text("late", delay=60), collect, timeout_seconds=0.3)
    assert type(error) is ProviderUnavailableError


@pytest.mark.parametrize("kind", KINDS)
def test_refused_connection_is_unavailable(kind: str) -> None:
    with socket.socket() as sock:  # a port that was free a moment ago: nothing listens
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with ProviderServer() as srv:
        settings = llm_settings(kind, srv)
    url = f"http://127.0.0.1:{port}"
    section = {"openai": "base_url", "gemini": "base_url", "azure_openai": "endpoint"}[kind]
    setattr(getattr(settings, kind), section, url + ("/v1" if kind == "openai" else ""))

    async def go() -> None:
        client = build_client(settings)
        assert client is not None
        try:
            await client.complete(REQUEST)
        finally:
            await client.aclose()

    with pytest.raises(
        ProviderUnavailableError, match=rf"unreachable at http://127\.0\.0\.1:{port}"
    ):
        asyncio.run(go())


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("status", [500, 502, 503])
def test_5xx_is_unavailable_with_the_provider_message(kind: str, status: int) -> None:
    error, _ = fails(kind, Reply.error(status, "engine overloaded"))
    assert type(error) is ProviderUnavailableError
    assert str(error) == f"{kind} answered HTTP {status}: engine overloaded"


@pytest.mark.parametrize("kind", KINDS)
def test_429_is_rate_limited_with_retry_after_seconds(kind: str) -> None:
    error, _ = fails(kind, Reply.error(429, retry_after="17"))
    assert isinstance(error, ProviderRateLimitedError)
    assert (error.status, error.code, error.retry_after) == (503, "llm_rate_limited", 17.0)


@pytest.mark.parametrize("kind", KINDS)
def test_429_with_retry_after_as_http_date(kind: str) -> None:
    when = formatdate(time.time() + 120, usegmt=True)
    error, _ = fails(kind, Reply.error(429, retry_after=when))
    assert isinstance(error, ProviderRateLimitedError)
    assert error.retry_after is not None and 100 < error.retry_after <= 121


@pytest.mark.parametrize("kind", KINDS)
def test_429_without_retry_after(kind: str) -> None:
    error, _ = fails(kind, Reply.error(429))
    assert isinstance(error, ProviderRateLimitedError)
    assert error.retry_after is None


@pytest.mark.parametrize("kind", KINDS)
def test_streamed_429_is_rate_limited(kind: str) -> None:
    error, _ = fails(kind, Reply.error(429, retry_after="3"), collect)
    assert isinstance(error, ProviderRateLimitedError)
    assert error.retry_after == 3.0


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("status", [401, 403])
def test_401_and_403_are_auth_errors(kind: str, status: int) -> None:
    error, _ = fails(kind, Reply.error(status))
    assert type(error) is ProviderAuthError
    assert (error.status, error.code) == (502, "llm_provider_auth")


@pytest.mark.parametrize("kind", KINDS)
def test_refused_key_is_auth_error_and_the_key_never_appears(kind: str) -> None:
    """OpenAI/Azure: 401 whose text echoes the key; Gemini: 400 API_KEY_INVALID."""
    for call in (complete, collect):
        error, srv = fails(kind, Reply.bad_key(), call)
        assert type(error) is ProviderAuthError
        assert fake_key(kind) not in str(error)
        assert fake_key(kind) in str(srv.requests[0].headers)  # it was sent, then scrubbed
    if kind != "gemini":
        assert "[REDACTED]" in str(error)


@pytest.mark.parametrize("kind", KINDS)
def test_other_4xx_is_a_provider_error_with_its_text(kind: str) -> None:
    error, _ = fails(kind, Reply.error(404, "The model `test-model` does not exist"))
    assert type(error) is ProviderError
    assert error.status == 502
    assert "HTTP 404" in str(error) and "does not exist" in str(error)


@pytest.mark.parametrize("kind", KINDS)
def test_long_provider_text_is_cut(kind: str) -> None:
    error, _ = fails(kind, Reply.error(500, "x" * 5000))
    assert len(str(error)) < 400
    assert str(error).endswith("…")


@pytest.mark.parametrize("kind", KINDS)
def test_malformed_json_is_bad_response(kind: str) -> None:
    error, _ = fails(kind, Reply.malformed())
    assert type(error) is LLMBadResponseError
    assert (error.status, error.code) == (502, "llm_bad_response")
    assert "not JSON" in str(error)


@pytest.mark.parametrize("kind", KINDS)
def test_malformed_stream_chunk_is_a_stream_error(kind: str) -> None:
    error, _ = fails(kind, Reply.malformed(), collect)
    assert type(error) is ProviderStreamError


@pytest.mark.parametrize("kind", KINDS)
def test_stream_cut_mid_way_raises_after_the_pieces_received(kind: str) -> None:
    """The connection drops inside the chunked body (Gemini: after half a JSON event)."""
    got: list[str] = []

    async def gather(client: LLMClient) -> None:
        async for piece in client.stream(REQUEST):
            got.append(piece)

    error, _ = fails(kind, Reply.cut(["Use ", "bound "]), gather)
    assert type(error) is ProviderStreamError
    assert (error.status, error.code) == (502, "llm_stream_cut")
    assert got == ["Use ", "bound "]


@pytest.mark.parametrize("kind", KINDS)
def test_stream_ending_cleanly_without_end_marker_is_cut(kind: str) -> None:
    """OpenAI/Azure: no ``data: [DONE]``; Gemini: no chunk with a finishReason."""
    error, _ = fails(kind, Reply.cut(["Use ", "bound "], abort=False), collect)
    assert type(error) is ProviderStreamError
    marker = "finishReason" if kind == "gemini" else "[DONE]"
    assert marker in str(error)


@pytest.mark.parametrize("kind", KINDS)
def test_redirect_is_not_followed(kind: str) -> None:
    with ProviderServer() as elsewhere:
        error, srv = fails(kind, Reply.redirect(elsewhere.url + "/steal"))
        assert elsewhere.requests == []  # the key never went to the redirect target
    assert type(error) is ProviderError
    assert "not followed" in str(error)
    assert len(srv.requests) == 1


def test_unparsable_retry_after_is_none() -> None:
    error, _ = fails("openai", Reply.error(429, retry_after="soon"))
    assert isinstance(error, ProviderRateLimitedError)
    assert error.retry_after is None


def test_a_past_retry_after_date_is_zero() -> None:
    error, _ = fails("openai", Reply.error(429, retry_after=formatdate(0, usegmt=True)))
    assert isinstance(error, ProviderRateLimitedError)
    assert error.retry_after == 0.0
