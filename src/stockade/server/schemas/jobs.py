"""Bodies of the job and finding endpoints (API.md, "Jobs")."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal
from uuid import UUID

from pydantic import BaseModel, ConfigDict, Field

from stockade.jobs.options import SINCE_PATTERN
from stockade.server.schemas.codehost import (
    CODE_HOST_NEEDS_ORGANIZATION,
    CodeHostIn,
    code_host_json_schema,
)
from stockade.server.schemas.common import Strict


class ProjectIn(Strict):
    name: str = Field(min_length=1, max_length=200)
    source: str | None = Field(default=None, max_length=50)
    url: str | None = Field(default=None, max_length=2000)


class JobOptionsIn(Strict):
    """Secrets history and verification for this job (docs/jobs.md, docs/secrets.md)."""

    history: bool = Field(default=False, description="also scan every commit (git sources)")
    since: str | None = Field(
        default=None,
        pattern=SINCE_PATTERN,
        description="with history: only the commits HEAD adds since this revision",
    )
    verify: bool = Field(
        default=False, description="ask each provider whether a found credential is live"
    )


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
    code_host: CodeHostIn | None = Field(
        default=None, description="publish the results to this repository (GitHub integration)"
    )
    options: JobOptionsIn | None = None


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
    options: dict[str, Any] | None = None
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


# The JSON body of ``POST /api/v1/analyze/job`` as the OpenAPI document states it. ``source``
# is a plain object to pydantic (``jobs.sources.parse_source`` checks it), so its rules are
# written out here, one ``oneOf`` branch per source type; a request valid against this schema
# is accepted, except for what depends on the server's configuration or state (a directory
# outside ``server.analysis.allowed_directories`` is a 403, an unknown organization a 404).
_NO_NUL = "^[^\\x00]*$"
_TEXT: dict[str, Any] = {"type": "string", "minLength": 1, "pattern": _NO_NUL}
_OPTIONAL_TEXT: dict[str, Any] = {"anyOf": [_TEXT, {"type": "null"}]}
GIT_URL_PATTERN = r"^[Hh][Tt][Tt][Pp][Ss]://[A-Za-z0-9.-]+(:[0-9]{1,5})?([/?#][^\s\x00]*)?$"
GIT_REF_PATTERN = r"^(?!-)(?![\s\S]*\.\.)[A-Za-z0-9._/@+-]{1,200}$"
ARCHIVE_NAME_PATTERN = (
    r"^[^\x00]*\.([Zz][Ii][Pp]|[Tt][Aa][Rr]|[Tt][Aa][Rr]\.[Gg][Zz]|[Tt][Gg][Zz])$"
)
BASE64_PATTERN = r"^([A-Za-z0-9+/]{4})*([A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$"
# ``jobs.sources.paths.safe_relative``: relative, no drive letter, no backslash, no ``..``
# segment, not only ``.`` and ``/``.
SAFE_PATH_PATTERN = r"^(?![A-Za-z]:)(?!/)(?![\s\S]*(^|/)\.\.(/|$))(?=[\s\S]*[^/.])[^\\\x00]*$"


def _variant(kind: str, required: list[str], props: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "object",
        "title": f"{kind} source",
        "required": ["type", *required],
        "properties": {"type": {"const": kind}, **props},
    }


def _source_schema() -> dict[str, Any]:
    git = _variant(
        "git",
        ["url"],
        {
            "url": {"type": "string", "maxLength": 2000, "pattern": GIT_URL_PATTERN},
            "ref": {"anyOf": [{"type": "string", "pattern": GIT_REF_PATTERN}, {"type": "null"}]},
            "token": _OPTIONAL_TEXT,
        },
    )
    archive = _variant(
        "archive",
        ["filename", "content_base64"],
        {
            "filename": {"type": "string", "maxLength": 255, "pattern": ARCHIVE_NAME_PATTERN},
            "content_base64": {"type": "string", "pattern": BASE64_PATTERN},
        },
    )
    file_item = {
        "type": "object",
        "required": ["path", "content"],
        "properties": {
            "path": {
                "type": "string",
                "minLength": 1,
                "maxLength": 1024,
                "pattern": SAFE_PATH_PATTERN,
            },
            "content": {"type": "string"},
        },
    }
    files = _variant(
        "files",
        ["files"],
        {
            "files": {
                "type": "array",
                "minItems": 1,
                "maxItems": 10_000,
                "items": file_item,
                "description": "Paths must be distinct after normalisation (`./a` is `a`).",
            }
        },
    )
    directory = _variant("directory", ["path"], {"path": _TEXT})
    return {"oneOf": [git, archive, files, directory]}


def _option_set(name: str, value: dict[str, Any]) -> dict[str, Any]:
    """JSON Schema: "the body has options, and options.<name> is <value>"."""
    return {
        "required": ["options"],
        "properties": {
            "options": {"type": "object", "required": [name], "properties": {name: value}}
        },
    }


# JSON Schema for what the service checks of ``options`` (422 ``invalid_options``, see
# jobs.options): since needs history, history needs a git source (so never in a multipart
# upload, which has no ``source`` property), and both need the secrets module.
OPTIONS_RULES: list[dict[str, Any]] = [
    {
        "if": _option_set("since", {"type": "string"}),
        "then": _option_set("history", {"const": True}),
    },
    {
        "if": _option_set("history", {"const": True}),
        "then": {
            "required": ["source"],
            "properties": {"source": {"properties": {"type": {"const": "git"}}}},
        },
    },
    *(
        {
            "if": _option_set(name, {"const": True}),
            "then": {
                "properties": {
                    "modules": {
                        "anyOf": [
                            {"type": "null"},
                            {"type": "array", "contains": {"const": "secrets"}},
                        ]
                    }
                }
            },
        }
        for name in ("history", "verify")
    ),
]


def _options_schema() -> dict[str, Any]:
    schema = JobOptionsIn.model_json_schema()
    schema.pop("title", None)
    return schema


def submit_json_schema(modules: list[str]) -> dict[str, Any]:
    """The request body schema of a JSON job submission; ``modules`` are the known names."""
    project = ProjectIn.model_json_schema()
    project.pop("title", None)
    return {
        "type": "object",
        "required": ["source"],
        "additionalProperties": False,
        **CODE_HOST_NEEDS_ORGANIZATION,
        "allOf": OPTIONS_RULES,
        "properties": {
            "source": _source_schema(),
            "modules": {
                "anyOf": [
                    {
                        "type": "array",
                        "minItems": 1,
                        "maxItems": 10,
                        "items": {"type": "string", "enum": modules},
                    },
                    {"type": "null"},
                ]
            },
            "organization_id": {"anyOf": [{"type": "string", "format": "uuid"}, {"type": "null"}]},
            "project": {"anyOf": [project, {"type": "null"}]},
            "code_host": code_host_json_schema(),
            "options": {"anyOf": [_options_schema(), {"type": "null"}]},
        },
    }


ARCHIVE_DISPOSITION_PATTERN = (
    r'^form-data; *name="archive"; *filename="[^"\x00]*\.'
    r'([Zz][Ii][Pp]|[Tt][Aa][Rr]|[Tt][Aa][Rr]\.[Gg][Zz]|[Tt][Gg][Zz])"$'
)


def submit_multipart_media(modules: list[str]) -> dict[str, Any]:
    """The ``multipart/form-data`` media type object of a job submission: an ``archive``
    file part whose filename ends in an archive suffix (stated in its ``Content-Disposition``)
    and an optional ``request`` part, the JSON body without ``source``."""
    request = submit_json_schema(modules)
    request["properties"].pop("source")
    request.pop("required")
    return {
        "schema": {
            "type": "object",
            "required": ["archive"],
            "additionalProperties": False,
            "properties": {
                "request": {**request, "description": "The JSON body without `source`"},
                "archive": {"type": "string", "format": "binary", "minLength": 1},
            },
        },
        "encoding": {
            "request": {"contentType": "application/json"},
            "archive": {
                "contentType": "application/zip, application/gzip, application/x-tar, "
                "application/octet-stream",
                "headers": {
                    "Content-Disposition": {
                        "description": "The filename must end in .zip, .tar, .tar.gz or .tgz.",
                        "schema": {
                            "type": "string",
                            "pattern": ARCHIVE_DISPOSITION_PATTERN,
                            "example": 'form-data; name="archive"; filename="repo.zip"',
                        },
                    }
                },
            },
        },
    }
