"""Refusals and failures of the LLM layer; the HTTP layer maps each to a problem answer.

::

    LLMError (core.errors.StockadeError)      code, status
    ├── LLMDisabledError                      503 llm_disabled: no provider configured
    ├── LLMInputError                         422 llm_invalid_input: empty ids, unknown language
    ├── ProviderError                         a provider call failed (quota is refunded)
    │   ├── ProviderUnavailableError          503 llm_unavailable: timeout, connection, 5xx
    │   ├── ProviderRateLimitedError          503 llm_rate_limited (+ retry_after seconds)
    │   ├── ProviderAuthError                 502 llm_provider_auth: key missing or refused
    │   ├── ProviderStreamError               502 llm_stream_cut: stream ended early
    │   └── LLMBadResponseError               502 llm_bad_response: not JSON / schema broken
"""

from __future__ import annotations

from stockade.core.errors import StockadeError


class LLMError(StockadeError):
    """Base: ``code`` is the stable machine code, ``status`` the HTTP status to answer."""

    code = "llm_error"
    status = 502

    def __init__(self, message: str) -> None:
        super().__init__(message)


class LLMDisabledError(LLMError):
    """``llm.provider`` is unset: every LLM endpoint answers this, nothing else changes."""

    code = "llm_disabled"
    status = 503


class LLMInputError(LLMError):
    """A request the LLM layer refuses before calling any provider."""

    code = "llm_invalid_input"
    status = 422


class ProviderError(LLMError):
    """A provider call failed; the caller's ``llm`` tokens are refunded."""


class ProviderUnavailableError(ProviderError):
    """Timeout, connection refused or a 5xx from the provider."""

    code = "llm_unavailable"
    status = 503


class ProviderRateLimitedError(ProviderError):
    """The provider answered 429; ``retry_after`` is its ``Retry-After`` in seconds, if any."""

    code = "llm_rate_limited"
    status = 503

    def __init__(self, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class ProviderAuthError(ProviderError):
    """The provider refused the configured key (401/403) or no key is configured."""

    code = "llm_provider_auth"
    status = 502


class ProviderStreamError(ProviderError):
    """A streamed answer ended before the provider's end marker."""

    code = "llm_stream_cut"
    status = 502


class LLMBadResponseError(ProviderError):
    """The answer was not valid JSON or broke the schema, also after one repair retry."""

    code = "llm_bad_response"
    status = 502
