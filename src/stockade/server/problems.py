"""RFC 9457 problem details for every error the API returns.

Routes raise :class:`ProblemError`; the handlers installed by :func:`install` turn it, the
framework's own HTTP errors (unknown route, 405) and validation errors into
``application/problem+json`` with a stable ``code``. Anything unexpected becomes a 500
without internals, logged with the request id.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Mapping, Sequence
from http import HTTPStatus
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

from stockade.core.errors import StockadeError
from stockade.llm.errors import LLMError, ProviderRateLimitedError
from stockade.quota.ledger import QuotaExhaustedError
from stockade.quota.periods import bounds, period_of
from stockade.sso.errors import SsoError
from stockade.store.types import utcnow
from stockade.tenancy.errors import Kind, TenancyError

PROBLEM_JSON = "application/problem+json"
MALFORMED_BODY = "malformed_body"
_METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")
_FASTAPI_PARSE_ERROR = "There was an error parsing the body"
TYPE_BASE = "https://stockade.dev/problems/"
log = logging.getLogger("stockade.server")

_DEFAULT_CODES = {
    400: MALFORMED_BODY,
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


class ProblemError(StockadeError):
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
    headers = dict(exc.headers or {})
    if status == 404 and detail == "Not Found":
        detail = f"no resource at {request.url.path}"
    elif status == 400:
        # The framework's own 400s are all bodies it could not parse: JSON its parser gave
        # up on (a 5,000-digit integer, nesting past the recursion limit) or a broken
        # multipart body. The same mistake as invalid JSON, so the same code.
        if detail == _FASTAPI_PARSE_ERROR:
            detail = (
                "the request body could not be parsed (too deeply nested or a too long number?)"
            )
        return malformed_body(request, detail)
    elif status == 405:
        detail = f"{request.method} is not allowed on {request.url.path}"
        headers["Allow"] = ", ".join(allowed_methods(request))
    return problem_response(request, status, code, detail, headers=headers)


def allowed_methods(request: Request) -> list[str]:
    """Every method of every route on the request's path.

    The router reports only the first route that matched the path, but one path is often
    served by several routes (``GET`` and ``DELETE`` of ``/jobs/{id}``); RFC 9110 wants them
    all in ``Allow``.
    """
    return [m for m in _METHODS if _route_for(request, m)]


def _route_for(request: Request, method: str) -> bool:
    """Whether some route takes ``method`` on the request's path (asked of the router itself,
    with a fresh scope, so included routers and mounts answer as they would for a request)."""
    scope = {
        "type": "http",
        "method": method,
        "path": request.scope["path"],
        "root_path": request.scope.get("root_path", ""),
        "headers": [],
        "query_string": b"",
    }
    return any(route.matches(scope)[0] is Match.FULL for route in request.app.router.routes)


def malformed_body(request: Request, detail: str) -> JSONResponse:
    """The one answer for a body that cannot be parsed, whatever the route or media type."""
    return problem_response(request, 400, MALFORMED_BODY, detail)


async def _on_validation(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    raw = list(exc.errors())
    if any(e.get("type") == "json_invalid" for e in raw):
        return problem_response(
            request,
            400,
            MALFORMED_BODY,
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


# The team layer's refusal kinds as HTTP statuses (its errors carry their own codes).
TENANCY_STATUS = {
    Kind.NOT_FOUND: 404,
    Kind.FORBIDDEN: 403,
    Kind.CONFLICT: 409,
    Kind.INVALID: 422,
    Kind.GONE: 410,
    Kind.TOO_LARGE: 413,
    Kind.UNAUTHORIZED: 401,
}


def from_tenancy(exc: TenancyError) -> ProblemError:
    return ProblemError(TENANCY_STATUS[exc.kind], exc.code, str(exc))


async def _on_tenancy(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, TenancyError)
    return await _on_problem(request, from_tenancy(exc))


async def _on_quota(request: Request, exc: Exception) -> JSONResponse:
    """An exhausted pool is a 429 ``quota_exhausted``; ``Retry-After`` points at the next
    period (the first second of next month, UTC)."""
    assert isinstance(exc, QuotaExhaustedError)
    _, resets = bounds(period_of(utcnow()))
    wait = max(1, int((resets - utcnow()).total_seconds()))
    return problem_response(
        request,
        429,
        "quota_exhausted",
        str(exc),
        headers={"Retry-After": str(wait)},
        extra={"pool": exc.pool, "tokens_remaining": exc.remaining},
    )


async def _on_llm(request: Request, exc: Exception) -> JSONResponse:
    """The LLM layer's refusals carry their status and code (503 ``llm_disabled``, 502
    ``llm_bad_response``, ...); a provider's 429 passes its ``Retry-After`` on."""
    assert isinstance(exc, LLMError)
    headers: dict[str, str] = {}
    if isinstance(exc, ProviderRateLimitedError) and exc.retry_after is not None:
        headers["Retry-After"] = str(max(1, math.ceil(exc.retry_after)))
    return problem_response(request, exc.status, exc.code, str(exc), headers=headers)


async def _on_sso(request: Request, exc: Exception) -> JSONResponse:
    """Single sign-on refusals carry their own status and code (:mod:`stockade.sso.errors`)."""
    assert isinstance(exc, SsoError)
    return problem_response(request, exc.status, exc.code, str(exc))


def install(app: FastAPI) -> None:
    app.add_exception_handler(ProblemError, _on_problem)
    app.add_exception_handler(SsoError, _on_sso)
    app.add_exception_handler(TenancyError, _on_tenancy)
    app.add_exception_handler(QuotaExhaustedError, _on_quota)
    app.add_exception_handler(LLMError, _on_llm)
    app.add_exception_handler(StarletteHTTPException, _on_http)
    app.add_exception_handler(RequestValidationError, _on_validation)
    app.add_exception_handler(Exception, _on_unexpected)
