"""Analysis jobs: submit (JSON or multipart), read, list, cancel, delete, findings, export.

Nothing is fetched inside a request: submission validates the source and stores it (inline
archives and files wait in the job row), and a runner does the rest. Until organizations
exist a job is visible only to its creator; anyone else gets the same 404 as for a job that
does not exist.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal
from uuid import UUID

import orjson
from fastapi import APIRouter, BackgroundTasks, Query, Request, Response
from fastapi.exceptions import RequestValidationError
from pydantic import ValidationError
from sqlalchemy import and_, or_, select
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile

from stockade.analyzers import registry
from stockade.jobs import lease
from stockade.jobs.execute import ALL_MODULES, validate_modules
from stockade.jobs.results import finding_from_json, finding_json, project_key, severity_rank
from stockade.jobs.runner import encode_payload, limits_for
from stockade.jobs.sources import GitSource, SourceRejectedError, SourceSpec, parse_source
from stockade.jobs.sources.spec import archive_from_upload
from stockade.report import render
from stockade.scan import ModuleRun, ScanResult
from stockade.server.auth.principal import CurrentUser, Principal
from stockade.server.context import AppContext, Context, DbSession
from stockade.server.problems import ProblemError
from stockade.server.schemas.common import problems
from stockade.server.schemas.jobs import (
    FindingPage,
    JobAccepted,
    JobCreate,
    JobOut,
    JobPage,
    ModuleResult,
    Progress,
    Summary,
)
from stockade.store.job_models import QUEUED, Job, JobFinding
from stockade.store.types import utcnow

router = APIRouter(tags=["jobs"])

_JSON_BODY: dict[str, Any] = {
    "type": "object",
    "required": ["source"],
    "additionalProperties": False,
    "properties": {
        "source": {
            "type": "object",
            "required": ["type"],
            "properties": {
                "type": {"type": "string", "enum": ["git", "archive", "files", "directory"]}
            },
        },
        "modules": {"type": "array", "items": {"type": "string", "enum": list(ALL_MODULES)}},
        "organization_id": {"type": "string", "format": "uuid"},
        "project": {
            "type": "object",
            "required": ["name"],
            "properties": {
                "name": {"type": "string"},
                "source": {"type": "string"},
                "url": {"type": "string"},
            },
        },
    },
}
_SUBMIT_BODY = {
    "requestBody": {
        "required": True,
        "content": {
            "application/json": {"schema": _JSON_BODY},
            "multipart/form-data": {
                "schema": {
                    "type": "object",
                    "required": ["archive"],
                    "properties": {
                        "request": {
                            "type": "string",
                            "description": "The JSON body without `source`, as text",
                        },
                        "archive": {"type": "string", "format": "binary"},
                    },
                }
            },
        },
    }
}


@router.post(
    "/api/v1/analyze/job",
    operation_id="submitAnalysisJob",
    status_code=202,
    response_model=JobAccepted,
    responses=problems(400, 401, 403, 404, 413, 415, 422),
    openapi_extra=_SUBMIT_BODY,
)
async def submit_job(
    request: Request,
    principal: CurrentUser,
    ctx: Context,
    db: DbSession,
    response: Response,
    background: BackgroundTasks,
) -> JobAccepted:
    """Queue an analysis job; 202 with `Location`. The source is fetched by a runner.

    Only reading the body awaits; checking the source and writing the row run in the thread
    pool, because a blocking database call on the event loop would stall every request (and
    deadlock against a request that holds a row lock while it waits for the loop).
    """
    media = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if media == "multipart/form-data":
        body, source = await _multipart(request, ctx)
    elif media in ("application/json", "") or media.endswith("+json"):
        body = _validated(await _json(request))
        source = await run_in_threadpool(_source, body.source, ctx)
    else:
        raise ProblemError(
            415,
            "unsupported_media_type",
            f"expected application/json or multipart/form-data, got {media or 'nothing'}",
        )
    job = await run_in_threadpool(_queue, db, principal, body, source)
    token = source.token if isinstance(source, GitSource) else None
    if ctx.jobs is not None:
        background.add_task(ctx.jobs.submitted, job.id, token)
    response.headers["Location"] = f"/api/v1/jobs/{job.id}"
    return JobAccepted(job_id=job.id, status=job.status, created_at=job.created_at)


def _queue(db: Session, principal: Principal, body: JobCreate, source: SourceSpec) -> Job:
    try:
        modules = validate_modules(body.modules)
    except ValueError as exc:
        raise ProblemError(422, "unknown_module", str(exc)) from None
    if body.organization_id is not None:
        raise ProblemError(404, "organization_not_found", "no such organization")
    project = body.project.model_dump(exclude_none=True) if body.project else None
    job = Job(
        status=QUEUED,
        created_by=principal.user_id,
        project=project,
        project_key=project_key(principal.user_id, None, project["name"] if project else None),
        source=source.public(),
        payload=encode_payload(source),
        modules=list(modules),
        modules_run=[],
        module_results=[],
        errors=[],
        created_at=utcnow(),
    )
    db.add(job)
    db.flush()
    return job


async def _json(request: Request) -> Any:
    raw = await request.body()
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        raise ProblemError(400, "malformed_body", f"the body is not valid JSON: {exc}") from None


def _validated(data: Any) -> JobCreate:
    try:
        return JobCreate.model_validate(data)
    except ValidationError as exc:
        raise RequestValidationError(exc.errors(include_url=False, include_context=False)) from None


def _source(raw: Any, ctx: AppContext) -> SourceSpec:
    try:
        return parse_source(raw, limits_for(ctx.settings))
    except SourceRejectedError as exc:
        raise ProblemError(exc.status, "invalid_source", str(exc)) from None


async def _multipart(request: Request, ctx: AppContext) -> tuple[JobCreate, SourceSpec]:
    limits = limits_for(ctx.settings)
    try:
        form = await request.form(max_files=1, max_fields=2)
    except Exception as exc:  # the multipart parser's own errors are the client's doing
        raise ProblemError(400, "malformed_body", f"the multipart body is invalid: {exc}") from None
    try:
        upload = form.get("archive")
        if not isinstance(upload, UploadFile):
            raise ProblemError(422, "invalid_source", "multipart needs a file part 'archive'")
        text = form.get("request")
        data: Any = {}
        if isinstance(text, str) and text.strip():
            try:
                data = orjson.loads(text)
            except orjson.JSONDecodeError as exc:
                raise ProblemError(400, "malformed_body", f"'request' is not JSON: {exc}") from None
        if not isinstance(data, dict) or "source" in data:
            raise ProblemError(
                422, "invalid_request", "'request' must be a JSON object without 'source'"
            )
        body = _validated({**data, "source": {"type": "archive"}})
        content = await upload.read(limits.max_archive_bytes + 1)
        try:
            source = await run_in_threadpool(
                archive_from_upload, upload.filename or "", content, limits
            )
        except SourceRejectedError as exc:
            raise ProblemError(exc.status, "invalid_source", str(exc)) from None
        return body, source
    finally:
        await form.close()


def _own_job(db: Session, principal: Principal, job_id: UUID) -> Job:
    job = db.get(Job, str(job_id))
    if job is None or job.created_by != principal.user_id:
        raise ProblemError(404, "job_not_found", "no such job")
    return job


def job_out(job: Job, findings: list[dict[str, Any]] | None = None) -> JobOut:
    duration = (
        (job.finished_at - job.started_at).total_seconds()
        if job.finished_at and job.started_at
        else None
    )
    return JobOut(
        job_id=job.id,
        status=job.status,  # type: ignore[arg-type]
        organization_id=job.organization_id,
        created_by=job.created_by,
        project=job.project,
        source=job.source,
        modules=job.modules,
        modules_run=job.modules_run,
        created_at=job.created_at,
        started_at=job.started_at,
        finished_at=job.finished_at,
        duration_seconds=duration,
        progress=Progress(files_total=job.files_total, files_done=job.files_done),
        summary=Summary(**(job.summary or {})),
        module_results=[ModuleResult(**m) for m in job.module_results],
        errors=job.errors,
        error=job.error,
        findings=findings,
    )


def _findings_query(job_id: str) -> Any:
    return (
        select(JobFinding)
        .where(JobFinding.job_id == job_id)
        .order_by(JobFinding.severity_rank, JobFinding.id)
    )


@router.get(
    "/api/v1/jobs/{job_id}",
    operation_id="getJob",
    response_model=JobOut,
    responses=problems(401, 404, 422),
)
def get_job(job_id: UUID, principal: CurrentUser, db: DbSession) -> JobOut:
    """A job with its status, progress, per-module results and findings."""
    job = _own_job(db, principal, job_id)
    rows = db.scalars(_findings_query(job.id)).all()
    return job_out(job, [finding_json(r) for r in rows])


@router.get(
    "/api/v1/jobs", operation_id="listJobs", response_model=JobPage, responses=problems(401, 422)
)
def list_jobs(
    principal: CurrentUser,
    db: DbSession,
    status: Annotated[
        Literal["queued", "running", "completed", "failed", "cancelled"] | None, Query()
    ] = None,
    organization_id: Annotated[UUID | None, Query()] = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
    cursor: Annotated[UUID | None, Query(description="`next_cursor` of the previous page")] = None,
) -> JobPage:
    """The caller's jobs, newest first (without findings)."""
    if organization_id is not None:
        return JobPage(items=[], next_cursor=None)  # no organizations yet: none visible
    query = select(Job).where(Job.created_by == principal.user_id)
    if status is not None:
        query = query.where(Job.status == status)
    if cursor is not None:
        after = db.get(Job, str(cursor))
        if after is None or after.created_by != principal.user_id:
            raise ProblemError(422, "invalid_cursor", "the cursor does not name a page")
        query = query.where(
            or_(
                Job.created_at < after.created_at,
                and_(Job.created_at == after.created_at, Job.id < after.id),
            )
        )
    rows = list(db.scalars(query.order_by(Job.created_at.desc(), Job.id.desc()).limit(limit + 1)))
    more = len(rows) > limit
    rows = rows[:limit]
    return JobPage(items=[job_out(j) for j in rows], next_cursor=rows[-1].id if more else None)


@router.post(
    "/api/v1/jobs/{job_id}/cancel",
    operation_id="cancelJob",
    response_model=JobOut,
    responses=problems(401, 403, 404, 409, 422),
)
def cancel_job(job_id: UUID, principal: CurrentUser, db: DbSession) -> JobOut:
    """Cancel a queued or running job; 409 when it already finished."""
    job = _own_job(db, principal, job_id)
    if not lease.cancel(db, job.id):
        raise ProblemError(409, "job_finished", f"the job already ended ({job.status})")
    db.refresh(job)
    return job_out(job)


@router.delete(
    "/api/v1/jobs/{job_id}",
    operation_id="deleteJob",
    status_code=204,
    responses=problems(401, 403, 404, 422),
)
def delete_job(job_id: UUID, principal: CurrentUser, db: DbSession) -> Response:
    """Delete a job and its findings (a running job is cancelled first)."""
    job = _own_job(db, principal, job_id)
    lease.cancel(db, job.id)
    db.delete(job)
    return Response(status_code=204)


@router.get(
    "/api/v1/jobs/{job_id}/findings",
    operation_id="listJobFindings",
    response_model=FindingPage,
    responses=problems(401, 404, 422),
)
def job_findings(
    job_id: UUID,
    principal: CurrentUser,
    db: DbSession,
    severity: Annotated[
        Literal["critical", "high", "medium", "low", "info"] | None, Query()
    ] = None,
    module: Annotated[Literal["sast", "secrets", "api", "dependencies"] | None, Query()] = None,
    state: Annotated[
        Literal["open", "resolved", "false_positive", "risk_accepted"] | None, Query()
    ] = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
    cursor: Annotated[UUID | None, Query(description="`next_cursor` of the previous page")] = None,
) -> FindingPage:
    """The job's findings, most severe first, filtered and paginated."""
    job = _own_job(db, principal, job_id)
    query = _findings_query(job.id)
    if severity is not None:
        query = query.where(JobFinding.severity_rank == severity_rank(severity))
    if module is not None:
        query = query.where(JobFinding.module == module)
    if state is not None:
        query = query.where(JobFinding.state == state)
    if cursor is not None:
        after = db.get(JobFinding, str(cursor))
        if after is None or after.job_id != job.id:
            raise ProblemError(422, "invalid_cursor", "the cursor does not name a page")
        query = query.where(
            or_(
                JobFinding.severity_rank > after.severity_rank,
                and_(JobFinding.severity_rank == after.severity_rank, JobFinding.id > after.id),
            )
        )
    rows = list(db.scalars(query.limit(limit + 1)))
    more = len(rows) > limit
    rows = rows[:limit]
    return FindingPage(
        items=[finding_json(r) for r in rows], next_cursor=rows[-1].id if more else None
    )


_MEDIA = {"sarif": "application/sarif+json", "json": "application/json", "csv": "text/csv"}


@router.get(
    "/api/v1/jobs/{job_id}/export",
    operation_id="exportJob",
    responses={
        200: {
            "description": "The report",
            "content": {m: {"schema": {"type": "string"}} for m in _MEDIA.values()},
        },
        **problems(401, 404, 409, 422),
    },
)
def export_job(
    job_id: UUID,
    principal: CurrentUser,
    db: DbSession,
    format: Annotated[Literal["sarif", "json", "csv"], Query()] = "sarif",
) -> Response:
    """The job's findings as SARIF 2.1.0, Stockade JSON or CSV (the CLI's report writers)."""
    job = _own_job(db, principal, job_id)
    if job.status != "completed":
        raise ProblemError(409, "job_not_completed", f"the job is {job.status}")
    rows = db.scalars(_findings_query(job.id)).all()
    findings = [finding_from_json(r.data) for r in rows]
    result = ScanResult(
        root=Path("."),
        findings=findings,
        issues=[],
        modules=[_module_run(m) for m in job.module_results],
        files_total=job.files_total,
        duration_seconds=(job.finished_at - job.started_at).total_seconds()
        if job.finished_at and job.started_at
        else 0.0,
    )
    body = render(result, format)
    return Response(
        body,
        media_type=_MEDIA[format],
        headers={"Content-Disposition": f'attachment; filename="stockade-{job.id}.{format}"'},
    )


def _module_run(result: dict[str, Any]) -> ModuleRun:
    """SARIF ``rules[]`` come from the installed analyzers' rule metadata."""
    rules: list[Any] = []
    cls = registry.available().get(str(result["module"]))
    if cls is not None:
        rules = list(registry.create(str(result["module"])).rules())
    return ModuleRun(
        name=str(result["module"]),
        rules=rules,
        files_scanned=int(result.get("files_scanned", 0)),
        findings_count=int(result.get("findings_count", 0)),
        duration_ms=int(result.get("duration_ms", 0)),
    )
