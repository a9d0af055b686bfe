"""Google Gemini (the Generative Language API).

``POST {base}/v1beta/models/{model}:generateContent`` (and ``:streamGenerateContent?alt=sse``)
with the ``x-goog-api-key`` header, so the key never sits in a URL that proxies log. System
messages become ``systemInstruction``; chat turns become ``contents`` with the roles
``user`` and ``model``; a schema becomes ``responseMimeType: application/json`` with a
``responseSchema`` converted to Gemini's OpenAPI subset.

A stream has no end marker: each event is a whole JSON answer, and the last one carries a
``finishReason``. A stream that ends without one, or with an event that is not whole JSON,
was cut.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from contextlib import aclosing
from typing import Any
from urllib.parse import quote

import httpx
import orjson

from stockade.llm.errors import LLMBadResponseError, ProviderAuthError, ProviderStreamError
from stockade.llm.interface import Completion, CompletionRequest
from stockade.llm.providers import _http
from stockade.llm.providers._http import Endpoint
from stockade.llm.providers._schema import gemini_schema
from stockade.llm.settings import CallDefaults, LlmSettings, http_url, or_default, secret

DEFAULT_BASE_URL = "https://generativelanguage.googleapis.com"
DEFAULT_MODEL = "gemini-2.0-flash"
_ROLES = {"user": "user", "assistant": "model"}


def generate_body(request: CompletionRequest, defaults: CallDefaults) -> dict[str, Any]:
    """The ``generateContent`` body of ``request`` (the same for a stream)."""
    system = [m.content for m in request.messages if m.role == "system"]
    contents = [
        {"role": _ROLES[m.role], "parts": [{"text": m.content}]}
        for m in request.messages
        if m.role != "system"
    ]
    config: dict[str, Any] = {
        "temperature": or_default(request.temperature, defaults.temperature),
        "maxOutputTokens": or_default(request.max_tokens, defaults.max_tokens),
    }
    if request.schema is not None:
        config["responseMimeType"] = "application/json"
        config["responseSchema"] = gemini_schema(request.schema.schema)
    body: dict[str, Any] = {"contents": contents, "generationConfig": config}
    if system:
        body["systemInstruction"] = {"parts": [{"text": "\n\n".join(system)}]}
    return body


def candidate_text(payload: Mapping[str, Any]) -> tuple[str, str | None] | None:
    """The text and ``finishReason`` of the first candidate; None when there is none.
    Thought summaries (``thought: true`` parts of thinking models) are not the answer."""
    candidates = payload.get("candidates")
    if not isinstance(candidates, list) or not candidates or not isinstance(candidates[0], dict):
        return None
    first = candidates[0]
    content = first.get("content")
    parts = content.get("parts") if isinstance(content, dict) else None
    texts = [
        p["text"]
        for p in (parts if isinstance(parts, list) else [])
        if isinstance(p, dict) and isinstance(p.get("text"), str) and not p.get("thought")
    ]
    reason = first.get("finishReason")
    return "".join(texts), reason if isinstance(reason, str) else None


def parse_answer(endpoint: Endpoint, payload: Mapping[str, Any], model: str) -> Completion:
    """A ``generateContent`` answer as a :class:`Completion`; a blocked prompt or an
    answer without text is an :class:`LLMBadResponseError`."""
    found = candidate_text(payload)
    if found is None:
        feedback = payload.get("promptFeedback")
        block = feedback.get("blockReason") if isinstance(feedback, dict) else None
        if isinstance(block, str):
            raise LLMBadResponseError(f"{endpoint.provider} blocked the prompt ({block})")
        _http.bad_response(endpoint, "candidates")
    text, reason = found
    if not text and reason not in (None, "STOP"):
        raise LLMBadResponseError(f"{endpoint.provider} answered no text ({reason})")
    usage = payload.get("usageMetadata")
    usage = usage if isinstance(usage, dict) else {}
    answered = payload.get("modelVersion")
    return Completion(
        text=text,
        model=answered if isinstance(answered, str) and answered else model,
        input_tokens=_http.token_count(usage.get("promptTokenCount")),
        output_tokens=_http.token_count(usage.get("candidatesTokenCount")),
        finish_reason=reason,
        raw=payload,
    )


async def stream_text(endpoint: Endpoint, events: AsyncIterator[str]) -> AsyncIterator[str]:
    """The text pieces of a ``streamGenerateContent?alt=sse`` stream (see the module
    docstring for how its end is recognised)."""
    async for data in events:
        try:
            chunk = orjson.loads(data)
        except orjson.JSONDecodeError:
            raise ProviderStreamError(
                f"{endpoint.provider} cut the streamed answer mid-chunk"
            ) from None
        if not isinstance(chunk, dict):
            continue
        if "error" in chunk:
            detail = _http.provider_text(data.encode(), endpoint.secret)
            raise ProviderStreamError(f"{endpoint.provider} failed mid-stream: {detail}")
        found = candidate_text(chunk)
        if found is None:
            continue
        text, reason = found
        if text:
            yield text
        if reason is not None:
            return
    raise ProviderStreamError(f"{endpoint.provider} ended the stream without a finishReason")


class GeminiClient:
    """:class:`~stockade.llm.interface.LLMClient` for the Gemini API."""

    def __init__(
        self,
        http: httpx.AsyncClient,
        defaults: CallDefaults,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
    ) -> None:
        self._http = http
        self._defaults = defaults
        self._base = (base_url or DEFAULT_BASE_URL).rstrip("/")
        self._key = api_key
        # A gateway at a custom base URL may add the key itself; Google's API never does.
        self._key_required = base_url is None
        self._headers = {"x-goog-api-key": api_key} if api_key else {}

    @property
    def provider(self) -> str:
        return "gemini"

    async def complete(self, request: CompletionRequest) -> Completion:
        self._require_key()
        model = self._model(request)
        endpoint = self._endpoint(model, ":generateContent")
        body = generate_body(request, self._defaults)
        payload = await _http.post_json(self._http, endpoint, body, self._timeout(request))
        return parse_answer(endpoint, payload, model)

    async def stream(self, request: CompletionRequest) -> AsyncIterator[str]:
        self._require_key()
        endpoint = self._endpoint(self._model(request), ":streamGenerateContent?alt=sse")
        body = generate_body(request, self._defaults)
        events = _http.stream_events(self._http, endpoint, body, self._timeout(request))
        async with aclosing(events):
            async for piece in stream_text(endpoint, events):
                yield piece

    async def aclose(self) -> None:
        await self._http.aclose()

    def _require_key(self) -> None:
        if self._key_required and not self._key:
            raise ProviderAuthError("llm.gemini.api_key is not set")

    def _model(self, request: CompletionRequest) -> str:
        return (request.model or self._defaults.model).removeprefix("models/")

    def _endpoint(self, model: str, method: str) -> Endpoint:
        url = f"{self._base}/v1beta/models/{quote(model, safe='')}{method}"
        return Endpoint("gemini", url, self._headers, self._key)

    def _timeout(self, request: CompletionRequest) -> float:
        return or_default(request.timeout_seconds, self._defaults.timeout_seconds)


def from_settings(settings: LlmSettings) -> GeminiClient:
    """The client for ``llm.provider = "gemini"``."""
    section = settings.gemini
    base_url = http_url("llm.gemini.base_url", section.base_url)
    defaults = CallDefaults.from_settings(settings, settings.default_model or DEFAULT_MODEL)
    return GeminiClient(
        _http.new_client(settings),
        defaults,
        base_url=base_url,
        api_key=secret(section.api_key),
    )
