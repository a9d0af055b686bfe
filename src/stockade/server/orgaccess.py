"""The one permission check of organization endpoints, declared on each route.

A route names what it needs as a parameter, ``access: Annotated[Access, requires(P)]``; the
dependency resolves the caller's membership in the path's organization and checks ``P``
against the matrix (:mod:`stockade.tenancy.permissions`). A non-member gets a 404, a member
without the permission a 403, both before the route body runs. The declared permission is
kept on the dependency (``permission`` attribute), so the role × endpoint test is generated
from the application's own routes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any
from uuid import UUID

from fastapi import Depends, Path, Request
from sqlalchemy.orm import Session

from stockade.server.context import AppContext, Context, DbSession
from stockade.server.deps import CurrentPrincipal, actor_of
from stockade.store.models import User
from stockade.tenancy.access import Access, resolve
from stockade.tenancy.errors import InvalidInputError, NotFoundError, TenancyError
from stockade.tenancy.permissions import Permission
from stockade.tenancy.unit import INVITE_LINK, Unit

OrganizationId = Annotated[UUID, Path(alias="id", description="The organization's id.")]


def _password_checker(ctx: AppContext, db: Session) -> Callable[[str, str], bool]:
    def verify(user_id: str, password: str) -> bool:
        user = db.get(User, user_id)
        return ctx.passwords.verify(user.password_hash if user else None, password)

    return verify


def _linker(request: Request) -> Callable[[str, str], str]:
    base = str(request.base_url).rstrip("/")

    def link(kind: str, token: str) -> str:
        if kind == INVITE_LINK:
            return f"{base}/api/v1/invitations/{token}/accept"
        return f"{base}/api/v1/join/{token}"

    return link


def get_unit(request: Request, ctx: Context, db: DbSession, principal: CurrentPrincipal) -> Unit:
    """The team layer's unit of work for this request: its transaction, the caller, e-mail
    on when SMTP is configured, the password check and the link builder."""
    return Unit(
        db,
        actor_of(request, ctx, principal),
        email=ctx.settings.smtp.host is not None,
        verify_password=_password_checker(ctx, db),
        link=_linker(request),
        now=ctx.clock(),
    )


UnitDep = Annotated[Unit, Depends(get_unit)]


def requires(permission: Permission | None) -> Any:
    """``Depends`` on the caller's :class:`Access` to the path's organization, checked for
    ``permission`` (None: any member, e.g. to leave)."""

    def check(organization_id: OrganizationId, unit: UnitDep) -> Access:
        return resolve(unit.session, unit.actor, str(organization_id), permission, now=unit.now)

    check.permission = permission  # type: ignore[attr-defined]
    return Depends(check)


def refused(
    unit: Unit, organization_id: str, action: str, code: str, message: str, *, missing: bool
) -> TenancyError:
    """A domain package's refusal as the team layer's error: something missing is a plain
    404; a definition that can never be accepted (an internal target, say) is a 422 and a
    security-relevant attempt, so it goes on the audit log although the request rolls back."""
    if missing:
        return NotFoundError(code, message)
    return InvalidInputError(code, message, audit=unit.denied(organization_id, action, code))
