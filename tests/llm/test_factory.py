"""``build_client``: None without a provider, ConfigError for settings no call could work
without, one pooled httpx client with the configured timeout and no redirects."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from llm_provider_server import ProviderServer, llm_settings
from stockade.config import Llm, load_settings
from stockade.core.errors import ConfigError
from stockade.llm.factory import build_client
from stockade.llm.providers._http import POOL_SHARDS, new_client


def test_no_provider_means_no_client() -> None:
    assert build_client(Llm()) is None


def test_settings_from_the_environment_build_the_client(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STOCKADE__LLM__PROVIDER", "gemini")
    monkeypatch.setenv("STOCKADE__LLM__GEMINI__API_KEY", "AI" + "za" + "x" * 35)
    settings = load_settings()
    client = build_client(settings.llm)
    assert client is not None and client.provider == "gemini"
    asyncio.run(client.aclose())


@pytest.mark.parametrize("kind", ["openai", "gemini", "azure_openai"])
def test_each_provider_names_itself(kind: str) -> None:
    with ProviderServer() as srv:
        client = build_client(llm_settings(kind, srv))
    assert client is not None and client.provider == kind
    asyncio.run(client.aclose())


@pytest.mark.parametrize(
    ("section", "missing"),
    [
        ({"endpoint": None}, "llm.azure_openai.endpoint"),
        ({"deployment": None}, "llm.azure_openai.deployment"),
        ({"endpoint": None, "deployment": None}, "endpoint and llm.azure_openai.deployment"),
    ],
)
def test_azure_without_endpoint_or_deployment_is_a_config_error(
    section: dict[str, None], missing: str
) -> None:
    with ProviderServer() as srv:
        settings = llm_settings("azure_openai", srv, azure_openai=section)
    with pytest.raises(ConfigError, match=missing):
        build_client(settings)


def test_azure_endpoint_must_be_a_url() -> None:
    with ProviderServer() as srv:
        settings = llm_settings("azure_openai", srv, azure_openai={"endpoint": "myresource"})
    with pytest.raises(ConfigError, match=r"llm\.azure_openai\.endpoint must be an http"):
        build_client(settings)


def test_custom_openai_base_url_needs_a_model_name() -> None:
    with ProviderServer() as srv:
        settings = llm_settings("openai", srv, default_model=None)
    with pytest.raises(ConfigError, match=r"llm\.default_model is required"):
        build_client(settings)


@pytest.mark.parametrize("kind", ["openai", "gemini"])
def test_base_url_must_be_http(kind: str) -> None:
    with ProviderServer() as srv:
        settings = llm_settings(kind, srv, **{kind: {"base_url": "ftp://host"}})
    with pytest.raises(ConfigError, match="http"):
        build_client(settings)


def test_vendor_defaults_without_model_or_base_url() -> None:
    """Without ``default_model`` each vendor's own API gets a current general model."""
    from stockade.llm.providers import gemini, openai

    openai_client = build_client(
        Llm.model_validate({"provider": "openai", "openai": {"api_key": "sk-" + "x" * 40}})
    )
    gemini_client = build_client(Llm(provider="gemini"))
    assert isinstance(openai_client, openai.ChatCompletionsClient)
    assert isinstance(gemini_client, gemini.GeminiClient)
    assert openai_client._defaults.model == openai.DEFAULT_MODEL
    assert gemini_client._defaults.model == gemini.DEFAULT_MODEL
    asyncio.run(openai_client.aclose())
    asyncio.run(gemini_client.aclose())


def test_pooled_client_has_the_timeout_and_never_follows_redirects() -> None:
    with ProviderServer() as srv:
        settings = llm_settings("openai", srv, timeout_seconds=7.5, max_concurrency=40)
    http = new_client(settings)
    try:
        assert http.timeout == httpx.Timeout(7.5)
        assert http.follow_redirects is False
        assert http.headers["user-agent"].startswith("stockade/")
    finally:
        asyncio.run(http.aclose())


def test_concurrent_calls_are_spread_over_the_pools_and_all_answered() -> None:
    """The pooled client spreads calls round-robin over POOL_SHARDS connection pools (one
    httpcore pool with many connections costs O(n²) CPU per call); every call is answered
    and each pool opens its own connections."""
    peers: set[int] = set()
    writers: list[asyncio.StreamWriter] = []

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peers.add(writer.get_extra_info("peername")[1])
        writers.append(writer)
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                length = next(
                    (
                        int(line.split(b":")[1])
                        for line in head.split(b"\r\n")
                        if line.lower().startswith(b"content-length:")
                    ),
                    0,
                )
                await reader.readexactly(length)
                await asyncio.sleep(0.05)  # concurrent calls overlap: each needs a connection
                writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}")
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError):
            pass

    async def scenario() -> tuple[int, list[int]]:
        server = await asyncio.start_server(handle, "127.0.0.1", 0)
        url = f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}/v1"
        http = new_client(Llm(max_concurrency=64))
        try:
            for n in range(2 * POOL_SHARDS):  # one after another: each pool keeps one alive
                assert (await http.post(url, json={"n": n})).status_code == 200
            sequential = len(peers)
            answers = await asyncio.gather(*(http.post(url, json={"n": n}) for n in range(32)))
        finally:
            await http.aclose()
            server.close()
            for writer in writers:
                writer.close()
                await writer.wait_closed()
        return sequential, [a.status_code for a in answers]

    sequential, statuses = asyncio.run(scenario())
    assert sequential == POOL_SHARDS  # a single pool would have reused one connection
    assert statuses == [200] * 32
    assert len(peers) <= POOL_SHARDS + 32
