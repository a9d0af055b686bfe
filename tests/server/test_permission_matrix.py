"""The role × endpoint matrix, generated from the application's own routes.

Every route that declares a permission with ``requires(...)`` (the dependency function carries
``.permission``) is found by walking ``app.routes``; each one is then called as every kind of
caller (the four roles as Active members, a registered non-member, a Removed member and an
anonymous caller) and must answer exactly what :data:`stockade.tenancy.permissions.MATRIX`
says: 401 without credentials, 404 for anyone outside the organization (never 403, never
data), 403 ``insufficient_role`` for a role the matrix does not grant, and the route's own
success status for a role it does. Succeeding needs a valid request, so each operation has a
recipe (:data:`RECIPES`) that prepares the state it acts on; a protected route without a
recipe fails the test, so a new endpoint cannot slip in untested.

The organization's jobs follow the same rule through the jobs service's ``_NEEDS``, and the
matrix in code is compared with API.md's table (copied here as data).
"""

from __future__ import annotations

import io
import itertools
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

import fastapi.routing
import pytest
from fastapi import FastAPI
from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from PIL import Image
from sqlalchemy import update

from job_project import SQLI
from org_fixtures import Org, Person, Team, team
from server_fixtures import FAST_PASSWORDS, PASSWORD, make_settings
from stockade.jobs import lease
from stockade.jobs.runner import run_claimed
from stockade.jobs.service import _NEEDS
from stockade.server import create_app
from stockade.store.job_models import COMPLETED
from stockade.store.tenancy_models import Membership
from stockade.tenancy.permissions import MATRIX, Permission, allows
from stockade.tenancy.roles import Role
from stockade.webhooks import events

__all__ = ["team"]

ROLES = ("Owner", "Admin", "Member", "Viewer")
OUTSIDER = "non-member"
REMOVED = "removed member"
ANONYMOUS = "anonymous"
CALLERS = (*ROLES, OUTSIDER, REMOVED, ANONYMOUS)
ORG_HIDDEN = "organization_not_found"
ORG_NAME = "Matrix Corp"

# This module registers a few dozen users from one client address; the per-IP limits on
# registration and login (20 a minute by default) protect a real server, not this test.
IP_LIMITS = {
    "register_per_minute": 10_000,
    "register_per_hour": 10_000,
    "login_per_minute": 10_000,
    "login_per_hour": 10_000,
}


@pytest.fixture
def app(tmp_path: Path, db_url: str) -> Iterator[FastAPI]:
    """The server's ``app`` with the per-IP authentication limits raised (see IP_LIMITS)."""
    # Webhooks may target 127.0.0.1 here: port 1 refuses at once, so a test delivery is fast.
    settings = make_settings(
        tmp_path,
        db_url,
        auth={"ip_limits": IP_LIMITS},
        server={"allow_private_targets": ["127.0.0.1"]},
    )
    application = create_app(settings)
    application.state.ctx.passwords = FAST_PASSWORDS
    yield application
    application.state.ctx.db.dispose()


# Routes and the permissions they declare


class _Unprotected:
    """Marks a route without a ``requires(...)`` dependency (None means "any member")."""


UNPROTECTED = _Unprotected()


def declared_permission(dependant: Dependant) -> Permission | _Unprotected | None:
    """The permission of the first ``requires(...)`` dependency under ``dependant``."""
    for dep in dependant.dependencies:
        if dep.call is not None and hasattr(dep.call, "permission"):
            permission: Permission | None = dep.call.permission
            return permission
        found = declared_permission(dep)
        if found is not UNPROTECTED:
            return found
    return UNPROTECTED


@dataclass(frozen=True)
class Endpoint:
    """One (method, path) of the application, with what it declares. ``route`` is the
    effective route (prefix included): an ``APIRoute``, or FastAPI's ``RouteContext`` over
    one where routers are included lazily."""

    method: str
    route: Any
    permission: Permission | _Unprotected | None

    @property
    def operation(self) -> str:
        return str(self.route.operation_id or self.route.name)

    @property
    def success(self) -> int:
        return int(self.route.status_code or 200)

    def matches(self, call: Call, org: Org) -> bool:
        return call.method == self.method and bool(self.route.path_regex.match(call.url(org)))

    def __str__(self) -> str:
        return f"{self.method} {self.route.path} ({self.operation})"


def api_routes(app: FastAPI) -> Iterator[Any]:
    """Every API route with its full path. FastAPI 0.165 keeps included routers as lazy
    entries of ``app.routes``; ``iter_route_contexts`` flattens them (older versions list
    the ``APIRoute`` objects directly)."""
    flatten = getattr(fastapi.routing, "iter_route_contexts", None)
    for route in flatten(app.routes) if flatten else app.routes:
        if isinstance(getattr(route, "original_route", route), APIRoute):
            yield route


def endpoints(app: FastAPI) -> list[Endpoint]:
    found = []
    for route in api_routes(app):
        permission = declared_permission(route.dependant)
        found += [Endpoint(m, route, permission) for m in sorted(route.methods)]
    return found


def protected(app: FastAPI) -> list[Endpoint]:
    return [e for e in endpoints(app) if e.permission is not UNPROTECTED]


def by_operation(app: FastAPI) -> dict[str, Endpoint]:
    return {e.operation: e for e in endpoints(app)}


# The people and the shared organization


@dataclass(frozen=True)
class Call:
    """A request; ``path`` is under the organization's URL unless it starts with /api."""

    method: str
    path: str = ""
    json: Any = None
    content: bytes | None = None
    content_type: str | None = None
    params: Mapping[str, str] = field(default_factory=dict)

    def url(self, org: Org) -> str:
        return self.path if self.path.startswith("/api/") else org.url + self.path


@dataclass
class World:
    """The callers, one organization they share, and the ways to act as each of them."""

    team: Team
    owner: Person
    admin: Person
    member: Person
    viewer: Person
    outsider: Person
    removed: Person
    org: Org
    anonymous: TestClient
    logos: set[str] = field(default_factory=set)
    hooks: dict[str, str] = field(default_factory=dict)

    @property
    def app(self) -> FastAPI:
        application: FastAPI = self.team.app
        return application

    def person(self, caller: str) -> Person:
        people = {
            "Owner": self.owner,
            "Admin": self.admin,
            "Member": self.member,
            "Viewer": self.viewer,
            OUTSIDER: self.outsider,
            REMOVED: self.removed,
        }
        return people[caller]

    def send(self, caller: str, org: Org, call: Call) -> Any:
        """``call`` as ``caller`` (the anonymous client has no cookie and no key)."""
        headers = {"Content-Type": call.content_type} if call.content_type else {}
        kw: dict[str, Any] = {"params": dict(call.params)}
        if call.json is not None:
            kw["json"] = call.json
        if call.content is not None:
            kw["content"] = call.content
        if caller == ANONYMOUS:
            return self.anonymous.request(call.method, call.url(org), headers=headers, **kw)
        person = self.person(caller)
        headers = {**person.headers, **headers}
        return person.client.request(call.method, call.url(org), headers=headers, **kw)

    def organization(self, name: str) -> Org:
        """A fresh organization of the same Owner, Admin, Member and Viewer, for the cases
        that destroy or change the organization itself."""
        org = self.team.organization(name, owner=self.owner)
        self.team.add(org, "Admin", person=self.admin)
        self.team.add(org, "Member", person=self.member)
        self.team.add(org, "Viewer", person=self.viewer)
        return org

    def enrol(self, org: Org, role: str = "Member") -> Person:
        """A new Active member (the Owner invites, the person accepts); not a caller."""
        person = self.team.person()
        token = self.team.invite(org, person.email, role)["invitation"]["token"]
        r = person.post(f"/api/v1/invitations/{token}/accept")
        assert r.status_code == 200, r.text
        return person


def build_world(team: Team) -> World:
    """The shared organization (Pro, so seats never run out) with one Active member of each
    role, a Removed member and a registered stranger."""
    owner = team.person()  # the instance's first user: an instance admin, who sets plans
    org = team.organization(ORG_NAME, owner=owner)
    r = owner.put(f"{org.url}/plan", json={"plan": "Pro"})
    assert r.status_code == 200, r.text
    people = {role: team.add(org, role) for role in ("Admin", "Member", "Viewer")}
    world = World(
        team,
        owner,
        people["Admin"],
        people["Member"],
        people["Viewer"],
        outsider=team.person(),
        removed=team.person(),
        org=org,
        anonymous=TestClient(team.app),
    )
    token = team.invite(org, world.removed.email, "Member")["invitation"]["token"]
    assert world.removed.post(f"/api/v1/invitations/{token}/accept").status_code == 200
    assert owner.delete(f"{org.url}/members/{world.removed.id}").status_code == 204
    return world


# Recipes: the state each operation needs, prepared by the Owner, and the request itself


def _png() -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (8, 8), (200, 40, 40)).save(buf, "PNG")
    return buf.getvalue()


PNG = _png()
_emails = (f"invitee-{n}@example.com" for n in itertools.count())


def _ok(r: Any, status: int) -> dict[str, Any]:
    assert r.status_code == status, r.text
    return dict(r.json()) if r.content else {}


def _invited(w: World, org: Org) -> str:
    """An Invited member without an account; the reference is the membership id."""
    body = w.team.invite(org, next(_emails), "Member")
    return str(body["user_id"] or body["id"])


def _pending(w: World, org: Org) -> str:
    """A registered user who asked to join through a share link (Pending Approval)."""
    token = _ok(w.owner.post(f"{org.url}/share-link"), 201)["token"]
    person = w.team.person()
    _ok(person.post(f"/api/v1/join/{token}"), 201)
    return person.id


def _removed(w: World, org: Org) -> str:
    person = w.enrol(org)
    _ok(w.owner.delete(f"{org.url}/members/{person.id}"), 204)
    return person.id


def _inactive(w: World, org: Org) -> str:
    """An Active member whose last activity is 31 days ago, which makes them Inactive."""
    person = w.enrol(org)
    idle_since = w.app.state.ctx.clock() - timedelta(days=31)
    with w.app.state.ctx.db.session() as s:
        s.execute(
            update(Membership)
            .where(Membership.organization_id == org.id, Membership.user_id == person.id)
            .values(last_active_at=idle_since)
        )
    return person.id


def _with_logo(w: World, org: Org) -> None:
    headers = {"Content-Type": "image/png"}
    _ok(w.owner.put(f"{org.url}/logo", content=PNG, headers=headers), 200)


def _org_key(w: World, org: Org) -> str:
    """An organization API key made by the Member (one an Admin may revoke)."""
    body = {"name": "matrix", "organization_id": org.id, "role": "Member"}
    return str(_ok(w.member.post("/api/v1/api-keys", json=body), 201)["id"])


def _get_logo(w: World, org: Org) -> Call:
    if org.id not in w.logos:
        _with_logo(w, org)
        w.logos.add(org.id)
    return Call("GET", "/logo")


def _delete_logo(w: World, org: Org) -> Call:
    _with_logo(w, org)
    w.logos.discard(org.id)
    return Call("DELETE", "/logo")


HOOK = {"url": "https://127.0.0.1:1/hook", "events": ["scan.completed"]}


def _webhook(w: World, org: Org, *, fresh: bool = False) -> str:
    """A webhook of the organization (the Owner creates it; one is shared by the cases that
    leave it in place, an organization has at most 20)."""
    if fresh or org.id not in w.hooks:
        hook = str(_ok(w.owner.post(f"{org.url}/webhooks", json=HOOK), 201)["id"])
        if fresh:
            return hook
        w.hooks[org.id] = hook
    return w.hooks[org.id]


def _delivery(w: World, org: Org) -> tuple[str, str]:
    hook = _webhook(w, org)
    with w.app.state.ctx.db.session() as s:
        events.emit(s, org.id, "scan.completed", {"scan_id": "matrix"})
    deliveries = _ok(w.owner.get(f"{org.url}/webhooks/{hook}/deliveries"), 200)["items"]
    return hook, str(deliveries[0]["id"])


def _on_hook(method: str, suffix: str = "", **kw: Any) -> Prepare:
    return lambda w, org: Call(method, f"/webhooks/{_webhook(w, org)}{suffix}", **kw)


def _redeliver(w: World, org: Org) -> Call:
    hook, delivery = _delivery(w, org)
    return Call("POST", f"/webhooks/{hook}/deliveries/{delivery}/redeliver")


CHAT = {"url": "https://127.0.0.1:1/chat-hook", "timezone": "Europe/Berlin"}


def _on_chat(method: str, suffix: str = "") -> Prepare:
    """A call on the organization's chat settings, which the Owner (re)configures first."""

    def prepare(w: World, org: Org) -> Call:
        _ok(w.owner.put(f"{org.url}/integrations/chat", json=CHAT), 200)
        return Call(method, f"/integrations/chat{suffix}")

    return prepare


# A GitHub integration: the token is assembled here, never a literal; port 1 is never called.
GITHUB = {"api_url": "https://127.0.0.1:1", "auth": {"type": "token", "token": "ghp_" + "m" * 36}}


def _github(method: str) -> Prepare:
    """Call the organization's GitHub settings after the Owner (re)configured them."""

    def prepare(w: World, org: Org) -> Call:
        _ok(w.owner.put(f"{org.url}/integrations/github", json=GITHUB), 200)
        return Call(method, "/integrations/github", json=GITHUB if method == "PUT" else None)

    return prepare


Prepare = Callable[[World, Org], Call]

# SSO is Enterprise only: each member caller gets a fresh organization the instance admin
# (the Owner) moves to Enterprise and connects; the Owner's e-mail is at example.com.
SSO = {
    "protocol": "oidc",
    "issuer": "https://idp.example.com",
    "client_id": "matrix",
    "domains": ["example.com"],
}


def _on_sso(method: str, suffix: str = "", **kw: Any) -> Prepare:
    def prepare(w: World, org: Org) -> Call:
        if org.id != w.org.id:
            _ok(w.owner.put(f"{org.url}/plan", json={"plan": "Enterprise"}), 200)
            _ok(w.owner.put(f"{org.url}/sso", json=SSO), 200)
        return Call(method, "/sso" + suffix, **kw)

    return prepare


@dataclass(frozen=True)
class Recipe:
    """How to call an operation successfully. ``fresh``: the call destroys or changes the
    organization itself, so each member caller gets a new one. ``answers``: a granted
    caller's contractual answer other than success (the Owner cannot leave: 409)."""

    prepare: Prepare
    fresh: bool = False
    answers: Mapping[str, tuple[int, str]] = field(default_factory=dict)


def _call(method: str, path: str = "", **kw: Any) -> Prepare:
    return lambda w, org: Call(method, path, **kw)


def _on_member(method: str, action: str, target: Callable[[World, Org], str], **kw: Any) -> Prepare:
    suffix = f"/{action}" if action else ""
    return lambda w, org: Call(method, f"/members/{target(w, org)}{suffix}", **kw)


RECIPES: dict[str, Recipe] = {
    "getOrganization": Recipe(_call("GET")),
    "updateOrganization": Recipe(_call("PUT", json={"description": "Matrix test"})),
    "deleteOrganization": Recipe(_call("DELETE", json={"password": PASSWORD}), fresh=True),
    "transferOrganization": Recipe(
        lambda w, org: Call(
            "POST", "/transfer", json={"new_owner_id": w.admin.id, "password": PASSWORD}
        ),
        fresh=True,
    ),
    "leaveOrganization": Recipe(
        _call("POST", "/leave"), fresh=True, answers={"Owner": (409, "owner_must_transfer")}
    ),
    "createShareLink": Recipe(_call("POST", "/share-link")),
    "listAuditLog": Recipe(_call("GET", "/audit-log", params={"action": "member."})),
    "listOrganizationApiKeys": Recipe(_call("GET", "/api-keys")),
    "revokeOrganizationApiKey": Recipe(
        lambda w, org: Call("DELETE", f"/api-keys/{_org_key(w, org)}")
    ),
    "exportOrganization": Recipe(_call("GET", "/export")),
    "uploadOrganizationLogo": Recipe(_call("PUT", "/logo", content=PNG, content_type="image/png")),
    "getOrganizationLogo": Recipe(_get_logo),
    "deleteOrganizationLogo": Recipe(_delete_logo),
    "listMembers": Recipe(_call("GET", "/members")),
    "inviteMember": Recipe(
        lambda w, org: Call("POST", "/members", json={"email": next(_emails), "role": "Viewer"})
    ),
    "removeMember": Recipe(_on_member("DELETE", "", lambda w, org: w.enrol(org, "Viewer").id)),
    "changeMemberRole": Recipe(_on_member("PATCH", "", _invited, json={"role": "Viewer"})),
    "resendInvitation": Recipe(_on_member("POST", "resend", _invited)),
    "reinviteMember": Recipe(_on_member("POST", "reinvite", _removed)),
    "approveJoinRequest": Recipe(_on_member("POST", "approve", _pending)),
    "denyJoinRequest": Recipe(_on_member("POST", "deny", _pending)),
    "reactivateMember": Recipe(_on_member("POST", "reactivate", _inactive)),
    "getOrganizationQuota": Recipe(_call("GET", "/analytics/quota")),
    "getBudgets": Recipe(_call("GET", "/budgets")),
    "getOrganizationDashboard": Recipe(_call("GET", "/analytics/dashboard")),
    "createWebhook": Recipe(_call("POST", "/webhooks", json=HOOK)),
    "listWebhooks": Recipe(_call("GET", "/webhooks")),
    "getWebhook": Recipe(_on_hook("GET")),
    "updateWebhook": Recipe(_on_hook("PATCH", json={"active": False})),
    "replaceWebhook": Recipe(_on_hook("PUT", json=HOOK)),
    "deleteWebhook": Recipe(
        lambda w, org: Call("DELETE", f"/webhooks/{_webhook(w, org, fresh=True)}")
    ),
    "testWebhook": Recipe(_on_hook("POST", "/test")),
    "listWebhookDeliveries": Recipe(_on_hook("GET", "/deliveries")),
    "redeliverWebhookDelivery": Recipe(_redeliver),
    "getGitHubIntegration": Recipe(_github("GET")),
    "putGitHubIntegration": Recipe(_github("PUT")),
    "deleteGitHubIntegration": Recipe(_github("DELETE")),
    "listGitHubPublications": Recipe(_call("GET", "/integrations/github/publications")),
    "getChatIntegration": Recipe(_on_chat("GET")),
    "putChatIntegration": Recipe(_call("PUT", "/integrations/chat", json=CHAT)),
    "deleteChatIntegration": Recipe(_on_chat("DELETE")),
    "testChatIntegration": Recipe(_on_chat("POST", "/test")),
    "listChatMessages": Recipe(_call("GET", "/integrations/chat/messages")),
    "getOrganizationUsage": Recipe(_call("GET", "/analytics/usage")),
    # Budgets are an Enterprise feature; the shared organization is on Pro.
    "setBudgets": Recipe(
        _call("PUT", "/budgets", json={"members": {}}),
        answers={"Owner": (403, "plan_required")},
    ),
    # SCIM is Enterprise only too (the Owner's own success is in tests/sso/test_scim.py).
    "createScimToken": Recipe(
        _call("POST", "/scim/tokens", json={"name": "matrix"}),
        answers={"Owner": (403, "plan_required")},
    ),
    "listScimTokens": Recipe(
        _call("GET", "/scim/tokens"), answers={"Owner": (403, "plan_required")}
    ),
    "revokeScimToken": Recipe(
        _call("DELETE", "/scim/tokens/00000000-0000-4000-8000-000000000000"),
        answers={"Owner": (403, "plan_required")},
    ),
    "getSsoConnection": Recipe(_on_sso("GET"), fresh=True),
    "putSsoConnection": Recipe(_on_sso("PUT", json=SSO), fresh=True),
    "deleteSsoConnection": Recipe(_on_sso("DELETE"), fresh=True),
    "verifySsoDomain": Recipe(_on_sso("POST", "/domains/example.com/verify"), fresh=True),
}


# What each caller must get


def expected(
    caller: str, permission: Permission | None, success: int, hidden: str = ORG_HIDDEN
) -> tuple[int, str | None]:
    """The status (and problem code) the contract gives ``caller``: 401 without
    credentials, a 404 exactly like a missing resource outside the organization, else the
    matrix's verdict (``None``: any member)."""
    if caller == ANONYMOUS:
        return 401, "unauthenticated"
    if caller in (OUTSIDER, REMOVED):
        return 404, hidden
    if permission is None or allows(Role(caller), permission):
        return success, None
    return 403, "insufficient_role"


def verdict(
    r: Any, want: tuple[int, str | None], secrets: tuple[str, ...], what: str
) -> str | None:
    """A description of how ``r`` differs from ``want``, or None when it matches. A refusal
    must be problem JSON with the expected code and must carry none of ``secrets`` (data the
    resource holds that the request itself does not name)."""
    status, code = want
    if r.status_code != status:
        return f"{what}: want {status} {code or ''}, got {r.status_code} {r.text[:200]}"
    if status >= 400:
        body = r.json()
        if code is not None and body.get("code") != code:
            return f"{what}: want code {code}, got {body.get('code')}"
        if not r.headers["content-type"].startswith("application/problem+json"):
            return f"{what}: the refusal is not problem JSON ({r.headers['content-type']})"
        leaked = [s for s in secrets if s in r.text]
        if leaked:
            return f"{what}: the refusal leaks {leaked}"
    return None


def test_the_route_walk_finds_every_declared_permission_and_each_has_a_recipe(
    tmp_path: Path,
) -> None:
    """Cheap and backend-free: a protected route without a recipe (or a stale recipe) fails
    here before the matrix runs."""
    url = f"sqlite:///{tmp_path / 'walk.db'}"
    application = create_app(make_settings(tmp_path, url), run_jobs=False)
    found = {e.operation: e.permission for e in protected(application)}
    assert sorted(set(found) - set(RECIPES)) == [], "protected routes without a recipe"
    assert sorted(set(RECIPES) - set(found)) == [], "recipes for routes that are gone"
    # The walk reads real declarations: spot-check a few against the code's intent.
    assert found["deleteOrganization"] is Permission.ORG_DELETE
    assert found["listMembers"] is Permission.SETTINGS_VIEW
    assert found["approveJoinRequest"] is Permission.MEMBERS_MANAGE
    assert found["leaveOrganization"] is None
    # Routes outside an organization, or for instance admins, declare nothing.
    everything = by_operation(application)
    for operation in ("createOrganization", "listOrganizations", "setOrganizationPlan", "getJob"):
        assert everything[operation].permission is UNPROTECTED
    application.state.ctx.db.dispose()


def test_every_protected_route_answers_each_caller_as_the_matrix_says(team: Team) -> None:
    w = build_world(team)
    routes = protected(w.app)
    # A floor, not the count: a walk that silently misses a router (FastAPI 0.165 nests
    # included routers) must not pass with nothing checked.
    assert len(routes) >= 22
    missing = [str(e) for e in routes if e.operation not in RECIPES]
    assert missing == [], f"protected routes without a recipe: {missing}"
    failures: list[str] = []
    checked = 0
    for endpoint in routes:
        recipe = RECIPES[endpoint.operation]
        assert not isinstance(endpoint.permission, _Unprotected)
        for caller in CALLERS:
            org = w.organization(f"Fresh {checked}") if recipe.fresh and caller in ROLES else w.org
            call = recipe.prepare(w, org)
            assert endpoint.matches(call, org), f"{endpoint}: the recipe sends {call}"
            want = recipe.answers.get(caller) or expected(
                caller, endpoint.permission, endpoint.success
            )
            secrets = (ORG_NAME, w.owner.email)
            problem = verdict(w.send(caller, org, call), want, secrets, f"{endpoint} as {caller}")
            failures += [problem] if problem else []
            checked += 1
    assert failures == [], "\n".join(failures)
    assert checked == len(routes) * len(CALLERS)
    print(f"{len(routes)} endpoints x {len(CALLERS)} callers = {checked} cases")


# The organization's jobs


@dataclass
class Jobs:
    """A completed job of the shared organization with a finding, and fresh queued jobs."""

    world: World
    completed: str
    finding: str
    secrets: tuple[str, ...]
    states: Iterator[str] = field(
        default_factory=lambda: itertools.cycle(["resolved", "open", "false_positive"])
    )

    def queued(self, org: Org) -> str:
        return submit(self.world.member, org)


def submit(person: Person, org: Org) -> str:
    body = {
        "source": {"type": "files", "files": [{"path": "app.py", "content": SQLI}]},
        "modules": ["sast"],
        "organization_id": org.id,
    }
    return str(_ok(person.post("/api/v1/analyze/job", json=body), 202)["job_id"])


def completed_job(w: World) -> Jobs:
    """Run one job to completion in this process (the test client starts no runner)."""
    job_id = submit(w.member, w.org)
    db, settings = w.app.state.ctx.db, w.app.state.ctx.settings
    claimed = lease.claim(db, "matrix-test:1:0000", job_id)
    assert claimed is not None
    assert run_claimed(db, settings, claimed) == COMPLETED
    findings = _ok(w.owner.get(f"/api/v1/jobs/{job_id}/findings"), 200)["items"]
    assert findings, "the SQL injection sample should give a finding"
    # What a refusal must not show: the job's creator and the finding's fingerprint.
    return Jobs(w, job_id, str(findings[0]["id"]), (w.member.id, findings[0]["fingerprint"]))


@dataclass(frozen=True)
class JobRecipe:
    """An operation on the organization's jobs: the permission it needs (from the service's
    ``_NEEDS``), the 404 code an outsider gets, and how to call it."""

    permission: Permission
    hidden: str
    prepare: Callable[[Jobs, Org], Call]


JOB_RECIPES: dict[str, JobRecipe] = {
    "getJob": JobRecipe(
        _NEEDS["read"], "job_not_found", lambda j, org: Call("GET", f"/api/v1/jobs/{j.completed}")
    ),
    "listJobFindings": JobRecipe(
        _NEEDS["read"],
        "job_not_found",
        lambda j, org: Call("GET", f"/api/v1/jobs/{j.completed}/findings"),
    ),
    "exportJob": JobRecipe(
        _NEEDS["export"],
        "job_not_found",
        lambda j, org: Call("GET", f"/api/v1/jobs/{j.completed}/export", params={"format": "json"}),
    ),
    "cancelJob": JobRecipe(
        _NEEDS["cancel"],
        "job_not_found",
        lambda j, org: Call("POST", f"/api/v1/jobs/{j.queued(org)}/cancel"),
    ),
    "deleteJob": JobRecipe(
        _NEEDS["delete"],
        "job_not_found",
        lambda j, org: Call("DELETE", f"/api/v1/jobs/{j.queued(org)}"),
    ),
    "updateFinding": JobRecipe(
        _NEEDS["triage"],
        "finding_not_found",
        lambda j, org: Call(
            "PATCH",
            f"/api/v1/findings/{j.finding}",
            json={"state": next(j.states), "justification": "matrix test"},
        ),
    ),
    "getFindingHistory": JobRecipe(
        _NEEDS["read"],
        "finding_not_found",
        lambda j, org: Call("GET", f"/api/v1/findings/{j.finding}/history"),
    ),
    "listJobs": JobRecipe(
        Permission.SCANS_VIEW,
        ORG_HIDDEN,
        lambda j, org: Call("GET", "/api/v1/jobs", params={"organization_id": org.id}),
    ),
    "submitAnalysisJob": JobRecipe(
        Permission.SCANS_CREATE,
        ORG_HIDDEN,
        lambda j, org: Call(
            "POST",
            "/api/v1/analyze/job",
            json={
                "source": {"type": "files", "files": [{"path": "a.py", "content": "x = 1\n"}]},
                "organization_id": org.id,
            },
        ),
    ),
}


def test_organization_jobs_answer_each_caller_as_the_matrix_says(team: Team) -> None:
    w = build_world(team)
    jobs = completed_job(w)
    operations = by_operation(w.app)
    failures: list[str] = []
    checked = 0
    for operation, recipe in JOB_RECIPES.items():
        endpoint = operations[operation]
        for caller in CALLERS:
            call = recipe.prepare(jobs, w.org)
            assert endpoint.matches(call, w.org), f"{endpoint}: the recipe sends {call}"
            want = expected(caller, recipe.permission, endpoint.success, recipe.hidden)
            r = w.send(caller, w.org, call)
            problem = verdict(r, want, jobs.secrets, f"{endpoint} as {caller}")
            failures += [problem] if problem else []
            checked += 1
    assert failures == [], "\n".join(failures)
    assert checked == len(JOB_RECIPES) * len(CALLERS)
    print(f"{len(JOB_RECIPES)} job endpoints x {len(CALLERS)} callers = {checked} cases")


# The matrix in code against API.md's table

# API.md, "Permission matrix", copied row by row (a row names one or more permissions).
API_MD_TABLE: dict[str, set[str]] = {
    "scans: view, export": {"Owner", "Admin", "Member", "Viewer"},
    "scans: create": {"Owner", "Admin", "Member"},
    "scans: delete": {"Owner", "Admin"},
    "findings: view": {"Owner", "Admin", "Member", "Viewer"},
    "findings: resolve, mark false positive": {"Owner", "Admin", "Member"},
    "settings: view": {"Owner", "Admin", "Member", "Viewer"},
    "settings: modify general info, manage members, manage API keys": {"Owner", "Admin"},
    "billing: view": {"Owner", "Admin"},
    "billing: manage, upgrade plan": {"Owner"},
    "integrations: view": {"Owner", "Admin", "Member"},
    "integrations: configure, manage webhooks": {"Owner", "Admin"},
    "audit: view audit log": {"Owner", "Admin"},
    "audit: export organization data, delete organization": {"Owner"},
    # Not a table row: API.md's Organizations section, "caller must be the Owner".
    "transfer ownership": {"Owner"},
    # Not a table row: API.md's SSO section, "a per-organization bearer token created by an Owner".
    "SCIM provisioning tokens": {"Owner"},
    # Not a table row: issue 19, SSO e-mail domains are "verified by an Owner".
    "SSO domain verification": {"Owner"},
}

# Which permissions of the code each row stands for.
ROW_PERMISSIONS: dict[str, tuple[Permission, ...]] = {
    "scans: view, export": (Permission.SCANS_VIEW, Permission.SCANS_EXPORT),
    "scans: create": (Permission.SCANS_CREATE,),
    "scans: delete": (Permission.SCANS_DELETE,),
    "findings: view": (Permission.FINDINGS_VIEW,),
    "findings: resolve, mark false positive": (Permission.FINDINGS_TRIAGE,),
    "settings: view": (Permission.SETTINGS_VIEW,),
    "settings: modify general info, manage members, manage API keys": (
        Permission.SETTINGS_MODIFY,
        Permission.MEMBERS_MANAGE,
        Permission.API_KEYS_MANAGE,
    ),
    "billing: view": (Permission.BILLING_VIEW,),
    "billing: manage, upgrade plan": (Permission.BILLING_MANAGE,),
    "integrations: view": (Permission.INTEGRATIONS_VIEW,),
    "integrations: configure, manage webhooks": (Permission.INTEGRATIONS_CONFIGURE,),
    "audit: view audit log": (Permission.AUDIT_VIEW,),
    "audit: export organization data, delete organization": (
        Permission.ORG_EXPORT,
        Permission.ORG_DELETE,
    ),
    "transfer ownership": (Permission.ORG_TRANSFER,),
    "SCIM provisioning tokens": (Permission.SCIM_MANAGE,),
    "SSO domain verification": (Permission.SSO_DOMAINS_VERIFY,),
}


def test_the_matrix_in_code_is_api_md_table() -> None:
    assert set(ROW_PERMISSIONS) == set(API_MD_TABLE)
    named = [p for row in ROW_PERMISSIONS.values() for p in row]
    assert sorted(named) == sorted(Permission), "each permission is in exactly one row"
    assert set(MATRIX) == set(Permission)
    drift = {
        permission.value: (sorted(r.value for r in MATRIX[permission]), sorted(roles))
        for row, roles in API_MD_TABLE.items()
        for permission in ROW_PERMISSIONS[row]
        if {r.value for r in MATRIX[permission]} != roles
    }
    assert drift == {}, f"permission: (code, API.md): {drift}"
    # The job service asks the matrix with the permission each action needs.
    assert _NEEDS == {
        "read": Permission.SCANS_VIEW,
        "export": Permission.SCANS_EXPORT,
        "cancel": Permission.SCANS_CREATE,
        "delete": Permission.SCANS_DELETE,
        "triage": Permission.FINDINGS_TRIAGE,
        # Enrich writes onto the findings (tests/llm/test_enrich.py checks the roles).
        "enrich": Permission.FINDINGS_TRIAGE,
    }
