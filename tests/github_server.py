"""A loopback HTTPS server speaking the parts of GitHub's REST API v3 that Stockade publishes
to, with GitHub's request and response shapes, recording every call.

- Every request must send ``Accept: application/vnd.github+json`` and
  ``X-GitHub-Api-Version: 2022-11-28`` (else 400) and an ``Authorization`` with the
  configured token or an installation token this server issued (else 401 "Bad credentials").
- ``POST /app/installations/{id}/access_tokens`` verifies the App JWT (RS256) with the App's
  public key, its ``iss``, ``iat`` and ``exp``, and issues an installation token.
- Lists (pull request files and review comments) are paged ``page_size`` at a time with a
  ``Link: <...>; rel="next"`` header.
- A review comment must be on a line of the pull request's diff (GitHub's 422 otherwise);
  a check run takes at most 50 annotations per request; a SARIF upload is base64 of gzip of
  a JSON log, decoded here and kept for the test to validate.
- ``fail`` makes the next N requests matching ``"METHOD /path-prefix"`` answer a given status
  (and headers): a server that errs, then recovers, or rate-limits.

``prefix`` is ``""`` for github.com's layout or ``"/api/v3"`` for GitHub Enterprise Server.
"""

from __future__ import annotations

import base64
import gzip
import itertools
import json
import re
import secrets
import ssl
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import jwt

from git_https_server import make_certificate

MEDIA_TYPE = "application/vnd.github+json"
API_VERSION = "2022-11-28"
HUNK = re.compile(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@")
SHA = re.compile(r"^[0-9a-f]{40}$")


@dataclass
class Call:
    method: str
    path: str  # without the Enterprise prefix and the query
    query: dict[str, str]
    headers: dict[str, str]
    body: Any


@dataclass
class Failure:
    status: int
    headers: dict[str, str] = field(default_factory=dict)
    times: int = 1


@dataclass
class GitHubServer:
    url: str  # the api_url a client configures (with the prefix)
    cert: Path
    prefix: str
    token: str | None = None
    app_id: str | None = None
    installation_id: str | None = None
    public_key: str | None = None
    page_size: int = 2
    files: dict[tuple[str, int], list[dict[str, Any]]] = field(default_factory=dict)
    comments: dict[tuple[str, int], list[dict[str, Any]]] = field(default_factory=dict)
    statuses: list[dict[str, Any]] = field(default_factory=list)
    check_runs: dict[int, dict[str, Any]] = field(default_factory=dict)
    sarifs: list[dict[str, Any]] = field(default_factory=list)
    issues: list[dict[str, Any]] = field(default_factory=list)
    issued_tokens: list[str] = field(default_factory=list)
    fail: dict[str, Failure] = field(default_factory=dict)
    calls: list[Call] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    ids: Iterator[int] = field(default_factory=lambda: itertools.count(1000))

    def called(self, method: str, path_prefix: str) -> list[Call]:
        with self.lock:
            return [c for c in self.calls if c.method == method and c.path.startswith(path_prefix)]

    def wait_for(self, method: str, path_prefix: str, count: int, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if len(self.called(method, path_prefix)) >= count:
                return
            time.sleep(0.05)
        raise AssertionError(f"fewer than {count} calls of {method} {path_prefix}")


def diff_lines(patch: str) -> set[int]:
    """Every new-side line a hunk covers (context or added): where GitHub accepts a comment."""
    lines: set[int] = set()
    for raw in patch.splitlines():
        match = HUNK.match(raw)
        if match:
            start, count = int(match.group(1)), int(match.group(2) or 1)
            lines.update(range(start, start + count))
    return lines


class _AnswerError(Exception):
    def __init__(self, status: int, body: Any, headers: dict[str, str] | None = None) -> None:
        super().__init__(status)
        self.status, self.body, self.headers = status, body, headers or {}


def _handler(gh: GitHubServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: object) -> None:
            pass

        def do_GET(self) -> None:
            self._serve("GET")

        def do_POST(self) -> None:
            self._serve("POST")

        def do_PATCH(self) -> None:
            self._serve("PATCH")

        def _serve(self, method: str) -> None:
            parts = urlsplit(self.path)
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            try:
                body = json.loads(raw) if raw else None
                if not parts.path.startswith(gh.prefix + "/"):
                    raise _AnswerError(404, {"message": "Not Found"})
                path = parts.path[len(gh.prefix) :]
                query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
                call = Call(method, path, query, dict(self.headers.items()), body)
                with gh.lock:
                    gh.calls.append(call)
                self._check_headers()
                self._injected(f"{method} {path}")
                status, answer, headers = self._route(call)
            except _AnswerError as exc:
                status, answer, headers = exc.status, exc.body, exc.headers
            except json.JSONDecodeError:
                status, answer, headers = 400, {"message": "Problems parsing JSON"}, {}
            data = json.dumps(answer).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            for name, value in headers.items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)

        def _check_headers(self) -> None:
            if self.headers.get("Accept") != MEDIA_TYPE:
                raise _AnswerError(400, {"message": "Unsupported Accept header"})
            if self.headers.get("X-GitHub-Api-Version") != API_VERSION:
                raise _AnswerError(400, {"message": "Unsupported API version"})

        def _injected(self, key: str) -> None:
            with gh.lock:
                for prefix, failure in gh.fail.items():
                    if key.startswith(prefix) and failure.times > 0:
                        failure.times -= 1
                        raise _AnswerError(
                            failure.status, {"message": "injected failure"}, failure.headers
                        )

        def _authorized(self) -> None:
            scheme, _, credential = (self.headers.get("Authorization") or "").partition(" ")
            with gh.lock:
                valid = {gh.token, *gh.issued_tokens} - {None}
            if scheme.lower() not in ("bearer", "token") or credential not in valid:
                raise _AnswerError(401, {"message": "Bad credentials"})

        def _route(self, call: Call) -> tuple[int, Any, dict[str, str]]:
            segments = call.path.strip("/").split("/")
            if segments[:2] == ["app", "installations"] and segments[3:] == ["access_tokens"]:
                return self._installation_token(segments[2])
            self._authorized()
            if segments[0] != "repos" or len(segments) < 4:
                raise _AnswerError(404, {"message": "Not Found"})
            repo, rest = f"{segments[1]}/{segments[2]}", segments[3:]
            body = call.body if isinstance(call.body, dict) else {}
            if call.method == "POST" and rest[0] == "statuses" and len(rest) == 2:
                return self._status(rest[1], body)
            if rest[0] == "check-runs":
                return self._check_run(call.method, rest[1:], body)
            if rest[0] == "pulls" and len(rest) == 3:
                key = (repo, int(rest[1]))
                if rest[2] == "files" and call.method == "GET":
                    return self._page(gh.files.get(key, []), call)
                if rest[2] == "comments" and call.method == "GET":
                    return self._page(gh.comments.get(key, []), call)
                if rest[2] == "comments" and call.method == "POST":
                    return self._comment(key, body)
            if call.method == "POST" and rest == ["code-scanning", "sarifs"]:
                return self._sarif(repo, body)
            if call.method == "POST" and rest == ["issues"]:
                return self._issue(body)
            raise _AnswerError(404, {"message": "Not Found"})

        def _installation_token(self, installation: str) -> tuple[int, Any, dict[str, str]]:
            scheme, _, token = (self.headers.get("Authorization") or "").partition(" ")
            if scheme != "Bearer" or gh.public_key is None or installation != gh.installation_id:
                raise _AnswerError(401, {"message": "A JSON web token could not be decoded"})
            try:
                claims = jwt.decode(
                    token,
                    gh.public_key,
                    algorithms=["RS256"],
                    issuer=gh.app_id,
                    options={"require": ["iat", "exp", "iss"]},
                )
            except jwt.PyJWTError as exc:
                raise _AnswerError(401, {"message": f"JWT refused: {exc}"}) from None
            if claims["exp"] - claims["iat"] > 600:
                raise _AnswerError(
                    401, {"message": "'Expiration time' claim is too far in the future"}
                )
            issued = "ghs_" + secrets.token_hex(18)
            with gh.lock:
                gh.issued_tokens.append(issued)
            expires = (datetime.now(UTC) + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M:%SZ")
            return 201, {"token": issued, "expires_at": expires, "permissions": {}}, {}

        def _status(self, sha: str, body: dict[str, Any]) -> tuple[int, Any, dict[str, str]]:
            if not SHA.match(sha) or body.get("state") not in (
                "error",
                "failure",
                "pending",
                "success",
            ):
                raise _AnswerError(422, {"message": "Validation Failed"})
            if len(str(body.get("description", ""))) > 140:
                raise _AnswerError(422, {"message": "description is too long (maximum is 140)"})
            row = {"id": next(gh.ids), "sha": sha, **body}
            with gh.lock:
                gh.statuses.append(row)
            return 201, row, {}

        def _check_run(
            self, method: str, rest: list[str], body: dict[str, Any]
        ) -> tuple[int, Any, dict[str, str]]:
            annotations = (body.get("output") or {}).get("annotations") or []
            if len(annotations) > 50:
                raise _AnswerError(422, {"message": "Only 50 annotations are allowed per request"})
            for a in annotations:
                if not {"path", "start_line", "end_line", "annotation_level", "message"} <= set(a):
                    raise _AnswerError(422, {"message": "Invalid annotation"})
            if method == "POST" and not rest:
                if not body.get("name") or not SHA.match(str(body.get("head_sha", ""))):
                    raise _AnswerError(422, {"message": "Validation Failed"})
                run_id = next(gh.ids)
                with gh.lock:
                    gh.check_runs[run_id] = {**body, "annotations": list(annotations)}
                return 201, {"id": run_id, "head_sha": body["head_sha"]}, {}
            if method == "PATCH" and len(rest) == 1 and int(rest[0]) in gh.check_runs:
                with gh.lock:
                    gh.check_runs[int(rest[0])]["annotations"] += annotations
                return 200, {"id": int(rest[0])}, {}
            raise _AnswerError(404, {"message": "Not Found"})

        def _page(self, items: list[dict[str, Any]], call: Call) -> tuple[int, Any, dict[str, str]]:
            size = min(int(call.query.get("per_page", 30)), gh.page_size)
            page = int(call.query.get("page", 1))
            chunk = items[(page - 1) * size : page * size]
            headers: dict[str, str] = {}
            if page * size < len(items):
                nxt = f"{gh.url}{call.path}?per_page={size}&page={page + 1}"
                headers["Link"] = f'<{nxt}>; rel="next"'
            return 200, chunk, headers

        def _comment(
            self, key: tuple[str, int], body: dict[str, Any]
        ) -> tuple[int, Any, dict[str, str]]:
            files = {f["filename"]: f for f in gh.files.get(key, [])}
            path, line = body.get("path"), body.get("line")
            if not SHA.match(str(body.get("commit_id", ""))) or body.get("side") != "RIGHT":
                raise _AnswerError(422, {"message": "Validation Failed"})
            if path not in files or line not in diff_lines(files[path].get("patch", "")):
                raise _AnswerError(
                    422,
                    {
                        "message": "Validation Failed",
                        "errors": ["pull_request_review_thread.line must be part of the diff"],
                    },
                )
            row = {"id": next(gh.ids), "path": path, "line": line, "body": body.get("body", "")}
            with gh.lock:
                gh.comments.setdefault(key, []).append(row)
            return 201, row, {}

        def _sarif(self, repo: str, body: dict[str, Any]) -> tuple[int, Any, dict[str, str]]:
            ref = str(body.get("ref", ""))
            if not SHA.match(str(body.get("commit_sha", ""))) or not re.match(
                r"^refs/(heads|tags|pull)/", ref
            ):
                raise _AnswerError(422, {"message": "Validation Failed"})
            try:
                log = json.loads(gzip.decompress(base64.b64decode(body["sarif"], validate=True)))
            except (KeyError, ValueError, OSError):
                raise _AnswerError(
                    400, {"message": "sarif is not gzip-compressed base64"}
                ) from None
            upload = secrets.token_hex(8)
            with gh.lock:
                gh.sarifs.append({"ref": ref, "commit_sha": body["commit_sha"], "log": log})
            url = f"{gh.url}/repos/{repo}/code-scanning/sarifs/{upload}"
            return 202, {"id": upload, "url": url}, {}

        def _issue(self, body: dict[str, Any]) -> tuple[int, Any, dict[str, str]]:
            if not body.get("title"):
                raise _AnswerError(422, {"message": "Validation Failed"})
            with gh.lock:
                number = len(gh.issues) + 1
                gh.issues.append({"number": number, **body})
            return 201, {"number": number, "id": next(gh.ids), "title": body["title"]}, {}

    return Handler


@contextmanager
def serve_github(certdir: Path, *, prefix: str = "", **options: Any) -> Iterator[GitHubServer]:
    certdir.mkdir(parents=True, exist_ok=True)
    cert, key = make_certificate(certdir)
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler)
    gh = GitHubServer(
        url=f"https://127.0.0.1:{httpd.server_address[1]}{prefix}",
        cert=cert,
        prefix=prefix,
        **options,
    )
    httpd.RequestHandlerClass = _handler(gh)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    httpd.socket = context.wrap_socket(httpd.socket, server_side=True)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield gh
    finally:
        httpd.shutdown()
        httpd.server_close()
