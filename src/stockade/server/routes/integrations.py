"""Chat notifications of an organization: settings, a test message and the message log.

Viewing needs ``integrations:view`` (Owner, Admin, Member), changing
``integrations:configure`` (Owner, Admin). The incoming-webhook URL is a credential: it is
vetted by the SSRF guard, sealed at rest and only ever answered masked.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query, Response
from starlette.concurrency import run_in_threadpool

from stockade.server.content import require_json
from stockade.server.context import AppContext, Context
from stockade.server.orgaccess import UnitDep, refused, requires
from stockade.server.routes.webhooks import sender_for
from stockade.server.schemas.common import problems
from stockade.server.schemas.integrations import (
    ChatEvents,
    ChatMessageOut,
    ChatMessagePage,
    ChatSettingsIn,
    ChatSettingsOut,
)
from stockade.server.schemas.webhooks import TestResult
from stockade.store.chat_models import ChatIntegration
from stockade.tenancy.access import Access
from stockade.tenancy.errors import TenancyError
from stockade.tenancy.permissions import Permission
from stockade.tenancy.unit import Unit
from stockade.webhooks.chat import integration
from stockade.webhooks.errors import WebhookError, WebhookNotFoundError

router = APIRouter(prefix="/api/v1/organizations/{id}/integrations", tags=["integrations"])
View = Annotated[Access, requires(Permission.INTEGRATIONS_VIEW)]
Configure = Annotated[Access, requires(Permission.INTEGRATIONS_CONFIGURE)]


def out(row: ChatIntegration) -> ChatSettingsOut:
    return ChatSettingsOut(
        url=row.url_hint,
        events=ChatEvents(**row.events),
        hour=row.hour,
        timezone=row.timezone,
        weekday=row.weekday,
        min_severity=row.min_severity,  # type: ignore[arg-type]  # checked when saved
        active=row.active,
        created_at=row.created_at,
        updated_at=row.updated_at,
        failing_since=row.failing_since,
        disabled_reason=row.disabled_reason,
    )


def _refused(unit: Unit, action: str, exc: WebhookError, org: str) -> TenancyError:
    """A refused definition (an internal target, say) is audited although the request
    rolls back; missing settings are a plain 404."""
    missing = isinstance(exc, WebhookNotFoundError)
    return refused(unit, org, action, exc.code, str(exc), missing=missing)


def _settings(unit: Unit, access: Access) -> ChatIntegration:
    try:
        return integration.get(unit.session, access.organization.id)
    except WebhookError as exc:
        raise _refused(unit, "chat.read", exc, access.organization.id) from None


@router.get(
    "/chat",
    operation_id="getChatIntegration",
    response_model=ChatSettingsOut,
    responses=problems(401, 403, 404, 422),
)
def get_chat(unit: UnitDep, access: View) -> ChatSettingsOut:
    """The chat settings, the URL masked; 404 `chat_not_configured` when there are none."""
    return out(_settings(unit, access))


@router.put(
    "/chat",
    operation_id="putChatIntegration",
    response_model=ChatSettingsOut,
    responses=problems(400, 401, 403, 404, 413, 415, 422),
    dependencies=[Depends(require_json)],
)
def put_chat(
    body: ChatSettingsIn, unit: UnitDep, ctx: Context, access: Configure
) -> ChatSettingsOut:
    """Create or replace the chat settings (Owner, Admin). Leave `url` out to keep the
    current one; an unknown `timezone` is a 422 `unknown_timezone`."""
    org = access.organization.id
    existing = unit.session.get(ChatIntegration, org)
    before = integration.summary(existing) if existing is not None else None
    try:
        row = integration.configure(
            unit.session,
            ctx.box,
            list(ctx.settings.server.allow_private_targets),
            organization_id=org,
            user_id=unit.actor.user_id,
            values=body.model_dump(),
        )
    except WebhookError as exc:
        raise _refused(unit, "chat.configure", exc, org) from None
    unit.audit(
        org,
        "chat.configure",
        target_type="chat_integration",
        target_id=org,
        before=before,
        after=integration.summary(row),
    )
    return out(row)


@router.delete(
    "/chat",
    operation_id="deleteChatIntegration",
    status_code=204,
    responses=problems(401, 403, 404, 422),
)
def delete_chat(unit: UnitDep, access: Configure) -> Response:
    """Remove the settings; messages still queued fail instead of being sent."""
    row = _settings(unit, access)
    unit.audit(
        access.organization.id,
        "chat.delete",
        target_type="chat_integration",
        target_id=access.organization.id,
        before=integration.summary(row),
    )
    unit.session.delete(row)
    return Response(status_code=204)


@router.post(
    "/chat/test",
    operation_id="testChatIntegration",
    response_model=TestResult,
    responses=problems(401, 403, 404, 422),
)
async def test_chat(unit: UnitDep, ctx: Context, access: Configure) -> TestResult:
    """Post a test message now and show the answer (status, first 2 KiB of the body,
    duration); nothing is queued or retried."""
    row = await run_in_threadpool(_settings, unit, access)
    outcome = await run_in_threadpool(
        integration.test, sender_for(ctx), ctx.box, row, _public_url(ctx)
    )
    return TestResult(
        status_code=outcome.status_code,
        body=outcome.body,
        duration_ms=outcome.duration_ms,
        error=outcome.error,
    )


def _public_url(ctx: AppContext) -> str | None:
    return ctx.settings.chat.public_url


@router.get(
    "/chat/messages",
    operation_id="listChatMessages",
    response_model=ChatMessagePage,
    responses=problems(401, 403, 404, 422),
)
def list_chat_messages(
    unit: UnitDep, access: View, limit: Annotated[int, Query(ge=1, le=200)] = 50
) -> ChatMessagePage:
    """The newest messages first: delivered, waiting for a retry (attempts, next retry,
    last answer) or failed for good."""
    rows = integration.messages(unit.session, access.organization.id, limit)
    return ChatMessagePage(
        items=[ChatMessageOut.model_validate(r, from_attributes=True) for r in rows],
        next_cursor=None,
    )
