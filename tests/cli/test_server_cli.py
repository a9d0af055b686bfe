"""``stockade server``, ``stockade db upgrade``, ``stockade config show`` and the end-to-end
path of the issue: start the server, register, create an API key, ``auth login`` with it."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from stockade.cli.app import main

PASSWORD = "violet-kettle-42-stairs"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_config_show_redacts_secrets(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    secret = "s" * 20 + "T" * 20
    monkeypatch.setenv("STOCKADE__AUTH__JWT_SECRET", secret)
    monkeypatch.setenv("STOCKADE__SERVER__RATE_LIMIT__COSTS__LLM", "8")
    code, out, _ = run(capsys, "config", "show")
    assert code == 0 and secret not in out
    assert 'auth.jwt_secret = "********"' in out
    assert "server.rate_limit.costs.llm = 8" in out
    assert "server.rate_limit.tiers.api_key.requests_per_minute = 100" in out
    code, out, _ = run(capsys, "config", "show", "--json")
    assert json.loads(out)["auth"]["jwt_secret"] == "********"


def test_bad_configuration_exits_2_naming_the_key(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    cfg = tmp_path / "stockade.toml"
    cfg.write_text("[server]\nport = 'x'\n")
    code, _, err = run(capsys, "config", "show", "--config", str(cfg))
    assert code == 2 and "server.port" in err


def test_db_upgrade_creates_the_embedded_database(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("STOCKADE__DATA_DIR", str(tmp_path / "data"))
    code, out, _ = run(capsys, "db", "upgrade")
    assert code == 0 and "0013_finding_confidence" in out
    assert (tmp_path / "data" / "stockade.db").is_file()
    assert run(capsys, "db", "upgrade")[0] == 0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[str]:
    port = _free_port()
    env = {**os.environ, "STOCKADE__DATA_DIR": str(tmp_path / "data")}
    exe = Path(sys.executable).with_name("stockade")
    proc = subprocess.Popen(
        [str(exe), "server", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                if httpx.get(f"{url}/health", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.1)
        else:
            pytest.fail("server did not start")
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        assert proc.stderr is not None
        proc.stderr.close()


def test_server_end_to_end(
    live_server: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    with httpx.Client(base_url=live_server) as http:
        assert (
            http.post(
                "/api/v1/auth/register", json={"email": "ops@example.com", "password": PASSWORD}
            ).status_code
            == 201
        )
        login = http.post(
            "/api/v1/auth/login", json={"email": "ops@example.com", "password": PASSWORD}
        )
        csrf = login.json()["csrf_token"]
        key = http.post(
            "/api/v1/api-keys", json={"name": "cli"}, headers={"X-CSRF-Token": csrf}
        ).json()["key"]
        assert http.get("/docs").status_code == 200
    assert (tmp_path / "data" / "jwt_secret").is_file()
    code, _, err = run(capsys, "auth", "login", "--api-key", key, "--server", live_server)
    assert code == 0 and "ops@example.com" in err
    code, out, _ = run(capsys, "auth", "status", "--server", live_server)
    assert code == 0 and "authenticated as ops@example.com" in out


def test_server_refuses_a_placeholder_secret(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("STOCKADE__DATA_DIR", str(tmp_path))
    monkeypatch.setenv("STOCKADE__AUTH__JWT_SECRET", "change-me")
    code, _, err = run(capsys, "server", "--port", "1")
    assert code == 2 and "auth.jwt_secret" in err
    assert not (tmp_path / "stockade.db").exists()
