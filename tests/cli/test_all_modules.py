"""``stockade analyze --all-modules`` when the server's dependency step fails: the local
results are still printed, the dependency error goes to stderr, the exit code is 3."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from fastapi.testclient import TestClient

from job_project import secret_line
from osv_data import OSV
from server_fixtures import Accounts, make_settings
from stockade.analyzers.deps.advisories.local import LocalStore
from stockade.cli.app import main
from stockade.server.app import create_app


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def fresh_server(tmp_path: Path) -> Iterator[tuple[str, str, Path]]:
    """A running server whose advisory store is still empty; yields URL, API key, store."""
    settings = make_settings(tmp_path, f"sqlite:///{tmp_path / 'stockade.db'}")
    app = create_app(settings)
    with TestClient(app) as client:
        accounts = Accounts(app)
        key = accounts.api_key(client, accounts.signed_in(client))
    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}", key, settings.advisory_db_path
    finally:
        server.should_exit = True
        thread.join()
        app.state.ctx.db.dispose()


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    root.mkdir()
    (root / "settings.py").write_text(secret_line())
    (root / "requirements.txt").write_text("Django==3.2.0\n")
    return root


def _analyze(capsys: pytest.CaptureFixture[str], project: Path, url: str) -> tuple[int, dict, str]:
    code, out, err = run(
        capsys, "analyze", str(project), "--all-modules", "--server", url, "--format", "json"
    )
    return code, json.loads(out), err


def test_not_ready_server_prints_local_results_and_exits_3(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    project: Path,
    fresh_server: tuple[str, str, Path],
) -> None:
    url, key, store = fresh_server
    monkeypatch.setenv("STOCKADE_API_KEY", key)
    code, report, err = _analyze(capsys, project, url)
    assert code == 3, err
    assert {f["module"] for f in report["findings"]} == {"secrets"}
    assert "dependency analysis failed" in err and "advisories not ready" in err
    assert any(e["module"] == "dependencies" for e in report["errors"]), report["errors"]

    LocalStore(store).import_export(OSV / "PyPI" / "all.zip")
    code, report, err = _analyze(capsys, project, url)
    assert code == 1, err
    assert {f["module"] for f in report["findings"]} == {"secrets", "dependencies"}
    assert "dependency analysis failed" not in err


def test_unreachable_server_prints_local_results_and_exits_3(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, project: Path
) -> None:
    monkeypatch.setenv("STOCKADE_API_KEY", "stk_" + "x" * 40)
    code, report, err = _analyze(capsys, project, f"http://127.0.0.1:{_free_port()}")
    assert code == 3
    assert [f["module"] for f in report["findings"]] == ["secrets"]
    assert "cannot reach the server" in err
