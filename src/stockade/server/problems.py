"""RFC 9457 problem details for every error the API returns.

Routes raise :class:`ProblemError`; the handlers installed by :func:`install` turn it, the
framework's own HTTP errors (unknown route, 405) and validation errors into
``application/problem+json`` with a stable ``code``. Anything unexpected becomes a 500
without internals, logged with the request id.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from http import HTTPStatus
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

PROBLEM_JSON = "application/problem+json"
TYPE_BASE = "https://stockade.dev/problems/"
log = logging.getLogger("stockade.server")

_DEFAULT_CODES = {
    400: "bad_request",
    401: "unauthenticated",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "payload_too_large",
    415: "unsupported_media_type",
    422: "validation_failed",
    429: "rate_limited",
    500: "internal_error",
    503: "service_unavailable",
}


class ProblemError(Exception):
    """An error answer: status, stable machine ``code`` and a human ``detail``."""

    def __init__(
        self,
        status: int,
        code: str,
        detail: str,
        *,
        headers: Mapping[str, str] | None = None,
        extra: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(detail)
        self.status = status
        self.code = code
        self.detail = detail
        self.headers = dict(headers or {})
        self.extra = dict(extra or {})


def problem_body(
    status: int, code: str, detail: str, instance: str, extra: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    body: dict[str, Any] = {
        "type": TYPE_BASE + code.replace("_", "-"),
        "title": HTTPStatus(status).phrase,
        "status": status,
        "detail": detail,
        "instance": instance,
        "code": code,
    }
    body.update(extra or {})
    return body


def problem_response(
    request: Request,
    status: int,
    code: str,
    detail: str,
    *,
    headers: Mapping[str, str] | None = None,
    extra: Mapping[str, Any] | None = None,
) -> JSONResponse:
    body = problem_body(status, code, detail, request.url.path, extra)
    return JSONResponse(body, status_code=status, headers=headers, media_type=PROBLEM_JSON)


def _errors(raw: Sequence[Any]) -> list[dict[str, Any]]:
    return [
        {
            "loc": [str(p) for p in e.get("loc", ())],
            "msg": str(e.get("msg", "")),
            "type": e.get("type", ""),
        }
        for e in raw
    ]


async def _on_problem(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ProblemError)
    return problem_response(
        request, exc.status, exc.code, exc.detail, headers=exc.headers, extra=exc.extra
    )


async def _on_http(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    status = exc.status_code
    code = _DEFAULT_CODES.get(status, "error")
    detail = exc.detail if isinstance(exc.detail, str) else HTTPStatus(status).description
    if status == 404 and detail == "Not Found":
        detail = f"no resource at {request.url.path}"
    elif status == 413:
        code = "payload_too_large"
    elif status == 405:
        detail = f"{request.method} is not allowed on {request.url.path}"
    return problem_response(request, status, code, detail, headers=exc.headers)


async def _on_validation(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    raw = list(exc.errors())
    if any(e.get("type") == "json_invalid" for e in raw):
        return problem_response(
            request,
            400,
            "malformed_json",
            "the request body is not valid JSON",
            extra={"errors": _errors(raw)},
        )
    return problem_response(
        request,
        422,
        "validation_failed",
        "the request did not pass validation",
        extra={"errors": _errors(raw)},
    )


async def _on_unexpected(request: Request, exc: Exception) -> JSONResponse:
    log.exception("unhandled error on %s %s", request.method, request.url.path)
    return problem_response(request, 500, "internal_error", "an unexpected error occurred")


def install(app: FastAPI) -> None:
    app.add_exception_handler(ProblemError, _on_problem)
    app.add_exception_handler(StarletteHTTPException, _on_http)
    app.add_exception_handler(RequestValidationError, _on_validation)
    app.add_exception_handler(Exception, _on_unexpected)
