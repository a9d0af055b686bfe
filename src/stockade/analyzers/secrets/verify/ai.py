"""AI platforms: list models (OpenAI, Anthropic) or ask who the token belongs to (Hugging Face)."""

from __future__ import annotations

from stockade.analyzers.secrets.verify.http import IdentityCall, header

OPENAI = IdentityCall("openai", "https://api.openai.com", "/v1/models")

ANTHROPIC = IdentityCall(
    "anthropic",
    "https://api.anthropic.com",
    "/v1/models",
    header("x-api-key"),
    headers={"anthropic-version": "2023-06-01"},
)

HUGGINGFACE = IdentityCall("huggingface", "https://huggingface.co", "/api/whoami-v2")

RULES = {
    "openai-api-key": OPENAI,
    "anthropic-api-key": ANTHROPIC,
    "huggingface-token": HUGGINGFACE,
    "huggingface-org-token": HUGGINGFACE,
}
