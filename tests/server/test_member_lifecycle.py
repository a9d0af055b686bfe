"""Member lifecycle through the HTTP API: every step asserts the answer AND the state after.

Invitations (accept, expiry, replay, resend, cancel, wrong account), share links (join,
approve, deny), removal (session and organization key lose access at once, scans stay),
re-invitation, role changes and delegation, inactivity, the Owner's obligations, the Free
plan's seat limit, removal while a job runs, and the notifications each step sends.
"""

from __future__ import annotations

import time
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select

from job_project import SQLI
from org_fixtures import Org, Person, Team, team
from server_fixtures import PASSWORD, make_settings
from stockade.config import Settings
from stockade.store.tenancy_models import Membership
from stockade.store.types import utcnow

__all__ = ["team"]

# Each scenario makes a handful of accounts and dozens of calls within a second; rate
# limiting has its own tests.
_NO_LIMIT = {"requests_per_minute": 10**6, "requests_per_hour": 10**7, "burst": 10**6}
UNLIMITED = {"tiers": dict.fromkeys(("api_key", "authenticated", "anonymous"), _NO_LIMIT)}


@pytest.fixture
def settings(tmp_path: Path, db_url: str) -> Settings:
    """The shared ``settings`` (both backends through ``db_url``), without rate limits."""
    return make_settings(tmp_path, db_url, server={"rate_limit": UNLIMITED})


# --- helpers -------------------------------------------------------------------------------------


def members(org: Org, by: Person | None = None) -> dict[str, dict[str, Any]]:
    """The member list by e-mail, as ``by`` (the Owner by default) sees it."""
    r = (by or org.owner).get(f"{org.url}/members")
    assert r.status_code == 200, r.text
    return {m["email"]: m for m in r.json()["items"]}


def kinds(person: Person, org: Org) -> list[str]:
    """The kinds of ``person``'s notifications about ``org``, newest first."""
    r = person.get("/api/v1/me/notifications")
    assert r.status_code == 200, r.text
    return [n["kind"] for n in r.json()["items"] if n["organization_id"] == org.id]


def problem(r: Any, status: int, code: str) -> None:
    assert r.status_code == status, r.text
    assert r.json()["code"] == code, r.text


def accept(person: Person, token: str) -> Any:
    return person.post(f"/api/v1/invitations/{token}/accept")


def token_for(team: Team, org: Org, email: str, role: str = "Member") -> str:
    return str(team.invite(org, email, role)["invitation"]["token"])


def files_job(org: Org, by: Person, count: int = 1) -> Any:
    files = [{"path": f"svc/handler_{i}.py", "content": SQLI} for i in range(count)]
    body = {"source": {"type": "files", "files": files}, "organization_id": org.id}
    return by.post("/api/v1/analyze/job", json={**body, "modules": ["sast"]})


def set_clock(app: FastAPI, at: datetime) -> None:
    app.state.ctx.clock = lambda: at


def backdate(app: FastAPI, org: Org, person: Person, days: int) -> None:
    with app.state.ctx.db.session() as s:
        row = s.scalars(
            select(Membership).where(
                Membership.organization_id == org.id, Membership.user_id == person.id
            )
        ).one()
        row.last_active_at = utcnow() - timedelta(days=days)


def wait_status(person: Person, job_id: str, wanted: set[str], limit: float = 60) -> dict[str, Any]:
    deadline = time.monotonic() + limit
    body: dict[str, Any] = {}
    while time.monotonic() < deadline:
        body = person.get(f"/api/v1/jobs/{job_id}").json()
        if body["status"] in wanted:
            return body
        time.sleep(0.05)
    raise AssertionError(f"job {job_id} never reached {wanted}: {body}")


# --- invitations -----------------------------------------------------------------------------------


def test_invite_then_accept_is_active_and_can_scan_at_once(team: Team) -> None:
    org = team.organization()
    invitee = team.person()
    invited = team.invite(org, invitee.email, "Member")
    assert invited["status"] == "Invited" and invited["user_id"] == invitee.id
    assert kinds(invitee, org) == ["invitation"]
    mine = invitee.get("/api/v1/me/invitations").json()["items"]
    assert [(i["organization"]["id"], i["role"]) for i in mine] == [(org.id, "Member")]
    # Invited is not a member yet: nothing of the organization is reachable.
    assert invitee.get(org.url).status_code == 404
    assert files_job(org, invitee).status_code == 404
    r = accept(invitee, invited["invitation"]["token"])
    assert r.status_code == 200 and r.json()["status"] == "Active", r.text
    assert members(org)[invitee.email]["status"] == "Active"
    assert invitee.get(org.url).json()["role"] == "Member"
    r = files_job(org, invitee)
    assert r.status_code == 202, r.text
    assert invitee.get("/api/v1/me/invitations").json()["items"] == []


def test_invitation_works_for_six_days_and_expires_after_seven(team: Team, app: FastAPI) -> None:
    org = team.organization()
    early, late = team.person(), team.person()
    early_token = token_for(team, org, early.email)
    late_token = token_for(team, org, late.email)
    start = utcnow()
    set_clock(app, start + timedelta(days=6))
    r = accept(early, early_token)
    assert r.status_code == 200 and r.json()["status"] == "Active", r.text
    set_clock(app, start + timedelta(days=7, seconds=1))
    problem(accept(late, late_token), 410, "invitation_expired")
    listed = members(org)
    assert listed[late.email]["status"] == "Invited" and listed[early.email]["status"] == "Active"
    assert late.get(org.url).status_code == 404
    log = org.owner.get(f"{org.url}/audit-log", params={"action": "invitation.accept"}).json()
    assert [(e["outcome"], e["detail"]) for e in log["items"]] == [("denied", "expired")]
    # A resend issues a fresh 7-day link that works at the moved clock.
    fresh = org.owner.post(f"{org.url}/members/{late.id}/resend").json()["invitation"]["token"]
    assert accept(late, fresh).status_code == 200


def test_a_used_token_cannot_be_replayed(team: Team) -> None:
    org = team.organization()
    invitee, other = team.person(), team.person()
    token = token_for(team, org, invitee.email, "Viewer")
    assert accept(invitee, token).status_code == 200
    problem(accept(invitee, token), 409, "invitation_used")
    problem(accept(other, token), 409, "invitation_used")
    listed = members(org)
    assert listed[invitee.email]["status"] == "Active" and other.email not in listed
    assert listed[invitee.email]["role"] == "Viewer"


def test_resend_revokes_the_old_token_and_the_new_one_works(team: Team) -> None:
    org = team.organization()
    invitee = team.person()
    old = token_for(team, org, invitee.email)
    r = org.owner.post(f"{org.url}/members/{invitee.id}/resend")
    assert r.status_code == 200, r.text
    new = r.json()["invitation"]["token"]
    assert new != old and r.json()["status"] == "Invited"
    problem(accept(invitee, old), 404, "invitation_not_found")
    assert members(org)[invitee.email]["status"] == "Invited"
    assert accept(invitee, new).status_code == 200
    assert members(org)[invitee.email]["status"] == "Active"
    assert kinds(invitee, org) == ["invitation", "invitation"]  # the resend notified again


def test_cancelling_an_invitation_removes_it(team: Team) -> None:
    org = team.organization()
    stranger = "no-account-yet@example.com"
    invited = team.invite(org, stranger, "Member")
    assert invited["user_id"] is None  # no account: addressed by membership id
    kept = team.person()
    token_for(team, org, kept.email)
    r = org.owner.delete(f"{org.url}/members/{invited['id']}")
    assert r.status_code == 204, r.text
    listed = members(org)
    assert stranger not in listed and listed[kept.email]["status"] == "Invited"
    # The link is dead even for someone who registers with that address later.
    late = team.person(stranger)
    problem(accept(late, invited["invitation"]["token"]), 404, "invitation_not_found")
    assert late.get(org.url).status_code == 404
    # Removing an unknown id is a 404, not a silent success.
    problem(org.owner.delete(f"{org.url}/members/{invited['id']}"), 404, "member_not_found")


def test_accepting_with_another_account_is_refused(team: Team) -> None:
    org = team.organization()
    invitee, intruder = team.person(), team.person()
    token = token_for(team, org, invitee.email)
    problem(accept(intruder, token), 403, "invitation_email_mismatch")
    listed = members(org)
    assert intruder.email not in listed and listed[invitee.email]["status"] == "Invited"
    assert intruder.get(org.url).status_code == 404
    assert accept(invitee, token).status_code == 200  # the refusal did not use up the token


# --- share links -----------------------------------------------------------------------------------


def test_share_link_join_then_approve_or_deny(team: Team) -> None:
    org = team.organization()
    admin = team.add(org, "Admin")
    r = org.owner.post(f"{org.url}/share-link")
    assert r.status_code == 201, r.text
    link = r.json()["token"]
    joiner, refused = team.person(), team.person()
    for person in (joiner, refused):
        r = person.post(f"/api/v1/join/{link}")
        assert r.status_code == 201 and r.json()["status"] == "Pending Approval", r.text
        assert person.get(org.url).status_code == 404  # pending is not a member
    assert kinds(org.owner, org).count("join_request") == 2
    assert kinds(admin, org).count("join_request") == 2
    r = admin.post(f"{org.url}/members/{joiner.id}/approve")
    assert r.status_code == 200 and r.json()["status"] == "Active", r.text
    assert joiner.get(org.url).json()["role"] == "Member"
    assert kinds(joiner, org) == ["join_approved"]
    r = admin.post(f"{org.url}/members/{refused.id}/deny")
    assert r.status_code == 204, r.text
    listed = members(org)
    assert refused.email not in listed and listed[joiner.email]["status"] == "Active"
    assert refused.get(org.url).status_code == 404
    assert kinds(refused, org) == ["join_denied"]
    # Approving again is a state conflict, and the denied row is simply gone.
    problem(admin.post(f"{org.url}/members/{joiner.id}/approve"), 409, "invalid_member_state")
    problem(admin.post(f"{org.url}/members/{refused.id}/approve"), 404, "member_not_found")


# --- removal -------------------------------------------------------------------------------------


def test_removed_member_loses_session_and_key_at_once_but_scans_stay(
    team: Team, app: FastAPI
) -> None:
    org = team.full()
    member = org.members["Member"]
    job = team.job(org, member)
    r = member.post("/api/v1/api-keys", json={"name": "ci", "organization_id": org.id})
    assert r.status_code == 201, r.text
    key = {"X-API-Key": r.json()["key"]}
    bare = TestClient(app)
    assert bare.get(org.url, headers=key).status_code == 200
    assert member.get(f"/api/v1/jobs/{job}").status_code == 200
    r = org.owner.delete(f"{org.url}/members/{member.id}")
    assert r.status_code == 204, r.text
    # Access ends at once, for the cookie session and for the organization key.
    problem(member.get(org.url), 404, "organization_not_found")
    problem(member.get(f"/api/v1/jobs/{job}"), 404, "job_not_found")
    problem(files_job(org, member), 404, "organization_not_found")
    problem(bare.get(org.url, headers=key), 401, "invalid_api_key")
    problem(bare.get(f"/api/v1/jobs/{job}", headers=key), 401, "invalid_api_key")
    # The account itself still works outside the organization.
    assert member.get("/api/v1/organizations").json()["items"] == []
    # The scan stays in the organization's history for everyone else.
    for role in ("Owner", "Admin", "Viewer"):
        r = org.as_role(role).get(f"/api/v1/jobs/{job}")
        assert r.status_code == 200 and r.json()["created_by"] == member.id, r.text
    listed = org.owner.get("/api/v1/jobs", params={"organization_id": org.id}).json()["items"]
    assert [j["job_id"] for j in listed] == [job]
    assert members(org)[member.email]["status"] == "Removed"
    assert kinds(member, org)[0] == "removed"
    assert org.owner.get(f"{org.url}/api-keys").json()["items"] == []


def test_a_removed_member_can_be_reinvited(team: Team) -> None:
    org = team.full()
    member, viewer = org.members["Member"], org.members["Viewer"]
    problem(org.owner.post(f"{org.url}/members/{viewer.id}/reinvite"), 409, "invalid_member_state")
    assert org.owner.delete(f"{org.url}/members/{member.id}").status_code == 204
    r = org.owner.post(f"{org.url}/members/{member.id}/reinvite", json={"role": "Viewer"})
    assert r.status_code == 200 and r.json()["status"] == "Invited", r.text
    assert member.get(org.url).status_code == 404  # invited again, not yet back
    assert accept(member, r.json()["invitation"]["token"]).status_code == 200
    listed = members(org)[member.email]
    assert (listed["status"], listed["role"]) == ("Active", "Viewer")
    assert member.get(org.url).json()["role"] == "Viewer"
    log = org.owner.get(f"{org.url}/audit-log", params={"action": "member.reinvite"}).json()
    assert [e["target_id"] for e in log["items"]] == [member.id]


# --- roles ---------------------------------------------------------------------------------------


def test_role_changes_follow_delegation(team: Team) -> None:
    org = team.full()
    admin, member, viewer = (org.members[r] for r in ("Admin", "Member", "Viewer"))
    r = admin.patch(f"{org.url}/members/{viewer.id}", json={"role": "Admin"})
    problem(r, 403, "role_above_caller")
    r = admin.patch(f"{org.url}/members/{viewer.id}", json={"role": "Member"})
    assert r.status_code == 200 and r.json()["role"] == "Member", r.text
    assert kinds(viewer, org)[0] == "role_changed"
    assert viewer.get(org.url).json()["role"] == "Member"  # at once
    r = org.owner.patch(f"{org.url}/members/{member.id}", json={"role": "Admin"})
    assert r.status_code == 200 and r.json()["role"] == "Admin", r.text
    notes = member.get("/api/v1/me/notifications").json()["items"]
    assert (notes[0]["kind"], notes[0]["data"]) == (
        "role_changed",
        {"from": "Member", "to": "Admin"},
    )
    assert (
        org.owner.patch(f"{org.url}/members/{member.id}", json={"role": "Root"}).status_code == 422
    )
    assert (
        org.owner.patch(f"{org.url}/members/{member.id}", json={"role": "Owner"}).status_code == 422
    )
    problem(
        admin.patch(f"{org.url}/members/{member.id}", json={"role": "Viewer"}),
        403,
        "role_above_caller",
    )
    r = org.owner.post(f"{org.url}/members", json={"email": viewer.email, "role": "Viewer"})
    problem(r, 409, "already_member")
    roles = {e: m["role"] for e, m in members(org).items()}
    assert roles == {
        org.owner.email: "Owner",
        admin.email: "Admin",
        member.email: "Admin",
        viewer.email: "Member",
    }


# --- inactivity ----------------------------------------------------------------------------------


def test_inactive_member_is_refused_until_reactivated(team: Team, app: FastAPI) -> None:
    org = team.full()
    member, viewer, admin = org.members["Member"], org.members["Viewer"], org.members["Admin"]
    backdate(app, org, viewer, days=29)  # a safe look-alike: idle, but not for 30 days
    backdate(app, org, member, days=31)
    listed = members(org, admin)
    assert listed[member.email]["status"] == "Inactive"
    assert listed[viewer.email]["status"] == "Active"
    inactive = admin.get(f"{org.url}/members", params={"status": "Inactive"}).json()["items"]
    assert [m["email"] for m in inactive] == [member.email]
    problem(member.get(org.url), 403, "member_inactive")
    problem(files_job(org, member), 403, "member_inactive")
    assert viewer.get(org.url).status_code == 200
    problem(admin.post(f"{org.url}/members/{viewer.id}/reactivate"), 409, "invalid_member_state")
    r = admin.post(f"{org.url}/members/{member.id}/reactivate")
    assert r.status_code == 200 and r.json()["status"] == "Active", r.text
    assert members(org)[member.email]["status"] == "Active"
    assert member.get(org.url).status_code == 200
    assert files_job(org, member).status_code == 202


# --- the Owner -----------------------------------------------------------------------------------


def test_owner_cannot_leave_and_transfer_needs_an_admin(team: Team) -> None:
    org = team.full()
    member = org.members["Member"]
    problem(org.owner.post(f"{org.url}/leave"), 409, "owner_must_transfer")
    assert org.owner.get(org.url).json()["role"] == "Owner"
    body = {"new_owner_id": member.id, "password": PASSWORD}
    problem(org.owner.post(f"{org.url}/transfer", json=body), 409, "transfer_target_not_admin")
    roles = {e: m["role"] for e, m in members(org).items()}
    assert roles[org.owner.email] == "Owner" and roles[member.email] == "Member"
    # A non-Owner can leave (the look-alike that succeeds).
    assert member.post(f"{org.url}/leave").status_code == 204
    assert member.get(org.url).status_code == 404
    assert members(org)[member.email]["status"] == "Removed"


# --- plan limits ---------------------------------------------------------------------------------


def test_free_plan_refuses_the_sixth_seat(team: Team) -> None:
    org = team.organization()
    seats = [f"seat-{i}@example.com" for i in range(4)]
    for email in seats:
        team.invite(org, email, "Viewer")
    sixth = team.person()
    r = org.owner.post(f"{org.url}/members", json={"email": sixth.email, "role": "Viewer"})
    problem(r, 409, "member_limit_reached")
    listed = members(org)
    assert len(listed) == 5 and sixth.email not in listed
    assert kinds(sixth, org) == [] and sixth.get("/api/v1/me/invitations").json()["items"] == []
    log = org.owner.get(f"{org.url}/audit-log", params={"action": "member.invite"}).json()
    denied = [e for e in log["items"] if e["outcome"] == "denied"]
    assert [(e["detail"], e["actor_id"]) for e in denied] == [
        ("member_limit_reached", org.owner.id)
    ]
    assert len(log["items"]) == 5  # four invitations and the refusal
    # A cancelled invitation frees its seat.
    cancelled = listed[seats[0]]["id"]
    assert org.owner.delete(f"{org.url}/members/{cancelled}").status_code == 204
    assert team.invite(org, sixth.email, "Viewer")["status"] == "Invited"


# --- removal while a job runs ---------------------------------------------------------------------


def test_removing_the_submitter_while_the_job_runs(team: Team, client: TestClient) -> None:
    """``client`` starts the app's lifespan and with it the in-process runner."""
    org = team.full()
    member = org.members["Member"]
    r = files_job(org, member, count=12)
    assert r.status_code == 202, r.text
    job = str(r.json()["job_id"])
    wait_status(org.owner, job, {"running"}, limit=30)
    assert org.owner.delete(f"{org.url}/members/{member.id}").status_code == 204
    assert org.owner.get(f"/api/v1/jobs/{job}").json()["status"] == "running"  # removed mid-run
    problem(member.get(f"/api/v1/jobs/{job}"), 404, "job_not_found")
    done = wait_status(org.owner, job, {"completed", "failed", "cancelled"})
    assert done["status"] == "completed", done
    assert done["created_by"] == member.id and len(done["findings"]) >= 12
    problem(member.get(f"/api/v1/jobs/{job}"), 404, "job_not_found")
    problem(member.get(f"/api/v1/jobs/{job}/findings"), 404, "job_not_found")
    finding = done["findings"][0]["id"]
    problem(member.get(f"/api/v1/findings/{finding}/history"), 404, "finding_not_found")
    assert org.members["Viewer"].get(f"/api/v1/jobs/{job}/findings").status_code == 200
