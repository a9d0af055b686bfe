"""The one extension point of the LLM layer: :class:`LLMClient`.

A provider (``providers/openai.py``, ``providers/gemini.py``, ``providers/azure_openai.py``)
is a thin adapter from :class:`CompletionRequest` to the vendor's wire format over ``httpx``.
Everything above it (prompts, redaction, structured-output validation, fix verification) is
provider-neutral and lives in the services, so a new provider is one module and one line in
the factory.

Providers never retry on their own and never log prompts: the services decide both (the
``llm.log_prompts`` switch and the one repair retry of a schema-violating answer live there).
Failures are raised as the :mod:`stockade.llm.errors` tree so the HTTP layer can answer
each with its own status and code.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

Role = Literal["system", "user", "assistant"]


@dataclass(frozen=True, slots=True)
class Message:
    """One chat turn. Code and findings go into ``user`` messages inside delimited data
    blocks; the ``system`` message tells the model that those blocks are data."""

    role: Role
    content: str


@dataclass(frozen=True, slots=True)
class OutputSchema:
    """A JSON schema the answer must follow. Providers pass it natively where they can
    (OpenAI ``response_format: json_schema``, Gemini ``responseSchema``); the services
    validate the answer with Pydantic either way."""

    name: str
    schema: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class CompletionRequest:
    """What a service asks of a provider. ``None`` fields take the ``llm.*`` defaults."""

    messages: Sequence[Message]
    schema: OutputSchema | None = None
    model: str | None = None
    temperature: float | None = None
    max_tokens: int | None = None
    timeout_seconds: float | None = None


@dataclass(frozen=True, slots=True)
class Completion:
    """A provider's whole answer: the text (JSON text when a schema was asked for) and the
    token usage it reported, when it did."""

    text: str
    model: str
    input_tokens: int | None = None
    output_tokens: int | None = None
    finish_reason: str | None = None
    raw: Mapping[str, Any] = field(default_factory=dict, repr=False, compare=False)


class LLMClient(Protocol):
    """A configured provider. Instances are shared by concurrent requests (one pooled
    ``httpx.AsyncClient`` inside) and closed once at shutdown."""

    @property
    def provider(self) -> str:
        """``openai``, ``gemini`` or ``azure_openai`` (the ``llm.provider`` value)."""
        ...

    async def complete(self, request: CompletionRequest) -> Completion:
        """One non-streaming call. Raises :class:`~stockade.llm.errors.LLMError` subclasses."""
        ...

    def stream(self, request: CompletionRequest) -> AsyncIterator[str]:
        """The answer's text in pieces as the provider sends them (SSE). A stream cut before
        the provider's end marker raises :class:`~stockade.llm.errors.ProviderStreamError`."""
        ...

    async def aclose(self) -> None:
        """Close the connection pool."""
        ...
