"""Organization security settings end to end: required 2FA, Enterprise gating, plans, the IP
allow-list, the organization session timeout and retention (SQLite and PostgreSQL).

The app here trusts the test client's own peer (``testclient``) as a reverse proxy, so a
request chooses its client address with ``X-Forwarded-For``; a client built with another peer
address is an untrusted one whose ``X-Forwarded-For`` must be ignored.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pyotp
import pytest
import sqlalchemy as sa
from fastapi import FastAPI
from fastapi.testclient import TestClient

from org_fixtures import Org, Person, Team, team
from server_fixtures import FAST_PASSWORDS, PASSWORD, Account, Accounts, make_settings
from stockade.config import Settings
from stockade.server import create_app
from stockade.server.maintenance import run_retention
from stockade.store.job_models import Job
from stockade.store.models import UserSession
from stockade.store.tenancy_models import AuditEvent, Organization
from stockade.store.types import utcnow

__all__ = ["team"]

OFFICE = "203.0.113.0/24"
AT_OFFICE = {"X-Forwarded-For": "203.0.113.7"}
ELSEWHERE = {"X-Forwarded-For": "198.51.100.7"}


@pytest.fixture
def settings(tmp_path: Path, db_url: str) -> Settings:
    """The shared app settings, with the test client's peer as a trusted proxy."""
    return make_settings(tmp_path, db_url, server={"trusted_proxies": ["testclient"]})


@pytest.fixture
def instance_admin(team: Team) -> Person:
    """The first user registered on the instance, hence its administrator."""
    return team.person()


# --- helpers -------------------------------------------------------------------------------


def enable_2fa(person: Person) -> pyotp.TOTP:
    """Turn on TOTP for ``person`` through the real API, as a user would."""
    setup = person.post("/api/v1/auth/2fa/setup")
    assert setup.status_code == 200, setup.text
    totp = pyotp.TOTP(setup.json()["secret"])
    r = person.post("/api/v1/auth/2fa/enable", json={"code": totp.now()})
    assert r.status_code == 200 and r.json() == {"two_factor_enabled": True}, r.text
    return totp


def set_plan(admin: Person, org: Org, plan: str, **extra: Any) -> Any:
    return admin.put(f"{org.url}/plan", json={"plan": plan, **extra})


def enterprise(team: Team, admin: Person) -> Org:
    org = team.full()
    r = set_plan(admin, org, "Enterprise")
    assert r.status_code == 200 and r.json()["plan"] == "Enterprise", r.text
    return org


def org_settings(person: Person, org: Org, **headers: str) -> dict[str, Any]:
    r = person.get(org.url, headers=headers)
    assert r.status_code == 200, r.text
    return dict(r.json()["settings"])


def put_settings(
    person: Person, org: Org, headers: dict[str, str] | None = None, **values: Any
) -> Any:
    return person.put(org.url, json={"settings": values}, headers=headers or {})


def code_of(response: Any) -> tuple[int, str]:
    return response.status_code, response.json().get("code")


def audit(
    person: Person, org: Org, headers: dict[str, str] | None = None, **params: str
) -> list[dict[str, Any]]:
    query = {"limit": "200", **params}
    r = person.get(f"{org.url}/audit-log", params=query, headers=headers or {})
    assert r.status_code == 200, r.text
    return list(r.json()["items"])


def in_db(app: FastAPI, work: Callable[[Any], Any]) -> Any:
    with app.state.ctx.db.session() as session:
        return work(session)


def signed_in_from(app: FastAPI, person: Person, peer: str) -> Person:
    """The same user, logged in again from a client whose TCP peer is ``peer``."""
    client = TestClient(app, client=(peer, 40000))
    account = Account(person.email, PASSWORD, person.account.user)
    Accounts(app).login(client, account)
    return Person(account, client)


# --- require_2fa ---------------------------------------------------------------------------


def test_require_2fa_needs_it_on_the_enabler_then_gates_members_until_they_enable_it(
    team: Team,
) -> None:
    org = team.full()
    admin, member = org.members["Admin"], org.members["Member"]
    personal = member.post(
        "/api/v1/analyze/job",
        json={"source": {"type": "files", "files": [{"path": "a.py", "content": "y = 2\n"}]}},
    )
    assert personal.status_code == 202, personal.text
    assert code_of(put_settings(admin, org, require_2fa=True)) == (409, "enable_2fa_first")
    assert org_settings(admin, org)["require_2fa"] is False

    enable_2fa(admin)
    r = put_settings(admin, org, require_2fa=True)
    assert r.status_code == 200 and r.json()["settings"]["require_2fa"] is True, r.text
    job = team.job(org, admin)  # a member with 2FA keeps working

    for url, params in (
        (org.url, {}),
        ("/api/v1/jobs", {"organization_id": org.id}),
        (f"/api/v1/jobs/{job}", {}),
        (f"{org.url}/members", {}),
    ):
        r = member.get(url, params=params)
        assert code_of(r) == (403, "two_factor_required"), (url, r.text)
        assert "/api/v1/auth/2fa/setup" in r.json()["detail"]
    # The Owner has no 2FA either: the requirement spares no role.
    assert code_of(org.owner.get(org.url)) == (403, "two_factor_required")
    # Personal resources stay reachable.
    assert member.get("/api/v1/auth/me").status_code == 200
    mine = member.get("/api/v1/jobs")
    assert mine.status_code == 200 and [j["job_id"] for j in mine.json()["items"]] == [
        personal.json()["job_id"]
    ]
    assert member.get(f"/api/v1/jobs/{personal.json()['job_id']}").status_code == 200

    enable_2fa(member)
    assert member.get(org.url).status_code == 200
    listed = member.get("/api/v1/jobs", params={"organization_id": org.id})
    assert listed.status_code == 200 and [j["job_id"] for j in listed.json()["items"]] == [job]
    denied = [e for e in audit(admin, org, action="access.denied") if e["actor_id"] == member.id]
    assert denied and {e["detail"] for e in denied} == {"2fa_required"}


# --- Enterprise gating ---------------------------------------------------------------------


def test_enterprise_settings_are_refused_on_free_and_pro_and_the_refusal_is_audited(
    team: Team, instance_admin: Person
) -> None:
    org = team.full()
    owner = org.owner
    for plan, retention in (("Free", 30), ("Pro", 90)):
        if plan == "Pro":
            assert set_plan(instance_admin, org, "Pro").status_code == 200
        before = org_settings(owner, org)
        assert before["audit_retention_days"] == retention
        for change in (
            {"ip_allowlist": [OFFICE]},
            {"session_timeout_minutes": 60},
            {"audit_retention_days": retention + 1},
            {"require_2fa": False, "session_timeout_minutes": 45},
        ):
            r = put_settings(owner, org, headers=AT_OFFICE, **change)
            assert code_of(r) == (403, "plan_required"), (plan, change, r.text)
            assert org_settings(owner, org) == before
        denied = audit(owner, org, action="organization.update")
        assert [e["outcome"] for e in denied[:4]] == ["denied"] * 4
        assert {e["detail"] for e in denied[:4]} == {"plan_required"}
        assert all(e["actor_id"] == owner.id for e in denied[:4])
        # The plan's own maximum and the default timeout are fine.
        r = put_settings(owner, org, audit_retention_days=retention, session_timeout_minutes=30)
        assert r.status_code == 200, r.text
    r = put_settings(owner, org, audit_retention_days=60)
    assert r.status_code == 200 and r.json()["settings"]["audit_retention_days"] == 60


def test_retention_and_allowlist_values_are_validated(team: Team) -> None:
    org = team.organization()
    for days in (29, 731, 0):
        r = put_settings(org.owner, org, scan_retention_days=days)
        assert code_of(r) == (422, "validation_failed"), (days, r.text)
    for days in (30, 730):
        r = put_settings(org.owner, org, scan_retention_days=days)
        assert r.status_code == 200 and r.json()["settings"]["scan_retention_days"] == days
    for entry in ("not-an-ip", "10.0.0.0/33", "203.0.113.0/24; drop", ""):
        r = put_settings(org.owner, org, ip_allowlist=[OFFICE, entry])
        assert code_of(r) == (422, "invalid_ip_allowlist"), (entry, r.text)
    assert org_settings(org.owner, org)["ip_allowlist"] == []


# --- plans ---------------------------------------------------------------------------------


def test_only_instance_admins_change_plans_and_a_downgrade_drops_enterprise_settings(
    team: Team, instance_admin: Person, app: FastAPI
) -> None:
    org = team.full()
    missing = Org("00000000-0000-4000-8000-000000000000", org.owner)
    assert code_of(set_plan(instance_admin, missing, "Pro")) == (404, "organization_not_found")
    for caller in (org.owner, org.members["Admin"]):
        assert code_of(set_plan(caller, org, "Enterprise")) == (403, "admin_required")
    assert org.owner.get(org.url).json()["plan"] == "Free"
    for plan in ("Free", "Pro"):
        r = set_plan(instance_admin, org, plan, tokens_per_month=5000)
        assert code_of(r) == (422, "tokens_require_enterprise"), r.text
    r = set_plan(instance_admin, org, "Enterprise", tokens_per_month=5000)
    assert r.status_code == 200 and r.json()["plan"] == "Enterprise", r.text
    assert in_db(app, lambda s: s.get(Organization, org.id).tokens_per_month) == 5000
    assert org_settings(org.owner, org)["audit_retention_days"] == 730

    r = put_settings(
        org.owner, org, headers=AT_OFFICE, ip_allowlist=[OFFICE], session_timeout_minutes=120
    )
    assert r.status_code == 200, r.text
    assert org_settings(org.owner, org, **AT_OFFICE)["ip_allowlist"] == [OFFICE]

    r = set_plan(instance_admin, org, "Free")
    assert r.status_code == 200, r.text
    after = org_settings(org.owner, org)  # from the test client's own address again
    assert after["ip_allowlist"] == [] and after["session_timeout_minutes"] == 30
    assert after["audit_retention_days"] == 30
    assert in_db(app, lambda s: s.get(Organization, org.id).tokens_per_month) is None
    changes = audit(org.owner, org, action="organization.plan_change")
    assert [(e["before"]["plan"], e["after"]["plan"]) for e in changes] == [
        ("Enterprise", "Free"),
        ("Free", "Enterprise"),
    ]
    assert changes[0]["actor_id"] == instance_admin.id


def test_admin_emails_make_an_instance_admin_without_being_first(
    tmp_path: Path, db_url: str
) -> None:
    settings = make_settings(tmp_path, db_url, server={"admin_emails": ["ops@example.com"]})
    app = create_app(settings)
    app.state.ctx.passwords = FAST_PASSWORDS
    try:
        people = Team(app, Accounts(app))
        org = people.organization()  # its owner is the first user, so an admin too
        ops = people.person("ops@example.com")
        outsider = people.person()
        assert code_of(set_plan(outsider, org, "Pro")) == (403, "admin_required")
        r = set_plan(ops, org, "Pro")
        assert r.status_code == 200 and r.json()["plan"] == "Pro", r.text
    finally:
        app.state.ctx.db.dispose()


# --- IP allow-list -------------------------------------------------------------------------


def test_ip_allowlist_admits_listed_addresses_only_and_cannot_be_spoofed(
    team: Team, instance_admin: Person, app: FastAPI
) -> None:
    org = enterprise(team, instance_admin)
    member = org.members["Member"]
    r = put_settings(org.owner, org, headers=AT_OFFICE, ip_allowlist=["198.51.100.0/24"])
    assert code_of(r) == (409, "allowlist_excludes_you"), r.text
    assert org_settings(org.owner, org)["ip_allowlist"] == []
    r = put_settings(org.owner, org, headers=AT_OFFICE, ip_allowlist=[OFFICE, "2001:db8::/32"])
    assert r.status_code == 200, r.text

    assert member.get(org.url, headers={"X-Forwarded-For": "203.0.113.200"}).status_code == 200
    assert member.get(org.url, headers={"X-Forwarded-For": "2001:db8::5"}).status_code == 200
    for headers in (
        ELSEWHERE,
        {},  # the proxy's own address is not on the list
        {"X-Forwarded-For": "203.0.114.7"},
        # A client-supplied entry on the left does not count: the proxy appended the real one.
        {"X-Forwarded-For": "203.0.113.7, 198.51.100.7"},
    ):
        r = member.get(org.url, headers=headers)
        assert code_of(r) == (403, "ip_not_allowed"), (headers, r.text)
    r = member.get("/api/v1/jobs", params={"organization_id": org.id}, headers=ELSEWHERE)
    assert code_of(r) == (403, "ip_not_allowed")
    assert member.get("/api/v1/jobs", headers=ELSEWHERE).status_code == 200  # personal

    # An untrusted peer's X-Forwarded-For is ignored: its own address decides.
    outside = signed_in_from(app, member, "198.51.100.20")
    assert code_of(outside.get(org.url, headers=AT_OFFICE)) == (403, "ip_not_allowed")
    inside = signed_in_from(app, member, "203.0.113.50")
    assert inside.get(org.url, headers=ELSEWHERE).status_code == 200

    denied = audit(org.owner, org, AT_OFFICE, action="access.denied")
    ips = {e["ip"] for e in denied if e["actor_id"] == member.id}
    assert {"198.51.100.7", "198.51.100.20", "testclient"} <= ips
    assert {e["detail"] for e in denied} == {"ip_allowlist"}


# --- organization session timeout ----------------------------------------------------------


def idle(app: FastAPI, person: Person, minutes: float) -> None:
    """Back-date every session of ``person`` as if idle for ``minutes``."""
    seen = utcnow() - timedelta(minutes=minutes)
    in_db(
        app,
        lambda s: s.execute(
            sa.update(UserSession).where(UserSession.user_id == person.id).values(last_seen_at=seen)
        ),
    )


def test_organization_session_timeout_expires_idle_sessions_but_not_api_keys(
    team: Team, instance_admin: Person, app: FastAPI, accounts: Accounts
) -> None:
    org = enterprise(team, instance_admin)
    member, admin = org.members["Member"], org.members["Admin"]
    key = accounts.api_key(member.client, member.account)
    org_key = accounts.api_key(member.client, member.account, organization_id=org.id)
    r = put_settings(org.owner, org, session_timeout_minutes=5)
    assert r.status_code == 200 and r.json()["settings"]["session_timeout_minutes"] == 5

    idle(app, member, 4)
    assert member.get(org.url).status_code == 200  # inside the limit (and now fresh again)
    idle(app, member, 6)
    for url, params in ((org.url, {}), ("/api/v1/jobs", {"organization_id": org.id})):
        r = member.get(url, params=params)
        assert code_of(r) == (401, "session_expired"), (url, r.text)
    assert admin.get(org.url).status_code == 200  # an active session is unaffected
    by_key = TestClient(app)
    for secret in (key, org_key):
        r = by_key.get(org.url, headers={"X-API-Key": secret})
        assert r.status_code == 200, r.text
    # The instance's own timeout (30 minutes) has not passed: personal resources still work.
    assert member.get("/api/v1/auth/me").status_code == 200
    accounts.login(member.client, member.account)
    assert member.get(org.url).status_code == 200


# --- retention -----------------------------------------------------------------------------


def ended_job(org: Org, by: Person) -> str:
    """An organization job that is over: submitted, then cancelled through the API before a
    runner picked it up (this app runs no lifespan, so nothing runs it)."""
    job_id = queued_job(org, by)
    r = by.post(f"/api/v1/jobs/{job_id}/cancel")
    assert r.status_code == 200 and r.json()["status"] == "cancelled", r.text
    return job_id


def queued_job(org: Org, by: Person) -> str:
    body = {
        "source": {"type": "files", "files": [{"path": "a.py", "content": "x = 1\n"}]},
        "organization_id": org.id,
    }
    r = by.post("/api/v1/analyze/job", json=body)
    assert r.status_code == 202, r.text
    return str(r.json()["job_id"])


def backdate(app: FastAPI, model: Any, row_id: str, days: int) -> None:
    """Move a row ``days`` into the past; a job that ended also ended then."""
    when = utcnow() - timedelta(days=days)

    def move(session: Any) -> None:
        session.execute(sa.update(model).where(model.id == row_id).values(created_at=when))
        if model is Job:
            ended = sa.update(Job).where(Job.id == row_id, Job.finished_at.is_not(None))
            session.execute(ended.values(finished_at=when))

    in_db(app, move)


def ids(app: FastAPI, model: Any, organization_id: str) -> set[str]:
    query = sa.select(model.id).where(model.organization_id == organization_id)
    return set(in_db(app, lambda s: list(s.scalars(query))))


def test_retention_deletes_old_scans_and_audit_entries_per_organization(
    team: Team, instance_admin: Person, app: FastAPI
) -> None:
    free = team.full("Free Co")
    pro = team.full("Pro Co")
    assert set_plan(instance_admin, pro, "Pro").status_code == 200
    member = free.members["Member"]
    jobs = {age: ended_job(free, member) for age in (400, 300, 0)}
    waiting = queued_job(free, member)  # old but never finished: retention leaves it alone
    for age, job_id in [*jobs.items(), (500, waiting)]:
        backdate(app, Job, job_id, age)
    free_audit = sorted(ids(app, AuditEvent, free.id))
    pro_audit = sorted(ids(app, AuditEvent, pro.id))
    assert len(free_audit) >= 3 and len(pro_audit) >= 3
    for event, age in zip(free_audit, (31, 29), strict=False):
        backdate(app, AuditEvent, event, age)
    for event, age in zip(pro_audit, (91, 60), strict=False):
        backdate(app, AuditEvent, event, age)

    removed = run_retention(app.state.ctx)
    assert ids(app, Job, free.id) == {jobs[300], jobs[0], waiting}
    assert ids(app, AuditEvent, free.id) == set(free_audit) - {free_audit[0]}
    assert ids(app, AuditEvent, pro.id) == set(pro_audit) - {pro_audit[0]}
    assert removed == 3
    assert member.get(f"/api/v1/jobs/{jobs[400]}").status_code == 404

    r = put_settings(free.owner, free, scan_retention_days=30)
    assert r.status_code == 200, r.text
    assert run_retention(app.state.ctx) == 1
    assert ids(app, Job, free.id) == {jobs[0], waiting}
    assert run_retention(app.state.ctx) == 0
