"""What Stockade sends to each provider, and how it reads their answers, against a real
loopback server speaking each vendor's wire format (tests/llm_provider_server.py)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import pytest

from llm_provider_server import ProviderServer, Reply, fake_key, llm_settings
from stockade.llm.errors import ProviderAuthError
from stockade.llm.factory import build_client
from stockade.llm.interface import (
    Completion,
    CompletionRequest,
    LLMClient,
    Message,
    OutputSchema,
)

T = TypeVar("T")

REQUEST = CompletionRequest(
    messages=[
        Message("system", "You are careful."),
        Message("user", "Explain the finding."),
        Message("assistant", "Which one?"),
        Message("user", "The SQL injection."),
    ]
)
SCHEMA = OutputSchema(
    name="Fix answer",
    schema={
        "type": "object",
        "title": "Fix",
        "properties": {
            "fixed_code": {"type": "string", "title": "Fixed Code"},
            "confidence": {"type": "number", "default": 0.5},
            "note": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
        },
        "required": ["fixed_code"],
    },
)


def run(
    kind: str, srv: ProviderServer, call: Callable[[LLMClient], Awaitable[T]], **settings: Any
) -> T:
    """Build the client as the server does, make one call, close the pool."""

    async def go() -> T:
        client = build_client(llm_settings(kind, srv, **settings))
        assert client is not None
        try:
            return await call(client)
        finally:
            await client.aclose()

    return asyncio.run(go())


async def collect(client: LLMClient, request: CompletionRequest = REQUEST) -> list[str]:
    return [piece async for piece in client.stream(request)]


# --- OpenAI -------------------------------------------------------------------------------


def test_openai_sends_chat_completions_with_bearer_key_and_organization() -> None:
    with ProviderServer() as srv:
        srv.script(Reply.text("Use parameters."))
        settings = {"openai": {"organization": "org-stockade"}, "temperature": 0.3}
        answer = run("openai", srv, lambda c: c.complete(REQUEST), **settings)
        sent = srv.requests[0]
    assert sent.path == "/v1/chat/completions"
    assert sent.headers["authorization"] == f"Bearer {fake_key('openai')}"
    assert sent.headers["openai-organization"] == "org-stockade"
    assert sent.headers["content-type"] == "application/json"
    assert sent.headers["user-agent"].startswith("stockade/")
    body = sent.json
    assert body["model"] == "test-model"
    assert body["messages"] == [
        {"role": "system", "content": "You are careful."},
        {"role": "user", "content": "Explain the finding."},
        {"role": "assistant", "content": "Which one?"},
        {"role": "user", "content": "The SQL injection."},
    ]
    assert body["temperature"] == 0.3
    assert body["max_tokens"] == 2048
    assert "stream" not in body and "response_format" not in body
    assert answer.text == "Use parameters."
    assert answer.model == "test-model"
    assert (answer.input_tokens, answer.output_tokens, answer.finish_reason) == (11, 2, "stop")


def test_openai_request_fields_override_the_defaults() -> None:
    request = CompletionRequest(
        messages=[Message("user", "hi")], model="other-model", temperature=0.0, max_tokens=64
    )
    with ProviderServer() as srv:
        run("openai", srv, lambda c: c.complete(request))
        body = srv.requests[0].json
    assert (body["model"], body["temperature"], body["max_tokens"]) == ("other-model", 0.0, 64)


def test_openai_schema_goes_as_strict_json_schema_response_format() -> None:
    request = CompletionRequest(messages=[Message("user", "fix")], schema=SCHEMA)
    with ProviderServer() as srv:
        srv.script(Reply.json({"fixed_code": "x", "confidence": 1, "note": None}))
        answer = run("openai", srv, lambda c: c.complete(request))
        body = srv.requests[0].json
    fmt = body["response_format"]
    assert fmt["type"] == "json_schema"
    assert fmt["json_schema"]["name"] == "Fix_answer"  # names allow [A-Za-z0-9_-] only
    assert fmt["json_schema"]["strict"] is True
    schema = fmt["json_schema"]["schema"]
    # strict mode: every object closed, every property required, no defaults
    assert schema["additionalProperties"] is False
    assert schema["required"] == ["fixed_code", "confidence", "note"]
    assert "default" not in schema["properties"]["confidence"]
    assert answer.text == '{"fixed_code": "x", "confidence": 1, "note": null}'


def test_openai_free_form_schema_is_sent_without_strict() -> None:
    loose = OutputSchema("Map", {"type": "object", "additionalProperties": {"type": "string"}})
    request = CompletionRequest(messages=[Message("user", "x")], schema=loose)
    with ProviderServer() as srv:
        run("openai", srv, lambda c: c.complete(request))
        fmt = srv.requests[0].json["response_format"]["json_schema"]
    assert fmt["strict"] is False
    assert fmt["schema"] == loose.schema


def test_openai_stream_sends_stream_true_and_yields_the_deltas() -> None:
    with ProviderServer() as srv:
        srv.script(Reply.text("abc", pieces=["Use ", "bound ", "parameters."]))
        pieces = run("openai", srv, collect)
        sent = srv.requests[0]
    assert sent.json["stream"] is True
    assert sent.headers["accept"] == "text/event-stream"
    assert pieces == ["Use ", "bound ", "parameters."]


def test_local_openai_compatible_server_needs_no_key() -> None:
    """Ollama, vLLM, llama.cpp: a base URL and a model name; no Authorization header."""
    with ProviderServer() as srv:
        settings = llm_settings("openai", srv, default_model="llama3.1:8b")
        settings.openai.api_key = None

        async def go() -> Completion:
            client = build_client(settings)
            assert client is not None
            try:
                return await client.complete(REQUEST)
            finally:
                await client.aclose()

        answer = asyncio.run(go())
        sent = srv.requests[0]
    assert "authorization" not in sent.headers
    assert sent.json["model"] == "llama3.1:8b"
    assert answer.text == "ok"


def test_openai_without_key_refuses_before_sending_anything() -> None:
    """No base URL means api.openai.com: without a key no request may leave at all."""
    with ProviderServer() as srv:
        settings = llm_settings("openai", srv, openai={"base_url": None, "api_key": None})

        async def go() -> None:
            client = build_client(settings)
            assert client is not None
            try:
                with pytest.raises(ProviderAuthError, match=r"llm\.openai\.api_key"):
                    await client.complete(REQUEST)
                with pytest.raises(ProviderAuthError, match=r"llm\.openai\.api_key"):
                    await collect(client)
            finally:
                await client.aclose()

        asyncio.run(go())
        assert srv.requests == []


# --- Azure OpenAI -------------------------------------------------------------------------


def test_azure_addresses_the_deployment_with_api_version_and_api_key_header() -> None:
    request = CompletionRequest(messages=[Message("user", "fix")], schema=SCHEMA)
    with ProviderServer() as srv:
        srv.script(Reply.text("done"))
        answer = run("azure_openai", srv, lambda c: c.complete(request))
        sent = srv.requests[0]
    assert sent.path == "/openai/deployments/stockade-gpt/chat/completions"
    assert sent.query == {"api-version": "2024-10-21"}
    assert sent.headers["api-key"] == fake_key("azure_openai")
    assert "authorization" not in sent.headers
    body = sent.json
    assert "model" not in body  # the deployment is the model
    assert body["messages"] == [{"role": "user", "content": "fix"}]
    assert body["response_format"]["json_schema"]["strict"] is True
    assert answer.text == "done"
    assert answer.model == "stockade-gpt"


def test_azure_default_api_version_and_stream_skip_filter_chunks() -> None:
    with ProviderServer() as srv:
        srv.script(Reply.text("x", pieces=["one ", "two"]))
        settings = {"azure_openai": {"api_version": None}}
        pieces = run("azure_openai", srv, collect, **settings)
        sent = srv.requests[0]
    assert sent.query == {"api-version": "2024-10-21"}
    assert sent.json["stream"] is True
    assert pieces == ["one ", "two"]  # the opening chunk without choices is skipped


def test_azure_without_key_refuses_before_sending() -> None:
    with ProviderServer() as srv:
        with pytest.raises(ProviderAuthError, match=r"llm\.azure_openai\.api_key"):
            run("azure_openai", srv, lambda c: c.complete(REQUEST), azure_openai={"api_key": None})
        assert srv.requests == []


# --- Gemini -------------------------------------------------------------------------------


def test_gemini_sends_generate_content_with_system_instruction_and_roles() -> None:
    with ProviderServer() as srv:
        srv.script(Reply.text("Use parameters."))
        answer = run("gemini", srv, lambda c: c.complete(REQUEST), max_tokens=100)
        sent = srv.requests[0]
    assert sent.path == "/v1beta/models/test-model:generateContent"
    assert sent.query == {}
    assert sent.headers["x-goog-api-key"] == fake_key("gemini")
    assert "authorization" not in sent.headers
    body = sent.json
    assert body["systemInstruction"] == {"parts": [{"text": "You are careful."}]}
    assert body["contents"] == [
        {"role": "user", "parts": [{"text": "Explain the finding."}]},
        {"role": "model", "parts": [{"text": "Which one?"}]},
        {"role": "user", "parts": [{"text": "The SQL injection."}]},
    ]
    assert body["generationConfig"] == {"temperature": 0.2, "maxOutputTokens": 100}
    assert answer.text == "Use parameters."
    assert (answer.input_tokens, answer.output_tokens, answer.finish_reason) == (11, 2, "STOP")


def test_gemini_schema_goes_as_response_schema_in_its_openapi_subset() -> None:
    request = CompletionRequest(messages=[Message("user", "fix")], schema=SCHEMA)
    with ProviderServer() as srv:
        run("gemini", srv, lambda c: c.complete(request))
        config = srv.requests[0].json["generationConfig"]
    assert config["responseMimeType"] == "application/json"
    assert config["responseSchema"] == {
        "type": "OBJECT",
        "properties": {
            "fixed_code": {"type": "STRING"},
            "confidence": {"type": "NUMBER"},
            "note": {"type": "STRING", "nullable": True},
        },
        "propertyOrdering": ["fixed_code", "confidence", "note"],
        "required": ["fixed_code"],
    }


def test_gemini_stream_uses_stream_generate_content_with_alt_sse() -> None:
    with ProviderServer() as srv:
        srv.script(Reply.text("x", pieces=["Use ", "parameters."]))
        pieces = run("gemini", srv, collect)
        sent = srv.requests[0]
    assert sent.path == "/v1beta/models/test-model:streamGenerateContent"
    assert sent.query == {"alt": "sse"}
    assert "stream" not in sent.json
    assert pieces == ["Use ", "parameters."]


def test_gemini_model_name_with_models_prefix_is_not_doubled() -> None:
    request = CompletionRequest(messages=[Message("user", "x")], model="models/gemini-pro")
    with ProviderServer() as srv:
        run("gemini", srv, lambda c: c.complete(request))
        assert srv.requests[0].path == "/v1beta/models/gemini-pro:generateContent"
