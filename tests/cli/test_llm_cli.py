"""``stockade generate-fix`` and ``stockade sast --fix`` against a real server (uvicorn on
127.0.0.1) whose LLM provider is the loopback provider server; and their exit codes."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import uvicorn
from fastapi import FastAPI
from fastapi.testclient import TestClient

from llm_app import SQLI, SQLI_FIXED, llm_app, llm_section
from llm_provider_server import ProviderServer, Reply
from server_fixtures import Accounts
from stockade.cli.app import main
from stockade.quota.ledger import Scope, spend

FIXED = {"fixed_code": "", "explanation": "Bind the name as a parameter.", "confidence": 0.9}


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
    app: FastAPI
    provider: ProviderServer
    user_id: str


@pytest.fixture
def live(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Live]:
    """A running server with an LLM provider, and ``STOCKADE_API_KEY`` set for a user."""
    with ProviderServer() as provider:
        app = llm_app(tmp_path, f"sqlite:///{tmp_path / 'stockade.db'}", llm_section(provider))
        accounts = Accounts(app)
        client = TestClient(app)  # not entered: the lifespan (and its LLM client) is uvicorn's
        account = accounts.signed_in(client)
        monkeypatch.setenv("STOCKADE_API_KEY", accounts.api_key(client, account))
        port = _free_port()
        config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error")
        server = uvicorn.Server(config)
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        while not server.started:
            time.sleep(0.02)
        try:
            yield Live(f"http://127.0.0.1:{port}", app, provider, str(account.user["id"]))
        finally:
            server.should_exit = True
            thread.join()
            app.state.ctx.db.dispose()


BAD = 'cur.execute("SELECT * FROM users WHERE name = \'" + name + "\'")'
GOOD = 'cur.execute("SELECT * FROM users WHERE name = ?", (name,))'


def window_fix(window: str) -> str:
    """What a model would answer for the window the CLI sends."""
    assert BAD in window
    return window.replace(BAD, GOOD)


def test_generate_fix_shows_a_verified_diff_of_the_window_around_the_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, live: Live
) -> None:
    source = "# header\n" * 30 + SQLI
    path = tmp_path / "users.py"
    path.write_text(source)
    line = source.splitlines().index(SQLI.splitlines()[6]) + 1
    window = "".join(source.splitlines(keepends=True)[line - 1 - 3 : line + 3])
    live.provider.script(Reply.json({**FIXED, "fixed_code": window_fix(window)}))
    code, out, err = run(
        capsys,
        "generate-fix",
        "--vulnerability",
        "python.sql-injection",
        "--code",
        str(path),
        "--line",
        str(line),
        "--context-lines",
        "3",
        "--server",
        live.url,
    )
    assert code == 0, err
    assert f"@@ -{line - 3}," in out  # hunks carry the file's own line numbers
    assert '-    cur.execute("SELECT * FROM users WHERE name = \'" + name + "\'")' in out
    assert '+    cur.execute("SELECT * FROM users WHERE name = ?", (name,))' in out
    assert "verified by Stockade's analyzers" in out
    sent = "".join(m["content"] for m in live.provider.requests[0].json["messages"])
    assert "# header" not in sent.split('"vulnerable_code"', 1)[1].split("<<<END", 1)[0]
    assert path.read_text() == source  # nothing written without --apply


def test_sast_fix_apply_yes_rewrites_the_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, live: Live
) -> None:
    project = tmp_path / "project"
    project.mkdir()
    (project / "app.py").write_text(SQLI)
    live.provider.default = Reply.json({**FIXED, "fixed_code": SQLI_FIXED})
    code, out, err = run(
        capsys, "sast", str(project), "--fix", "--apply", "--yes", "--server", live.url
    )
    assert code == 1, err  # findings were reported
    assert "python.sql-injection" in out
    assert "+    cur.execute(" in out
    assert (project / "app.py").read_text() == SQLI_FIXED
    code, out, err = run(capsys, "sast", str(project), "--offline")
    assert code == 0, out + err  # the fix holds: SAST finds nothing now


def test_generate_fix_over_the_server_quota_exits_4(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, live: Live
) -> None:
    with live.app.state.ctx.db.session() as session:  # the month's Free allowance, used up
        spend(session, Scope(None, live.user_id), 48, cost_class="analysis")
    path = tmp_path / "app.py"
    path.write_text(SQLI)
    code, _, err = run(
        capsys, "generate-fix", "--vulnerability", "x", "--code", str(path), "--line", "7",
        "--server", live.url,
    )  # fmt: skip
    assert code == 4
    assert "quota" in err
    assert live.provider.requests == []


def test_offline_unauthenticated_and_unreachable_exit_codes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "app.py"
    path.write_text(SQLI)
    args = ["generate-fix", "--vulnerability", "x", "--code", str(path), "--line", "7"]
    monkeypatch.delenv("STOCKADE_API_KEY", raising=False)
    code, _, err = run(capsys, *args)
    assert code == 5 and "stockade auth login" in err
    code, _, err = run(capsys, "sast", str(tmp_path), "--fix")
    assert code == 5 and "STOCKADE_API_KEY" in err
    monkeypatch.setenv("STOCKADE_API_KEY", "stk_" + "x" * 40)
    code, _, err = run(capsys, *args, "--offline")
    assert code == 3 and "without --offline" in err
    code, _, err = run(capsys, *args, "--server", f"http://127.0.0.1:{_free_port()}")
    assert code == 3 and "cannot reach the server" in err
    code, _, err = run(capsys, *args[:-1], "999")
    assert code == 2 and "outside it" in err
