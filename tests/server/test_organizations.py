"""Organizations end to end: create, list, read, update, plan, transfer, delete."""

from __future__ import annotations

from fastapi import FastAPI

from org_fixtures import Team, team
from server_fixtures import PASSWORD

__all__ = ["team"]


def test_creator_becomes_owner_and_sees_the_organization(team: Team) -> None:
    org = team.organization("Acme")
    body = org.owner.get(org.url).json()
    assert body["role"] == "Owner" and body["plan"] == "Free"
    assert body["settings"] == {
        "require_2fa": False,
        "session_timeout_minutes": 30,
        "ip_allowlist": [],
        "scan_retention_days": 365,
        "audit_retention_days": 30,
    }
    listed = org.owner.get("/api/v1/organizations").json()["items"]
    assert [o["id"] for o in listed] == [org.id]
    members = org.owner.get(f"{org.url}/members").json()["items"]
    assert [(m["user_id"], m["role"], m["status"]) for m in members] == [
        (org.owner.id, "Owner", "Active")
    ]


def test_transfer_needs_an_active_admin_and_the_password(team: Team) -> None:
    org = team.full()
    member, admin = org.members["Member"], org.members["Admin"]
    r = org.owner.post(
        f"{org.url}/transfer", json={"new_owner_id": member.id, "password": PASSWORD}
    )
    assert r.status_code == 409 and r.json()["code"] == "transfer_target_not_admin"
    r = org.owner.post(
        f"{org.url}/transfer", json={"new_owner_id": admin.id, "password": "nope-nope"}
    )
    assert r.status_code == 403 and r.json()["code"] == "password_incorrect"
    r = org.owner.post(f"{org.url}/transfer", json={"new_owner_id": admin.id, "password": PASSWORD})
    assert r.status_code == 200, r.text
    roles = {m["user_id"]: m["role"] for m in admin.get(f"{org.url}/members").json()["items"]}
    assert roles[admin.id] == "Owner" and roles[org.owner.id] == "Admin"
    # The former Owner can now leave; the new one cannot.
    assert admin.post(f"{org.url}/leave").status_code == 409
    assert org.owner.post(f"{org.url}/leave").status_code == 204
    assert org.owner.get(org.url).status_code == 404


def test_delete_takes_the_owner_password_and_removes_everything(team: Team, app: FastAPI) -> None:
    org = team.full()
    job = team.job(org, org.members["Member"])
    r = org.owner.delete(org.url, json={"password": "wrong-password-123"})
    assert r.status_code == 403 and r.json()["code"] == "password_incorrect"
    assert org.owner.get(org.url).status_code == 200  # nothing changed
    log = org.owner.get(f"{org.url}/audit-log", params={"action": "organization.delete"}).json()
    assert [(e["outcome"], e["detail"]) for e in log["items"]] == [("denied", "password_incorrect")]
    assert org.members["Admin"].delete(org.url, json={"password": PASSWORD}).status_code == 403
    assert org.owner.delete(org.url, json={"password": PASSWORD}).status_code == 204
    assert org.owner.get(org.url).status_code == 404
    assert org.members["Member"].get(f"/api/v1/jobs/{job}").status_code == 404
    assert org.owner.get("/api/v1/organizations").json()["items"] == []
