"""An organization's GitHub integration: settings (read, replace, delete) and the log of
publications (what was published for each job, attempts, errors per step).

Viewing needs ``integrations:view`` (Owner, Admin, Member), changing
``integrations:configure`` (Owner, Admin). The token or App private key is sealed at rest
and never returned. The API URL is vetted by the SSRF guard here and again before every
publication. Every change is on the audit log (without credentials).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Response

from stockade.jobs.codehost import integration, outbox
from stockade.jobs.codehost.errors import CodeHostError, CodeHostNotFoundError
from stockade.server import pagination
from stockade.server.content import require_json
from stockade.server.context import AppContext, Context
from stockade.server.orgaccess import UnitDep, refused, requires
from stockade.server.schemas.codehost import (
    GitHubSettingsIn,
    GitHubSettingsOut,
    PublicationOut,
    PublicationPage,
)
from stockade.server.schemas.common import problems
from stockade.store.codehost_models import CodeHostSettings, Publication
from stockade.tenancy.access import Access
from stockade.tenancy.errors import TenancyError
from stockade.tenancy.permissions import Permission
from stockade.tenancy.unit import Unit

router = APIRouter(prefix="/api/v1/organizations/{id}/integrations/github", tags=["integrations"])
View = Annotated[Access, requires(Permission.INTEGRATIONS_VIEW)]
Configure = Annotated[Access, requires(Permission.INTEGRATIONS_CONFIGURE)]
JSON_BODY = [Depends(require_json)]
TARGET = {"target_type": "integration", "target_id": "github"}


def out(row: CodeHostSettings) -> GitHubSettingsOut:
    return GitHubSettingsOut(
        **integration.summary(row), created_at=row.created_at, updated_at=row.updated_at
    )


def _refused(unit: Unit, action: str, exc: CodeHostError, org: str) -> TenancyError:
    """A refused definition (an internal API URL, say) is audited although the request
    rolls back; a missing integration is a plain 404."""
    missing = isinstance(exc, CodeHostNotFoundError)
    return refused(unit, org, action, exc.code, str(exc), missing=missing)


def _settings(unit: Unit, access: Access) -> CodeHostSettings:
    try:
        return integration.get(unit.session, access.organization.id)
    except CodeHostError as exc:
        raise _refused(unit, "integration.github.read", exc, access.organization.id) from None


@router.get(
    "",
    operation_id="getGitHubIntegration",
    response_model=GitHubSettingsOut,
    responses=problems(401, 403, 404, 422),
)
def get_github(unit: UnitDep, access: View) -> GitHubSettingsOut:
    """The organization's GitHub settings (404 `integration_not_configured` when none)."""
    return out(_settings(unit, access))


@router.put(
    "",
    operation_id="putGitHubIntegration",
    response_model=GitHubSettingsOut,
    responses=problems(400, 401, 403, 404, 413, 415, 422),
    dependencies=JSON_BODY,
)
def put_github(
    body: GitHubSettingsIn, unit: UnitDep, ctx: Context, access: Configure
) -> GitHubSettingsOut:
    """Create or replace the settings (Owner, Admin). `auth` may be left out to keep the
    stored credentials."""
    org = access.organization.id
    existing = integration.find(unit.session, org)
    before = integration.summary(existing) if existing is not None else None
    options: dict[str, Any] = body.model_dump(exclude={"api_url", "auth"})
    try:
        row = integration.save(
            unit.session,
            ctx.box,
            _allow(ctx),
            org,
            api_url=body.api_url,
            auth=body.auth.model_dump() if body.auth is not None else None,
            options=options,
        )
    except CodeHostError as exc:
        raise _refused(unit, "integration.github.update", exc, org) from None
    credentials_changed = body.auth is not None
    unit.audit(
        org,
        "integration.github.update",
        before=before,
        after={**integration.summary(row), "credentials_changed": credentials_changed},
        **TARGET,
    )
    return out(row)


@router.delete(
    "",
    operation_id="deleteGitHubIntegration",
    status_code=204,
    responses=problems(401, 403, 404, 422),
)
def delete_github(unit: UnitDep, access: Configure) -> Response:
    """Remove the settings and their credentials; pending publications are then skipped."""
    row = _settings(unit, access)
    unit.audit(
        access.organization.id,
        "integration.github.delete",
        before=integration.summary(row),
        **TARGET,
    )
    unit.session.delete(row)
    return Response(status_code=204)


@router.get(
    "/publications",
    operation_id="listGitHubPublications",
    response_model=PublicationPage,
    responses=problems(401, 403, 404, 422),
)
def list_publications(
    unit: UnitDep,
    ctx: Context,
    access: View,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
    cursor: Annotated[str | None, pagination.CURSOR_QUERY] = None,
) -> PublicationPage:
    """What was published for each job, newest first: status, attempts, next retry, the
    last error and every step's outcome."""
    org = access.organization.id
    listing = f"github-publications:{org}"
    start = pagination.after(ctx, cursor, listing, unit.actor.user_id)
    after = outbox.get(unit.session, org, start) if start else None
    rows = outbox.listing(unit.session, org, after=after, limit=limit + 1)
    items, next_cursor = pagination.page(
        ctx, rows, limit, listing, unit.actor.user_id, lambda r: r[0].id
    )
    return PublicationPage(
        items=[_publication(row, status) for row, status in items], next_cursor=next_cursor
    )


def _publication(row: Publication, job_status: str | None) -> PublicationOut:
    return PublicationOut.model_validate(
        {
            "id": row.id,
            "job_id": row.job_id,
            "repo": row.repo,
            "pull_request": row.pull_request,
            "commit": row.commit_sha,
            "ref": row.ref,
            "status": outbox.shown_status(row, job_status),
            "attempts": row.attempts,
            "next_attempt_at": row.next_attempt_at,
            "last_error": row.last_error,
            "steps": row.steps or {},
            "created_at": row.created_at,
            "published_at": row.published_at,
        }
    )


def _allow(ctx: AppContext) -> list[str]:
    """``server.allow_private_targets``: the private hosts a GitHub Enterprise URL may name."""
    return list(ctx.settings.server.allow_private_targets)
