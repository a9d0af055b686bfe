"""SCIM 2.0 Users and Groups of one organization (RFC 7643/7644, the subset Okta and
Entra ID use).

:class:`ScimService` works in the request's transaction for one authenticated token, so a
token only ever sees its own organization's resources (another organization's id is a plain
404). Payloads are parsed, and PATCH operations applied, by scim2-models: a PATCH is applied
to the current resource as SCIM sees it and the result is written back, so every path form
the RFC allows (``active``, ``name.givenName``, a path-less ``{"active": false}`` value,
``members[value eq "…"]``) behaves the same. Errors are scim2-models' exceptions; the HTTP
layer renders them in SCIM's own error schema.

A User resource is a link between the identity provider's user and a membership
(:class:`~stockade.store.scim_models.ScimUser`). Creating one finds the Stockade account by
e-mail or makes one without a password (the person signs in through SSO), and gives it an
Active membership with the default role. SCIM never changes the account's own e-mail or
deletes the account: the account may belong to other organizations, and letting one
organization's identity provider rename it would let it take the account over.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

from pydantic import ValidationError
from scim2_models import (
    Context,
    Email,
    Error,
    Group,
    GroupMember,
    GroupMembership,
    InvalidValueException,
    ListResponse,
    Meta,
    Name,
    NotFoundException,
    PatchOp,
    SCIMException,
    UniquenessException,
    User,
)
from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from stockade.sso import scim_members
from stockade.sso.scim_filter import Condition, conditions
from stockade.sso.scim_members import Actor
from stockade.store.models import User as Account
from stockade.store.scim_models import ScimGroup, ScimGroupMember, ScimUser
from stockade.store.tenancy_models import ACTIVE, Membership

# An argon2 verifier never accepts this (it is not a hash), so an account made by SCIM has
# no password until its owner sets one through a reset; they sign in with SSO.
UNUSABLE_HASH = "!scim-provisioned"
MAX_COUNT = 200
MAX_START = 10**9  # far past any organization's size, and within every backend's OFFSET
T = TypeVar("T")


def _parse(model: type[T], payload: Any, ctx: Context) -> T:
    try:
        return model.model_validate(payload, scim_ctx=ctx)  # type: ignore[attr-defined, no-any-return]
    except ValidationError as exc:
        # scim2-models tags its own failures with their scimType (invalidPath, …).
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())) or "body"
        scim_type = first.get("ctx", {}).get("scim_type") or "invalidValue"
        error = Error(status=400, scim_type=scim_type, detail=f"{where}: {first['msg']}")
        raise SCIMException.from_error(error) from None


@dataclass(frozen=True)
class Page:
    start_index: int
    count: int

    @classmethod
    def of(cls, start_index: str | None, count: str | None) -> Page:
        """RFC 7644 §3.4.2.4: ``startIndex`` below 1 means 1, ``count`` below 0 means 0."""
        try:
            start = int(start_index) if start_index else 1
            size = int(count) if count else 100
        except ValueError:
            raise InvalidValueException(detail="startIndex and count must be integers") from None
        return cls(min(max(start, 1), MAX_START), min(max(size, 0), MAX_COUNT))


class ScimService:
    def __init__(self, session: Session, actor: Actor, base_url: str) -> None:
        self.session = session
        self.actor = actor
        self.org = actor.token.organization_id
        self.base_url = base_url.rstrip("/")

    @property
    def now(self) -> datetime:
        return self.actor.now

    # Users

    def list_users(self, filter_text: str | None, page: Page) -> ListResponse[User[Any]]:
        columns: dict[str, Callable[[str], Condition]] = {
            "username": lambda v: ScimUser.user_name_key == v.lower(),
            "externalid": lambda v: ScimUser.external_id == v,
        }
        where = [ScimUser.organization_id == self.org]
        where += conditions(filter_text, User, columns) if filter_text else []
        rows = self._page(ScimUser, where, page, ScimUser.created_at)
        total = self.session.scalar(select(func.count()).select_from(ScimUser).where(*where))
        return ListResponse[User[Any]](  # type: ignore[no-any-return]
            total_results=total or 0,
            start_index=page.start_index,
            items_per_page=len(rows),
            resources=[self._user(r) for r in rows],
        )

    def get_user(self, user_id: str) -> User[Any]:
        return self._user(self._link(user_id))

    def create_user(self, payload: Any) -> User[Any]:
        wanted = _parse(User, payload, Context.RESOURCE_CREATION_REQUEST)
        user_name = self._user_name(wanted, None)
        email = _email_of(wanted)
        account = self._account(email, wanted)
        row = self._membership(account)
        link = ScimUser(
            organization_id=self.org,
            membership_id=row.id,
            user_id=account.id,
            user_name=user_name,
            user_name_key=user_name.lower(),
            external_id=_bounded(wanted.external_id, 255, "externalId"),
            given_name=_given(wanted),
            family_name=_family(wanted),
            email=email,
            created_at=self.now,
            updated_at=self.now,
        )
        self.session.add(link)
        self.session.flush()
        self.actor.audit(
            self.session,
            "scim.user.create",
            target_type="member",
            target_id=account.id,
            after={"userName": user_name, "role": row.role, "status": row.status},
        )
        if wanted.active is False:
            scim_members.deactivate(self.session, self.actor, row, "scim.user.deactivate")
        return self._user(link)

    def replace_user(self, user_id: str, payload: Any) -> User[Any]:
        link = self._link(user_id)
        wanted = _parse(User, payload, Context.RESOURCE_REPLACEMENT_REQUEST)
        return self._write_user(link, wanted)

    def patch_user(self, user_id: str, payload: Any) -> User[Any]:
        link = self._link(user_id)
        patch = _parse(PatchOp[User], payload, Context.RESOURCE_PATCH_REQUEST)  # type: ignore[type-arg]
        current = self._user(link)
        patch.patch(current)
        return self._write_user(link, current)

    def delete_user(self, user_id: str) -> None:
        """Remove the member's access and the SCIM resource; the account stays."""
        link = self._link(user_id)
        row = self._member_of(link)
        scim_members.guard_removal(row)
        scim_members.deactivate(self.session, self.actor, row, "scim.user.deactivate")
        self.actor.audit(
            self.session,
            "scim.user.delete",
            target_type="member",
            target_id=link.user_id,
            before={"userName": link.user_name, "externalId": link.external_id},
        )
        self.session.delete(link)

    def _write_user(self, link: ScimUser, wanted: User[Any]) -> User[Any]:
        """Store what PUT or PATCH asks for: userName, externalId, name, e-mail, active."""
        row = self._member_of(link)
        before = _summary(link)
        link.user_name = self._user_name(wanted, link)
        link.user_name_key = link.user_name.lower()
        link.external_id = _bounded(wanted.external_id, 255, "externalId")
        link.given_name = _given(wanted)
        link.family_name = _family(wanted)
        link.email = _email_of(wanted)
        link.updated_at = self.now
        if before != _summary(link):
            self.actor.audit(
                self.session,
                "scim.user.update",
                target_type="member",
                target_id=link.user_id,
                before=before,
                after=_summary(link),
            )
        if wanted.active is False:
            scim_members.deactivate(self.session, self.actor, row, "scim.user.deactivate")
        elif wanted.active is True:
            scim_members.activate(self.session, self.actor, row, "scim.user.reactivate")
        return self._user(link)

    def _user_name(self, wanted: User[Any], current: ScimUser | None) -> str:
        name = (wanted.user_name or "").strip()
        if not name or len(name) > 254 or "\x00" in name:
            raise InvalidValueException(detail="userName must have 1 to 254 characters")
        taken = self.session.scalars(
            select(ScimUser.id).where(
                ScimUser.organization_id == self.org, ScimUser.user_name_key == name.lower()
            )
        ).first()
        if taken is not None and (current is None or taken != current.id):
            raise UniquenessException(detail=f"userName {name!r} is already provisioned")
        return name

    def _account(self, email: str, wanted: User[Any]) -> Account:
        """The Stockade account with this e-mail, or a new one without a password."""
        account = self.session.scalars(
            select(Account).where(func.lower(Account.email) == email)
        ).first()
        if account is not None:
            return account
        display = wanted.display_name or (wanted.name.formatted if wanted.name else None)
        if not display and wanted.name and (wanted.name.given_name or wanted.name.family_name):
            display = " ".join(p for p in (wanted.name.given_name, wanted.name.family_name) if p)
        account = Account(email=email, name=display, password_hash=UNUSABLE_HASH)
        self.session.add(account)
        self.session.flush()
        return account

    def _membership(self, account: Account) -> Membership:
        """The account's membership, made Active (new ones get the default role). A member
        another SCIM resource already stands for is a duplicate."""
        row = self.session.scalars(
            select(Membership).where(
                Membership.organization_id == self.org,
                (Membership.user_id == account.id) | (Membership.email == account.email.lower()),
            )
        ).first()
        if row is None:
            row = Membership(
                organization_id=self.org,
                user_id=account.id,
                email=account.email.lower(),
                role=scim_members.default_role(self.session, self.org),
                status=ACTIVE,
                created_at=self.now,
                joined_at=self.now,
                last_active_at=self.now,
            )
            self.session.add(row)
            self.session.flush()
            return row
        if self.session.scalars(
            select(ScimUser.id).where(ScimUser.membership_id == row.id)
        ).first():
            raise UniquenessException(detail=f"{account.email} is already provisioned")
        if row.status != ACTIVE and row.role != scim_members.OWNER:
            row.role = scim_members.default_role(self.session, self.org)
        row.user_id = account.id
        scim_members.activate(self.session, self.actor, row, "scim.user.activate")
        return row

    def _link(self, user_id: str) -> ScimUser:
        link = self.session.get(ScimUser, user_id)
        if link is None or link.organization_id != self.org:
            raise NotFoundException(detail=f"no User {user_id}")
        return link

    def _member_of(self, link: ScimUser) -> Membership:
        row = self.session.get(Membership, link.membership_id)
        assert row is not None  # the link cascades with its membership
        return row

    def _user(self, link: ScimUser) -> User[Any]:
        row = self._member_of(link)
        groups = self.session.execute(
            select(ScimGroup.id, ScimGroup.display_name)
            .join(ScimGroupMember, ScimGroupMember.group_id == ScimGroup.id)
            .where(ScimGroupMember.scim_user_id == link.id)
            .order_by(ScimGroup.display_name)
        ).all()
        name = None
        if link.given_name or link.family_name:
            name = Name(given_name=link.given_name, family_name=link.family_name)
        return User(
            id=link.id,
            external_id=link.external_id,
            user_name=link.user_name,
            name=name,
            emails=[Email(value=link.email, primary=True, type=Email.Type.work)],
            active=row.status == ACTIVE,
            groups=[
                GroupMembership(value=g.id, display=g.display_name, type="direct", ref=None)
                for g in groups
            ]
            or None,
            meta=self._meta("User", link.id, link.created_at, link.updated_at),
        )

    # Groups

    def list_groups(self, filter_text: str | None, page: Page) -> ListResponse[Group]:
        columns: dict[str, Callable[[str], Condition]] = {
            "displayname": lambda v: ScimGroup.display_name == v,
            "externalid": lambda v: ScimGroup.external_id == v,
        }
        where = [ScimGroup.organization_id == self.org]
        where += conditions(filter_text, Group, columns) if filter_text else []
        rows = self._page(ScimGroup, where, page, ScimGroup.created_at)
        total = self.session.scalar(select(func.count()).select_from(ScimGroup).where(*where))
        return ListResponse[Group](  # type: ignore[no-any-return]
            total_results=total or 0,
            start_index=page.start_index,
            items_per_page=len(rows),
            resources=[self._group(g) for g in rows],
        )

    def get_group(self, group_id: str) -> Group:
        return self._group(self._find_group(group_id))

    def create_group(self, payload: Any) -> Group:
        wanted = _parse(Group, payload, Context.RESOURCE_CREATION_REQUEST)
        group = ScimGroup(
            organization_id=self.org,
            display_name=self._display_name(wanted, None),
            external_id=_bounded(wanted.external_id, 255, "externalId"),
            created_at=self.now,
            updated_at=self.now,
        )
        self.session.add(group)
        self.session.flush()
        self.actor.audit(
            self.session,
            "scim.group.create",
            target_type="scim_group",
            target_id=group.id,
            after={"displayName": group.display_name},
        )
        self._set_members(group, _member_ids(wanted))
        return self._group(group)

    def replace_group(self, group_id: str, payload: Any) -> Group:
        group = self._find_group(group_id)
        wanted = _parse(Group, payload, Context.RESOURCE_REPLACEMENT_REQUEST)
        return self._write_group(group, wanted)

    def patch_group(self, group_id: str, payload: Any) -> Group:
        group = self._find_group(group_id)
        patch = _parse(PatchOp[Group], payload, Context.RESOURCE_PATCH_REQUEST)
        current = self._group(group)
        patch.patch(current)
        return self._write_group(group, current)

    def delete_group(self, group_id: str) -> None:
        group = self._find_group(group_id)
        self.actor.audit(
            self.session,
            "scim.group.delete",
            target_type="scim_group",
            target_id=group.id,
            before={"displayName": group.display_name},
        )
        self._set_members(group, set())
        self.session.delete(group)

    def _write_group(self, group: ScimGroup, wanted: Group) -> Group:
        before = {"displayName": group.display_name, "externalId": group.external_id}
        group.display_name = self._display_name(wanted, group)
        group.external_id = _bounded(wanted.external_id, 255, "externalId")
        group.updated_at = self.now
        after = {"displayName": group.display_name, "externalId": group.external_id}
        if before != after:
            self.actor.audit(
                self.session,
                "scim.group.update",
                target_type="scim_group",
                target_id=group.id,
                before=before,
                after=after,
            )
        self._set_members(group, _member_ids(wanted))
        return self._group(group)

    def _set_members(self, group: ScimGroup, wanted: set[str]) -> None:
        """Make the group's members exactly ``wanted`` (SCIM User ids of this organization)
        and re-derive the role of everyone who joined or left."""
        current = self._member_set(group)
        known = {link.id for link in self._links(wanted)}
        if wanted - known:
            unknown = ", ".join(sorted(wanted - known))
            raise InvalidValueException(detail=f"no such User in this organization: {unknown}")
        added, removed = wanted - current, current - wanted
        for user_id in added:
            self.session.add(ScimGroupMember(group_id=group.id, scim_user_id=user_id))
        if removed:
            self.session.execute(
                delete(ScimGroupMember).where(
                    ScimGroupMember.group_id == group.id,
                    ScimGroupMember.scim_user_id.in_(removed),
                )
            )
        if not (added or removed):
            return
        self.session.flush()
        self.actor.audit(
            self.session,
            "scim.group.members",
            target_type="scim_group",
            target_id=group.id,
            before={"removed": sorted(removed)} if removed else None,
            after={"added": sorted(added)} if added else None,
        )
        for link in self._links(added | removed):
            scim_members.sync_role(self.session, self.actor, link.id, self._member_of(link))

    def _member_set(self, group: ScimGroup) -> set[str]:
        query = select(ScimGroupMember.scim_user_id).where(ScimGroupMember.group_id == group.id)
        return set(self.session.scalars(query))

    def _links(self, ids: set[str]) -> Sequence[ScimUser]:
        if not ids:
            return []
        query = select(ScimUser).where(ScimUser.organization_id == self.org, ScimUser.id.in_(ids))
        return self.session.scalars(query).all()

    def _display_name(self, wanted: Group, current: ScimGroup | None) -> str:
        name = (wanted.display_name or "").strip()
        if not name or len(name) > 255 or "\x00" in name:
            raise InvalidValueException(detail="displayName must have 1 to 255 characters")
        taken = self.session.scalars(
            select(ScimGroup.id).where(
                ScimGroup.organization_id == self.org, ScimGroup.display_name == name
            )
        ).first()
        if taken is not None and (current is None or taken != current.id):
            raise UniquenessException(detail=f"a group named {name!r} already exists")
        return name

    def find_group(self, group_id: str) -> ScimGroup | None:
        group = self.session.get(ScimGroup, group_id)
        return group if group is not None and group.organization_id == self.org else None

    def _find_group(self, group_id: str) -> ScimGroup:
        group = self.find_group(group_id)
        if group is None:
            raise NotFoundException(detail=f"no Group {group_id}")
        return group

    def _group(self, group: ScimGroup) -> Group:
        members = self.session.execute(
            select(ScimUser.id, ScimUser.user_name)
            .join(ScimGroupMember, ScimGroupMember.scim_user_id == ScimUser.id)
            .where(ScimGroupMember.group_id == group.id)
            .order_by(ScimUser.user_name)
        ).all()
        return Group(
            id=group.id,
            external_id=group.external_id,
            display_name=group.display_name,
            members=[
                GroupMember(value=m.id, display=m.user_name, type="User", ref=None) for m in members
            ]
            or None,
            meta=self._meta("Group", group.id, group.created_at, group.updated_at),
        )

    # Shared

    def _page(self, model: Any, where: list[Any], page: Page, order: Any) -> Sequence[Any]:
        if page.count == 0:
            return []
        query = (
            select(model)
            .where(*where)
            .order_by(order, model.id)
            .offset(page.start_index - 1)
            .limit(page.count)
        )
        return self.session.scalars(query).all()

    def _url(self, endpoint: str, resource_id: str) -> str:
        return f"{self.base_url}/{endpoint}/{resource_id}"

    def _meta(self, kind: str, resource_id: str, created: datetime, modified: datetime) -> Meta:
        return Meta(
            resource_type=kind,
            created=created,
            last_modified=modified,
            location=self._url(f"{kind}s", resource_id),
        )


def _email_of(wanted: User[Any]) -> str:
    """The primary e-mail (else the first, else a userName that is an address), lower-cased."""
    emails = sorted(wanted.emails or [], key=lambda e: not e.primary)
    candidates = [str(e.value) for e in emails if e.value] + [wanted.user_name or ""]
    for value in candidates:
        address = value.strip().lower()
        local, at, domain = address.partition("@")
        if at and local and "." in domain and len(address) <= 254 and "\x00" not in address:
            return address
    raise InvalidValueException(detail="the User needs an e-mail address (emails or userName)")


def _bounded(value: str | None, limit: int, what: str) -> str | None:
    """``value`` when it fits its column; the database would refuse it otherwise (a 400
    that would not be in SCIM's error schema)."""
    if value is not None and (len(value) > limit or "\x00" in value):
        raise InvalidValueException(detail=f"{what} must have at most {limit} characters")
    return value


def _given(wanted: User[Any]) -> str | None:
    return _bounded(wanted.name.given_name if wanted.name else None, 200, "name.givenName")


def _family(wanted: User[Any]) -> str | None:
    return _bounded(wanted.name.family_name if wanted.name else None, 200, "name.familyName")


def _member_ids(wanted: Group) -> set[str]:
    return {str(m.value) for m in wanted.members or [] if m.value}


def _summary(link: ScimUser) -> dict[str, Any]:
    return {
        "userName": link.user_name,
        "externalId": link.external_id,
        "name": [link.given_name, link.family_name],
        "email": link.email,
    }
