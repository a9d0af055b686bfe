"""A real git smart-HTTP server over HTTPS on 127.0.0.1, for tests.

``git http-backend`` (the CGI program that ships with git) serves the repositories; a small
threaded HTTPS server in front of it uses a throwaway self-signed certificate made with the
``openssl`` command. ``hang=True`` makes it accept connections and never answer;
``token=...`` makes the repositories private (HTTP Basic with that token as the password, the
way code hosts take an access token), answering 401 to anything else.
"""

from __future__ import annotations

import base64
import os
import ssl
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

HTTP_BACKEND = "/usr/lib/git-core/git-http-backend"


def make_certificate(directory: Path) -> tuple[Path, Path]:
    cert, key = directory / "cert.pem", directory / "key.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            "-subj",
            "/CN=localhost",
            "-addext",
            "subjectAltName=IP:127.0.0.1,DNS:localhost",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        check=True,
        capture_output=True,
    )
    return cert, key


def make_repository(path: Path, files: dict[str, str], branch: str = "main") -> str:
    """A bare repository at ``path`` with one commit of ``files``; returns the commit id."""
    work = path.with_name(path.name + "-work")
    env = {
        **os.environ,
        "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.test",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.test",
    }
    subprocess.run(["git", "init", "-q", "-b", branch, str(work)], check=True, env=env)
    for rel, text in files.items():
        (work / rel).parent.mkdir(parents=True, exist_ok=True)
        (work / rel).write_text(text)
    subprocess.run(["git", "-C", str(work), "add", "-A"], check=True, env=env)
    subprocess.run(["git", "-C", str(work), "commit", "-qm", "init"], check=True, env=env)
    subprocess.run(["git", "clone", "-q", "--bare", str(work), str(path)], check=True, env=env)
    subprocess.run(
        ["git", "-C", str(path), "config", "http.receivepack", "false"], check=True, env=env
    )
    subprocess.run(
        ["git", "-C", str(path), "config", "uploadpack.allowReachableSHA1InWant", "true"],
        check=True,
        env=env,
    )
    out = subprocess.run(
        ["git", "-C", str(work), "rev-parse", "HEAD"],
        check=True,
        env=env,
        capture_output=True,
        text=True,
    )
    return out.stdout.strip()


@dataclass
class GitServer:
    url: str
    cert: Path
    requests: list[dict[str, str]] = field(default_factory=list)


def _authorized(header: str, token: str | None) -> bool:
    if token is None:
        return True
    scheme, _, encoded = header.partition(" ")
    if scheme.lower() != "basic":
        return False
    try:
        _, _, password = base64.b64decode(encoded).decode().partition(":")
    except ValueError:
        return False
    return password == token


def _handler(
    root: Path, server: GitServer, hang: int, token: str | None = None
) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

        def _cgi(self) -> None:
            server.requests.append(
                {"path": self.path, "authorization": self.headers.get("Authorization", "")}
            )
            if len(server.requests) <= hang:
                threading.Event().wait(60)
                return
            if not _authorized(self.headers.get("Authorization", ""), token):
                self.send_response(401)
                self.send_header("WWW-Authenticate", 'Basic realm="private"')
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            parts = urlsplit(self.path)
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            env = {
                "GIT_PROJECT_ROOT": str(root),
                "GIT_HTTP_EXPORT_ALL": "1",
                "PATH_INFO": parts.path,
                "QUERY_STRING": parts.query,
                "REQUEST_METHOD": self.command,
                "CONTENT_TYPE": self.headers.get("Content-Type", ""),
                "CONTENT_LENGTH": str(len(body)),
                "REMOTE_ADDR": "127.0.0.1",
                "GIT_PROTOCOL": self.headers.get("Git-Protocol", ""),
                "HTTP_CONTENT_ENCODING": self.headers.get("Content-Encoding", ""),
            }
            out = subprocess.run(
                [HTTP_BACKEND], input=body, env=env, capture_output=True, check=False
            ).stdout
            head, _, payload = out.partition(b"\r\n\r\n")
            status = 200
            headers = []
            for line in head.decode("latin-1").split("\r\n"):
                name, _, value = line.partition(":")
                if name.lower() == "status":
                    status = int(value.strip().split()[0])
                elif name:
                    headers.append((name, value.strip()))
            self.send_response(status)
            for name, value in headers:
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        do_GET = _cgi
        do_POST = _cgi

    return Handler


@contextmanager
def serve_git(
    root: Path,
    certdir: Path,
    *,
    hang: bool = False,
    hang_first: int = 0,
    token: str | None = None,
) -> Iterator[GitServer]:
    """Serve bare repositories under ``root`` over HTTPS with a throwaway certificate.

    ``hang`` never answers; ``hang_first`` leaves only the first N requests unanswered, so a
    retried fetch succeeds (a worker killed mid-clone, then another worker's attempt).
    """
    cert, key = make_certificate(certdir)
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler)
    info = GitServer(url=f"https://127.0.0.1:{httpd.server_address[1]}", cert=cert)
    httpd.RequestHandlerClass = _handler(root, info, 1 << 30 if hang else hang_first, token)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    httpd.socket = context.wrap_socket(httpd.socket, server_side=True)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield info
    finally:
        httpd.shutdown()
        httpd.server_close()


def git_processes_for(url: str) -> list[int]:
    """Live processes whose command line names ``url``: a clone that should have been killed."""
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            if url.encode() in cmdline.read_bytes():
                found.append(int(cmdline.parent.name))
        except OSError:
            continue
    return found
