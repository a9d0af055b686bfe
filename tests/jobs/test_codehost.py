"""The GitHub integration end to end: real jobs on a real server publish to a loopback HTTPS
server that speaks GitHub's REST API shapes (``tests/github_server.py``), on SQLite and
PostgreSQL.

Covered: commit status, check run with annotations, review comments only on the pull
request's added lines, SARIF 2.1.0 (gzip + base64) to code scanning, issues for high and
critical findings; no duplicates on re-runs (by our table, and by the hidden marker when the
table forgot); a GitHub App on an Enterprise server (JWT verified with the public key,
installation token exchanged once and cached); a 500 retried; retries that give up visibly;
settings that never return the credentials, refuse unsafe URLs, are audited and hidden
from other organizations; the client's pagination, rate-limit handling and SSRF refusal.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sarif_kit.validate import validation_errors
from sqlalchemy import delete, select

from github_server import Failure, GitHubServer, serve_github
from job_project import project_files
from org_fixtures import Org, Person, Team
from server_fixtures import FAST_PASSWORDS, Accounts, make_settings
from stockade.config import resolve_encryption_keys
from stockade.jobs.codehost import github
from stockade.jobs.codehost.diff import added_lines
from stockade.jobs.codehost.errors import PublishError, RateLimitedError
from stockade.jobs.codehost.interface import Annotation, CheckRun
from stockade.server import create_app
from stockade.store import sealing
from stockade.store.codehost_models import CodeHostSettings, PublishedItem
from stockade.store.crypto import SecretBox

REPO = "acme/shop"
COMMIT = "c0ffee" + "0123456789abcdef" * 2 + "42"
PR = 7
# The pull request adds lines 7-9 of app.py (the SQL injection is on line 9); settings.py,
# with the AWS key on line 1, is not part of it.
APP_PATCH = (
    "@@ -4,4 +4,6 @@\n"
    " \n"
    " @app.route('/user')\n"
    " def user():\n"
    "+    name = request.args.get('name')\n"
    "+    db = sqlite3.connect('app.db')\n"
    "-    return 'hello'\n"
    "+    return str(db.execute(...))\n"
)
PR_FILES = [
    {"filename": "README.md", "status": "modified", "patch": "@@ -1 +1,2 @@\n # Shop\n+More.\n"},
    {"filename": "app.py", "status": "modified", "patch": APP_PATCH},
    {"filename": "logo.png", "status": "added"},  # binary: no patch
]


def _token() -> str:
    return "ghp_" + "t0k3n" * 7 + "x"


def _rsa_pair() -> tuple[str, str]:
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    private = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()
    public = (
        key.public_key()
        .public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
        .decode()
    )
    return private, public


def _app(tmp_path: Path, db_url: str, gh: GitHubServer, *, schedule: list[int]) -> FastAPI:
    settings = make_settings(
        tmp_path,
        db_url,
        server={"allow_private_targets": ["127.0.0.1"]},
        code_hosts={"ca_file": str(gh.cert), "retry_schedule_seconds": schedule},
        jobs={"max_concurrent": 1},
    )
    app = create_app(settings)
    app.state.ctx.passwords = FAST_PASSWORDS
    return app


@pytest.fixture
def token_github(tmp_path: Path) -> Iterator[GitHubServer]:
    with serve_github(tmp_path / "gh", token=_token()) as gh:
        gh.files[(REPO, PR)] = [dict(f) for f in PR_FILES]
        yield gh


@pytest.fixture
def running(
    tmp_path: Path, db_url: str, token_github: GitHubServer
) -> Iterator[tuple[FastAPI, Team]]:
    app = _app(tmp_path, db_url, token_github, schedule=[0, 0, 0])
    with TestClient(app):  # the lifespan runs the job runner and the publisher
        yield app, Team(app, Accounts(app))
    app.state.ctx.db.dispose()


def _configure(org: Org, gh: GitHubServer, **body: Any) -> dict[str, Any]:
    # The loopback GitHub accepts check runs from a token (github.com takes them from Apps).
    payload = {
        "api_url": gh.url,
        "auth": {"type": "token", "token": _token()},
        "check_run": True,
        **body,
    }
    r = org.owner.put(f"{org.url}/integrations/github", json=payload)
    assert r.status_code == 200, r.text
    return dict(r.json())


def _submit(person: Person, org: Org, **code_host: Any) -> str:
    body = {
        "source": {"type": "files", "files": project_files()[:2]},
        "modules": ["sast", "secrets"],
        "organization_id": org.id,
        "project": {"name": "shop", "source": "github"},
        "code_host": {"repo": REPO, "commit": COMMIT, **code_host},
    }
    r = person.post("/api/v1/analyze/job", json=body)
    assert r.status_code == 202, r.text
    return str(r.json()["job_id"])


def _publication(org: Org, job: str, states: set[str], timeout: float = 90) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    item: dict[str, Any] = {}
    while time.monotonic() < deadline:
        r = org.owner.get(f"{org.url}/integrations/github/publications")
        assert r.status_code == 200, r.text
        found = [p for p in r.json()["items"] if p["job_id"] == job]
        if found and found[0]["status"] in states:
            return dict(found[0])
        item = found[0] if found else {}
        time.sleep(0.1)
    raise AssertionError(f"publication of {job} never reached {states}: {item}")


def _findings(org: Org, job: str) -> list[dict[str, Any]]:
    return list(org.owner.get(f"/api/v1/jobs/{job}/findings").json()["items"])


def test_a_pull_request_job_publishes_everything_once(
    running: tuple[FastAPI, Team], token_github: GitHubServer
) -> None:
    app, team = running
    gh = token_github
    org = team.full()
    _configure(org, gh, issues={"enabled": True, "min_severity": "high"})
    member = org.members["Member"]
    job = _submit(member, org, pull_request=PR)
    pub = _publication(org, job, {"published", "failed"})
    assert pub["status"] == "published", pub
    assert {k: v["state"] for k, v in pub["steps"].items()} == dict.fromkeys(
        ("commit_status", "check_run", "review_comments", "sarif_upload", "issues"), "done"
    )
    findings = _findings(org, job)
    by_file = {(f["file"], f["line"]) for f in findings}
    assert ("app.py", 9) in by_file and ("settings.py", 1) in by_file
    fingerprints = {f["fingerprint"] for f in findings}

    # Commit status: a failure (high and critical findings) with the counts.
    assert len(gh.statuses) == 1
    status = gh.statuses[0]
    assert status["sha"] == COMMIT and status["state"] == "failure"
    assert status["context"] == "stockade" and f"{len(findings)} findings" in status["description"]

    # Check run: the same verdict, one annotation per finding, on both files.
    (run,) = gh.check_runs.values()
    assert run["head_sha"] == COMMIT and run["conclusion"] == "failure"
    assert run["status"] == "completed" and "| critical | 1 |" in run["output"]["summary"]
    assert len(run["annotations"]) == len(findings)
    assert {a["path"] for a in run["annotations"]} == {"app.py", "settings.py"}

    # Review comments: only on the lines the pull request adds (not the AWS key's file).
    comments = gh.comments[(REPO, PR)]
    on_changed = [f for f in findings if f["file"] == "app.py" and f["line"] in (7, 8, 9)]
    assert on_changed and len(comments) == len(on_changed)
    assert {(c["path"], c["line"]) for c in comments} == {("app.py", 9)}
    marked = {c["body"].split("stockade:fingerprint=")[1].split(" ")[0] for c in comments}
    assert marked == {f["fingerprint"] for f in on_changed}
    posts = gh.called("POST", f"/repos/{REPO}/pulls/{PR}/comments")
    assert all(p.body["commit_id"] == COMMIT and p.body["side"] == "RIGHT" for p in posts)
    # The three changed files came in two pages (Link: rel="next").
    assert len(gh.called("GET", f"/repos/{REPO}/pulls/{PR}/files")) == 2

    # SARIF: gzip + base64, decoded by the server, valid SARIF 2.1.0 with every finding.
    (upload,) = gh.sarifs
    assert upload["ref"] == f"refs/pull/{PR}/head" and upload["commit_sha"] == COMMIT
    log = upload["log"]
    assert log["version"] == "2.1.0" and validation_errors(log) == []
    results = log["runs"][0]["results"]
    assert {r["fingerprints"]["stockade/v1"] for r in results} == fingerprints

    # Issues: one per high or critical finding, each with its marker.
    severe = [f for f in findings if f["severity"] in ("critical", "high")]
    assert len(gh.issues) == len(severe) >= 2
    assert all("stockade:fingerprint=" in i["body"] for i in gh.issues)
    assert any("settings.py" in i["title"] for i in gh.issues)

    # Every call carried the token and GitHub's headers (the server refuses others).
    assert {c.headers["Authorization"] for c in gh.calls} == {f"Bearer {_token()}"}

    # The same commit again: a new status and check run, but no duplicate comment or issue.
    again = _submit(member, org, pull_request=PR)
    second = _publication(org, again, {"published", "failed"})
    assert second["status"] == "published", second
    assert second["steps"]["review_comments"]["detail"].startswith("0 new")
    assert len(gh.statuses) == 2 and len(gh.check_runs) == 2
    assert len(gh.comments[(REPO, PR)]) == len(on_changed)
    assert len(gh.issues) == len(severe)

    # Our table forgotten (a restored backup, say): the markers in GitHub's comments still
    # prevent duplicates. Issues switched off, leaving the stored token in place.
    with app.state.ctx.db.session() as s:
        s.execute(delete(PublishedItem))
    kept = org.owner.put(
        f"{org.url}/integrations/github", json={"api_url": gh.url, "issues": {"enabled": False}}
    )
    assert kept.status_code == 200, kept.text
    third = _publication(org, _submit(member, org, pull_request=PR), {"published", "failed"})
    assert third["status"] == "published", third
    assert third["steps"]["issues"]["state"] == "skipped"
    assert len(gh.comments[(REPO, PR)]) == len(on_changed)
    assert len(gh.issues) == len(severe)


def test_github_app_on_enterprise_retries_and_gives_up_visibly(tmp_path: Path, db_url: str) -> None:
    private, public = _rsa_pair()
    with serve_github(
        tmp_path / "gh", prefix="/api/v3", app_id="4242", installation_id="77", public_key=public
    ) as gh:
        assert gh.url.endswith("/api/v3")
        gh.fail["POST /repos/acme/shop/statuses"] = Failure(500)
        app = _app(tmp_path, db_url, gh, schedule=[0, 0, 0])
        with TestClient(app):
            team = Team(app, Accounts(app))
            org = team.organization()
            auth = {"type": "app", "app_id": 4242, "installation_id": 77, "private_key": private}
            r = org.owner.put(
                f"{org.url}/integrations/github",
                json={"api_url": gh.url, "auth": auth, "review_comments": False},
            )
            assert r.status_code == 200, r.text
            assert r.json()["auth"] == {"type": "app", "app_id": "4242", "installation_id": "77"}
            assert "PRIVATE KEY" not in r.text

            job = _submit(org.owner, org, ref="main")
            pub = _publication(org, job, {"published", "failed"})
            # The 500 on the status was retried; the other steps were not repeated.
            assert pub["status"] == "published" and pub["attempts"] == 2, pub
            assert len(gh.called("POST", "/repos/acme/shop/statuses")) == 2
            assert len(gh.statuses) == 1 and len(gh.check_runs) == 1 and len(gh.sarifs) == 1
            assert gh.sarifs[0]["ref"] == "refs/heads/main"
            assert pub["steps"]["review_comments"]["state"] == "skipped"
            # One JWT exchange; every API call used the installation token it returned.
            assert len(gh.called("POST", "/app/installations/77/access_tokens")) == 1
            (token,) = gh.issued_tokens
            api_calls = [c for c in gh.calls if not c.path.startswith("/app/")]
            assert {c.headers["Authorization"] for c in api_calls} == {f"Bearer {token}"}

            # A GitHub that keeps failing: attempts run out, the publication is failed with
            # the error, visible in the list.
            gh.fail["POST /repos/acme/shop/check-runs"] = Failure(502, times=100)
            failing = _submit(org.owner, org, ref="refs/heads/main")
            gave_up = _publication(org, failing, {"failed", "published"})
            assert gave_up["status"] == "failed" and gave_up["attempts"] == 4, gave_up
            assert gave_up["steps"]["check_run"]["state"] == "failed"
            assert "502" in gave_up["last_error"] and gave_up["next_attempt_at"] is None
            assert gave_up["steps"]["commit_status"]["state"] == "done"
            assert len(gh.called("POST", "/repos/acme/shop/statuses")) == 3  # once more only
        app.state.ctx.db.dispose()


@pytest.fixture
def quiet(tmp_path: Path, db_url: str) -> Iterator[tuple[FastAPI, Team]]:
    """The server without its background threads: settings only."""
    settings = make_settings(tmp_path, db_url, server={"allow_private_targets": ["127.0.0.1"]})
    app = create_app(settings, run_jobs=False)
    app.state.ctx.passwords = FAST_PASSWORDS
    yield app, Team(app, Accounts(app))
    app.state.ctx.db.dispose()


def test_settings_hide_credentials_refuse_unsafe_urls_and_other_organizations(
    quiet: tuple[FastAPI, Team],
) -> None:
    app, team = quiet
    org = team.full()
    url = f"{org.url}/integrations/github"
    token = _token()
    assert org.owner.get(url).json()["code"] == "integration_not_configured"
    body = {"api_url": "https://127.0.0.1:8443/api/v3", "auth": {"type": "token", "token": token}}
    r = org.owner.put(url, json=body)
    assert r.status_code == 200 and token not in r.text, r.text
    assert r.json()["auth"] == {"type": "token", "app_id": None, "installation_id": None}
    assert r.json()["check_run"] is False  # GitHub takes check runs from Apps only
    # Without auth, the stored token stays (only the options change).
    r = org.owner.put(url, json={"api_url": body["api_url"], "check_run": True})
    assert r.status_code == 200 and r.json()["check_run"] is True, r.text
    # Members may look, never at the token; Viewers may not look; only Owner/Admin change.
    for role in ("Owner", "Admin", "Member"):
        got = org.as_role(role).get(url)
        assert got.status_code == 200 and token not in got.text
        assert got.json()["api_url"] == "https://127.0.0.1:8443/api/v3"
    assert org.as_role("Viewer").get(url).json()["code"] == "insufficient_role"
    assert org.members["Member"].put(url, json=body).json()["code"] == "insufficient_role"
    # Sealed at rest: the token is not in the row; a key rotation re-seals it.
    fresh = "n" * 44
    with app.state.ctx.db.session() as s:
        row = s.scalars(select(CodeHostSettings)).one()
        assert token.encode() not in row.credentials
        keys = resolve_encryption_keys(app.state.ctx.settings)
        assert sealing.rotate(s, SecretBox([fresh, *keys])) >= 1
    with app.state.ctx.db.session() as s:
        sealed = s.scalars(select(CodeHostSettings.credentials)).one()
        assert token in SecretBox([fresh]).open(sealed).decode()
    # Refused: http, credentials in the URL, a private address not allowed, a bad App key.
    refusals = {
        "http://127.0.0.1:8443/api/v3": "github_api_url_refused",
        "https://user:pw@127.0.0.1/api/v3": "github_api_url_refused",
        "https://10.0.0.7/api/v3": "github_api_url_refused",
        "https://[::1/api/v3": "github_api_url_refused",
    }
    for api_url, code in refusals.items():
        r = org.owner.put(url, json={**body, "api_url": api_url})
        assert (r.status_code, r.json()["code"]) == (422, code), (api_url, r.text)
    bad_key = {"type": "app", "app_id": 1, "installation_id": 2, "private_key": "not a key"}
    r = org.owner.put(url, json={"api_url": body["api_url"], "auth": bad_key})
    assert (r.status_code, r.json()["code"]) == (422, "invalid_private_key")
    # Another organization's Owner sees nothing and changes nothing.
    other = team.organization("Other")
    assert other.owner.get(url).json()["code"] == "organization_not_found"
    assert other.owner.put(url, json=body).json()["code"] == "organization_not_found"
    assert other.owner.delete(url).json()["code"] == "organization_not_found"
    assert other.owner.get(f"{url}/publications").status_code == 404
    # Audited, without the credential.
    log = org.owner.get(f"{org.url}/audit-log", params={"action": "integration.github."}).json()
    actions = [(e["action"], e["outcome"]) for e in log["items"]]
    assert actions.count(("integration.github.update", "success")) == 2, actions
    assert ("integration.github.update", "denied") in actions
    assert token not in str(log)
    # A personal job cannot publish (the integration is an organization's).
    personal = {
        "source": {"type": "files", "files": project_files()[:1]},
        "code_host": {"repo": REPO, "commit": COMMIT},
    }
    r = org.owner.post("/api/v1/analyze/job", json=personal)
    assert (r.status_code, r.json()["code"]) == (422, "code_host_requires_organization")
    bad_target = {**personal, "organization_id": org.id, "code_host": {"repo": "x", "commit": "1"}}
    assert org.owner.post("/api/v1/analyze/job", json=bad_target).status_code == 422
    # Deleted: gone, and audited.
    assert org.owner.delete(url).status_code == 204
    assert org.owner.get(url).status_code == 404
    log = org.owner.get(f"{org.url}/audit-log", params={"action": "integration.github."}).json()
    assert "integration.github.delete" in [e["action"] for e in log["items"]]


def test_the_client_pages_waits_out_rate_limits_and_refuses_internal_targets(
    tmp_path: Path,
) -> None:
    with serve_github(tmp_path / "gh", token=_token(), page_size=1) as gh:
        gh.files[(REPO, PR)] = [dict(f) for f in PR_FILES]
        slept: list[float] = []
        host = github.connect(
            gh.url,
            github.TokenAuth(_token()),
            allow=["127.0.0.1"],
            ca_file=gh.cert,
            sleep=slept.append,
        )
        # Three pages of one file each, followed through Link headers.
        assert host.changed_lines(REPO, PR) == {"README.md": {2}, "app.py": {7, 8, 9}}
        assert len(gh.called("GET", f"/repos/{REPO}/pulls/{PR}/files")) == 3
        # A primary rate limit with a reset one second away is waited out, then retried.
        reset = str(int(time.time()) + 1)
        limited = {"X-RateLimit-Remaining": "0", "X-RateLimit-Reset": reset}
        gh.fail["POST /repos/acme/shop/statuses"] = Failure(403, limited)
        host.set_commit_status(REPO, COMMIT, "success", "ok", "stockade")
        assert len(slept) == 1 and 0 < slept[0] <= 3 and len(gh.statuses) == 1
        # A long Retry-After becomes a retry of the publication at that time.
        gh.fail["POST /repos/acme/shop/issues"] = Failure(429, {"Retry-After": "3600"})
        with pytest.raises(RateLimitedError) as waited:
            host.create_issue(REPO, "t", "b", [])
        assert waited.value.retry_at.timestamp() > time.time() + 3000
        # A 403 that is not a rate limit is a plain failure, not a wait.
        gh.fail["POST /repos/acme/shop/issues"] = Failure(403)
        with pytest.raises(PublishError) as refused:
            host.create_issue(REPO, "t", "b", [])
        assert refused.value.status == 403 and len(slept) == 1
        # 120 annotations: created with 50, then two updates (GitHub's limit per request).
        notes = [Annotation("app.py", i, i, "warning", "t", "m") for i in range(1, 121)]
        run_id = host.create_check_run(REPO, COMMIT, CheckRun("S", "success", "t", "s", notes))
        assert len(gh.check_runs[int(run_id)]["annotations"]) == 120
        assert len(gh.called("PATCH", f"/repos/{REPO}/check-runs/{run_id}")) == 2
        # A wrong token is refused (401), not retried.
        wrong = github.connect(
            gh.url, github.TokenAuth("ghp_wrong"), allow=["127.0.0.1"], ca_file=gh.cert
        )
        with pytest.raises(PublishError) as denied:
            wrong.set_commit_status(REPO, COMMIT, "success", "ok", "stockade")
        assert denied.value.status == 401
        wrong.close()
        host.close()
        # Loopback without the operator's allowance is refused before any connection.
        calls = len(gh.calls)
        with pytest.raises(PublishError) as ssrf:
            github.connect(gh.url, github.TokenAuth(_token()), ca_file=gh.cert)
        assert ssrf.value.code == "github_target_refused" and len(gh.calls) == calls


def test_added_lines_of_a_unified_diff_patch() -> None:
    patch = (
        "@@ -1,3 +1,4 @@\n a\n-b\n+B\n+C\n c\n"
        "@@ -10,2 +11,3 @@\n x\n+y\n z\n\\ No newline at end of file\n"
    )
    assert added_lines(patch) == {2, 3, 12}
    assert added_lines("@@ -0,0 +1 @@\n+only\n") == {1}
    assert added_lines("@@ -1,2 +0,0 @@\n-gone\n-too\n") == set()
