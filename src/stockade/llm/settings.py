"""The shape of ``settings.llm`` as the LLM layer reads it, and the per-call defaults.

The llm package may import only scan, analyzers and core (see the import contracts in
pyproject.toml), so it cannot name :class:`stockade.config.Llm`. These protocols describe
the attributes it reads; ``stockade.config.Llm`` satisfies them structurally, and a test can
pass any object of the same shape.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, TypeVar

from stockade.core.errors import ConfigError

T = TypeVar("T")


class SecretValue(Protocol):
    """A secret that is not printed by accident (pydantic's ``SecretStr``)."""

    def get_secret_value(self) -> str: ...


class OpenAISettings(Protocol):
    @property
    def api_key(self) -> SecretValue | None: ...
    @property
    def base_url(self) -> str | None: ...
    @property
    def organization(self) -> str | None: ...


class GeminiSettings(Protocol):
    @property
    def api_key(self) -> SecretValue | None: ...
    @property
    def base_url(self) -> str | None: ...


class AzureOpenAISettings(Protocol):
    @property
    def api_key(self) -> SecretValue | None: ...
    @property
    def endpoint(self) -> str | None: ...
    @property
    def deployment(self) -> str | None: ...
    @property
    def api_version(self) -> str | None: ...


class LlmSettings(Protocol):
    """The ``llm`` section: the provider kind, call defaults and each kind's settings."""

    @property
    def provider(self) -> str | None: ...
    @property
    def default_model(self) -> str | None: ...
    @property
    def temperature(self) -> float: ...
    @property
    def max_tokens(self) -> int: ...
    @property
    def timeout_seconds(self) -> float: ...
    @property
    def max_concurrency(self) -> int: ...
    @property
    def openai(self) -> OpenAISettings: ...
    @property
    def gemini(self) -> GeminiSettings: ...
    @property
    def azure_openai(self) -> AzureOpenAISettings: ...


@dataclass(frozen=True, slots=True)
class CallDefaults:
    """What a :class:`~stockade.llm.interface.CompletionRequest` field left as ``None``
    becomes. ``model`` is already resolved by the provider module (its own default when
    ``llm.default_model`` is unset)."""

    model: str
    temperature: float
    max_tokens: int
    timeout_seconds: float

    @classmethod
    def from_settings(cls, settings: LlmSettings, model: str) -> CallDefaults:
        return cls(model, settings.temperature, settings.max_tokens, settings.timeout_seconds)


def secret(value: SecretValue | None) -> str | None:
    """The secret's text, or None when unset or empty (an empty key is no key)."""
    text = value.get_secret_value() if value is not None else ""
    return text or None


def or_default(value: T | None, default: T) -> T:
    """A request's own value, else the configured default."""
    return default if value is None else value


def http_url(key: str, value: str | None) -> str | None:
    """``value`` when unset or an http(s) URL; a :class:`ConfigError` naming ``key`` else."""
    if value is not None and not value.startswith(("http://", "https://")):
        raise ConfigError(f"{key} must be an http:// or https:// URL, not {value!r}")
    return value
