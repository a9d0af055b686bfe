"""Webhooks of an organization: CRUD, a test delivery, the delivery log and redelivery.

Viewing needs ``integrations:view`` (Owner, Admin, Member), changing
``integrations:configure`` (Owner, Admin). Targets are vetted by the SSRF guard at creation
and again before every attempt.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query, Response
from starlette.concurrency import run_in_threadpool

from stockade.server import pagination
from stockade.server.content import require_json
from stockade.server.context import AppContext, Context
from stockade.server.orgaccess import UnitDep, refused, requires
from stockade.server.schemas.common import problems
from stockade.server.schemas.webhooks import (
    DeliveryOut,
    DeliveryPage,
    TestResult,
    WebhookCreate,
    WebhookCreated,
    WebhookOut,
    WebhookPage,
    WebhookUpdate,
)
from stockade.store.webhook_models import Webhook
from stockade.tenancy.access import Access
from stockade.tenancy.errors import TenancyError
from stockade.tenancy.permissions import Permission
from stockade.tenancy.unit import Unit
from stockade.webhooks import service
from stockade.webhooks.errors import WebhookError, WebhookNotFoundError
from stockade.webhooks.sender import HttpxSender

router = APIRouter(prefix="/api/v1/organizations/{id}/webhooks", tags=["webhooks"])
View = Annotated[Access, requires(Permission.INTEGRATIONS_VIEW)]
Configure = Annotated[Access, requires(Permission.INTEGRATIONS_CONFIGURE)]
JSON_BODY = [Depends(require_json)]


def _allow(ctx: AppContext) -> list[str]:
    """``server.allow_private_targets``: the private hosts and ranges webhooks may reach."""
    return list(ctx.settings.server.allow_private_targets)


def sender_for(ctx: AppContext) -> HttpxSender:
    hooks = ctx.settings.webhooks
    return HttpxSender(_allow(ctx), timeout=hooks.timeout_seconds, ca_file=hooks.ca_file)


def out(hook: Webhook) -> WebhookOut:
    return WebhookOut(
        id=hook.id,
        url=hook.url,
        events=list(hook.events),
        active=hook.active,
        signed=hook.secret is not None,
        created_at=hook.created_at,
        updated_at=hook.updated_at,
        failing_since=hook.failing_since,
        disabled_reason=hook.disabled_reason,
    )


def _refused(unit: Unit, action: str, exc: WebhookError, org: str) -> TenancyError:
    """The refusal as the team layer's error: a rejected definition is a security-relevant
    attempt (an internal target, say) and goes on the audit log although the request rolls
    back; an unknown id is a plain 404."""
    missing = isinstance(exc, WebhookNotFoundError)
    return refused(unit, org, action, exc.code, str(exc), missing=missing)


@router.post(
    "",
    operation_id="createWebhook",
    status_code=201,
    response_model=WebhookCreated,
    responses=problems(400, 401, 403, 404, 413, 415, 422),
    dependencies=JSON_BODY,
)
def create_webhook(
    body: WebhookCreate, unit: UnitDep, ctx: Context, access: Configure, response: Response
) -> WebhookCreated:
    """Add a webhook (Owner, Admin); the signing secret is in this response only."""
    secret = body.secret or service.generated_secret()
    org = access.organization.id
    try:
        created = service.create(
            unit.session,
            ctx.box,
            _allow(ctx),
            organization_id=org,
            created_by=unit.actor.user_id,
            url=body.url,
            events=body.events,
            secret=secret,
            active=body.active,
        )
    except WebhookError as exc:
        raise _refused(unit, "webhook.create", exc, org) from None
    hook = created.webhook
    unit.audit(
        org, "webhook.create", target_type="webhook", target_id=hook.id, after=service.summary(hook)
    )
    response.headers["Location"] = f"/api/v1/organizations/{org}/webhooks/{hook.id}"
    return WebhookCreated(**out(hook).model_dump(), secret=secret)


@router.get(
    "",
    operation_id="listWebhooks",
    response_model=WebhookPage,
    responses=problems(401, 403, 404, 422),
)
def list_webhooks(unit: UnitDep, access: View) -> WebhookPage:
    """The organization's webhooks (at most 20, so one page)."""
    hooks = service.listing(unit.session, access.organization.id)
    return WebhookPage(items=[out(h) for h in hooks], next_cursor=None)


@router.get(
    "/{webhook_id}",
    operation_id="getWebhook",
    response_model=WebhookOut,
    responses=problems(401, 403, 404, 422),
)
def get_webhook(webhook_id: str, unit: UnitDep, access: View) -> WebhookOut:
    return out(_hook(unit, access, webhook_id))


def _hook(unit: Unit, access: Access, webhook_id: str) -> Webhook:
    try:
        return service.get(unit.session, access.organization.id, webhook_id)
    except WebhookError as exc:
        raise _refused(unit, "webhook.read", exc, access.organization.id) from None


@router.patch(
    "/{webhook_id}",
    operation_id="updateWebhook",
    response_model=WebhookOut,
    responses=problems(400, 401, 403, 404, 413, 415, 422),
    dependencies=JSON_BODY,
)
def update_webhook(
    webhook_id: str, body: WebhookUpdate, unit: UnitDep, ctx: Context, access: Configure
) -> WebhookOut:
    """Change the URL, events, secret or active flag (Owner, Admin); re-activating a webhook
    the dispatcher disabled clears its failure record."""
    return _change(unit, ctx, access, webhook_id, body.model_dump(exclude_unset=True))


@router.put(
    "/{webhook_id}",
    operation_id="replaceWebhook",
    response_model=WebhookOut,
    responses=problems(400, 401, 403, 404, 413, 415, 422),
    dependencies=JSON_BODY,
)
def replace_webhook(
    webhook_id: str, body: WebhookCreate, unit: UnitDep, ctx: Context, access: Configure
) -> WebhookOut:
    """Replace the definition (the secret stays unless a new one is given)."""
    values = body.model_dump(exclude_unset=True)
    values.setdefault("active", True)
    return _change(unit, ctx, access, webhook_id, values)


def _change(
    unit: Unit, ctx: AppContext, access: Access, webhook_id: str, values: dict[str, object]
) -> WebhookOut:
    """Apply ``values`` to the webhook, audited with its definition before and after."""
    hook = _hook(unit, access, webhook_id)
    before = service.summary(hook)
    try:
        service.update(unit.session, ctx.box, _allow(ctx), hook, values)
    except WebhookError as exc:
        raise _refused(unit, "webhook.update", exc, access.organization.id) from None
    unit.audit(
        access.organization.id,
        "webhook.update",
        target_type="webhook",
        target_id=hook.id,
        before=before,
        after=service.summary(hook),
    )
    return out(hook)


@router.delete(
    "/{webhook_id}",
    operation_id="deleteWebhook",
    status_code=204,
    responses=problems(401, 403, 404, 422),
)
def delete_webhook(webhook_id: str, unit: UnitDep, access: Configure) -> Response:
    hook = _hook(unit, access, webhook_id)
    unit.audit(
        access.organization.id,
        "webhook.delete",
        target_type="webhook",
        target_id=hook.id,
        before=service.summary(hook),
    )
    unit.session.delete(hook)
    return Response(status_code=204)


@router.post(
    "/{webhook_id}/test",
    operation_id="testWebhook",
    response_model=TestResult,
    responses=problems(401, 403, 404, 422),
)
async def test_webhook(
    webhook_id: str, unit: UnitDep, ctx: Context, access: Configure
) -> TestResult:
    """Send a sample `ping` event now and show the receiver's answer (status, first 2 KiB of
    the body, duration); nothing is queued or retried."""
    hook = await run_in_threadpool(_hook, unit, access, webhook_id)
    outcome = await run_in_threadpool(service.test, sender_for(ctx), ctx.box, hook)
    return TestResult(
        status_code=outcome.status_code,
        body=outcome.body,
        duration_ms=outcome.duration_ms,
        error=outcome.error,
    )


@router.get(
    "/{webhook_id}/deliveries",
    operation_id="listWebhookDeliveries",
    response_model=DeliveryPage,
    responses=problems(401, 403, 404, 422),
)
def list_deliveries(
    webhook_id: str,
    unit: UnitDep,
    ctx: Context,
    access: View,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
    cursor: Annotated[str | None, pagination.CURSOR_QUERY] = None,
) -> DeliveryPage:
    """Every delivery, newest first: status, attempts, next retry, answer and duration."""
    hook = _hook(unit, access, webhook_id)
    listing = f"deliveries:{hook.id}"
    start = pagination.after(ctx, cursor, listing, unit.actor.user_id)
    after = service.delivery(unit.session, hook, start) if start else None
    rows = service.deliveries(unit.session, hook, after=after, limit=limit + 1)
    items, next_cursor = pagination.page(
        ctx, rows, limit, listing, unit.actor.user_id, lambda r: r.id
    )
    return DeliveryPage(
        items=[DeliveryOut.model_validate(r, from_attributes=True) for r in items],
        next_cursor=next_cursor,
    )


@router.post(
    "/{webhook_id}/deliveries/{delivery_id}/redeliver",
    operation_id="redeliverWebhookDelivery",
    status_code=202,
    response_model=DeliveryOut,
    responses=problems(401, 403, 404, 422),
)
def redeliver(webhook_id: str, delivery_id: str, unit: UnitDep, access: Configure) -> DeliveryOut:
    """Queue the delivery's event again, as a new delivery (new id), due now."""
    hook = _hook(unit, access, webhook_id)
    try:
        original = service.delivery(unit.session, hook, delivery_id)
    except WebhookError as exc:
        raise _refused(unit, "webhook.redeliver", exc, access.organization.id) from None
    row = service.redeliver(unit.session, hook, original)
    unit.audit(
        access.organization.id,
        "webhook.redeliver",
        target_type="delivery",
        target_id=row.id,
        before={"delivery": original.id},
    )
    return DeliveryOut.model_validate(row, from_attributes=True)
