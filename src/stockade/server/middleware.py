"""ASGI middlewares: request ids and security headers, and the request body size limit.

Pure ASGI (not ``BaseHTTPMiddleware``) so streaming bodies are not buffered and the limit is
enforced while reading, not after.
"""

from __future__ import annotations

import re
import uuid
from typing import Any

import orjson
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.middleware.cors import CORSMiddleware
from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from stockade.core.errors import StockadeError
from stockade.server.logs import request_id_var
from stockade.server.problems import PROBLEM_JSON, problem_body

_REQUEST_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")
_API_CSP = "default-src 'none'; frame-ancestors 'none'"
_DOCS_CSP = (
    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; frame-ancestors 'none'"
)
_SECURITY = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
    (b"cache-control", b"no-store"),
]


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


class RequestContextMiddleware:
    """Echo or assign ``X-Request-ID`` and add security headers to every response."""

    def __init__(self, app: ASGIApp, *, hsts: bool) -> None:
        self.app = app
        self.hsts = hsts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        given = _header(scope, b"x-request-id")
        request_id = given if given and _REQUEST_ID.fullmatch(given) else uuid.uuid4().hex
        scope.setdefault("state", {})["request_id"] = request_id
        token = request_id_var.set(request_id)
        docs = scope["path"].startswith(("/docs", "/static-offline-docs"))

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [
                    (k, v)
                    for k, v in message.get("headers", [])
                    if k.lower() not in {b"x-request-id", b"cache-control"}
                ]
                headers.append((b"x-request-id", request_id.encode()))
                # A route may set a stricter header itself (the logo's sandbox CSP): it wins.
                present = {k.lower() for k, _ in headers}
                headers.extend(h for h in _SECURITY if h[0] not in present)
                if b"content-security-policy" not in present:
                    csp = _DOCS_CSP if docs else _API_CSP
                    headers.append((b"content-security-policy", csp.encode()))
                if self.hsts:
                    headers.append((b"strict-transport-security", b"max-age=31536000"))
                message["headers"] = headers
            await send(message)

        try:
            await self.app(scope, receive, send_with_headers)
        finally:
            request_id_var.reset(token)


class BodyTooLargeError(HTTPException, StockadeError):
    """Raised inside ``receive`` when a streamed body passes the limit.

    An HTTPException, so the framework's body reader lets it through (it turns any other
    error into a 400) and the problem handler answers 413.
    """

    def __init__(self, limit_bytes: int) -> None:
        limit_mb = limit_bytes / (1024 * 1024)
        super().__init__(413, f"the request body exceeds the limit of {limit_mb:g} MB")


class BodyLimitMiddleware:
    """Answer 413 problem+json when a body exceeds ``server.max_body_mb``."""

    def __init__(self, app: ASGIApp, *, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _header(scope, b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_bytes:
            await self._reject(scope, send)
            return
        seen = 0
        started = exceeded = rejected = False

        async def limited_receive() -> Message:
            nonlocal seen, exceeded
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_bytes:
                    exceeded = True
                    raise BodyTooLargeError(self.max_bytes)
            return message

        async def tracking_send(message: Message) -> None:
            # A route or parser that caught the error (a multipart reader turning every
            # failure into a 400) must not hide it: once the limit was passed, the answer
            # is the 413, whatever the application tried to send instead.
            nonlocal started, rejected
            if exceeded and not started:
                started = rejected = True
                await self._reject(scope, send)
                return
            if rejected:
                return
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except BodyTooLargeError:
            if rejected:
                return  # the 413 is already out (see tracking_send)
            if started:
                raise
            await self._reject(scope, send)

    async def _reject(self, scope: Scope, send: Send) -> None:
        limit_mb = self.max_bytes / (1024 * 1024)
        body: dict[str, Any] = problem_body(
            413,
            "payload_too_large",
            f"the request body exceeds the limit of {limit_mb:g} MB",
            scope["path"],
        )
        payload = orjson.dumps(body)
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", PROBLEM_JSON.encode()),
                    (b"content-length", str(len(payload)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": payload})


class ProblemCORSMiddleware(CORSMiddleware):
    """Starlette's CORS handling, but a refused preflight is problem+json like every error."""

    def preflight_response(self, request_headers: Headers) -> Response:
        response = super().preflight_response(request_headers)
        if response.status_code < 400:
            return response
        detail = bytes(response.body).decode("latin-1")
        body = problem_body(400, "cors_refused", detail, "")
        body.pop("instance")
        headers = {k: v for k, v in response.headers.items() if k.lower() != "content-length"}
        headers.pop("content-type", None)
        return JSONResponse(body, status_code=400, headers=headers, media_type=PROBLEM_JSON)
