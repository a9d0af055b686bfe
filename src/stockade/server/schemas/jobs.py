"""Bodies of the job and finding endpoints (API.md, "Jobs")."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal
from uuid import UUID

from pydantic import BaseModel, ConfigDict, Field

from stockade.server.schemas.common import Strict


class ProjectIn(Strict):
    name: str = Field(min_length=1, max_length=200)
    source: str | None = Field(default=None, max_length=50)
    url: str | None = Field(default=None, max_length=2000)


class JobCreate(Strict):
    model_config = ConfigDict(
        extra="forbid",
        str_max_length=60_000_000,
        json_schema_extra={
            "examples": [
                {
                    "source": {"type": "git", "url": "https://host/org/repo.git", "ref": "main"},
                    "modules": ["sast", "secrets", "api", "dependencies"],
                    "project": {"name": "repo", "source": "github"},
                }
            ]
        },
    )
    source: dict[str, Any] = Field(
        description="`git` {url, ref?, token?}, `archive` {filename, content_base64}, "
        "`files` {files: [{path, content}]} or `directory` {path}"
    )
    modules: list[str] | None = Field(default=None, max_length=10)
    organization_id: UUID | None = None
    project: ProjectIn | None = None


class JobAccepted(BaseModel):
    job_id: str
    status: str
    created_at: datetime


class Progress(BaseModel):
    files_total: int
    files_done: int


class Summary(BaseModel):
    total_findings: int = 0
    critical: int = 0
    high: int = 0
    medium: int = 0
    low: int = 0
    info: int = 0
    new: int = Field(default=0, description="Findings not in the project's previous job")
    fixed: int = Field(default=0, description="Findings of the previous job no longer seen")


class ModuleResult(BaseModel):
    module: str
    status: str
    files_scanned: int
    findings_count: int
    duration_ms: int
    error: str | None


class JobOut(BaseModel):
    job_id: str
    status: Literal["queued", "running", "completed", "failed", "cancelled"]
    organization_id: str | None
    created_by: str | None
    project: dict[str, Any] | None
    source: dict[str, Any]
    modules: list[str]
    modules_run: list[str]
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    duration_seconds: float | None
    progress: Progress
    summary: Summary
    module_results: list[ModuleResult]
    errors: list[dict[str, Any]]
    error: str | None
    findings: list[dict[str, Any]] | None = None


class JobPage(BaseModel):
    items: list[JobOut]
    next_cursor: str | None


class FindingPage(BaseModel):
    items: list[dict[str, Any]]
    next_cursor: str | None


class FindingUpdate(Strict):
    state: Literal["open", "resolved", "false_positive", "risk_accepted"]
    justification: str | None = Field(default=None, max_length=2000)


class FindingEventOut(BaseModel):
    user_id: str | None
    from_state: str
    to_state: str
    justification: str | None
    created_at: datetime
