"""LLM endpoints: explain, fix (verified), query, and enrich a job's findings.

Every call is paid before the provider is asked (``llm`` tokens, :mod:`..llm_charges`) and
refunded when the provider call fails; with no provider configured each endpoint answers
503 ``llm_disabled`` before anything is charged.

These routes hold no database transaction while a provider answers. The caller is read
from the credentials the rate limiter already resolved (in a transaction of their own:
see :func:`~stockade.server.auth.principal.request_credentials`), and every database step
(charge, job lookup, write-back, refund) is a short transaction of its own. On SQLite the
request's transaction would hold the single write lock for the provider's whole answer
time, and on PostgreSQL the ledger's per-pool lock: LLM calls of one pool would queue.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Annotated, Any, TypeVar
from uuid import UUID

import anyio
import orjson
from fastapi import APIRouter, Depends, Query, Request, Security
from fastapi.responses import StreamingResponse
from fastapi.security import APIKeyCookie, APIKeyHeader
from starlette.concurrency import run_in_threadpool

from stockade.jobs.results import finding_json
from stockade.jobs.service import Caller, JobService
from stockade.llm.errors import (
    LLMDisabledError,
    LLMError,
    LLMInputError,
    ProviderError,
    ProviderUnavailableError,
)
from stockade.llm.interface import LLMClient
from stockade.llm.services import ServiceOptions
from stockade.llm.services import enrich as enrich_service
from stockade.llm.services import explain as explain_service
from stockade.llm.services import fix as fix_service
from stockade.llm.services import query as query_service
from stockade.server import llm_charges
from stockade.server.auth import cookies
from stockade.server.auth.principal import Principal, RequestCredentials
from stockade.server.content import require_json
from stockade.server.context import AppContext, Context
from stockade.server.deps import actor_of
from stockade.server.problems import ProblemError, problem_body
from stockade.server.ratelimit import CostClass, cost_class
from stockade.server.routes.jobs import service_errors
from stockade.server.schemas.common import problems
from stockade.server.schemas.llm import (
    EnrichedFinding,
    EnrichIn,
    EnrichOut,
    ExplainIn,
    ExplainOut,
    FixIn,
    FixOut,
    QueryIn,
    QueryOut,
)
from stockade.store.job_models import JobFinding
from stockade.store.llm_models import FindingEnrichments

router = APIRouter(tags=["llm"], dependencies=[Depends(require_json)])
T = TypeVar("T")

_LLM = cost_class(CostClass.LLM)
_ERRORS = problems(400, 401, 403, 404, 415, 422, 429, 503)
_ERRORS[502] = {
    **_ERRORS[503],
    "description": "The provider refused the key, cut its stream or answered off-schema",
}
EVENT_STREAM = "text/event-stream"
# Declared so the OpenAPI document lists both credential forms on these operations.
_API_KEY = APIKeyHeader(name="X-API-Key", scheme_name="ApiKeyAuth", auto_error=False)
_COOKIE = APIKeyCookie(name=cookies.SESSION_COOKIE, scheme_name="CookieAuth", auto_error=False)


def llm_caller(
    request: Request,
    ctx: Context,
    credentials: RequestCredentials,
    _key: Annotated[str | None, Security(_API_KEY)] = None,
    _cookie: Annotated[str | None, Security(_COOKIE)] = None,
) -> Caller:
    """The caller, from the credentials read in their own transaction (never the request's:
    see the module docstring). Same refusals as every protected route."""
    if credentials.error is not None:
        raise credentials.error
    principal: Principal | None = credentials.principal
    if principal is None:
        raise ProblemError(
            401,
            "unauthenticated",
            "authentication required: X-API-Key or session cookie",
            headers={"WWW-Authenticate": 'X-API-Key, Cookie realm="stockade"'},
        )
    return actor_of(request, ctx, principal)


LlmCaller = Annotated[Caller, Depends(llm_caller)]
OrganizationQuery = Annotated[
    UUID | None,
    Query(description="Spend the organization's tokens (default: the caller's own)"),
]


def client_of(ctx: AppContext) -> LLMClient:
    if ctx.llm is None:
        raise LLMDisabledError("no LLM provider is configured on this server (llm.provider)")
    return ctx.llm


def options_of(ctx: AppContext) -> ServiceOptions:
    llm = ctx.settings.llm
    return ServiceOptions(log_prompts=llm.log_prompts, max_input_chars=llm.max_input_chars)


async def paid_call(
    ctx: AppContext,
    caller: Caller,
    organization: UUID | None,
    call: Callable[[], Awaitable[T]],
) -> T:
    """Charge one call, make it, refund it when the provider failed."""
    org = str(organization) if organization is not None else None
    paid = await run_in_threadpool(llm_charges.charge, ctx, caller, org)
    try:
        with anyio.fail_after(ctx.settings.llm.total_budget_seconds):
            return await call()
    except TimeoutError:
        await run_in_threadpool(llm_charges.refund, ctx, paid)
        raise ProviderUnavailableError(
            "the LLM request took longer than llm.total_budget_seconds"
        ) from None
    except ProviderError:
        await run_in_threadpool(llm_charges.refund, ctx, paid)
        raise


@router.post(
    "/api/v1/llm/explain",
    operation_id="llmExplain",
    response_model=ExplainOut,
    responses={
        200: {
            "description": "The explanation; with `Accept: text/event-stream` and "
            "`llm.enable_streaming`, a stream of `delta` events and a final `result`",
            "content": {EVENT_STREAM: {"schema": {"type": "string"}}},
        },
        **_ERRORS,
    },
    openapi_extra=_LLM,
)
async def explain(
    body: ExplainIn,
    request: Request,
    ctx: Context,
    caller: LlmCaller,
    organization_id: OrganizationQuery = None,
) -> Any:
    """Explain a vulnerability for an audience (`developer`, `manager`, ...)."""
    client = client_of(ctx)
    options = options_of(ctx)
    completion = explain_service.explain_request(
        body.vulnerability_id,
        body.description,
        body.affected_component,
        body.audience,
        options,
    )
    if ctx.settings.llm.enable_streaming and EVENT_STREAM in request.headers.get("accept", ""):
        return await _explain_stream(ctx, caller, organization_id, client, completion, options)
    answer = await paid_call(
        ctx,
        caller,
        organization_id,
        lambda: explain_service.explain(client, completion, options),
    )
    return ExplainOut(**answer.model_dump())


async def _explain_stream(
    ctx: AppContext,
    caller: Caller,
    organization: UUID | None,
    client: LLMClient,
    completion: Any,
    options: ServiceOptions,
) -> StreamingResponse:
    """SSE: ``delta`` events (``{"text": ...}``) then one ``result`` event with the same
    object the JSON answer has. A failure before the first piece is an ordinary problem
    answer; after it, an ``error`` event carrying the problem body (the status line is
    already sent). Either way the call is refunded. The whole stream, like a JSON answer,
    ends at ``llm.total_budget_seconds``."""
    org = str(organization) if organization is not None else None
    paid = await run_in_threadpool(llm_charges.charge, ctx, caller, org)
    pieces = explain_service.explain_stream(client, completion, options)
    deadline = anyio.current_time() + ctx.settings.llm.total_budget_seconds

    async def next_piece() -> str | explain_service.ExplainAnswer:
        try:
            with anyio.fail_after(max(deadline - anyio.current_time(), 0.0)):
                return await anext(pieces)
        except TimeoutError:
            await pieces.aclose()
            raise ProviderUnavailableError(
                "the LLM request took longer than llm.total_budget_seconds"
            ) from None

    try:
        first = await next_piece()
    except ProviderError:
        await run_in_threadpool(llm_charges.refund, ctx, paid)
        raise

    async def events() -> AsyncIterator[bytes]:
        item: str | explain_service.ExplainAnswer = first
        try:
            while True:
                if isinstance(item, explain_service.ExplainAnswer):
                    yield _sse("result", item.model_dump())
                    return
                yield _sse("delta", {"text": item})
                item = await next_piece()
        except LLMError as exc:
            if isinstance(exc, ProviderError):
                await run_in_threadpool(llm_charges.refund, ctx, paid)
            body = problem_body(exc.status, exc.code, str(exc), "/api/v1/llm/explain")
            yield _sse("error", body)

    return StreamingResponse(
        events(),
        media_type=EVENT_STREAM,
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )


def _sse(event: str, data: Any) -> bytes:
    return b"event: " + event.encode() + b"\ndata: " + orjson.dumps(data) + b"\n\n"


@router.post(
    "/api/v1/llm/fix",
    operation_id="llmFix",
    response_model=FixOut,
    responses=_ERRORS,
    openapi_extra=_LLM,
)
async def fix(
    body: FixIn, ctx: Context, caller: LlmCaller, organization_id: OrganizationQuery = None
) -> FixOut:
    """Propose a fix; `verified` says whether Stockade's own analyzers found the finding
    gone and nothing new in it, and `confidence` is capped when they did not."""
    client = client_of(ctx)
    request = fix_service.FixInput(
        body.vulnerability_id, body.vulnerable_code, body.language, body.context
    )
    fix_service.check(request)  # an unknown language is a 422 before anything is charged
    options = options_of(ctx)
    result = await paid_call(
        ctx,
        caller,
        organization_id,
        lambda: fix_service.propose_fix(client, request, options),
    )
    return FixOut(
        fixed_code=result.fixed_code,
        explanation=result.explanation,
        confidence=result.confidence,
        verified=result.verified,
    )


@router.post(
    "/api/v1/llm/query",
    operation_id="llmQuery",
    response_model=QueryOut,
    responses=_ERRORS,
    openapi_extra=_LLM,
)
async def query(
    body: QueryIn, ctx: Context, caller: LlmCaller, organization_id: OrganizationQuery = None
) -> QueryOut:
    """Answer a security question about one file; `references` are http(s) URLs only."""
    client = client_of(ctx)
    options = options_of(ctx)
    answer = await paid_call(
        ctx,
        caller,
        organization_id,
        lambda: query_service.answer_query(
            client, body.query, body.context.file, body.context.content, options
        ),
    )
    return QueryOut(answer=answer.answer, references=answer.references)


@router.post(
    "/api/v1/jobs/{job_id}/enrich",
    operation_id="enrichJob",
    response_model=EnrichOut,
    responses=_ERRORS,
    openapi_extra=_LLM,
)
async def enrich(job_id: UUID, body: EnrichIn, ctx: Context, caller: LlmCaller) -> EnrichOut:
    """Explain the job's findings `finding_ids` and suggest remediations, written back
    onto the findings. Ids that are not findings of this job count in `failed_count`; one
    `llm` call is charged per finding sent to the provider and refunded if it failed."""
    client = client_of(ctx)
    if not body.finding_ids:
        raise LLMInputError("finding_ids is empty: name the findings to enrich")
    organization, rows = await run_in_threadpool(_enrichable, ctx, caller, str(job_id), body)
    inputs = [_finding_input(row, body.code_contexts.get(row["id"])) for row in rows]
    results: list[enrich_service.Enriched] = []
    stored: set[str] = set()
    if inputs:
        paid = await run_in_threadpool(llm_charges.charge, ctx, caller, organization, len(inputs))
        llm = ctx.settings.llm
        results = await enrich_service.enrich_many(
            client, inputs, options_of(ctx), llm.max_concurrency, llm.total_budget_seconds
        )
        model = f"{client.provider}:{llm.default_model or 'default'}"
        stored = await run_in_threadpool(_write_back, ctx, paid, results, model)
    done = {r.finding_id: r.answer for r in results if r.answer and r.finding_id in stored}
    return EnrichOut(
        job_id=str(job_id),
        enriched_count=len(done),
        failed_count=len(set(body.finding_ids)) - len(done),  # an id named twice is one
        findings=[_enriched(row, done[row["id"]]) for row in rows if row["id"] in done],
    )


def _enrichable(
    ctx: AppContext, caller: Caller, job_id: str, body: EnrichIn
) -> tuple[str | None, list[dict[str, Any]]]:
    """The job's organization and the requested findings (API JSON), in a short
    transaction; an invisible job is a 404 ``job_not_found``."""
    with ctx.db.session() as session, service_errors():
        job, rows = JobService(session, ctx.settings, ctx.box).enrichable(
            caller, job_id, body.finding_ids
        )
        return job.organization_id, [finding_json(r) for r in rows]


def _finding_input(row: dict[str, Any], context: str | None) -> enrich_service.FindingInput:
    return enrich_service.FindingInput(
        id=row["id"],
        rule_id=str(row.get("rule_id", "")),
        severity=str(row.get("severity", "")),
        title=str(row.get("title", "")),
        message=str(row.get("message", "")),
        location=str(row["location"]),
        snippet=str(row.get("code", "")),
        code_context=context,
    )


def _write_back(
    ctx: AppContext,
    paid: llm_charges.Charge,
    results: list[enrich_service.Enriched],
    model: str,
) -> set[str]:
    """Store the answers and refund the failed calls; returns the ids stored. A finding
    deleted meanwhile (its job was deleted) is skipped, as failed: its answer has no row
    to belong to, but its provider call was made and stays paid."""
    failed, stored = 0, set()
    with ctx.db.session() as session:
        store = FindingEnrichments(session)
        for result in results:
            answer = result.answer
            if answer is None:
                failed += 1
            elif session.get(JobFinding, result.finding_id) is not None:
                store.put(
                    result.finding_id, answer.explanation, answer.remediation_suggestion, model
                )
                stored.add(result.finding_id)
    if failed:
        llm_charges.refund(ctx, paid, failed)
    return stored


def _enriched(row: dict[str, Any], answer: enrich_service.EnrichAnswer) -> EnrichedFinding:
    return EnrichedFinding(
        id=row["id"],
        severity=str(row.get("severity", "")).capitalize(),
        description=str(row.get("message") or row.get("title") or ""),
        location=str(row["location"]),
        explanation=answer.explanation,
        remediation_suggestion=answer.remediation_suggestion,
    )
