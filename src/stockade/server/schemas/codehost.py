"""Bodies of the GitHub integration endpoints and of a job's ``code_host`` target."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from stockade.server.schemas.common import Strict

SeverityName = Literal["critical", "high", "medium", "low", "info"]
REPO_PATTERN = r"^[A-Za-z0-9_.-]{1,100}/[A-Za-z0-9_.-]{1,100}$"
SHA_PATTERN = r"^([0-9a-f]{40}|[0-9a-f]{64})$"


class CodeHostIn(Strict):
    """Where a job's results are published (the organization's GitHub settings say what)."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [{"repo": "acme/shop", "pull_request": 42, "commit": "a" * 40}]
        },
    )
    provider: Literal["github"] = "github"
    repo: str = Field(pattern=REPO_PATTERN, description="`owner/name`")
    pull_request: int | None = Field(default=None, ge=1, le=2**31 - 1)
    commit: str = Field(pattern=SHA_PATTERN, description="the full commit SHA the job analysed")
    ref: str | None = Field(
        default=None,
        max_length=255,
        pattern=r"^[^\x00\s]+$",
        description="the Git ref of a SARIF upload without a pull request (`main` or "
        "`refs/heads/main`)",
    )


class TokenAuthIn(Strict):
    type: Literal["token"]
    token: str = Field(min_length=1, max_length=1000, pattern=r"^[^\x00\s]+$")


class AppAuthIn(Strict):
    type: Literal["app"]
    app_id: int = Field(ge=1)
    installation_id: int = Field(ge=1)
    private_key: str = Field(min_length=1, max_length=10_000, pattern=r"^[^\x00]*$")


AuthIn = Annotated[TokenAuthIn | AppAuthIn, Field(discriminator="type")]


class IssuesIn(Strict):
    enabled: bool = False
    min_severity: SeverityName = "high"


class GitHubSettingsIn(Strict):
    """``auth`` may be left out when changing the settings of a configured integration:
    the stored credentials stay."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "api_url": "https://api.github.com",
                    "auth": {"type": "token", "token": "<a fine-grained token>"},
                    "commit_status": True,
                    "check_run": True,
                    "review_comments": True,
                    "sarif_upload": True,
                    "issues": {"enabled": True, "min_severity": "high"},
                }
            ]
        },
    )
    api_url: str = Field(
        default="https://api.github.com",
        max_length=2048,
        pattern=r"^[^\x00]*$",
        description="`https://api.github.com`, or `https://HOST/api/v3` for GitHub Enterprise",
    )
    auth: AuthIn | None = None
    commit_status: bool = True
    check_run: bool | None = Field(
        default=None,
        description="default: on for a GitHub App, off for a token (GitHub lets only Apps "
        "create check runs)",
    )
    review_comments: bool = True
    sarif_upload: bool = True
    issues: IssuesIn = IssuesIn()
    fail_on: SeverityName = Field(
        default="high",
        description="the commit status and check run fail on an open finding of this "
        "severity or above",
    )


class AuthOut(BaseModel):
    type: Literal["token", "app"]
    app_id: str | None = None
    installation_id: str | None = None


class IssuesOut(BaseModel):
    enabled: bool
    min_severity: str


class GitHubSettingsOut(BaseModel):
    """The settings as stored; the token and the private key are never returned."""

    api_url: str
    auth: AuthOut
    commit_status: bool
    check_run: bool
    review_comments: bool
    sarif_upload: bool
    issues: IssuesOut
    fail_on: str
    created_at: datetime
    updated_at: datetime


class StepOut(BaseModel):
    state: Literal["done", "failed", "skipped"]
    detail: str | None = None
    error: str | None = None
    at: datetime | None = None


class PublicationOut(BaseModel):
    id: str
    job_id: str
    repo: str
    pull_request: int | None
    commit: str
    ref: str | None
    status: Literal["waiting", "pending", "published", "failed", "skipped"]
    attempts: int
    next_attempt_at: datetime | None
    last_error: str | None
    steps: dict[str, StepOut]
    created_at: datetime
    published_at: datetime | None


class PublicationPage(BaseModel):
    items: list[PublicationOut]
    next_cursor: str | None


# JSON Schema: "a code_host that is not null needs an organization_id that is not null", the
# rule the service enforces (422 ``code_host_requires_organization``). An organization API
# key may leave organization_id out; the document asks for it anyway, which only narrows.
CODE_HOST_NEEDS_ORGANIZATION: dict[str, Any] = {
    "if": {"required": ["code_host"], "properties": {"code_host": {"not": {"type": "null"}}}},
    "then": {
        "required": ["organization_id"],
        "properties": {"organization_id": {"type": "string"}},
    },
}


def code_host_json_schema() -> dict[str, Any]:
    """The ``code_host`` property of the hand-written job submission schema."""
    schema = CodeHostIn.model_json_schema()
    schema.pop("title", None)
    return {"anyOf": [schema, {"type": "null"}]}
