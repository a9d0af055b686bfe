"""`echo KEY | stockade auth login`: the key comes from the pipe, without getpass's warning.

getpass cannot hide input on a pipe, so it warns (GetPassWarning, "Password input may be
echoed") and scripts that log stderr look broken. The CLI reads the pipe itself instead.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from stockade.cli.credentials import credentials_path
from stockade.core import apikey


class _MeHandler(BaseHTTPRequestHandler):
    """Answers ``/api/v1/auth/me`` for one valid key, 401 otherwise, like the real server."""

    valid_key = ""

    def do_GET(self) -> None:
        ok = self.path == "/api/v1/auth/me" and self.headers.get("X-API-Key") == self.valid_key
        body = {"id": "u1", "email": "pipe@example.test"} if ok else {"status": 401}
        data = json.dumps(body).encode()
        self.send_response(200 if ok else 401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def me_server() -> Iterator[tuple[str, str]]:
    key = apikey.generate()
    _MeHandler.valid_key = key
    server = ThreadingHTTPServer(("127.0.0.1", 0), _MeHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", key
    server.shutdown()
    server.server_close()


def _login_with_stdin(text: str, url: str) -> subprocess.CompletedProcess[str]:
    # A new session has no controlling terminal, so getpass could not fall back to /dev/tty:
    # the only way in is the pipe, as in CI.
    return subprocess.run(
        [sys.executable, "-m", "stockade.cli.app", "auth", "login", "--server", url],
        input=text,
        capture_output=True,
        text=True,
        env=os.environ.copy(),
        start_new_session=True,
        timeout=60,
        check=False,
    )


def test_key_from_a_pipe_is_stored_without_a_warning(me_server: tuple[str, str]) -> None:
    url, key = me_server
    out = _login_with_stdin(f"{key}\n", url)
    assert out.returncode == 0, out.stderr
    assert "pipe@example.test" in out.stderr
    assert "Warning" not in out.stderr and "echo" not in out.stderr
    assert key not in out.stdout + out.stderr
    assert json.loads(credentials_path().read_text())["api_key"] == key


def test_empty_pipe_is_an_authentication_error(me_server: tuple[str, str]) -> None:
    url, _ = me_server
    out = _login_with_stdin("", url)
    assert out.returncode == 5
    assert "no API key on standard input" in out.stderr
    assert not credentials_path().exists()
