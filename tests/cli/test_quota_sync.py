"""``stockade quota sync`` and ``stockade quota`` against a real server (uvicorn on
127.0.0.1), and ``stockade deps`` refusing locally (exit 4) while the synced token pool
cannot pay for an analysis. The user directories are the private XDG ones of
tests/conftest.py, never the real ``~/.local/state``."""

from __future__ import annotations

import json
import os
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
import uvicorn
from fastapi.testclient import TestClient

from osv_data import OSV
from server_fixtures import FAST_PASSWORDS, Accounts, make_settings
from stockade.analyzers.deps.advisories.local import LocalStore
from stockade.cli.app import main
from stockade.cli.errors import CliError, QuotaExceededError
from stockade.cli.quota import LocalQuota
from stockade.server.app import create_app

FILES = {"type": "files", "files": [{"path": "a.py", "content": "x = 1\n"}]}


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Live:
    url: str
    key: str  # the user's API key
    user_id: str

    def submit(self, n: int, organization_id: str | None = None) -> None:
        """``n`` analysis jobs (3 tokens each) through the API; the runner is off, so each
        keeps its reservation."""
        body: dict[str, object] = {"source": FILES}
        if organization_id:
            body["organization_id"] = organization_id
        with httpx.Client(base_url=self.url, headers={"X-API-Key": self.key}) as http:
            for _ in range(n):
                r = http.post("/api/v1/analyze/job", json=body)
                assert r.status_code == 202, r.text

    def quota(self) -> dict[str, object]:
        r = httpx.get(f"{self.url}/api/v1/quota", headers={"X-API-Key": self.key})
        assert r.status_code == 200, r.text
        data: dict[str, object] = r.json()
        return data


@pytest.fixture
def live(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Live]:
    """A server (runner off) whose advisory store holds only crates.io advisories (the
    smallest set: a Python project checks clean), and a user with an API key."""
    store = LocalStore(tmp_path / "adv.sqlite")
    store.import_export(OSV / "crates.io" / "all.zip")
    store.close()
    monkeypatch.setenv("STOCKADE_ADVISORY_DB", str(tmp_path / "adv.sqlite"))
    app = create_app(
        make_settings(tmp_path, f"sqlite:///{tmp_path / 'stockade.db'}"), run_jobs=False
    )
    app.state.ctx.passwords = FAST_PASSWORDS
    with TestClient(app) as client:
        accounts = Accounts(app)
        account = accounts.signed_in(client)
        key = accounts.api_key(client, account)
    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    try:
        yield Live(f"http://127.0.0.1:{port}", key, str(account.user["id"]))
    finally:
        server.should_exit = True
        thread.join()
        app.state.ctx.db.dispose()


def state_file() -> Path:
    """Where the CLI keeps its counter: under the private ``XDG_STATE_HOME``."""
    return Path(os.environ["XDG_STATE_HOME"]) / "stockade" / "quota.json"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    root.mkdir()
    (root / "requirements.txt").write_text("six==1.16.0\n")
    return root


def test_sync_adopts_the_server_view_and_quota_shows_it_next_to_the_local_count(
    live: Live, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("STOCKADE_API_KEY", live.key)
    code, out, _ = run(capsys, "quota", "--server", live.url)
    assert code == 0 and "0/40 used today" in out
    assert "server tokens: not synced" in out

    live.submit(2)
    code, out, err = run(capsys, "quota", "sync", "--server", live.url)
    assert code == 0, err
    assert f"server tokens (Free at {live.url}): 6/48 used, 42 remaining" in out

    stored = json.loads(state_file().read_text())
    assert stored["server"] == live.quota()  # the server's answer, as it gave it
    assert stored["server_url"] == live.url
    assert oct(state_file().stat().st_mode & 0o777) == "0o600"

    code, out, _ = run(capsys, "quota", "--server", live.url)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("local quota (with API key): 0/40 used today")
    assert "server tokens (Free at" in lines[2] and "6/48 used, 42 remaining" in lines[2]
    # A sync replaces the view rather than adding to it.
    live.submit(1)
    assert run(capsys, "quota", "sync", "--server", live.url)[0] == 0
    assert json.loads(state_file().read_text())["server"]["tokens_used"] == 9


def test_deps_refuses_locally_once_the_synced_pool_cannot_pay_an_analysis(
    live: Live,
    project: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("STOCKADE_API_KEY", live.key)
    live.submit(15)  # 45 of 48: exactly one analysis (3 tokens) left
    assert run(capsys, "quota", "sync", "--server", live.url)[0] == 0
    code, _, err = run(capsys, "deps", str(project), "--server", live.url)
    assert code == 0, err  # 3 left pays for 3: the boundary is allowed
    used = json.loads(state_file().read_text())["used"]
    assert used == 1

    live.submit(1)  # the pool is now empty, but the CLI only knows after a sync
    assert run(capsys, "deps", str(project), "--server", live.url)[0] == 0
    assert run(capsys, "quota", "sync", "--server", live.url)[0] == 0
    code, _, err = run(capsys, "deps", str(project), "--server", live.url)
    assert code == 4
    assert "server token quota exhausted: 0 of 48 tokens left" in err
    assert "an analysis needs 3" in err
    # Refused before anything was taken or sent: the local count did not move.
    assert json.loads(state_file().read_text())["used"] == 2
    code, out, _ = run(capsys, "quota", "--server", live.url)
    assert "48/48 used, 0 remaining" in out


def test_a_view_from_a_past_period_or_another_server_never_refuses(
    live: Live,
    project: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("STOCKADE_API_KEY", live.key)
    live.submit(16)  # all 48 tokens
    assert run(capsys, "quota", "sync", "--server", live.url)[0] == 0
    assert run(capsys, "deps", str(project), "--server", live.url)[0] == 4

    # The same server under another name is another server to the CLI: not refused.
    other = live.url.replace("127.0.0.1", "localhost")
    code, _, err = run(capsys, "deps", str(project), "--server", other)
    assert code == 0, err
    code, out, _ = run(capsys, "quota", "--server", other)
    assert "(not the current server)" in out

    # Last month's exhausted pool (its resets_at has passed) says nothing about this one.
    data = json.loads(state_file().read_text())
    data["server"]["resets_at"] = "2020-02-01T00:00:00Z"
    state_file().write_text(json.dumps(data))
    code, _, err = run(capsys, "deps", str(project), "--server", live.url)
    assert code == 0, err
    code, out, _ = run(capsys, "quota", "--server", live.url)
    assert "is from a past period and is ignored" in out

    # An unreadable view is ignored too, rather than locking the user out.
    data["server"] = {"plan": "Free", "tokens_remaining": "many"}
    state_file().write_text(json.dumps(data))
    assert run(capsys, "deps", str(project), "--server", live.url)[0] == 0


def test_sync_of_an_organization_pool_and_its_refusals(
    live: Live, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("STOCKADE_API_KEY", live.key)
    with httpx.Client(base_url=live.url, headers={"X-API-Key": live.key}) as http:
        r = http.post("/api/v1/organizations", json={"name": "Acme"})
        assert r.status_code == 201, r.text
        org = r.json()["id"]
    live.submit(2, organization_id=org)
    code, out, err = run(capsys, "quota", "sync", "--server", live.url, "--organization", org)
    assert code == 0, err
    assert "6/48 used, 42 remaining" in out
    # The personal allowance is a different pool: untouched by the organization's jobs.
    assert live.quota()["tokens_used"] == 0

    unknown = "00000000-0000-4000-8000-000000000000"
    code, _, err = run(capsys, "quota", "sync", "--server", live.url, "--organization", unknown)
    assert code == 2 and "404" in err
    # A refused sync keeps the previous view.
    assert json.loads(state_file().read_text())["server"]["tokens_used"] == 6


def test_sync_needs_a_key_and_a_reachable_server(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = run(capsys, "quota", "sync", "--server", "http://127.0.0.1:9")
    assert code == 5 and "authentication" in err
    monkeypatch.setenv("STOCKADE_API_KEY", "stk_" + "x" * 40)
    code, _, err = run(capsys, "quota", "sync", "--server", f"http://127.0.0.1:{_free_port()}")
    assert code == 3
    assert not state_file().exists()


def test_the_view_counts_until_the_instant_the_pool_resets(tmp_path: Path) -> None:
    """The refusal's clock, with injected times: up to the last second of the period an
    empty pool refuses; from ``resets_at`` on, the same view is history."""
    quota = LocalQuota(tmp_path / "quota.json")
    url = "http://stockade.example.test"
    answer = {
        "plan": "Pro", "period_start": "2026-01-01T00:00:00Z", "period_end": "2026-02-01T00:00:00Z",
        "tokens_limit": 1000, "tokens_used": 998, "tokens_remaining": 2,
        "resets_at": "2026-02-01T00:00:00Z",
    }  # fmt: skip
    view = quota.record_sync(answer, url + "/")
    assert (view.server_url, view.tokens_remaining) == (url, 2)
    last_second = datetime(2026, 1, 31, 23, 59, 59, tzinfo=UTC)
    with pytest.raises(QuotaExceededError, match="2 of 1000 tokens left"):
        quota.consume(40, now=last_second, server_url=url)
    assert quota.status(40, now=last_second).used == 0  # refused: nothing taken
    # Two tokens pay for a 2-token call, and commands that are not server-backed never ask.
    assert quota.consume(40, now=last_second, server_url=url, tokens=2).used == 1
    assert quota.consume(40, now=last_second).used == 2
    reset = datetime(2026, 2, 1, tzinfo=UTC)
    assert quota.consume(40, now=reset, server_url=url).used == 1  # a new day and period
    with pytest.raises(CliError, match="not a token quota"):
        quota.record_sync({"detail": "nope"}, url)
    assert quota.server() == view  # a bad answer leaves the last good view
