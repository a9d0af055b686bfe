"""OpenAI Chat Completions, and any server that speaks it (vLLM, Ollama, llama.cpp).

``POST {base_url}/chat/completions`` with ``Authorization: Bearer <key>`` (and
``OpenAI-Organization`` when set). A schema goes as ``response_format: json_schema``; a
stream is ``stream: true`` answered by SSE ``data: {chunk}`` events whose
``choices[0].delta.content`` carry the text, ended by ``data: [DONE]``.

Azure OpenAI speaks the very same format at another URL with another key header, so
:mod:`stockade.llm.providers.azure_openai` reuses the client class, the body builder and the
answer parsers here; only :func:`openai_client` is OpenAI's own.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Mapping
from contextlib import aclosing
from typing import Any

import httpx
import orjson

from stockade.core.errors import ConfigError
from stockade.llm.errors import LLMBadResponseError, ProviderAuthError, ProviderStreamError
from stockade.llm.interface import Completion, CompletionRequest
from stockade.llm.providers import _http
from stockade.llm.providers._http import Endpoint
from stockade.llm.providers._schema import openai_strict
from stockade.llm.settings import CallDefaults, LlmSettings, http_url, or_default, secret

DEFAULT_BASE_URL = "https://api.openai.com/v1"
DEFAULT_MODEL = "gpt-4o-mini"
DONE = "[DONE]"
_SCHEMA_NAME = re.compile(r"[^A-Za-z0-9_-]")


def chat_body(
    request: CompletionRequest, defaults: CallDefaults, *, model: str | None, stream: bool
) -> dict[str, Any]:
    """The Chat Completions body of ``request``; ``model`` None leaves it out (Azure names
    the model by its deployment). ``max_tokens`` rather than ``max_completion_tokens``:
    every OpenAI-compatible server and Azure API version understands it."""
    body: dict[str, Any] = {
        "messages": [{"role": m.role, "content": m.content} for m in request.messages],
        "temperature": or_default(request.temperature, defaults.temperature),
        "max_tokens": or_default(request.max_tokens, defaults.max_tokens),
    }
    if model is not None:
        body["model"] = model
    if request.schema is not None:
        schema, strict = openai_strict(request.schema.schema)
        name = _SCHEMA_NAME.sub("_", request.schema.name)[:64] or "answer"
        body["response_format"] = {
            "type": "json_schema",
            "json_schema": {"name": name, "schema": schema, "strict": strict},
        }
    if stream:
        body["stream"] = True
    return body


def parse_completion(endpoint: Endpoint, payload: Mapping[str, Any], model: str) -> Completion:
    """A Chat Completions answer as a :class:`Completion`; a refusal or an answer without
    text is an :class:`LLMBadResponseError`."""
    choices = payload.get("choices")
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
        _http.bad_response(endpoint, "choices")
    choice = choices[0]
    message = choice.get("message")
    if not isinstance(message, dict):
        _http.bad_response(endpoint, "a message")
    content = message.get("content")
    if not isinstance(content, str):
        refusal = message.get("refusal")
        if isinstance(refusal, str) and refusal:
            raise LLMBadResponseError(f"the model refused: {_http.shorten(refusal)}")
        _http.bad_response(endpoint, "text")
    usage = payload.get("usage")
    usage = usage if isinstance(usage, dict) else {}
    answered = payload.get("model")
    reason = choice.get("finish_reason")
    return Completion(
        text=content,
        model=answered if isinstance(answered, str) and answered else model,
        input_tokens=_http.token_count(usage.get("prompt_tokens")),
        output_tokens=_http.token_count(usage.get("completion_tokens")),
        finish_reason=reason if isinstance(reason, str) else None,
        raw=payload,
    )


async def stream_text(endpoint: Endpoint, events: AsyncIterator[str]) -> AsyncIterator[str]:
    """The text pieces of a Chat Completions stream. Chunks without choices (Azure's
    content-filter results, usage) are skipped; events ending before ``[DONE]`` are a cut
    stream, an ``error`` chunk is reported as one."""
    async for data in events:
        if data.strip() == DONE:
            return
        try:
            chunk = orjson.loads(data)
        except orjson.JSONDecodeError:
            raise ProviderStreamError(
                f"{endpoint.provider} sent a stream chunk that is not JSON"
            ) from None
        if not isinstance(chunk, dict):
            continue
        if "error" in chunk:
            detail = _http.provider_text(data.encode(), endpoint.secret)
            raise ProviderStreamError(f"{endpoint.provider} failed mid-stream: {detail}")
        choices = chunk.get("choices")
        if isinstance(choices, list) and choices and isinstance(choices[0], dict):
            delta = choices[0].get("delta")
            piece = delta.get("content") if isinstance(delta, dict) else None
            if isinstance(piece, str) and piece:
                yield piece
    raise ProviderStreamError(f"{endpoint.provider} ended the stream before [DONE]")


class ChatCompletionsClient:
    """:class:`~stockade.llm.interface.LLMClient` for any Chat Completions endpoint: OpenAI
    (:func:`openai_client`) and Azure OpenAI, which differ only in URL and headers.

    ``model_in_body`` False leaves the model to the URL (an Azure deployment);
    ``missing_key`` is the message to refuse every call with when a required key is unset.
    """

    def __init__(
        self,
        http: httpx.AsyncClient,
        defaults: CallDefaults,
        endpoint: Endpoint,
        *,
        model_in_body: bool = True,
        missing_key: str | None = None,
    ) -> None:
        self._http = http
        self._defaults = defaults
        self._endpoint = endpoint
        self._model_in_body = model_in_body
        self._missing_key = missing_key

    @property
    def provider(self) -> str:
        return self._endpoint.provider

    async def complete(self, request: CompletionRequest) -> Completion:
        self._require_key()
        model = request.model or self._defaults.model
        body = chat_body(request, self._defaults, model=self._body_model(model), stream=False)
        payload = await _http.post_json(self._http, self._endpoint, body, self._timeout(request))
        return parse_completion(self._endpoint, payload, model)

    async def stream(self, request: CompletionRequest) -> AsyncIterator[str]:
        self._require_key()
        model = request.model or self._defaults.model
        body = chat_body(request, self._defaults, model=self._body_model(model), stream=True)
        events = _http.stream_events(self._http, self._endpoint, body, self._timeout(request))
        async with aclosing(events):
            async for piece in stream_text(self._endpoint, events):
                yield piece

    async def aclose(self) -> None:
        await self._http.aclose()

    def _require_key(self) -> None:
        if self._missing_key is not None:
            raise ProviderAuthError(self._missing_key)

    def _body_model(self, model: str) -> str | None:
        return model if self._model_in_body else None

    def _timeout(self, request: CompletionRequest) -> float:
        return or_default(request.timeout_seconds, self._defaults.timeout_seconds)


def openai_client(
    http: httpx.AsyncClient,
    defaults: CallDefaults,
    *,
    base_url: str | None = None,
    api_key: str | None = None,
    organization: str | None = None,
) -> ChatCompletionsClient:
    """OpenAI itself, or an OpenAI-compatible server at ``base_url``. A key is required only
    for OpenAI's own API: a local server usually has none, and without a key no
    ``Authorization`` header is sent at all."""
    headers: dict[str, str] = {}
    if api_key:
        headers["Authorization"] = f"Bearer {api_key}"
    if organization:
        headers["OpenAI-Organization"] = organization
    url = (base_url or DEFAULT_BASE_URL).rstrip("/") + "/chat/completions"
    missing = None
    if base_url is None and not api_key:
        missing = (
            "llm.openai.api_key is not set (needed for api.openai.com; a local "
            "OpenAI-compatible server is used through llm.openai.base_url)"
        )
    endpoint = Endpoint("openai", url, headers, api_key)
    return ChatCompletionsClient(http, defaults, endpoint, missing_key=missing)


def from_settings(settings: LlmSettings) -> ChatCompletionsClient:
    """The client for ``llm.provider = "openai"``. A custom ``base_url`` (a local server)
    needs ``llm.default_model``: there is no model name every such server knows."""
    section = settings.openai
    base_url = http_url("llm.openai.base_url", section.base_url)
    if base_url is not None and not settings.default_model:
        raise ConfigError(
            "llm.default_model is required with llm.openai.base_url (the model name the "
            "server serves, e.g. llama3.1:8b for Ollama)"
        )
    defaults = CallDefaults.from_settings(settings, settings.default_model or DEFAULT_MODEL)
    return openai_client(
        _http.new_client(settings),
        defaults,
        base_url=base_url,
        api_key=secret(section.api_key),
        organization=section.organization,
    )
