from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator, Mapping
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from stockade import __version__
from stockade.cli.app import main
from stockade.cli.credentials import credentials_path
from stockade.cli.errors import QuotaExceededError
from stockade.cli.quota import LocalQuota
from stockade.core import apikey

Tree = Callable[[Mapping[str, str | bytes]], Path]
pytestmark = pytest.mark.usefixtures("demo_analyzer")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_version_is_name_and_semver(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "--version") == (0, f"stockade {__version__}\n", "")


def test_version_through_the_installed_script() -> None:
    exe = Path(sys.executable).with_name("stockade")
    out = subprocess.run([str(exe), "--version"], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == f"stockade {__version__}"


def test_exit_codes_follow_severity_threshold(
    capsys: pytest.CaptureFixture[str], write_tree: Tree
) -> None:
    root = write_tree({"a.txt": "NOTICE\n"})
    code, out, _ = run(capsys, "analyze", str(root), "--format", "json")
    assert code == 1 and json.loads(out)["findings"][0]["rule_id"] == "demo.notice"
    code, out, _ = run(capsys, "analyze", str(root), "--format", "json", "--severity", "high")
    assert code == 0 and json.loads(out)["findings"] == []
    (root / "a.txt").write_text("clean")
    assert run(capsys, "analyze", str(root))[0] == 0


def test_output_file_and_sarif(
    capsys: pytest.CaptureFixture[str], write_tree: Tree, tmp_path: Path
) -> None:
    root = write_tree({"a.txt": "DANGER\n"})
    out_file = tmp_path / "out" / "r.sarif"
    code, out, _ = run(capsys, "analyze", str(root), "--format", "sarif", "--output", str(out_file))
    assert code == 1 and out == ""
    assert json.loads(out_file.read_text())["runs"][0]["results"][0]["ruleId"] == "demo.danger"


def test_skip_flags_select_modules(capsys: pytest.CaptureFixture[str], write_tree: Tree) -> None:
    root = write_tree({"a.txt": "DANGER\n"})
    code, out, _ = run(
        capsys,
        "analyze",
        str(root),
        "--format",
        "json",
        "--skip-sast",
        "--skip-secrets",
        "--skip-api",
    )
    assert code == 1 and "demo" in json.loads(out)["summary"]["modules_run"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["analyze", "/definitely/not/here"], "path does not exist"),
        (["analyze", ".", "--format", "xml"], "unknown format 'xml'"),
        (["analyze", ".", "--severity", "severe"], "unknown severity 'severe'"),
        (["analyze", ".", "--bogus"], "No such option: --bogus"),
        (["analyze", ".", "--all-modules", "--offline"], "drop --offline"),
    ],
)
def test_usage_errors_are_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_corrupt_baseline_is_exit_2(
    capsys: pytest.CaptureFixture[str], write_tree: Tree, tmp_path: Path
) -> None:
    root = write_tree({"a.txt": "DANGER"})
    bad = tmp_path / "b.json"
    bad.write_text("{oops")
    code, _, err = run(capsys, "analyze", str(root), "--baseline", str(bad))
    assert code == 2 and "not valid JSON" in err


def test_save_then_use_baseline(
    capsys: pytest.CaptureFixture[str], write_tree: Tree, tmp_path: Path
) -> None:
    root = write_tree({"a.txt": "DANGER\n"})
    base = tmp_path / "baseline.json"
    assert run(capsys, "analyze", str(root), "--save-baseline", str(base))[0] == 1
    assert run(capsys, "analyze", str(root), "--baseline", str(base))[0] == 0
    (root / "a.txt").write_text("DANGER\nDANGER again\n")
    code, out, _ = run(capsys, "analyze", str(root), "--baseline", str(base), "--format", "json")
    assert code == 1 and [f["code"] for f in json.loads(out)["findings"]] == ["DANGER again"]


def test_symlink_loop_and_errors_do_not_crash(
    capsys: pytest.CaptureFixture[str], write_tree: Tree
) -> None:
    root = write_tree({"a.txt": "CRASH", "b.txt": "NOTICE"})
    (root / "loop").symlink_to(root, target_is_directory=True)
    code, _, err = run(capsys, "analyze", str(root), "-v")
    assert code == 1
    assert "crashed on purpose" in err and "loop" in err


def test_no_progress_bar_when_piped(capsys: pytest.CaptureFixture[str], write_tree: Tree) -> None:
    root = write_tree({"a.txt": "x"})
    _, _, err = run(capsys, "analyze", str(root))
    assert err == ""


def test_local_quota_anonymous_limit(capsys: pytest.CaptureFixture[str], write_tree: Tree) -> None:
    root = write_tree({"a.txt": "x"})
    for _ in range(10):
        assert run(capsys, "analyze", str(root))[0] == 0
    code, _, err = run(capsys, "analyze", str(root))
    assert code == 4 and "local quota exceeded: 10/10" in err
    code, out, _ = run(capsys, "quota")
    assert code == 0 and "10/10 used today" in out


def test_local_quota_with_api_key_and_midnight_reset(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    quota = LocalQuota(tmp_path / "q.json")
    day1 = datetime(2026, 1, 1, 23, 59, tzinfo=UTC)
    for _ in range(40):
        quota.consume(40, now=day1)
    with pytest.raises(QuotaExceededError):
        quota.consume(40, now=day1)
    status = quota.consume(40, now=datetime(2026, 1, 2, 0, 0, 1, tzinfo=UTC))
    assert status.used == 1 and status.resets_at == datetime(2026, 1, 3, tzinfo=UTC)


def test_api_key_raises_the_cli_limit(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("STOCKADE_API_KEY", apikey.generate())
    code, out, _ = run(capsys, "quota")
    assert code == 0 and "0/40" in out and "with API key" in out


def test_all_modules_needs_authentication(
    capsys: pytest.CaptureFixture[str], write_tree: Tree
) -> None:
    code, _, err = run(capsys, "analyze", str(write_tree({"a.txt": ""})), "--all-modules")
    assert code == 5 and "stockade auth login" in err


class _MeHandler(BaseHTTPRequestHandler):
    valid_key = ""

    def do_GET(self) -> None:
        if self.path == "/api/v1/auth/me" and self.headers.get("X-API-Key") == self.valid_key:
            body, status = {"id": "u1", "email": "dev@example.test"}, 200
        else:
            body, status = (
                {"title": "Unauthorized", "status": 401, "detail": "invalid API key"},
                401,
            )
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def fake_server() -> Iterator[tuple[str, str]]:
    key = apikey.generate()
    _MeHandler.valid_key = key
    server = ThreadingHTTPServer(("127.0.0.1", 0), _MeHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", key
    server.shutdown()
    server.server_close()


def test_auth_login_verifies_and_stores_0600(
    capsys: pytest.CaptureFixture[str], fake_server: tuple[str, str]
) -> None:
    url, key = fake_server
    code, _, err = run(capsys, "auth", "login", "--api-key", key, "--server", url)
    assert code == 0 and "dev@example.test" in err
    path = credentials_path()
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert json.loads(path.read_text())["api_key"] == key
    code, out, _ = run(capsys, "auth", "status")
    assert code == 0 and "authenticated as dev@example.test" in out and key not in out


def test_auth_login_rejects_wrong_and_malformed_keys(
    capsys: pytest.CaptureFixture[str], fake_server: tuple[str, str]
) -> None:
    url, _ = fake_server
    code, _, err = run(capsys, "auth", "login", "--api-key", apikey.generate(), "--server", url)
    assert code == 5 and "invalid API key" in err and not credentials_path().exists()
    code, _, err = run(capsys, "auth", "login", "--api-key", "stk_nope", "--server", url)
    assert code == 5 and "not a valid Stockade API key" in err


def test_env_key_overrides_and_status_unauthenticated(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run(capsys, "auth", "status")[0] == 5
    monkeypatch.setenv("STOCKADE_API_KEY", apikey.generate())
    monkeypatch.setenv("STOCKADE_SERVER_URL", "http://127.0.0.1:9")
    code, out, _ = run(capsys, "auth", "status")
    assert code == 0 and "from environment" in out and "not reachable" in out


def test_quota_sync_offline_is_network_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("STOCKADE_API_KEY", apikey.generate())
    code, _, err = run(capsys, "quota", "sync", "--server", "http://127.0.0.1:9")
    assert code == 3 and "cannot reach the server" in err
