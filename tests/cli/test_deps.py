"""``stockade deps`` through a real server (uvicorn on 127.0.0.1) and its error paths."""

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
def live_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, str]]:
    """A running server with the PyPI advisories; yields its URL and an API key."""
    store = LocalStore(tmp_path / "adv.sqlite")
    store.import_export(OSV / "PyPI" / "all.zip")
    monkeypatch.setenv("STOCKADE_ADVISORY_DB", str(store.path))
    app = create_app(make_settings(tmp_path, f"sqlite:///{tmp_path / 'stockade.db'}"))
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
        yield f"http://127.0.0.1:{port}", key
    finally:
        server.should_exit = True
        thread.join()
        app.state.ctx.db.dispose()


def test_deps_through_the_server(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    live_server: tuple[str, str],
) -> None:
    url, key = live_server
    project = tmp_path / "project"
    project.mkdir()
    (project / "requirements.txt").write_text("Django==3.2.0\nsix==1.16.0\n")
    monkeypatch.setenv("STOCKADE_API_KEY", key)
    code, out, err = run(capsys, "deps", str(project), "--server", url, "--format", "json")
    assert code == 1, err
    report = json.loads(out)
    ids = {f["metadata"]["advisory_id"] for f in report["findings"]}
    assert "PYSEC-2021-109" in ids
    assert {f["metadata"]["package"] for f in report["findings"]} == {"Django"}
    assert all(f["module"] == "dependencies" for f in report["findings"])
    (project / "requirements.txt").write_text("six==1.16.0\n")
    code, _, _ = run(capsys, "deps", str(project), "--server", url)
    assert code == 0


def test_endpoint_takes_a_package_list_and_needs_a_key(live_server: tuple[str, str]) -> None:
    import httpx

    url, key = live_server
    body = {"packages": [{"ecosystem": "PyPI", "name": "django", "version": "3.2.0"}]}
    r = httpx.post(f"{url}/api/v1/dependencies/analyze", json=body, headers={"X-API-Key": key})
    assert r.status_code == 200
    data = r.json()
    assert data["packages_scanned"] == 1 and len(data["findings"]) == 25
    f = data["findings"][0]
    assert {"ecosystem", "package", "version", "advisory_id", "aliases", "fixed_versions",
            "manifest"} <= set(f["metadata"])  # fmt: skip
    assert f["state"] == "open" and len(f["fingerprint"]) == 64
    assert httpx.post(f"{url}/api/v1/dependencies/analyze", json=body).status_code == 401
    bad = httpx.post(f"{url}/api/v1/dependencies/analyze", json={}, headers={"X-API-Key": key})
    assert bad.status_code == 422


def test_unauthenticated_exits_5(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "requirements.txt").write_text("Django==3.2.0\n")
    code, _, err = run(capsys, "deps", str(tmp_path))
    assert code == 5 and "stockade auth login" in err


def test_offline_exits_3(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "requirements.txt").write_text("Django==3.2.0\n")
    monkeypatch.setenv("STOCKADE_API_KEY", "stk_" + "x" * 40)
    code, _, err = run(
        capsys, "deps", str(tmp_path), "--server", f"http://127.0.0.1:{_free_port()}"
    )
    assert code == 3 and "cannot reach the server" in err
