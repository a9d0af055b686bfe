"""``POST /api/v1/jobs/{id}/enrich`` through the real application and loopback provider:
write-back, the response shape, partial failures and refunds, and who may enrich what."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from fastapi import FastAPI
from fastapi.testclient import TestClient

from llm_app import api_key, completed_job, finding_ids, llm_app, llm_section
from llm_provider_server import ProviderServer, Reply
from org_fixtures import Team, team
from server_fixtures import Accounts, accounts, db_url
from stockade.store.llm_models import FindingEnrichment

__all__ = ["accounts", "db_url", "team"]

ANSWER = {"explanation": "User input reaches SQL.", "remediation_suggestion": "Use ? params."}


@pytest.fixture
def provider() -> Iterator[ProviderServer]:
    with ProviderServer() as server:
        yield server


@pytest.fixture
def app(tmp_path: Path, db_url: str, provider: ProviderServer) -> Iterator[FastAPI]:
    application = llm_app(tmp_path, db_url, llm_section(provider))
    yield application
    application.state.ctx.db.dispose()


@pytest.fixture
def http(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as client:
        yield client


def enrichments(app: FastAPI) -> dict[str, FindingEnrichment]:
    with app.state.ctx.db.session() as session:
        rows = session.scalars(sa.select(FindingEnrichment))
        return {row.finding_id: row for row in rows}


def tokens_used(http: TestClient, key: dict[str, str], org: str | None = None) -> int:
    params = {"organization_id": org} if org else {}
    r = http.get("/api/v1/quota", headers=key, params=params)
    assert r.status_code == 200, r.text
    return int(r.json()["tokens_used"])


def test_enrich_writes_back_and_answers_the_spec_shape(
    app: FastAPI, http: TestClient, team: Team, accounts: Accounts, provider: ProviderServer
) -> None:
    alice = team.person()
    job = completed_job(app, alice)
    ids = finding_ids(alice, job)
    key = api_key(accounts, alice)
    provider.default = Reply.json(ANSWER)
    unknown = "00000000-0000-4000-8000-000000000001"
    r = http.post(
        f"/api/v1/jobs/{job}/enrich",
        json={"finding_ids": [*ids, unknown], "code_contexts": {ids[0]: "def find(): ..."}},
        headers=key,
    )
    assert r.status_code == 200, r.text
    body = r.json()
    assert (body["job_id"], body["enriched_count"], body["failed_count"]) == (job, len(ids), 1)
    finding = body["findings"][0]
    assert set(finding) == {
        "id",
        "severity",
        "description",
        "location",
        "explanation",
        "remediation_suggestion",
    }
    assert finding["severity"] in ("Critical", "High", "Medium", "Low", "Info")
    file, line, column = finding["location"].rsplit(":", 2)
    assert file == "app.py" and int(line) > 0 and int(column) >= 0
    assert (finding["explanation"], finding["remediation_suggestion"]) == tuple(ANSWER.values())
    stored = enrichments(app)
    assert set(stored) == set(ids)
    assert stored[ids[0]].remediation_suggestion == ANSWER["remediation_suggestion"]
    # The code context went to the provider, in a data block.
    prompts = ["".join(m["content"] for m in r.json["messages"]) for r in provider.requests]
    assert any('<<<DATA "code_context"' in p and "def find(): ..." in p for p in prompts)
    # One job (3) and one llm call (6) per finding enriched; the unknown id cost nothing.
    assert tokens_used(http, key) == 3 + 6 * len(ids)


def test_a_failed_provider_call_counts_as_failed_and_is_refunded(
    app: FastAPI, http: TestClient, team: Team, accounts: Accounts, provider: ProviderServer
) -> None:
    alice = team.person()
    job = completed_job(app, alice)
    ids = finding_ids(alice, job)
    key = api_key(accounts, alice)
    provider.default = Reply.error(500)
    r = http.post(f"/api/v1/jobs/{job}/enrich", json={"finding_ids": ids}, headers=key)
    assert r.status_code == 200, r.text
    assert (r.json()["enriched_count"], r.json()["failed_count"]) == (0, len(ids))
    assert r.json()["findings"] == []
    assert enrichments(app) == {}
    assert tokens_used(http, key) == 3  # the job's; every llm call was refunded


def test_another_users_job_is_404_and_nothing_is_written(
    app: FastAPI, http: TestClient, team: Team, accounts: Accounts, provider: ProviderServer
) -> None:
    alice, mallory = team.person(), team.person()
    job = completed_job(app, alice)
    ids = finding_ids(alice, job)
    provider.default = Reply.json(ANSWER)
    key = api_key(accounts, mallory)
    r = http.post(f"/api/v1/jobs/{job}/enrich", json={"finding_ids": ids}, headers=key)
    assert r.status_code == 404
    assert r.json()["code"] == "job_not_found"
    # Her own job does not open a door to Alice's findings either: they count as failed.
    own = completed_job(app, mallory)
    r = http.post(f"/api/v1/jobs/{own}/enrich", json={"finding_ids": ids}, headers=key)
    assert r.status_code == 200, r.text
    assert (r.json()["enriched_count"], r.json()["failed_count"]) == (0, len(ids))
    assert enrichments(app) == {}
    assert provider.requests == []
    assert tokens_used(http, key) == 3  # her own job; no llm call was made


def test_organization_jobs_outsiders_get_404_viewers_403_members_enrich(
    app: FastAPI, http: TestClient, team: Team, accounts: Accounts, provider: ProviderServer
) -> None:
    org = team.full("Enrichers")
    job = completed_job(app, org.as_role("Member"), org.id)
    ids = finding_ids(org.owner, job)
    provider.default = Reply.json(ANSWER)
    outsider = team.person()
    other_org_owner = team.organization("Elsewhere").owner
    url = f"/api/v1/jobs/{job}/enrich"
    for stranger in (outsider, other_org_owner):
        r = http.post(url, json={"finding_ids": ids}, headers=api_key(accounts, stranger))
        assert r.status_code == 404, r.text
    r = http.post(url, json={"finding_ids": ids}, headers=api_key(accounts, org.as_role("Viewer")))
    assert r.status_code == 403, r.text
    assert enrichments(app) == {}
    assert provider.requests == []
    admin = api_key(accounts, org.as_role("Admin"))
    r = http.post(url, json={"finding_ids": ids}, headers=admin)
    assert r.status_code == 200, r.text
    assert r.json()["enriched_count"] == len(ids)
    # The organization's pool paid: the job (3) and one llm call per finding.
    assert tokens_used(http, admin, org.id) == 3 + 6 * len(ids)


def test_empty_finding_ids_is_422(
    app: FastAPI, http: TestClient, team: Team, accounts: Accounts, provider: ProviderServer
) -> None:
    alice = team.person()
    job = completed_job(app, alice)
    r = http.post(
        f"/api/v1/jobs/{job}/enrich", json={"finding_ids": []}, headers=api_key(accounts, alice)
    )
    assert r.status_code == 422
    assert r.json()["code"] == "llm_invalid_input"
    assert provider.requests == []


def test_enriched_findings_show_the_answer_when_read_back(
    app: FastAPI, http: TestClient, team: Team, accounts: Accounts, provider: ProviderServer
) -> None:
    """The write-back is visible where findings are read: the job's findings page, the job
    detail and a triage answer; before enrichment the fields read null."""
    alice = team.person()
    job = completed_job(app, alice)
    ids = finding_ids(alice, job)
    key = api_key(accounts, alice)
    before = http.get(f"/api/v1/jobs/{job}/findings", headers=key).json()["items"]
    assert [(f["explanation"], f["remediation_suggestion"]) for f in before] == [
        (None, None)
    ] * len(ids)
    provider.default = Reply.json(ANSWER)
    r = http.post(f"/api/v1/jobs/{job}/enrich", json={"finding_ids": ids}, headers=key)
    assert r.status_code == 200 and r.json()["enriched_count"] == len(ids), r.text
    page = http.get(f"/api/v1/jobs/{job}/findings", headers=key)
    assert page.status_code == 200, page.text
    by_id = {f["id"]: f for f in page.json()["items"]}
    assert by_id[ids[0]]["explanation"] == ANSWER["explanation"]
    assert by_id[ids[0]]["remediation_suggestion"] == ANSWER["remediation_suggestion"]
    detail = http.get(f"/api/v1/jobs/{job}", headers=key).json()
    detailed = {f["id"]: f for f in detail["findings"]}
    assert detailed[ids[0]]["remediation_suggestion"] == ANSWER["remediation_suggestion"]
    patched = http.patch(
        f"/api/v1/findings/{ids[0]}",
        json={"state": "risk_accepted", "justification": "internal tool"},
        headers=key,
    )
    assert patched.status_code == 200, patched.text
    assert patched.json()["explanation"] == ANSWER["explanation"]
