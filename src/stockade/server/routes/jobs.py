"""Analysis jobs: submit (JSON or multipart), read, list, cancel, delete, findings, export.

Nothing is fetched inside a request: submission validates the source and stores it (inline
archives and files wait in the job row), and a runner does the rest. A personal job is
visible only to its creator; an organization's job to its members as the permission matrix
says (the jobs service decides). Anyone else gets the same 404 as for a job that does not
exist; a member whose role lacks the permission gets a 403.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, Any, Literal
from uuid import UUID

import orjson
from fastapi import APIRouter, BackgroundTasks, Query, Request, Response
from fastapi.exceptions import RequestValidationError
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile

from stockade.jobs.service import (
    ALL_MODULES,
    Caller,
    CodeHostTargetError,
    FindingNotFoundError,
    InvalidCursorError,
    JobFinishedError,
    JobNotCompletedError,
    JobNotFoundError,
    JobOptionsInvalidError,
    JobsError,
    JobService,
    OrganizationNotFoundError,
    SourceRejectedError,
    SourceSpec,
    Submission,
    UnknownModuleError,
)
from stockade.report import EXPORT_MEDIA, FORMATS_BY_NAME, ExportName, render
from stockade.server import pagination
from stockade.server.content import MULTIPART, require_media
from stockade.server.context import Context
from stockade.server.deps import CurrentCaller, JobsDep
from stockade.server.problems import ProblemError
from stockade.server.ratelimit import CostClass, cost_class
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
    submit_json_schema,
    submit_multipart_media,
)
from stockade.store.job_models import Job

router = APIRouter(tags=["jobs"])

_JSON_BODY = submit_json_schema(list(ALL_MODULES))
_SUBMIT_BODY = {
    "requestBody": {
        "required": True,
        "content": {
            "application/json": {"schema": _JSON_BODY},
            "multipart/form-data": submit_multipart_media(list(ALL_MODULES)),
        },
    }
}


@router.post(
    "/api/v1/analyze/job",
    operation_id="submitAnalysisJob",
    status_code=202,
    response_model=JobAccepted,
    responses=problems(400, 401, 403, 404, 413, 415, 422),
    openapi_extra={**_SUBMIT_BODY, **cost_class(CostClass.ANALYSIS)},
)
async def submit_job(
    request: Request,
    caller: CurrentCaller,
    ctx: Context,
    jobs: JobsDep,
    response: Response,
    background: BackgroundTasks,
) -> JobAccepted:
    """Queue an analysis job; 202 with `Location`. The source is fetched by a runner.

    Only reading the body awaits; checking the source and writing the row run in the thread
    pool, because a blocking database call on the event loop would stall every request (and
    deadlock against a request that holds a row lock while it waits for the loop).
    """
    if require_media(request, MULTIPART) == MULTIPART:
        body, source = await _multipart(request, jobs)
    else:
        body = _validated(await _json(request))
        source = await run_in_threadpool(_source, body.source, jobs)
    submitted = await run_in_threadpool(_queue, jobs, caller, body, source)
    job = submitted.job
    if ctx.jobs is not None:
        background.add_task(ctx.jobs.submitted, job.id)
    response.headers["Location"] = f"/api/v1/jobs/{job.id}"
    return JobAccepted(job_id=job.id, status=job.status, created_at=job.created_at)


def _queue(jobs: JobService, caller: Caller, body: JobCreate, source: SourceSpec) -> Submission:
    project = body.project.model_dump(exclude_none=True) if body.project else None
    organization = str(body.organization_id) if body.organization_id is not None else None
    with service_errors():
        return jobs.submit(
            caller,
            source,
            modules=body.modules,
            organization_id=organization,
            project=project,
            code_host=body.code_host.model_dump(exclude_none=True) if body.code_host else None,
            options=body.options.model_dump() if body.options else None,
        )


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


def _source(raw: Any, jobs: JobService) -> SourceSpec:
    with service_errors():
        return jobs.parse_source(raw)


_MAX_REQUEST_PART = 1024 * 1024  # the 'request' part: a small JSON object


async def _multipart(request: Request, jobs: JobService) -> tuple[JobCreate, SourceSpec]:
    try:
        form = await request.form(max_files=1, max_fields=2)
    except Exception as exc:  # the multipart parser's own errors are the client's doing
        raise ProblemError(400, "malformed_body", f"the multipart body is invalid: {exc}") from None
    try:
        upload = form.get("archive")
        if not isinstance(upload, UploadFile):
            raise ProblemError(422, "invalid_source", "multipart needs a file part 'archive'")
        text = form.get("request")
        if isinstance(text, UploadFile):  # sent as a file part (Content-Type: application/json)
            text = (await text.read(_MAX_REQUEST_PART + 1)).decode("utf-8", "replace")
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
        content = await upload.read(jobs.max_archive_bytes + 1)
        with service_errors():
            source = await run_in_threadpool(jobs.archive_source, upload.filename or "", content)
        return body, source
    finally:
        await form.close()


# The service's refusals as problems: (status, code) per error type; a type's first match wins.
_PROBLEMS: tuple[tuple[type[JobsError], int, str], ...] = (
    (JobNotFoundError, 404, "job_not_found"),
    (FindingNotFoundError, 404, "finding_not_found"),
    (JobFinishedError, 409, "job_finished"),
    (JobNotCompletedError, 409, "job_not_completed"),
    (UnknownModuleError, 422, "unknown_module"),
    (OrganizationNotFoundError, 404, "organization_not_found"),
    (InvalidCursorError, 422, "invalid_cursor"),
    (CodeHostTargetError, 422, "code_host_requires_organization"),
    (JobOptionsInvalidError, 422, "invalid_options"),
)


@contextmanager
def service_errors() -> Iterator[None]:
    """Turn the jobs service's domain errors into the API's stable problem codes."""
    try:
        yield
    except SourceRejectedError as exc:
        raise ProblemError(exc.status, "invalid_source", str(exc)) from None
    except JobsError as exc:
        for kind, status, code in _PROBLEMS:
            if isinstance(exc, kind):
                raise ProblemError(status, code, str(exc)) from None
        raise


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
        options=job.options,
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


@router.get(
    "/api/v1/jobs/{job_id}",
    operation_id="getJob",
    response_model=JobOut,
    responses=problems(401, 404, 422),
)
def get_job(job_id: UUID, caller: CurrentCaller, jobs: JobsDep) -> JobOut:
    """A job with its status, progress, per-module results and findings."""
    with service_errors():
        detail = jobs.detail(caller, str(job_id))
    return job_out(detail.job, detail.findings)


@router.get(
    "/api/v1/jobs",
    operation_id="listJobs",
    response_model=JobPage,
    responses=problems(401, 403, 404, 422),
)
def list_jobs(
    caller: CurrentCaller,
    jobs: JobsDep,
    ctx: Context,
    status: Annotated[
        Literal["queued", "running", "completed", "failed", "cancelled"] | None, Query()
    ] = None,
    organization_id: Annotated[UUID | None, Query()] = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
    cursor: Annotated[str | None, pagination.CURSOR_QUERY] = None,
) -> JobPage:
    """Newest first, without findings: the organization's jobs with `organization_id` (any
    member; an organization API key lists its organization's), else the caller's personal
    jobs."""
    scope = str(organization_id) if organization_id is not None else caller.organization_id
    listing = f"{pagination.JOBS}:{scope or ''}"
    after = pagination.after(ctx, cursor, listing, caller.user_id)
    with service_errors():
        page = jobs.list_jobs(
            caller,
            status=status,
            organization_id=str(organization_id) if organization_id is not None else None,
            limit=limit,
            cursor=after,
        )
    return JobPage(
        items=[job_out(j) for j in page.items],
        next_cursor=pagination.next_cursor(ctx, listing, caller.user_id, page.next_cursor),
    )


@router.post(
    "/api/v1/jobs/{job_id}/cancel",
    operation_id="cancelJob",
    response_model=JobOut,
    responses=problems(401, 403, 404, 409, 422),
)
def cancel_job(job_id: UUID, caller: CurrentCaller, jobs: JobsDep) -> JobOut:
    """Cancel a queued or running job; 409 when it already finished."""
    with service_errors():
        return job_out(jobs.cancel(caller, str(job_id)))


@router.delete(
    "/api/v1/jobs/{job_id}",
    operation_id="deleteJob",
    status_code=204,
    responses=problems(401, 403, 404, 422),
)
def delete_job(job_id: UUID, caller: CurrentCaller, jobs: JobsDep) -> Response:
    """Delete a job and its findings (a running job is cancelled first)."""
    with service_errors():
        jobs.delete(caller, str(job_id))
    return Response(status_code=204)


@router.get(
    "/api/v1/jobs/{job_id}/findings",
    operation_id="listJobFindings",
    response_model=FindingPage,
    responses=problems(401, 404, 422),
)
def job_findings(
    job_id: UUID,
    caller: CurrentCaller,
    jobs: JobsDep,
    ctx: Context,
    severity: Annotated[
        Literal["critical", "high", "medium", "low", "info"] | None, Query()
    ] = None,
    module: Annotated[Literal["sast", "secrets", "api", "dependencies"] | None, Query()] = None,
    state: Annotated[
        Literal["open", "resolved", "false_positive", "risk_accepted"] | None, Query()
    ] = None,
    confidence: Annotated[
        Literal["high", "medium", "low"] | None,
        Query(description="The lowest confidence shown: `medium` keeps medium and high."),
    ] = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
    cursor: Annotated[str | None, pagination.CURSOR_QUERY] = None,
) -> FindingPage:
    """The job's findings, most severe first, filtered and paginated."""
    with service_errors():
        job = jobs.get(caller, str(job_id))  # an invisible job is a 404 before the cursor
        listing = pagination.job_findings(job.id)
        page = jobs.findings(
            caller,
            job.id,
            severity=severity,
            module=module,
            state=state,
            confidence=confidence,
            limit=limit,
            cursor=pagination.after(ctx, cursor, listing, caller.user_id),
        )
    return FindingPage(
        items=page.items,
        next_cursor=pagination.next_cursor(ctx, listing, caller.user_id, page.next_cursor),
    )


_MEDIA = EXPORT_MEDIA  # the report registry's export formats and their media types


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
    caller: CurrentCaller,
    jobs: JobsDep,
    format: Annotated[ExportName, Query()] = "sarif",
) -> Response:
    """The job's findings as SARIF 2.1.0, Stockade JSON or CSV (the CLI's report writers)."""
    with service_errors():
        result = jobs.export(caller, str(job_id))
    body = render(result, format)
    return Response(
        body,
        media_type=_MEDIA[format],
        headers={
            "Content-Disposition": (
                f'attachment; filename="stockade-{job_id}.{FORMATS_BY_NAME[format].extension}"'
            )
        },
    )
