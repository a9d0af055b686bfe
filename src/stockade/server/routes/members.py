"""Members of an organization and their lifecycle.

``{user_id}`` accepts a user id or, for an invitee who has no account yet, the membership id
(both are in the member JSON). Which action is allowed in which status follows the spec's
state table; a disallowed one is 409 ``invalid_member_state``.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query, Response

from stockade.server import pagination
from stockade.server.content import require_json
from stockade.server.context import Context
from stockade.server.orgaccess import UnitDep, requires
from stockade.server.problems import ProblemError
from stockade.server.schemas.common import problems
from stockade.server.schemas.organizations import (
    InvitationOut,
    InviteIn,
    MemberInvited,
    MemberOut,
    MemberPage,
    OptionalRole,
    RoleChange,
)
from stockade.store.tenancy_models import ACTIVE, INACTIVE, INVITED, PENDING, REMOVED, Membership
from stockade.tenancy import members
from stockade.tenancy.access import Access, member_status
from stockade.tenancy.members import Invited
from stockade.tenancy.permissions import Permission
from stockade.tenancy.unit import Unit

router = APIRouter(prefix="/api/v1/organizations/{id}/members", tags=["members"])
JSON_BODY = [Depends(require_json)]
MemberRef = Annotated[str, Path(min_length=1, max_length=36, description="User or membership id")]
Manage = Annotated[Access, requires(Permission.MEMBERS_MANAGE)]
STATUSES = (INVITED, ACTIVE, PENDING, INACTIVE, REMOVED)


def member_out(row: Membership, unit: Unit) -> MemberOut:
    return MemberOut(
        id=row.id,
        user_id=row.user_id,
        email=row.email,
        role=row.role,  # type: ignore[arg-type]
        status=member_status(row, unit.now),
        joined_at=row.joined_at,
        last_active_at=row.last_active_at,
    )


def _invited_out(invited: Invited, unit: Unit) -> MemberInvited:
    issued = invited.invitation
    return MemberInvited(
        **member_out(invited.membership, unit).model_dump(),
        invitation=InvitationOut(url=issued.url, token=issued.token, expires_at=issued.expires_at),
    )


@router.get(
    "",
    operation_id="listMembers",
    response_model=MemberPage,
    responses=problems(401, 403, 404, 422),
)
def list_members(
    unit: UnitDep,
    ctx: Context,
    access: Annotated[Access, requires(Permission.SETTINGS_VIEW)],
    status: Annotated[str | None, Query(description=f"One of {', '.join(STATUSES)}")] = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
    cursor: Annotated[str | None, pagination.CURSOR_QUERY] = None,
) -> MemberPage:
    """Members by e-mail, with the spec's statuses (any member may view)."""
    if status is not None and status not in STATUSES:
        raise ProblemError(422, "invalid_status", f"status is one of {', '.join(STATUSES)}")
    listing = f"members:{access.organization.id}:{status or ''}"
    start = pagination.after(ctx, cursor, listing, unit.actor.user_id)
    rows = members.listing(unit, access, status=status, after=start, limit=limit + 1)
    items, next_cursor = pagination.page(
        ctx, rows, limit, listing, unit.actor.user_id, lambda r: r.email
    )
    return MemberPage(items=[member_out(r, unit) for r in items], next_cursor=next_cursor)


@router.post(
    "",
    operation_id="inviteMember",
    status_code=201,
    response_model=MemberInvited,
    responses=problems(400, 401, 403, 404, 409, 413, 415, 422),
    dependencies=JSON_BODY,
)
def invite_member(
    body: InviteIn, unit: UnitDep, access: Manage, response: Response
) -> MemberInvited:
    """Invite by e-mail (Owner, Admin): the member is `Invited` until they accept. The
    invitation link (valid 7 days, single use) is in this response only, and e-mailed when
    SMTP is configured. A Removed member's address is re-invited."""
    invited = members.invite(unit, access, str(body.email), body.role.value)
    ref = invited.membership.user_id or invited.membership.id
    response.headers["Location"] = f"/api/v1/organizations/{access.organization.id}/members/{ref}"
    return _invited_out(invited, unit)


@router.delete(
    "/{user_id}",
    operation_id="removeMember",
    status_code=204,
    responses=problems(401, 403, 404, 409, 422),
)
def remove_member(user_id: MemberRef, unit: UnitDep, access: Manage) -> Response:
    """Remove an Active or Inactive member (access ends at once; their scans stay), or
    cancel an invitation."""
    members.remove(unit, access, user_id)
    return Response(status_code=204)


@router.patch(
    "/{user_id}",
    operation_id="changeMemberRole",
    response_model=MemberOut,
    responses=problems(400, 401, 403, 404, 409, 413, 415, 422),
    dependencies=JSON_BODY,
)
def change_role(user_id: MemberRef, body: RoleChange, unit: UnitDep, access: Manage) -> MemberOut:
    """Change a member's role; it takes effect at once and the member is notified. The
    Owner grants up to Admin, an Admin up to Member."""
    return member_out(members.change_role(unit, access, user_id, body.role.value), unit)


@router.post(
    "/{user_id}/resend",
    operation_id="resendInvitation",
    response_model=MemberInvited,
    responses=problems(401, 403, 404, 409, 422),
)
def resend(user_id: MemberRef, unit: UnitDep, access: Manage) -> MemberInvited:
    """A new invitation link (the old one stops working), valid 7 days from now."""
    return _invited_out(members.resend(unit, access, user_id), unit)


@router.post(
    "/{user_id}/reinvite",
    operation_id="reinviteMember",
    response_model=MemberInvited,
    responses=problems(400, 401, 403, 404, 409, 413, 415, 422),
    dependencies=JSON_BODY,
)
def reinvite(
    user_id: MemberRef, unit: UnitDep, access: Manage, body: OptionalRole | None = None
) -> MemberInvited:
    """Invite a Removed member again (with their former role unless `role` is given)."""
    role = body.role.value if body and body.role else None
    return _invited_out(members.reinvite(unit, access, user_id, role), unit)


@router.post(
    "/{user_id}/approve",
    operation_id="approveJoinRequest",
    response_model=MemberOut,
    responses=problems(400, 401, 403, 404, 409, 413, 415, 422),
    dependencies=JSON_BODY,
)
def approve(
    user_id: MemberRef, unit: UnitDep, access: Manage, body: OptionalRole | None = None
) -> MemberOut:
    """Approve a join request: the member becomes Active (as Member unless `role` is given)."""
    role = body.role.value if body and body.role else None
    return member_out(members.approve(unit, access, user_id, role), unit)


@router.post(
    "/{user_id}/deny",
    operation_id="denyJoinRequest",
    status_code=204,
    responses=problems(401, 403, 404, 409, 422),
)
def deny(user_id: MemberRef, unit: UnitDep, access: Manage) -> Response:
    """Decline a join request."""
    members.deny(unit, access, user_id)
    return Response(status_code=204)


@router.post(
    "/{user_id}/reactivate",
    operation_id="reactivateMember",
    response_model=MemberOut,
    responses=problems(401, 403, 404, 409, 422),
)
def reactivate(user_id: MemberRef, unit: UnitDep, access: Manage) -> MemberOut:
    """Reactivate an Inactive member (no activity for more than 30 days)."""
    return member_out(members.reactivate(unit, access, user_id), unit)
