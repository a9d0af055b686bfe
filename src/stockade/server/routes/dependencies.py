"""``POST /api/v1/dependencies/analyze``: match manifests or a package list against the
server's advisory store and answer synchronously (API.md; the CLI's ``deps`` uses it)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends
from pydantic import BaseModel, ConfigDict, Field, model_validator

from stockade.core.codec import finding_to_json
from stockade.core.finding import Finding
from stockade.core.fingerprint import assign_fingerprints
from stockade.jobs import dependencies as deps_service
from stockade.scan.redact import redact_finding, redactor_for
from stockade.server.auth.principal import CurrentUser
from stockade.server.content import require_json
from stockade.server.context import AppContext, Context
from stockade.server.problems import ProblemError
from stockade.server.ratelimit import CostClass, cost_class
from stockade.server.schemas.common import problems

router = APIRouter(
    prefix="/api/v1/dependencies", tags=["dependencies"], dependencies=[Depends(require_json)]
)


class ManifestFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    path: Annotated[str, Field(min_length=1, max_length=1024)]
    content: Annotated[str, Field(max_length=10 * 1024 * 1024)]


class PackageRef(BaseModel):
    model_config = ConfigDict(extra="forbid")
    ecosystem: Annotated[str, Field(min_length=1, max_length=64)]
    name: Annotated[str, Field(min_length=1, max_length=512)]
    version: Annotated[str, Field(min_length=1, max_length=256)]


class AnalyzeRequest(BaseModel):
    # "give files or packages" in the OpenAPI document too: at least one non-empty list.
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "anyOf": [
                {"required": [k], "properties": {k: {"type": "array", "minItems": 1}}}
                for k in ("files", "packages")
            ]
        },
    )
    files: Annotated[list[ManifestFile] | None, Field(max_length=1000)] = None
    packages: Annotated[list[PackageRef] | None, Field(max_length=50_000)] = None

    @model_validator(mode="after")
    def _one_input(self) -> AnalyzeRequest:
        if not self.files and not self.packages:
            raise ValueError("give 'files' or 'packages'")
        return self


class AnalyzeError(BaseModel):
    path: str
    message: str


class AnalyzeResponse(BaseModel):
    packages_scanned: int
    findings: list[dict[str, Any]]
    errors: list[AnalyzeError]


def _finding_json(f: Finding) -> dict[str, Any]:
    """The server JSON of a fingerprinted finding stored nowhere (``id``: the fingerprint's
    head)."""
    # The same redaction step as scan findings: manifests and advisory text can quote a key.
    data = finding_to_json(redact_finding(f, redactor_for()))
    data["location"] = f"{f.location.path}:{f.location.line}:{f.location.column}"
    data["state"] = "open"
    data.pop("trace", None)
    return data


def _run(body: AnalyzeRequest, ctx: AppContext) -> deps_service.Outcome:
    """The analysis itself lives in the jobs layer (the server never imports analyzers)."""
    files = [(f.path, f.content) for f in body.files or []]
    packages = [
        deps_service.PackageRef(p.ecosystem, p.name, p.version) for p in body.packages or []
    ]
    try:
        return deps_service.analyze(ctx.settings, files, packages)
    except deps_service.AdvisoriesNotReadyError as exc:
        raise ProblemError(503, "advisories_not_ready", str(exc)) from None
    except deps_service.AdvisorySourceError as exc:
        raise ProblemError(503, "advisories_unavailable", str(exc)) from None


@router.post(
    "/analyze",
    operation_id="analyzeDependencies",
    response_model=AnalyzeResponse,
    responses=problems(400, 401, 413, 415, 422, 429, 503),
    openapi_extra=cost_class(CostClass.ANALYSIS),
)
def analyze(body: AnalyzeRequest, principal: CurrentUser, ctx: Context) -> AnalyzeResponse:
    """Known-vulnerable dependencies in the given manifests/lockfiles or package list."""
    outcome = _run(body, ctx)
    findings = [_finding_json(f) for f in assign_fingerprints(outcome.findings)]
    errors = [AnalyzeError(path=p, message=m) for p, m in outcome.problems]
    return AnalyzeResponse(
        packages_scanned=outcome.packages_scanned, findings=findings, errors=errors
    )
