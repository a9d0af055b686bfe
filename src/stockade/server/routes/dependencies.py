"""``POST /api/v1/dependencies/analyze``: match manifests or a package list against the
server's advisory store and answer synchronously (API.md; the CLI's ``deps`` uses it)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends
from pydantic import BaseModel, ConfigDict, Field, model_validator

from stockade.analyzers.deps.advisories.interface import AdvisorySource, AdvisorySourceError
from stockade.analyzers.deps.advisories.local import LocalStore
from stockade.analyzers.deps.advisories.osv_api import OsvApiSource
from stockade.analyzers.deps.model import Package
from stockade.analyzers.deps.service import Outcome, analyze_contents, match_packages
from stockade.core.finding import Finding
from stockade.core.fingerprint import fingerprint
from stockade.jobs.runner import advisory_options
from stockade.report.interface import finding_to_dict
from stockade.server.auth.principal import CurrentUser
from stockade.server.content import require_json
from stockade.server.context import AppContext, Context
from stockade.server.problems import ProblemError
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
    model_config = ConfigDict(extra="forbid")
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


def _source(ctx: AppContext) -> AdvisorySource:
    options = advisory_options(ctx.settings)
    if options["source"] == "osv-api":
        return OsvApiSource(str(options["osv_api_url"]))
    return LocalStore(str(options["advisory_db"]))


def _finding_json(f: Finding, occurrence: int) -> dict[str, Any]:
    data = finding_to_dict(f)
    data["fingerprint"] = fingerprint(
        f.rule_id, f.location.path, f.fingerprint_basis or "", occurrence
    )
    data["id"] = data["fingerprint"][:16]
    data["location"] = f"{f.location.path}:{f.location.line}:{f.location.column}"
    data["state"] = "open"
    data.pop("trace", None)
    return data


def _run(body: AnalyzeRequest, source: AdvisorySource) -> Outcome:
    outcome = analyze_contents([f.model_dump() for f in body.files or []], source)
    if body.packages:
        pkgs = [Package(p.ecosystem, p.name, p.version, path=(p.name,)) for p in body.packages]
        match_packages("", pkgs, source, outcome=outcome)
    return outcome


@router.post(
    "/analyze",
    operation_id="analyzeDependencies",
    response_model=AnalyzeResponse,
    responses=problems(400, 401, 413, 415, 422, 429, 503),
)
def analyze(body: AnalyzeRequest, principal: CurrentUser, ctx: Context) -> AnalyzeResponse:
    """Known-vulnerable dependencies in the given manifests/lockfiles or package list."""
    source = _source(ctx)
    try:
        outcome = _run(body, source)
    except AdvisorySourceError as exc:
        raise ProblemError(503, "advisories_unavailable", str(exc)) from None
    finally:
        if isinstance(source, LocalStore):
            source.close()
    seen: dict[str, int] = {}
    findings = []
    for f in outcome.findings:
        key = f"{f.location.path}\x1f{f.fingerprint_basis}"
        seen[key] = seen.get(key, -1) + 1
        findings.append(_finding_json(f, seen[key]))
    errors = [AnalyzeError(path=p, message=m) for p, m in outcome.problems]
    return AnalyzeResponse(
        packages_scanned=outcome.packages_scanned, findings=findings, errors=errors
    )
