"""Cross-tenant probes: an Owner or Admin of organization A reaches nothing of organization B.

Every probe names one of B's real ids (organization, member by user id and by membership id,
job, finding, API key, invitation, notification) through the real HTTP API, and is repeated
with fresh random ids as a control: both must answer the same 404 with the same code, so an
answer never tells "exists elsewhere" from "does not exist". Afterwards B's Owner sees B
exactly as before (members, keys, job, finding states and history, audit log, logo, share
link, pending request, notification).
"""

from __future__ import annotations

import io
import secrets
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from PIL import Image

from job_project import SQLI
from org_fixtures import Org, Person, Team
from server_fixtures import FAST_PASSWORDS, PASSWORD, Accounts, _pg_database, make_settings
from stockade.server import create_app

# A probe: method, URL template, JSON body (or raw PNG bytes for the logo). Templates name
# B's ids as {org}, {job}, {finding}, {user}, {membership}, {pending}, {key}, {invitation},
# {notification}; A's organization is {a}.
Probe = tuple[str, str, Any]
PNG = "png"

B_URL_PROBES: tuple[Probe, ...] = (
    ("GET", "/api/v1/organizations/{org}", None),
    ("PUT", "/api/v1/organizations/{org}", {"name": "Taken over"}),
    ("DELETE", "/api/v1/organizations/{org}", {"password": PASSWORD}),
    ("GET", "/api/v1/organizations/{org}/members", None),
    ("POST", "/api/v1/organizations/{org}/members", {"email": "x@example.com", "role": "Admin"}),
    ("PATCH", "/api/v1/organizations/{org}/members/{user}", {"role": "Viewer"}),
    ("PATCH", "/api/v1/organizations/{org}/members/{membership}", {"role": "Viewer"}),
    ("DELETE", "/api/v1/organizations/{org}/members/{user}", None),
    ("DELETE", "/api/v1/organizations/{org}/members/{membership}", None),
    ("POST", "/api/v1/organizations/{org}/members/{user}/reactivate", None),
    ("POST", "/api/v1/organizations/{org}/members/{user}/reinvite", None),
    ("POST", "/api/v1/organizations/{org}/members/{membership}/resend", None),
    ("POST", "/api/v1/organizations/{org}/members/{pending}/approve", None),
    ("POST", "/api/v1/organizations/{org}/members/{pending}/deny", None),
    ("GET", "/api/v1/organizations/{org}/api-keys", None),
    ("DELETE", "/api/v1/organizations/{org}/api-keys/{key}", None),
    ("GET", "/api/v1/organizations/{org}/audit-log", None),
    ("GET", "/api/v1/organizations/{org}/export", None),
    ("GET", "/api/v1/organizations/{org}/logo", None),
    ("PUT", "/api/v1/organizations/{org}/logo", PNG),
    ("DELETE", "/api/v1/organizations/{org}/logo", None),
    ("POST", "/api/v1/organizations/{org}/share-link", None),
    ("POST", "/api/v1/organizations/{org}/leave", None),
    (
        "POST",
        "/api/v1/organizations/{org}/transfer",
        {"new_owner_id": "{user}", "password": PASSWORD},
    ),
    ("GET", "/api/v1/jobs/{job}", None),
    ("DELETE", "/api/v1/jobs/{job}", None),
    ("POST", "/api/v1/jobs/{job}/cancel", None),
    ("GET", "/api/v1/jobs/{job}/findings", None),
    ("GET", "/api/v1/jobs/{job}/export", None),
    ("GET", "/api/v1/jobs?organization_id={org}", None),
    ("PATCH", "/api/v1/findings/{finding}", {"state": "resolved", "justification": "mine now"}),
    ("GET", "/api/v1/findings/{finding}/history", None),
    (
        "POST",
        "/api/v1/analyze/job",
        {
            "source": {"type": "files", "files": [{"path": "a.py", "content": "x = 1\n"}]},
            "organization_id": "{org}",
        },
    ),
)

# B's ids used through A's own URLs (A's Owner and Admin sessions may manage A's members).
A_URL_PROBES: tuple[Probe, ...] = (
    ("PATCH", "/api/v1/organizations/{a}/members/{user}", {"role": "Viewer"}),
    ("PATCH", "/api/v1/organizations/{a}/members/{membership}", {"role": "Viewer"}),
    ("DELETE", "/api/v1/organizations/{a}/members/{user}", None),
    ("DELETE", "/api/v1/organizations/{a}/members/{membership}", None),
    ("POST", "/api/v1/organizations/{a}/members/{pending}/approve", None),
    ("POST", "/api/v1/organizations/{a}/members/{pending}/deny", None),
    ("POST", "/api/v1/organizations/{a}/members/{membership}/resend", None),
    ("POST", "/api/v1/organizations/{a}/members/{user}/reactivate", None),
    ("DELETE", "/api/v1/organizations/{a}/api-keys/{key}", None),
    ("DELETE", "/api/v1/api-keys/{key}", None),
    ("POST", "/api/v1/me/invitations/{invitation}/accept", None),
    ("POST", "/api/v1/me/notifications/{notification}/read", None),
)


# Hundreds of probes in a few seconds: rate limiting is tested elsewhere, not here.
_NO_LIMIT = {"requests_per_minute": 10**6, "requests_per_hour": 10**7, "burst": 10**6}
UNLIMITED = {"tiers": dict.fromkeys(("api_key", "authenticated", "anonymous"), _NO_LIMIT)}


@dataclass
class World:
    """Organization A (probing) and B (probed), with something of every kind in B."""

    team: Team
    a: Org
    b: Org
    b_name: str
    a_key: str
    a_job: str
    ids: dict[str, str]
    secrets: list[str]


def png_bytes(colour: tuple[int, int, int]) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (16, 16), colour).save(out, format="PNG")
    return out.getvalue()


def wait_completed(person: Person, job_id: str, limit: float = 30) -> dict[str, Any]:
    deadline = time.monotonic() + limit
    body: dict[str, Any] = {}
    while time.monotonic() < deadline:
        body = person.get(f"/api/v1/jobs/{job_id}").json()
        if body["status"] in ("completed", "failed", "cancelled"):
            assert body["status"] == "completed", body
            return body
        time.sleep(0.05)
    raise AssertionError(f"job {job_id} did not finish: {body}")


def org_key(person: Person, org: Org, role: str) -> tuple[str, str]:
    """An organization-scoped key of ``person``: (plaintext, id)."""
    body = {"name": "ci", "organization_id": org.id, "role": role}
    r = person.post("/api/v1/api-keys", json=body)
    assert r.status_code == 201, r.text
    return str(r.json()["key"]), str(r.json()["id"])


def _b_job(b: Org) -> str:
    """B's job, submitted first so that it runs while everything else is set up."""
    body = {
        "source": {"type": "files", "files": [{"path": "app.py", "content": SQLI}]},
        "organization_id": b.id,
    }
    r = b.members["Member"].post("/api/v1/analyze/job", json=body)
    assert r.status_code == 202, r.text
    return str(r.json()["job_id"])


def _b_side(team: Team, b: Org, job: str) -> tuple[dict[str, str], list[str]]:
    """Fill B: a completed job with a triaged finding, a key, a logo, a share link with a
    pending request, an open invitation to a registered user and the Owner's notification."""
    owner, admin, member = b.owner, b.members["Admin"], b.members["Member"]
    key, key_id = org_key(admin, b, "Admin")
    r = owner.put(
        f"{b.url}/logo", content=png_bytes((200, 10, 10)), headers={"Content-Type": "image/png"}
    )
    assert r.status_code == 200, r.text
    share = owner.post(f"{b.url}/share-link")
    assert share.status_code == 201, share.text
    pending = team.person()
    r = pending.post(f"/api/v1/join/{share.json()['token']}")
    assert r.status_code == 201 and r.json()["status"] == "Pending Approval", r.text
    invitee = team.person()
    team.invite(b, invitee.email, "Viewer")
    invitations = invitee.get("/api/v1/me/invitations").json()["items"]
    assert [i["organization"]["id"] for i in invitations] == [b.id]
    findings = wait_completed(owner, job)["findings"]
    assert findings, "the SQL injection should be found"
    finding = str(findings[0]["id"])
    r = member.patch(
        f"/api/v1/findings/{finding}", json={"state": "risk_accepted", "justification": "legacy"}
    )
    assert r.status_code == 200, r.text
    notes = owner.get("/api/v1/me/notifications").json()["items"]
    request_note = next(n for n in notes if n["kind"] == "join_request")
    membership = {m["user_id"]: m["id"] for m in owner.get(f"{b.url}/members").json()["items"]}
    ids = {
        "org": b.id,
        "job": job,
        "finding": finding,
        "user": admin.id,
        "membership": membership[member.id],
        "pending": pending.id,
        "key": key_id,
        "invitation": str(invitations[0]["id"]),
        "notification": str(request_note["id"]),
        "share_token": str(share.json()["token"]),
    }
    return ids, [key, owner.email, admin.email, member.email, pending.email, invitee.email]


@pytest.fixture(
    scope="module", params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]
)
def shared_app(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[FastAPI]:
    """One app per backend for the whole module, its lifespan (and so the in-process job
    runner) started: building the two organizations and running B's job is the slow part,
    and no probe here may change anything, which every test checks."""
    tmp = tmp_path_factory.mktemp("cross-tenant")
    if request.param == "sqlite":
        urls: Iterator[str] = iter([f"sqlite:///{tmp / 'stockade.db'}"])
    else:
        urls = _pg_database()
    application = create_app(make_settings(tmp, next(urls), server={"rate_limit": UNLIMITED}))
    application.state.ctx.passwords = FAST_PASSWORDS
    try:
        with TestClient(application):
            yield application
    finally:
        application.state.ctx.db.dispose()
        for _ in urls:  # drops the PostgreSQL database
            pass


@pytest.fixture(scope="module")
def world(shared_app: FastAPI) -> World:
    team = Team(shared_app, Accounts(shared_app))
    team.person()  # the instance's first user is its administrator: neither A nor B
    name = "Borealis-" + secrets.token_hex(4)
    b = team.organization(name)
    for role in ("Admin", "Member"):  # Free plan: 5 seats, the request and invitee use two
        team.add(b, role)
    b_job = _b_job(b)
    a = team.full("Aurora")
    a_key, _ = org_key(a.members["Admin"], a, "Admin")
    a_job = team.job(a, a.members["Member"])
    ids, hidden = _b_side(team, b, b_job)
    return World(team, a, b, name, a_key, a_job, ids, hidden)


def fill(value: Any, ids: dict[str, str]) -> Any:
    if isinstance(value, str):
        return value.format(**ids)
    if isinstance(value, dict):
        return {k: fill(v, ids) for k, v in value.items()}
    return value


def send(client: TestClient, headers: dict[str, str], probe: Probe, ids: dict[str, str]) -> Any:
    method, template, body = probe
    url = template.format(**ids)
    if body == PNG:
        headers = {**headers, "Content-Type": "image/png"}
        return client.request(method, url, headers=headers, content=png_bytes((0, 0, 255)))
    return client.request(method, url, headers=headers, json=fill(body, ids))


def random_ids(world: World) -> dict[str, str]:
    """The control: the same probe with ids that exist nowhere."""
    return {**{k: str(uuid.uuid4()) for k in world.ids}, "a": world.a.id}


def check(
    world: World, client: TestClient, headers: dict[str, str], probes: tuple[Probe, ...]
) -> None:
    real = {**world.ids, "a": world.a.id}
    for probe in probes:
        r = send(client, headers, probe, real)
        label = f"{probe[0]} {probe[1]} -> {r.status_code} {r.text[:200]}"
        assert r.status_code == 404, label
        for hidden in [world.b_name, *world.secrets]:
            assert hidden not in r.text, label
        control = send(client, headers, probe, random_ids(world))
        assert control.status_code == 404, f"control {label}"
        assert r.json()["code"] == control.json()["code"], label


def snapshot(world: World) -> dict[str, Any]:
    """B as its Owner sees it (reads only: nothing here writes to B)."""
    owner, b, ids = world.b.owner, world.b, world.ids
    members = owner.get(f"{b.url}/members").json()["items"]
    job = owner.get(f"/api/v1/jobs/{ids['job']}")
    logo = owner.get(f"{b.url}/logo")
    notes = owner.get("/api/v1/me/notifications", params={"unread": "true"}).json()["items"]
    return {
        "org": owner.get(b.url).json(),
        "members": sorted(
            (m["id"], m["user_id"], m["email"], m["role"], m["status"]) for m in members
        ),
        "keys": [k["id"] for k in owner.get(f"{b.url}/api-keys").json()["items"]],
        "job": (job.status_code, job.json()["status"]),
        "findings": [(f["id"], f["state"]) for f in job.json()["findings"]],
        "history": owner.get(f"/api/v1/findings/{ids['finding']}/history").json(),
        "audit": [e["id"] for e in owner.get(f"{b.url}/audit-log").json()["items"]],
        "logo": (logo.status_code, logo.content),
        "unread": [n["id"] for n in notes],
        "jobs": [
            j["job_id"]
            for j in owner.get("/api/v1/jobs", params={"organization_id": b.id}).json()["items"]
        ],
    }


def test_owner_and_admin_of_a_reach_nothing_of_b(world: World) -> None:
    before = snapshot(world)
    assert world.ids["key"] in before["keys"] and before["logo"][0] == 200
    assert world.ids["notification"] in before["unread"]
    for role in ("Owner", "Admin"):
        person = world.a.as_role(role)
        check(world, person.client, person.headers, B_URL_PROBES + A_URL_PROBES)
    assert snapshot(world) == before
    # The pending request is still B's to decide and its share link still works (the
    # snapshot covers the invitee, still Invited).
    pending = {
        m["user_id"]: m["status"]
        for m in world.b.owner.get(f"{world.b.url}/members").json()["items"]
    }
    assert pending[world.ids["pending"]] == "Pending Approval"
    late = world.team.person()  # B's link still works: A's probe did not replace it
    r = late.post(f"/api/v1/join/{world.ids['share_token']}")
    assert r.status_code == 201 and r.json()["status"] == "Pending Approval", r.text


def test_listings_of_a_never_show_b(world: World) -> None:
    owner = world.a.owner
    assert [o["id"] for o in owner.get("/api/v1/organizations").json()["items"]] == [world.a.id]
    listed = owner.get("/api/v1/jobs", params={"organization_id": world.a.id}).json()["items"]
    assert world.a_job in [j["job_id"] for j in listed]
    assert {j["organization_id"] for j in listed} == {world.a.id}
    assert owner.get("/api/v1/jobs").json()["items"] == []  # no personal jobs either
    assert owner.get("/api/v1/me/invitations").json()["items"] == []
    kinds = {n["organization_id"] for n in owner.get("/api/v1/me/notifications").json()["items"]}
    assert world.b.id not in kinds
    keys = owner.get(f"{world.a.url}/api-keys").json()["items"]
    assert world.ids["key"] not in [k["id"] for k in keys] and len(keys) == 1


def test_a_organization_key_reaches_a_but_nothing_of_b(world: World) -> None:
    key_client = TestClient(world.team.app)  # no cookies: the key alone
    headers = {"X-API-Key": world.a_key}
    before = snapshot(world)
    check(world, key_client, headers, B_URL_PROBES + A_URL_PROBES)
    assert snapshot(world) == before
    # The same key works in its own organization.
    r = key_client.get(world.a.url, headers=headers)
    assert r.status_code == 200 and r.json()["id"] == world.a.id
    r = key_client.get("/api/v1/jobs", headers=headers)
    assert r.status_code == 200 and world.a_job in [j["job_id"] for j in r.json()["items"]]
    assert {j["organization_id"] for j in r.json()["items"]} == {world.a.id}
    r = key_client.get(f"/api/v1/jobs/{world.a_job}", headers=headers)
    assert r.status_code == 200 and r.json()["organization_id"] == world.a.id
    r = key_client.get(f"{world.a.url}/members", headers=headers)
    assert r.status_code == 200 and len(r.json()["items"]) == 4
    body = {"source": {"type": "files", "files": [{"path": "b.py", "content": "y = 2\n"}]}}
    r = key_client.post("/api/v1/analyze/job", headers=headers, json=body)
    assert r.status_code == 202, r.text
    job = key_client.get(f"/api/v1/jobs/{r.json()['job_id']}", headers=headers).json()
    assert job["organization_id"] == world.a.id  # the key's organization, implicitly


def test_plan_and_transfer_give_no_oracle_about_b(world: World) -> None:
    """Neither route is a member-scoped read of B: a non-admin's plan change is refused for
    any id alike, and a transfer to B's Admin fails exactly like one to nobody."""
    owner, b_admin = world.a.owner, world.b.members["Admin"]
    seen = []
    for org_id in (world.b.id, str(uuid.uuid4())):
        r = owner.put(f"/api/v1/organizations/{org_id}/plan", json={"plan": "Enterprise"})
        assert r.status_code in (403, 404), r.text
        assert world.b_name not in r.text
        seen.append((r.status_code, r.json()["code"]))
    assert seen[0] == seen[1]
    seen = []
    for target in (b_admin.id, str(uuid.uuid4())):
        r = owner.post(
            f"{world.a.url}/transfer", json={"new_owner_id": target, "password": PASSWORD}
        )
        assert r.status_code in (404, 409), r.text
        assert b_admin.email not in r.text
        seen.append((r.status_code, r.json()["code"]))
    assert seen[0] == seen[1]
    assert world.b.owner.get(world.b.url).json()["plan"] == "Free"
    roles = {m["user_id"]: m["role"] for m in owner.get(f"{world.a.url}/members").json()["items"]}
    assert roles[owner.id] == "Owner" and b_admin.id not in roles
    b_roles = {
        m["user_id"]: m["role"] for m in world.b.owner.get(f"{world.b.url}/members").json()["items"]
    }
    assert b_roles[b_admin.id] == "Admin" and b_roles[world.b.owner.id] == "Owner"
