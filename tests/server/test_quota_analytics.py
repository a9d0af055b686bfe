"""Token quotas and analytics through the HTTP API, on SQLite and PostgreSQL."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

from fastapi import FastAPI
from sqlalchemy import update

from org_fixtures import Org, Person, Team, team
from stockade.store.job_models import Job, JobFinding
from stockade.store.tenancy_models import Organization

__all__ = ["team"]

FILES = {"type": "files", "files": [{"path": "a.py", "content": "x = 1\n"}]}


def _enterprise(app: FastAPI, org: Org, tokens: int) -> None:
    with app.state.ctx.db.session() as s:
        s.execute(
            update(Organization)
            .where(Organization.id == org.id)
            .values(plan="Enterprise", tokens_per_month=tokens)
        )


def _submit(person: Person, org: Org | None = None) -> object:
    body: dict[str, object] = {"source": FILES}
    if org is not None:
        body["organization_id"] = org.id
    return person.post("/api/v1/analyze/job", json=body)


def test_personal_allowance_and_refund_of_a_job_cancelled_while_queued(team: Team) -> None:
    me = team.person()
    quota = me.get("/api/v1/quota").json()
    assert (quota["plan"], quota["tokens_limit"], quota["tokens_used"]) == ("Free", 48, 0)
    assert quota["resets_at"] == quota["period_end"]
    job = _submit(me).json()["job_id"]  # type: ignore[attr-defined]
    assert me.get("/api/v1/quota").json()["tokens_remaining"] == 45
    assert me.post(f"/api/v1/jobs/{job}/cancel").status_code == 200  # still queued
    assert me.get("/api/v1/quota").json()["tokens_used"] == 0


def test_fifty_concurrent_submissions_against_a_pool_of_ten(team: Team, app: FastAPI) -> None:
    org = team.organization()
    _enterprise(app, org, 30)  # ten analyses of 3 tokens
    member = team.add(org, "Member")
    statuses: list[int] = []
    lock = threading.Lock()

    def one() -> None:
        r = _submit(member, org)
        with lock:
            statuses.append(r.status_code)  # type: ignore[attr-defined]

    threads = [threading.Thread(target=one) for _ in range(50)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert statuses.count(202) == 10 and statuses.count(429) == 40, statuses
    pool = org.owner.get(f"{org.url}/analytics/quota").json()
    assert (pool["tokens_used"], pool["tokens_remaining"]) == (30, 0)
    assert pool["by_member"] == [{"user_id": member.id, "email": member.email, "tokens_used": 30}]
    refused = _submit(org.owner, org)
    assert refused.json()["code"] == "quota_exhausted"  # type: ignore[attr-defined]
    # Alerts: 50, 75, 90 and 100 % each reached once, announced to the Owner.
    kinds = [
        n["data"]["threshold"]
        for n in org.owner.get("/api/v1/me/notifications").json()["items"]
        if n["kind"] == "quota.threshold"
    ]
    assert sorted(kinds) == [50, 75, 90, 100]


def test_members_see_the_pool_outsiders_get_404(team: Team) -> None:
    org = team.full()
    viewer = org.members["Viewer"]
    assert viewer.get("/api/v1/quota", params={"organization_id": org.id}).status_code == 200
    assert viewer.get(f"{org.url}/analytics/quota").status_code == 403  # billing: view
    outsider = team.person()
    r = outsider.get("/api/v1/quota", params={"organization_id": org.id})
    assert r.status_code == 404


def test_dashboard_and_usage(team: Team, app: FastAPI) -> None:
    org = team.full()
    member = org.members["Member"]
    for _ in range(2):
        assert _submit(member, org).status_code == 202  # type: ignore[attr-defined]
    with app.state.ctx.db.session() as s:
        s.execute(update(Job).where(Job.organization_id == org.id).values(status="completed"))
    board = member.get(f"{org.url}/analytics/dashboard").json()
    assert board["jobs"]["total"] == 2 and board["jobs"]["completed"] == 2
    assert len(board["recent_jobs"]) == 2
    assert set(board["findings_by_severity"]) == {"critical", "high", "medium", "low", "info"}
    assert board["daily"][0]["jobs"] == 2 and board["mean_time_to_resolve_hours"] is None
    usage = org.owner.get(f"{org.url}/analytics/usage").json()
    assert usage["tokens_used"] == 6 and usage["tokens_by_class"] == {"analysis": 6}
    assert usage["tokens_by_member"][0]["user_id"] == member.id
    assert member.get(f"{org.url}/analytics/usage").status_code == 403
    mine = member.get("/api/v1/me/analytics/dashboard").json()
    assert mine["jobs"]["total"] == 0  # organization jobs are not personal ones
    assert member.get("/api/v1/me/analytics/usage").json()["tokens_used"] == 0


def test_bad_windows_are_422(team: Team) -> None:
    me = team.person()
    now = datetime.now(UTC)
    cases = [
        {"from": now.isoformat(), "to": (now - timedelta(days=1)).isoformat()},
        {
            "from": (now + timedelta(days=40)).isoformat(),
            "to": (now + timedelta(days=41)).isoformat(),
        },
        {"from": (now - timedelta(days=400)).isoformat()},
        {"from": "2026-01-01T00:00:00"},
    ]
    for params in cases:
        r = me.get("/api/v1/me/analytics/dashboard", params=params)
        assert r.status_code == 422 and r.json()["code"] in ("invalid_window", "validation_failed")


def test_dashboard_counts_findings_and_time_to_resolve(team: Team, app: FastAPI) -> None:
    org = team.full()
    member = org.members["Member"]
    job = _submit(member, org).json()["job_id"]  # type: ignore[attr-defined]
    stored = datetime.now(UTC) - timedelta(hours=5)
    with app.state.ctx.db.session() as s:
        s.execute(update(Job).where(Job.id == job).values(status="completed"))
        for i, severity in enumerate(["critical", "high", "high", "low"]):
            s.add(
                JobFinding(
                    job_id=job,
                    fingerprint=f"{i:064x}",
                    module="sast",
                    rule_id=f"rule-{i % 2}",
                    severity=severity,
                    severity_rank=i,
                    state="open",
                    created_at=stored,
                    data={
                        "rule_id": f"rule-{i % 2}",
                        "module": "sast",
                        "severity": severity,
                        "file": "app.py",
                        "line": i + 1,
                        "fingerprint": f"{i:064x}",
                    },
                )
            )
    finding = member.get(f"/api/v1/jobs/{job}/findings").json()["items"][0]["id"]
    r = member.patch(f"/api/v1/findings/{finding}", json={"state": "resolved"})
    assert r.status_code == 200, r.text
    member.patch(f"/api/v1/findings/{finding}", json={"state": "open"})
    member.patch(f"/api/v1/findings/{finding}", json={"state": "resolved"})  # not a first
    board = member.get(f"{org.url}/analytics/dashboard").json()
    assert board["findings_by_severity"] == {
        "critical": 1,
        "high": 2,
        "medium": 0,
        "low": 1,
        "info": 0,
    }
    assert board["findings_by_module"] == {"sast": 4}
    assert board["top_rules"][0]["count"] == 2
    assert 4.9 <= board["mean_time_to_resolve_hours"] <= 5.1
    assert sum(day["resolved"] for day in board["daily"]) == 1
