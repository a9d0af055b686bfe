"""``create_app(settings)``: the whole HTTP application, with no import-time globals."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import Depends, FastAPI

from stockade import __version__
from stockade.config import (
    Settings,
    load_settings,
    resolve_encryption_keys,
    resolve_jwt_secret,
)
from stockade.jobs.dependencies import start_auto_sync
from stockade.llm.factory import build_client
from stockade.server import dispatch, docs, logs, maintenance, openapi, problems, ratelimit
from stockade.server.auth.passwords import Passwords
from stockade.server.auth.tokens import Jwt
from stockade.server.context import AppContext
from stockade.server.metrics import Metrics, MetricsMiddleware
from stockade.server.middleware import (
    BodyLimitMiddleware,
    ProblemCORSMiddleware,
    RequestContextMiddleware,
)
from stockade.server.routes import (
    analytics,
    api_keys,
    auth,
    codehost,
    dependencies,
    findings,
    integrations,
    jobs,
    llm,
    me,
    members,
    ops,
    organizations,
    quota,
    scim,
    scim_tokens,
    sso,
    webhooks,
)
from stockade.store import Database, sealing, upgrade
from stockade.store.crypto import SecretBox
from stockade.tenancy import access
from stockade.webhooks import delivery
from stockade.webhooks.chat import dispatch as chat_dispatch


def create_app(
    settings: Settings,
    *,
    database: Database | None = None,
    migrate: bool = True,
    run_jobs: bool = True,
) -> FastAPI:
    """Build an application for ``settings``; migrations run unless ``migrate`` is False.

    With ``run_jobs`` the in-process runner (``jobs.backend = "inprocess"``) starts with the
    application; with the Celery backend submissions are sent to the broker instead.
    """
    db = database or Database(settings.database_url)
    box = SecretBox(resolve_encryption_keys(settings))
    if migrate:
        upgrade(db.engine)
        with db.session() as session:
            sealing.seal_legacy(session, box)
    ctx = AppContext(
        settings=settings,
        db=db,
        jwt=Jwt(resolve_jwt_secret(settings)),
        passwords=Passwords(),
        metrics=Metrics(),
        box=box,
        memberships=access.active_role,
    )
    ctx.rate_limiter = ratelimit.RateLimiter.from_settings(settings, ctx.metrics)
    ctx.llm = build_client(settings.llm)  # None without llm.provider; tests may replace it
    app = FastAPI(
        lifespan=_lifespan,
        # Every route is rate limited (the dependency lets the operational paths through).
        dependencies=[Depends(ratelimit.rate_limit)],
        title="Stockade API",
        version=__version__,
        docs_url=None,
        redoc_url=None,
        openapi_url=None,
        swagger_ui_oauth2_redirect_url=None,
    )
    app.state.ctx = ctx
    app.state.run_jobs = run_jobs
    ctx.metrics.track_jobs(lambda: dispatch.job_counts(db))
    ctx.metrics.track_deliveries(lambda: delivery.outbox_counts(db))
    ctx.metrics.track_chat_messages(lambda: chat_dispatch.outbox_counts(db))
    app.openapi = lambda: openapi.build(app)  # type: ignore[method-assign]
    problems.install(app)
    scim.install(app)  # SCIM answers errors in its own schema, not problem+json
    app.include_router(ops.router(settings.server.enable_docs))
    app.include_router(auth.router)
    app.include_router(api_keys.router)
    app.include_router(dependencies.router)
    app.include_router(jobs.router)
    app.include_router(findings.router)
    app.include_router(organizations.router)
    app.include_router(members.router)
    app.include_router(me.router)
    app.include_router(quota.router)
    app.include_router(analytics.router)
    app.include_router(webhooks.router)
    app.include_router(llm.router)
    app.include_router(codehost.router)
    app.include_router(scim_tokens.router)
    app.include_router(scim.router)
    app.include_router(sso.config_router)
    app.include_router(sso.auth_router)
    app.include_router(integrations.router)
    if settings.server.enable_docs:
        docs.mount_assets(app)
    ratelimit.declare_cost_classes(app)
    _middlewares(app, settings, ctx.metrics)
    return app


@asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    """Start the job dispatcher with the server; stop it and release connections at the end."""
    ctx: AppContext = app.state.ctx
    stop = dispatch.start(ctx) if app.state.run_jobs else None
    stop_upkeep = maintenance.start(ctx)
    app.state.advisory_sync = start_auto_sync(ctx.settings)  # background; None when off
    try:
        yield
    finally:
        stop_upkeep()
        if stop is not None:
            stop()
        if ctx.llm is not None:
            await ctx.llm.aclose()
        ctx.db.dispose()


def _middlewares(app: FastAPI, settings: Settings, metrics: Metrics) -> None:
    """Added innermost first: rate-limit headers, body limit, CORS, metrics, then request
    id/headers outermost."""
    max_bytes = int(settings.server.max_body_mb * 1024 * 1024)
    app.add_middleware(ratelimit.RateLimitHeadersMiddleware)
    app.add_middleware(BodyLimitMiddleware, max_bytes=max_bytes)
    app.add_middleware(
        ProblemCORSMiddleware,
        allow_origins=list(settings.server.cors_origins),
        allow_credentials=True,
        allow_methods=["GET", "POST", "PUT", "PATCH", "DELETE"],
        allow_headers=["Content-Type", "X-API-Key", "X-CSRF-Token", "X-Request-ID"],
        expose_headers=["X-Request-ID", "Location", *ratelimit.EXPOSED],
    )
    app.add_middleware(MetricsMiddleware, metrics=metrics)
    app.add_middleware(RequestContextMiddleware, hsts=settings.cookie_secure)


def app_from_environment() -> FastAPI:
    """Factory for ``uvicorn --factory``: settings from ``STOCKADE_CONFIG`` and the environment."""
    logs.configure()
    return create_app(load_settings())
