"""Job options ``{"history", "since", "verify"}`` through the whole server: submission checks,
storage on the job, and the runner passing them into the analysis.

History runs on a real repository served by the loopback HTTPS git server (git's own
smart-HTTP backend); verification asks a loopback server that speaks GitHub's ``/user``
identity call. The analysis runs in the runner's child process as in production; only the
verification test starts that child with ``fork``, so that GitHub's base URL, pointed at the
loopback server for that test (as the CLI's verification test does), reaches it.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import subprocess
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.analyzers.secrets.helpers import github_token

from git_https_server import serve_git
from server_fixtures import FAST_PASSWORDS, Accounts, make_settings
from stockade.analyzers.secrets.verify.github import GITHUB
from stockade.jobs import runner
from stockade.server import create_app

GIT_ENV = {
    **os.environ,
    "GIT_CONFIG_GLOBAL": os.devnull,
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_AUTHOR_NAME": "Ada Lovelace",
    "GIT_AUTHOR_EMAIL": "ada@example.test",
    "GIT_COMMITTER_NAME": "Ada Lovelace",
    "GIT_COMMITTER_EMAIL": "ada@example.test",
}


def git(work: Path, *args: str) -> str:
    out = subprocess.run(
        ["git", "-C", str(work), *args], check=True, env=GIT_ENV, capture_output=True, text=True
    )
    return out.stdout.strip()


@dataclass
class History:
    root: Path  # directory of bare repositories
    added: str  # the commit that added the token
    removed: str  # the commit that took it out again
    token: str


@pytest.fixture
def history(tmp_path: Path) -> History:
    """A repository whose token was committed, then replaced by an environment lookup."""
    token = github_token("job-history")
    work = tmp_path / "work"
    git(tmp_path, "init", "-q", "-b", "main", str(work))
    (work / "README.md").write_text("demo\n")
    git(work, "add", "-A")
    git(work, "commit", "-qm", "start")
    (work / "settings.py").write_text(f'GITHUB_TOKEN = "{token}"\n')
    git(work, "add", "-A")
    git(work, "commit", "-qm", "add settings")
    added = git(work, "rev-parse", "HEAD")
    (work / "settings.py").write_text('import os\n\nGITHUB_TOKEN = os.environ["GITHUB_TOKEN"]\n')
    git(work, "commit", "-qam", "read the token from the environment")
    removed = git(work, "rev-parse", "HEAD")
    root = tmp_path / "repos"
    root.mkdir()
    git(tmp_path, "clone", "-q", "--bare", str(work), str(root / "app.git"))
    return History(root, added, removed, token)


def started(tmp_path: Path, db_url: str, cert: Path | None = None) -> FastAPI:
    settings = make_settings(
        tmp_path,
        db_url,
        jobs={"max_concurrent": 1, "timeout_seconds": 120, "lease_seconds": 10},
        server={
            "allow_private_targets": ["127.0.0.1/32"],
            "analysis": {"git_ca_file": str(cert) if cert else None},
        },
    )
    application = create_app(settings)
    application.state.ctx.passwords = FAST_PASSWORDS
    return application


def signed_in(client: TestClient, application: FastAPI) -> dict[str, str]:
    accounts = Accounts(application)
    key = accounts.api_key(client, accounts.signed_in(client))
    client.cookies.clear()
    return {"X-API-Key": key}


def run_job(client: TestClient, headers: dict[str, str], body: dict[str, Any]) -> dict[str, Any]:
    r = client.post("/api/v1/analyze/job", json=body, headers=headers)
    assert r.status_code == 202, r.text
    job_id = r.json()["job_id"]
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        job: dict[str, Any] = client.get(f"/api/v1/jobs/{job_id}", headers=headers).json()
        if job["status"] in ("completed", "failed"):
            return job
        time.sleep(0.1)
    raise AssertionError(f"job {job_id} did not finish")


def github_findings(job: dict[str, Any]) -> list[dict[str, Any]]:
    return [f for f in job["findings"] if f["rule_id"] == "github-pat"]


# -- history ------------------------------------------------------------------------------


def test_history_finds_the_secret_the_tree_no_longer_has(
    tmp_path: Path, db_url: str, history: History
) -> None:
    with serve_git(history.root, tmp_path) as server:
        application = started(tmp_path, db_url, server.cert)
        with TestClient(application) as client:
            headers = signed_in(client, application)
            source = {"type": "git", "url": f"{server.url}/app.git"}
            base = {"source": source, "modules": ["secrets"]}

            plain = run_job(client, headers, base)
            assert plain["status"] == "completed", plain
            assert github_findings(plain) == [] and plain["options"] is None

            full = run_job(client, headers, {**base, "options": {"history": True}})
            assert full["status"] == "completed", full
            assert full["options"] == {"history": True, "since": None, "verify": False}
            (found,) = github_findings(full)
            meta = found["metadata"]
            assert found["file"] == "settings.py"
            assert meta["commit"] == history.added
            assert meta["author"] == "Ada Lovelace" and meta["date"][:4].isdigit()
            assert history.token not in json.dumps(full), "only a redacted preview is kept"
            assert "verification" not in meta

            # Only what HEAD added since the removal: the token came before it.
            since = {"history": True, "since": history.removed}
            later = run_job(client, headers, {**base, "options": since})
            assert later["status"] == "completed", later
            assert github_findings(later) == []

            unknown = {"history": True, "since": "no-such-branch"}
            failed = run_job(client, headers, {**base, "options": unknown})
            assert failed["status"] == "failed"
            assert "options.since" in failed["error"] and "no-such-branch" in failed["error"]
        application.state.ctx.db.dispose()


@pytest.mark.parametrize(
    ("body", "code", "needle"),
    [
        (
            {"source": {"type": "files", "files": [{"path": "a.py", "content": "x = 1\n"}]}},
            "invalid_options",
            "files source has no history",
        ),
        (
            {"source": {"type": "git", "url": "https://127.0.0.1:9/a.git"}, "since": "main"},
            "invalid_options",
            "set history to true",
        ),
        (
            {
                "source": {"type": "git", "url": "https://127.0.0.1:9/a.git"},
                "modules": ["sast"],
            },
            "invalid_options",
            "secrets module",
        ),
        (
            {"source": {"type": "git", "url": "https://127.0.0.1:9/a.git"}, "since": "--output=x"},
            "validation_failed",
            "since",
        ),
        (
            {"source": {"type": "git", "url": "https://127.0.0.1:9/a.git"}, "depth": 3},
            "validation_failed",
            "depth",
        ),
    ],
)
def test_options_that_cannot_apply_are_refused(
    tmp_path: Path, db_url: str, body: dict[str, Any], code: str, needle: str
) -> None:
    body = dict(body)  # the parameter is shared by both databases' runs
    options: dict[str, Any] = {"history": True}
    extra = {k: body.pop(k) for k in ("since", "depth") if k in body}
    if "since" in extra and code == "invalid_options":
        options = {"since": extra["since"]}  # since without history
    else:
        options.update(extra)
    application = started(tmp_path, db_url)
    with TestClient(application) as client:
        headers = signed_in(client, application)
        r = client.post("/api/v1/analyze/job", json={**body, "options": options}, headers=headers)
        assert r.status_code == 422, r.text
        assert r.headers["content-type"].startswith("application/problem+json")
        problem = r.json()
        assert problem["code"] == code, problem
        assert needle in json.dumps(problem), problem
        assert client.get("/api/v1/jobs", headers=headers).json()["items"] == []
    application.state.ctx.db.dispose()


# -- verification -------------------------------------------------------------------------


@dataclass
class IdentityServer:
    """GitHub's ``GET /user``: 200 with the owner for ``live``, 401 otherwise."""

    live: str
    url: str = ""
    seen: list[tuple[str, str, str]] = field(default_factory=list)


def _handler(state: IdentityServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            return

        def do_GET(self) -> None:
            auth = self.headers.get("Authorization", "")
            state.seen.append((self.command, self.path, auth))
            ok = self.path == "/user" and auth in (f"Bearer {state.live}", f"token {state.live}")
            body = b'{"login": "octo"}' if ok else b'{"message": "Bad credentials"}'
            self.send_response(200 if ok else 401)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    return Handler


@pytest.fixture
def github_api() -> Iterator[IdentityServer]:
    state = IdentityServer(live=github_token("job-verify"))
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler(state))
    httpd.daemon_threads = True
    state.url = f"http://127.0.0.1:{httpd.server_address[1]}"
    threading.Thread(target=httpd.serve_forever, args=(0.02,), daemon=True).start()
    yield state
    httpd.shutdown()
    httpd.server_close()


def test_verify_asks_the_provider_only_when_the_job_says_so(
    tmp_path: Path, db_url: str, github_api: IdentityServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(GITHUB, "base_url", github_api.url)
    monkeypatch.setattr(runner, "_context", lambda: multiprocessing.get_context("fork"))
    files = [
        {"path": "app.py", "content": f'GITHUB_TOKEN = "{github_api.live}"\n'},
        # the submitted tree asks for verification itself: that must not count
        {"path": ".stockade.toml", "content": "[secrets]\nverify = true\n"},
    ]
    body = {"source": {"type": "files", "files": files}, "modules": ["secrets"]}
    application = started(tmp_path, db_url)
    with TestClient(application) as client:
        headers = signed_in(client, application)

        quiet = run_job(client, headers, body)
        assert quiet["status"] == "completed", quiet
        (found,) = github_findings(quiet)
        assert "verification" not in found["metadata"]
        assert github_api.seen == [], "no provider is called without the option"

        checked = run_job(client, headers, {**body, "options": {"verify": True}})
        assert checked["status"] == "completed", checked
        (found,) = github_findings(checked)
        assert found["metadata"]["verification"] == "live"
        assert [(m, p) for m, p, _ in github_api.seen] == [("GET", "/user")]
        assert github_api.live not in json.dumps(checked)
    application.state.ctx.db.dispose()
