"""The webhooks package's refusals; the HTTP layer maps them to problem answers."""

from __future__ import annotations

from stockade.core.errors import StockadeError


class WebhookError(StockadeError):
    """Base: ``code`` is the stable machine code of the refusal. The server answers a
    rejected definition with 422 and an unknown id with 404."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class WebhookRejectedError(WebhookError):
    """A webhook definition that can never be accepted (scheme, credentials, target, event)."""


class WebhookNotFoundError(WebhookError):
    """No such webhook or delivery in this organization."""


class SendError(WebhookError):
    """A delivery attempt failed before any HTTP answer (connection, TLS, timeout, refused
    target); recorded on the delivery, never raised to an API caller."""
