"""Delivery signatures: ``X-Stockade-Signature: sha256=<hex HMAC-SHA256(secret,
"<delivery>.<timestamp>.<raw body>")>``.

Signing the delivery id and the timestamp with the body makes a captured delivery useless for
replay: a receiver that rejects timestamps older than five minutes and remembers delivery ids
accepts each delivery once.
"""

from __future__ import annotations

import hashlib
import hmac

EVENT_HEADER = "X-Stockade-Event"
DELIVERY_HEADER = "X-Stockade-Delivery"
TIMESTAMP_HEADER = "X-Stockade-Timestamp"
SIGNATURE_HEADER = "X-Stockade-Signature"


def signature(secret: str, delivery_id: str, timestamp: int, body: bytes) -> str:
    message = f"{delivery_id}.{timestamp}.".encode() + body
    digest = hmac.new(secret.encode("utf-8"), message, hashlib.sha256).hexdigest()
    return f"sha256={digest}"


def headers(
    event: str, delivery_id: str, timestamp: int, body: bytes, secret: str | None
) -> dict[str, str]:
    """The headers of one delivery attempt."""
    out = {
        "Content-Type": "application/json",
        "User-Agent": "Stockade-Webhooks/1",
        EVENT_HEADER: event,
        DELIVERY_HEADER: delivery_id,
        TIMESTAMP_HEADER: str(timestamp),
    }
    if secret:
        out[SIGNATURE_HEADER] = signature(secret, delivery_id, timestamp, body)
    return out
