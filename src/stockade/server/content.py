"""Reject bodies in a media type the route does not accept (415, before validation).

One rule for every route with a body: a non-empty body must say what it is. A body without
``Content-Type`` is a 415 like a body in the wrong type, never guessed to be JSON, so a
client that forgot the header learns it at once instead of from a confusing 422 or 400.
"""

from __future__ import annotations

from fastapi import Request

from stockade.server.problems import ProblemError

JSON = "application/json"
MULTIPART = "multipart/form-data"
_NO_BODY_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "DELETE"})


def media_type(request: Request) -> str:
    """The request's media type, lower case and without parameters ('' when not sent)."""
    return request.headers.get("content-type", "").split(";", 1)[0].strip().lower()


def is_json(media: str) -> bool:
    """``application/json`` or a structured ``+json`` suffix type (RFC 6839)."""
    return media == JSON or (media.startswith("application/") and media.endswith("+json"))


def has_body(request: Request) -> bool:
    """Whether the request announces a body (a length above 0, or a chunked one)."""
    length = request.headers.get("content-length")
    if length is not None:
        return length.strip() != "0"
    return "transfer-encoding" in request.headers


def require_media(request: Request, *accepted: str) -> str:
    """The media type of a request with a body, when it is JSON or one of ``accepted``;
    a 415 otherwise. A request without a body passes (its validation reports what is missing).
    """
    media = media_type(request)
    if request.method in _NO_BODY_METHODS or not has_body(request):
        return media
    if is_json(media) or media in accepted:
        return media
    expected = " or ".join([JSON, *accepted])
    raise ProblemError(
        415,
        "unsupported_media_type",
        f"expected {expected}, got {media or 'no content type'}",
    )


def require_json(request: Request) -> None:
    """Routes with a JSON body: a body sent as anything but JSON is a 415."""
    require_media(request)


def require_json_body(request: Request) -> None:
    """A JSON body on a method that usually has none (``DELETE /organizations/{id}`` takes
    the Owner's password): checked like any other body."""
    media = media_type(request)
    if has_body(request) and not is_json(media):
        raise ProblemError(
            415, "unsupported_media_type", f"expected {JSON}, got {media or 'no content type'}"
        )


IMAGE_TYPES = ("image/png", "image/jpeg")


def require_image(request: Request) -> None:
    """An image upload must say it is PNG or JPEG (the content decides what it really is)."""
    media = media_type(request)
    if media not in IMAGE_TYPES:
        expected = " or ".join(IMAGE_TYPES)
        raise ProblemError(
            415,
            "unsupported_media_type",
            f"expected {expected}, got {media or 'no content type'}",
        )
