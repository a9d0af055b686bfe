"""Reject bodies in a media type the route does not accept (415, before validation)."""

from __future__ import annotations

from fastapi import Request

from stockade.server.problems import ProblemError


def require_json(request: Request) -> None:
    """Routes with a JSON body: a body sent as anything but JSON is a 415."""
    if request.method in {"GET", "HEAD", "OPTIONS", "DELETE"}:
        return
    length = request.headers.get("content-length")
    if length == "0" or (length is None and "transfer-encoding" not in request.headers):
        return
    media = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if media == "application/json" or (
        media.startswith("application/") and media.endswith("+json")
    ):
        return
    raise ProblemError(
        415,
        "unsupported_media_type",
        f"expected application/json, got {media or 'no content type'}",
    )
