"""``llm.provider`` to a ready :class:`~stockade.llm.interface.LLMClient`, once at start-up.

Provider modules are imported only when chosen: they need the ``llm`` extra (``httpx-sse``),
and a server without a provider must start, and answer ``llm_disabled``, without it.
Adding a provider is one module with a ``from_settings`` and one line in :data:`_BUILDERS`.
"""

from __future__ import annotations

from collections.abc import Callable

from stockade.core.errors import ConfigError
from stockade.llm.interface import LLMClient
from stockade.llm.settings import LlmSettings


def _openai(settings: LlmSettings) -> LLMClient:
    from stockade.llm.providers import openai

    return openai.from_settings(settings)


def _gemini(settings: LlmSettings) -> LLMClient:
    from stockade.llm.providers import gemini

    return gemini.from_settings(settings)


def _azure_openai(settings: LlmSettings) -> LLMClient:
    from stockade.llm.providers import azure_openai

    return azure_openai.from_settings(settings)


_BUILDERS: dict[str, Callable[[LlmSettings], LLMClient]] = {
    "openai": _openai,
    "gemini": _gemini,
    "azure_openai": _azure_openai,
}


def build_client(settings: LlmSettings) -> LLMClient | None:
    """The configured provider's client (one pooled ``httpx.AsyncClient`` inside; close it
    with ``aclose`` at shutdown), or None when ``llm.provider`` is unset.

    Raises :class:`ConfigError` for an unknown provider, for settings no call could work
    without (Azure's endpoint and deployment, a model name for a custom OpenAI base URL),
    and when the ``llm`` extra is not installed. A missing API key is not a configuration
    error here: each call answers ``llm_provider_auth`` saying which key to set.
    """
    if settings.provider is None:
        return None
    builder = _BUILDERS.get(settings.provider)
    if builder is None:
        known = ", ".join(sorted(_BUILDERS))
        raise ConfigError(f"llm.provider {settings.provider!r} is not one of: {known}")
    try:
        return builder(settings)
    except ModuleNotFoundError as exc:
        raise ConfigError(
            f"llm.provider {settings.provider!r} needs the llm extra "
            f"(pip install 'stockade[llm]'): {exc.name} is missing"
        ) from None
