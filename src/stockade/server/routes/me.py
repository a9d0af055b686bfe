"""The caller's side of the team layer: notifications, pending invitations, accepting an
invitation and asking to join through a share link."""

from __future__ import annotations

from typing import Annotated
from uuid import UUID

from fastapi import APIRouter, Path, Query, Response

from stockade.server import pagination
from stockade.server.context import Context
from stockade.server.orgaccess import UnitDep
from stockade.server.problems import ProblemError
from stockade.server.routes.members import member_out
from stockade.server.schemas.common import problems
from stockade.server.schemas.organizations import (
    MemberOut,
    MyInvitationOut,
    MyInvitationPage,
    NotificationOut,
    NotificationPage,
    OrganizationRef,
)
from stockade.store.tenancy_models import Invitation
from stockade.tenancy import members, notifications

router = APIRouter(tags=["me"])
NOTIFICATIONS = "notifications"
Token = Annotated[str, Path(min_length=16, max_length=128, description="The link's token")]


@router.get(
    "/api/v1/me/notifications",
    operation_id="listNotifications",
    response_model=NotificationPage,
    responses=problems(401, 422),
)
def list_notifications(
    unit: UnitDep,
    ctx: Context,
    unread: Annotated[bool, Query(description="Only notifications not marked read")] = False,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
    cursor: Annotated[str | None, pagination.CURSOR_QUERY] = None,
) -> NotificationPage:
    """Role changes, invitations, join requests and removals, newest first."""
    me = unit.actor.user_id
    listing = f"{NOTIFICATIONS}:{int(unread)}"
    start = pagination.after(ctx, cursor, listing, me)
    after = notifications.get(unit.session, me, start) if start else None
    if start and after is None:
        raise pagination.invalid_cursor()
    rows = notifications.page(unit.session, me, unread=unread, after=after, limit=limit + 1)
    items, next_cursor = pagination.page(ctx, rows, limit, listing, me, lambda r: r.id)
    return NotificationPage(
        items=[NotificationOut.model_validate(r, from_attributes=True) for r in items],
        next_cursor=next_cursor,
    )


@router.post(
    "/api/v1/me/notifications/{notification_id}/read",
    operation_id="markNotificationRead",
    status_code=204,
    responses=problems(401, 404, 422),
)
def mark_read(notification_id: UUID, unit: UnitDep) -> Response:
    """Mark one notification read."""
    row = notifications.get(unit.session, unit.actor.user_id, str(notification_id))
    if row is None:
        raise ProblemError(404, "notification_not_found", "no such notification")
    row.read_at = row.read_at or unit.now
    return Response(status_code=204)


@router.get(
    "/api/v1/me/invitations",
    operation_id="listMyInvitations",
    response_model=MyInvitationPage,
    responses=problems(401, 422),
)
def my_invitations(unit: UnitDep) -> MyInvitationPage:
    """Open invitations to the caller's e-mail address."""
    return MyInvitationPage(
        items=[
            MyInvitationOut(
                id=invitation.id,
                organization=OrganizationRef(id=org.id, name=org.name),
                role=membership.role,  # type: ignore[arg-type]
                expires_at=invitation.expires_at,
            )
            for membership, org, invitation in members.pending_invitations(unit)
        ],
        next_cursor=None,
    )


@router.post(
    "/api/v1/me/invitations/{invitation_id}/accept",
    operation_id="acceptMyInvitation",
    response_model=MemberOut,
    responses=problems(401, 403, 404, 409, 410, 422),
)
def accept_by_id(invitation_id: UUID, unit: UnitDep) -> MemberOut:
    """Accept one of the caller's open invitations (listed by `GET /api/v1/me/invitations`)
    without the link: the caller's e-mail is the proof."""
    row = unit.session.get(Invitation, str(invitation_id))
    if row is None or row.email != unit.actor.email.lower():
        raise ProblemError(404, "invitation_not_found", "no such invitation")
    return member_out(members.accept_invitation(unit, row), unit)


@router.post(
    "/api/v1/invitations/{token}/accept",
    operation_id="acceptInvitation",
    response_model=MemberOut,
    responses=problems(401, 403, 404, 409, 410, 422),
)
def accept(token: Token, unit: UnitDep) -> MemberOut:
    """Accept an invitation: the logged-in user's e-mail must be the invited one. The member
    is Active at once. A used token is 409, an expired one 410."""
    return member_out(members.accept(unit, token), unit)


@router.post(
    "/api/v1/join/{token}",
    operation_id="requestToJoin",
    status_code=201,
    response_model=MemberOut,
    responses=problems(401, 404, 409, 410, 422),
)
def join(token: Token, unit: UnitDep) -> MemberOut:
    """Ask to join through a share link: Pending Approval until an Admin approves."""
    return member_out(members.join(unit, token), unit)
