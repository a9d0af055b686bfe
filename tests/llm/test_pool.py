"""One pooled client per provider serves concurrent calls, and a stream abandoned half-way
gives its connection back."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncGenerator
from typing import cast

from llm_provider_server import ProviderServer, Reply, llm_settings
from stockade.llm.factory import build_client
from stockade.llm.interface import CompletionRequest, Message

REQUEST = CompletionRequest(messages=[Message("user", "explain")])


def test_concurrent_calls_run_at_once_on_one_client() -> None:
    """20 calls to a provider answering in 0.5 s: one after another would take 10 s."""
    with ProviderServer(delay=0.5) as srv:

        async def go() -> list[str]:
            client = build_client(llm_settings("openai", srv))
            assert client is not None
            try:
                answers = await asyncio.gather(*(client.complete(REQUEST) for _ in range(20)))
            finally:
                await client.aclose()
            return [a.text for a in answers]

        started = time.monotonic()
        texts = asyncio.run(go())
        elapsed = time.monotonic() - started
        assert len(srv.requests) == 20
    assert texts == ["ok"] * 20
    assert elapsed < 5, elapsed


def test_a_stream_left_early_does_not_break_the_client() -> None:
    with ProviderServer() as srv:
        srv.script(Reply.text("x", pieces=["a", "b", "c", "d"]), Reply.text("after"))

        async def go() -> tuple[str, str]:
            client = build_client(llm_settings("gemini", srv))
            assert client is not None
            try:
                # the providers' streams are async generators: closing one ends the call
                stream = cast(AsyncGenerator[str, None], client.stream(REQUEST))
                first = await anext(stream)
                await stream.aclose()
                return first, (await client.complete(REQUEST)).text
            finally:
                await client.aclose()

        assert asyncio.run(go()) == ("a", "after")
        assert len(srv.requests) == 2
