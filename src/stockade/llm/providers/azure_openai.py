"""Azure OpenAI: the Chat Completions format of :mod:`stockade.llm.providers.openai` at
``{endpoint}/openai/deployments/{deployment}/chat/completions?api-version=...`` with an
``api-key`` header. The deployment names the model, so the body carries none; bodies,
answers and streams are built and read by the OpenAI module's functions.
"""

from __future__ import annotations

from urllib.parse import quote

from stockade.core.errors import ConfigError
from stockade.llm.providers import _http
from stockade.llm.providers._http import Endpoint
from stockade.llm.providers.openai import ChatCompletionsClient
from stockade.llm.settings import CallDefaults, LlmSettings, http_url, secret

# The newest generally available data-plane version with structured outputs (json_schema).
DEFAULT_API_VERSION = "2024-10-21"


def deployment_url(endpoint: str, deployment: str, api_version: str) -> str:
    """The chat completions URL of ``deployment`` on the resource ``endpoint``."""
    return (
        f"{endpoint.rstrip('/')}/openai/deployments/{quote(deployment, safe='')}"
        f"/chat/completions?api-version={quote(api_version, safe='')}"
    )


def from_settings(settings: LlmSettings) -> ChatCompletionsClient:
    """The client for ``llm.provider = "azure_openai"``: ``endpoint`` and ``deployment`` are
    required (no call can be addressed without them); a missing key refuses each call with
    ``llm_provider_auth`` instead, like every provider."""
    section = settings.azure_openai
    resource, deployment = section.endpoint, section.deployment
    if not resource or not deployment:
        names = [
            f"llm.azure_openai.{n}"
            for n, v in (("endpoint", resource), ("deployment", deployment))
            if not v
        ]
        raise ConfigError(f'llm.provider "azure_openai" needs {" and ".join(names)}')
    http_url("llm.azure_openai.endpoint", resource)
    key = secret(section.api_key)
    url = deployment_url(resource, deployment, section.api_version or DEFAULT_API_VERSION)
    endpoint = Endpoint("azure_openai", url, {"api-key": key} if key else {}, key)
    defaults = CallDefaults.from_settings(settings, settings.default_model or deployment)
    return ChatCompletionsClient(
        _http.new_client(settings),
        defaults,
        endpoint,
        model_in_body=False,
        missing_key=None if key else "llm.azure_openai.api_key is not set",
    )
