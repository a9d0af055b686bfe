"""Operational endpoints: health, metrics, OpenAPI document and Swagger UI (local assets)."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, FastAPI, Request
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel
from sqlalchemy.exc import SQLAlchemyError

from stockade import __version__
from stockade.jobs.dependencies import advisory_state
from stockade.server.context import Context
from stockade.server.problems import problem_response
from stockade.server.schemas.common import problems

OPENAPI_PATH = "/api-docs/openapi.json"
STATIC_PATH = "/static-offline-docs"


class AdvisoryHealth(BaseModel):
    """The advisory store: a fresh server is ``empty`` until `stockade advisories sync` or
    `import` (or ``advisories.auto_sync``) fills it; dependency analysis answers 503 until
    then. ``source`` is ``local`` or ``osv-api`` (not probed: count and last_sync null)."""

    status: Literal["ready", "empty", "unavailable"]
    source: str
    count: int | None
    last_sync: str | None


class RateLimiterHealth(BaseModel):
    """The rate limiter's storage: ``memory`` (this process) or ``redis`` (shared by every
    instance). ``degraded`` while Redis fails: reads are served unlimited, writes and
    analyses answer 503 ``rate_limiter_unavailable`` (docs/limits.md)."""

    storage: Literal["memory", "redis"]
    status: Literal["ok", "degraded"]


class Health(BaseModel):
    status: str
    version: str
    checks: dict[str, str]
    advisories: AdvisoryHealth
    rate_limiter: RateLimiterHealth | None = None


def router(enable_docs: bool) -> APIRouter:
    r = APIRouter(tags=["operations"])
    r.add_api_route(
        "/health",
        health,
        methods=["GET"],
        operation_id="getHealth",
        response_model=Health,
        responses=problems(503),
        summary="Service health, with a database check",
    )
    r.add_api_route(
        "/metrics",
        metrics,
        methods=["GET"],
        operation_id="getMetrics",
        response_class=Response,
        responses={
            200: {
                "content": {"text/plain": {"schema": {"type": "string"}}},
                "description": "Prometheus text format",
            }
        },
        summary="Prometheus metrics",
    )
    r.add_api_route(
        OPENAPI_PATH,
        openapi_document,
        methods=["GET"],
        operation_id="getOpenApiDocument",
        responses={
            200: {
                "content": {"application/json": {"schema": {"type": "object"}}},
                "description": "OpenAPI 3.1 document",
            }
        },
        response_class=JSONResponse,
        summary="This OpenAPI document",
    )
    if enable_docs:
        r.add_api_route(
            "/docs",
            swagger_ui,
            methods=["GET"],
            operation_id="getApiDocs",
            response_class=HTMLResponse,
            responses={
                200: {
                    "content": {"text/html": {"schema": {"type": "string"}}},
                    "description": "Swagger UI",
                }
            },
            summary="Interactive API documentation (Swagger UI, served locally)",
        )
    return r


def health(request: Request, ctx: Context) -> Any:
    try:
        ctx.db.ping()
    except (SQLAlchemyError, OSError):
        return problem_response(
            request,
            503,
            "dependency_unavailable",
            "database: unreachable",
            extra={
                "status": "unavailable",
                "version": __version__,
                "checks": {"database": "unavailable"},
            },
        )
    # An empty advisory store does not make the service unhealthy (the rest works): it is
    # reported beside the checks so operators see why dependency analysis answers 503.
    # A failing limiter storage leaves reads working: "degraded", still a 200.
    limiter = ctx.rate_limiter
    limits = (
        RateLimiterHealth(storage=limiter.kind, status=limiter.storage_state())
        if limiter is not None
        else None
    )
    return Health(
        status="degraded" if limits is not None and limits.status == "degraded" else "ok",
        version=__version__,
        checks={"database": "ok"},
        advisories=AdvisoryHealth(**advisory_state(ctx.settings)),
        rate_limiter=limits,
    )


def metrics(ctx: Context) -> Response:
    return Response(ctx.metrics.render(), media_type=ctx.metrics.content_type)


def openapi_document(request: Request) -> JSONResponse:
    app: FastAPI = request.app
    return JSONResponse(app.openapi())


def swagger_ui(request: Request) -> HTMLResponse:
    root = request.scope.get("root_path", "")
    return get_swagger_ui_html(
        openapi_url=f"{root}{OPENAPI_PATH}",
        title="Stockade API",
        swagger_js_url=f"{root}{STATIC_PATH}/swagger-ui-bundle.js",
        swagger_css_url=f"{root}{STATIC_PATH}/swagger-ui.css",
        swagger_favicon_url=f"{root}{STATIC_PATH}/favicon.png",
    )
