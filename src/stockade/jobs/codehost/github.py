"""GitHub's REST API v3 over httpx, for github.com and GitHub Enterprise Server.

- ``api_url`` is ``https://api.github.com`` or an Enterprise server's ``https://host/api/v3``;
  every path is appended to it. The host is vetted by the SSRF guard once per connection and
  every request is pinned to the vetted address (:mod:`stockade.webhooks.transport`), with
  no proxies from the environment and no redirects.
- Authentication is a token (a fine-grained or classic personal access token) or a GitHub
  App: an RS256 JWT signed with the App's private key is exchanged at
  ``POST /app/installations/{id}/access_tokens`` for an installation token, which is cached
  (per process) until shortly before it expires.
- Every request carries ``Accept: application/vnd.github+json`` and
  ``X-GitHub-Api-Version: 2022-11-28``; lists follow the ``Link: <...>; rel="next"`` header.
- A 403 or 429 that is a rate limit (``Retry-After``, or ``X-RateLimit-Remaining: 0`` with
  ``X-RateLimit-Reset``) is waited out when the wait is short, else raised as
  :class:`~.errors.RateLimitedError` so the publication is retried after the reset.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import ssl
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import jwt
import orjson

from stockade.core import netguard
from stockade.core.netguard import Resolver, UnsafeTargetError, system_resolver
from stockade.jobs.codehost.diff import added_lines
from stockade.jobs.codehost.errors import PublishError, RateLimitedError
from stockade.jobs.codehost.interface import CheckRun, CommitState
from stockade.webhooks.transport import pinned_client

DEFAULT_API_URL = "https://api.github.com"
API_VERSION = "2022-11-28"
MEDIA_TYPE = "application/vnd.github+json"
ANNOTATIONS_PER_REQUEST = 50  # GitHub's limit for one check-run create or update
PER_PAGE = 100
MAX_PAGES = 50  # GitHub itself lists at most 3,000 files of a pull request
MAX_WAIT_SECONDS = 10.0  # a longer rate-limit wait becomes a retry of the publication
TOKEN_MARGIN = timedelta(minutes=5)  # an installation token is renewed this long before expiry
JWT_LIFETIME = timedelta(minutes=9)  # GitHub accepts at most ten minutes


@dataclass(frozen=True)
class TokenAuth:
    token: str


@dataclass(frozen=True)
class AppAuth:
    app_id: str
    installation_id: str
    private_key: str


Auth = TokenAuth | AppAuth

_tokens: dict[tuple[str, str, str, str], tuple[str, datetime]] = {}
_tokens_lock = threading.Lock()


def app_jwt(app_id: str, private_key: str, now: datetime | None = None) -> str:
    """The App's own JWT: issued a minute in the past (clock drift), valid nine minutes."""
    moment = now or datetime.now(UTC)
    claims = {
        "iat": int((moment - timedelta(seconds=60)).timestamp()),
        "exp": int((moment + JWT_LIFETIME).timestamp()),
        "iss": app_id,
    }
    return jwt.encode(claims, private_key, algorithm="RS256")


def sarif_payload(log: Mapping[str, Any]) -> str:
    """What ``POST .../code-scanning/sarifs`` takes as ``sarif``: base64 of gzip of the JSON."""
    return base64.b64encode(gzip.compress(orjson.dumps(dict(log)))).decode("ascii")


def connect(
    api_url: str,
    auth: Auth,
    *,
    allow: Sequence[str] = (),
    ca_file: Path | None = None,
    timeout: float = 30.0,
    resolve: Resolver = system_resolver,
    sleep: Callable[[float], None] = time.sleep,
) -> GitHub:
    """A :class:`GitHub` for ``api_url`` after the SSRF guard vetted its host (https only,
    public unless ``allow`` names it). Raises :class:`PublishError` when refused."""
    try:
        target = netguard.vet_url(api_url, allow=allow, resolve=resolve, https_only=True)
    except (UnsafeTargetError, ValueError) as exc:  # urlsplit: "Invalid IPv6 URL"
        raise PublishError("github_target_refused", str(exc)) from None
    context = ssl.create_default_context()
    if ca_file is not None:
        context.load_verify_locations(cafile=str(ca_file))
    client = pinned_client(target, verify=context, timeout=timeout)
    return GitHub(api_url, auth, client, sleep=sleep)


class GitHub:
    """One authenticated connection (implements :class:`~.interface.CodeHost`)."""

    def __init__(
        self,
        api_url: str,
        auth: Auth,
        client: httpx.Client,
        *,
        sleep: Callable[[float], None] = time.sleep,
        max_wait: float = MAX_WAIT_SECONDS,
    ) -> None:
        self.base = api_url.rstrip("/")
        self.auth = auth
        self._http = client
        self._sleep = sleep
        self._max_wait = max_wait

    def close(self) -> None:
        self._http.close()

    # Authentication

    def _authorization(self) -> str:
        if isinstance(self.auth, TokenAuth):
            return f"Bearer {self.auth.token}"
        return f"Bearer {self._installation_token()}"

    def _token_key(self) -> tuple[str, str, str, str]:
        assert isinstance(self.auth, AppAuth)
        digest = hashlib.sha256(self.auth.private_key.encode()).hexdigest()
        return (self.base, self.auth.app_id, self.auth.installation_id, digest)

    def _installation_token(self) -> str:
        assert isinstance(self.auth, AppAuth)
        key = self._token_key()
        now = datetime.now(UTC)
        with _tokens_lock:
            cached = _tokens.get(key)
        if cached is not None and cached[1] - TOKEN_MARGIN > now:
            return cached[0]
        bearer = app_jwt(self.auth.app_id, self.auth.private_key, now)
        path = f"/app/installations/{quote(self.auth.installation_id, safe='')}/access_tokens"
        answer = self._send("POST", self.base + path, f"Bearer {bearer}", None, None)
        data = _json(answer)
        token, expires = data.get("token"), data.get("expires_at")
        if not isinstance(token, str) or not isinstance(expires, str):
            raise PublishError("github_bad_answer", "the installation token answer has no token")
        expires_at = datetime.fromisoformat(expires.replace("Z", "+00:00"))
        with _tokens_lock:
            _tokens[key] = (token, expires_at)
        return token

    def _forget_token(self) -> None:
        if isinstance(self.auth, AppAuth):
            with _tokens_lock:
                _tokens.pop(self._token_key(), None)

    # Requests

    def request(
        self,
        method: str,
        path: str,
        *,
        json: Any = None,
        params: Mapping[str, str | int] | None = None,
    ) -> httpx.Response:
        """``method`` on ``path`` (relative to ``api_url``, or a ``Link`` URL under it)."""
        url = path if path.startswith("https://") else self.base + path
        if not url.startswith(self.base + "/"):
            raise PublishError("github_bad_answer", f"refusing to follow {url} off {self.base}")
        return self._send(method, url, self._authorization(), json, params)

    def _send(
        self,
        method: str,
        url: str,
        authorization: str,
        body: Any,
        params: Mapping[str, str | int] | None,
    ) -> httpx.Response:
        headers = {
            "Accept": MEDIA_TYPE,
            "X-GitHub-Api-Version": API_VERSION,
            "User-Agent": "Stockade",
            "Authorization": authorization,
        }
        for _ in range(3):
            try:
                answer = self._http.request(
                    method,
                    url,
                    json=body,
                    # httpx drops a Link URL's own query when given empty params
                    params=dict(params) if params else None,
                    headers=headers,
                )
            except UnsafeTargetError as exc:
                raise PublishError("github_target_refused", str(exc)) from None
            except httpx.HTTPError as exc:
                raise PublishError("github_unreachable", f"{type(exc).__name__}: {exc}") from None
            wait = _rate_limit_wait(answer)
            if wait is None:
                break
            if wait > self._max_wait:
                retry_at = datetime.now(UTC) + timedelta(seconds=wait)
                raise RateLimitedError(f"{method} {_path(url)}: rate limited", retry_at)
            self._sleep(wait)
        if answer.status_code == 401:
            self._forget_token()
        if answer.status_code >= 400:
            raise PublishError(
                "github_error",
                f"{method} {_path(url)}: {answer.status_code} {_message(answer)}",
                status=answer.status_code,
            )
        return answer

    def paginate(self, path: str) -> Iterator[Any]:
        """Every item of a list endpoint, following ``Link: rel="next"``."""
        url: str | None = path
        params: dict[str, str | int] | None = {"per_page": PER_PAGE}
        for _ in range(MAX_PAGES):
            if url is None:
                return
            answer = self.request("GET", url, params=params)
            items = _json(answer)
            if not isinstance(items, list):
                raise PublishError("github_bad_answer", f"GET {_path(url)} is not a list")
            yield from items
            url = answer.links.get("next", {}).get("url")
            params = None  # the next link carries its own query

    # The calls of CodeHost

    def set_commit_status(
        self, repo: str, commit: str, state: CommitState, description: str, context: str
    ) -> None:
        body = {"state": state, "description": description[:140], "context": context}
        self.request("POST", f"/repos/{repo}/statuses/{commit}", json=body)

    def create_check_run(self, repo: str, commit: str, run: CheckRun) -> str:
        """Created with the first 50 annotations; the rest are added 50 per update, as the
        API allows no more per request."""
        batches = [
            run.annotations[i : i + ANNOTATIONS_PER_REQUEST]
            for i in range(0, len(run.annotations), ANNOTATIONS_PER_REQUEST)
        ] or [[]]

        def output(batch: Sequence[Any]) -> dict[str, Any]:
            return {
                "title": run.title,
                "summary": run.summary,
                "annotations": [
                    {
                        "path": a.path,
                        "start_line": a.start_line,
                        "end_line": a.end_line,
                        "annotation_level": a.level,
                        "title": a.title,
                        "message": a.message,
                    }
                    for a in batch
                ],
            }

        created = self.request(
            "POST",
            f"/repos/{repo}/check-runs",
            json={
                "name": run.name,
                "head_sha": commit,
                "status": "completed",
                "conclusion": run.conclusion,
                "completed_at": datetime.now(UTC).isoformat().replace("+00:00", "Z"),
                "output": output(batches[0]),
            },
        )
        run_id = str(_json(created).get("id", ""))
        for batch in batches[1:]:
            self.request(
                "PATCH", f"/repos/{repo}/check-runs/{run_id}", json={"output": output(batch)}
            )
        return run_id

    def changed_lines(self, repo: str, pull_request: int) -> dict[str, set[int]]:
        changed: dict[str, set[int]] = {}
        for item in self.paginate(f"/repos/{repo}/pulls/{pull_request}/files"):
            patch, name = item.get("patch"), item.get("filename")
            if isinstance(patch, str) and isinstance(name, str):
                changed[name] = added_lines(patch)
        return changed

    def review_comment_bodies(self, repo: str, pull_request: int) -> Iterator[str]:
        for item in self.paginate(f"/repos/{repo}/pulls/{pull_request}/comments"):
            if isinstance(item.get("body"), str):
                yield item["body"]

    def create_review_comment(
        self, repo: str, pull_request: int, commit: str, path: str, line: int, body: str
    ) -> str:
        answer = self.request(
            "POST",
            f"/repos/{repo}/pulls/{pull_request}/comments",
            json={
                "commit_id": commit,
                "path": path,
                "line": line,
                "side": "RIGHT",
                "body": body,
            },
        )
        return str(_json(answer).get("id", ""))

    def upload_sarif(self, repo: str, commit: str, ref: str, sarif: Mapping[str, Any]) -> str:
        answer = self.request(
            "POST",
            f"/repos/{repo}/code-scanning/sarifs",
            json={
                "commit_sha": commit,
                "ref": ref,
                "sarif": sarif_payload(sarif),
                "tool_name": "Stockade",
            },
        )
        return str(_json(answer).get("id", ""))

    def create_issue(self, repo: str, title: str, body: str, labels: Sequence[str]) -> str:
        answer = self.request(
            "POST",
            f"/repos/{repo}/issues",
            json={"title": title[:256], "body": body, "labels": list(labels)},
        )
        return str(_json(answer).get("number", ""))


def _rate_limit_wait(answer: httpx.Response) -> float | None:
    """Seconds to wait when ``answer`` is a rate limit, else None (a 403 can also be a
    plain permission refusal, which must not be retried here)."""
    if answer.status_code not in (403, 429):
        return None
    retry_after = answer.headers.get("Retry-After")
    if retry_after is not None and retry_after.strip().isdigit():
        return float(retry_after.strip())
    if answer.headers.get("X-RateLimit-Remaining") == "0":
        reset = answer.headers.get("X-RateLimit-Reset", "")
        if reset.isdigit():
            return max(0.0, int(reset) - time.time()) + 1.0
        return 60.0
    return 60.0 if answer.status_code == 429 else None


def _json(answer: httpx.Response) -> Any:
    try:
        return answer.json() if answer.content else {}
    except ValueError:
        raise PublishError(
            "github_bad_answer",
            f"{answer.request.method} {_path(str(answer.request.url))}: the answer is not JSON",
        ) from None


def _message(answer: httpx.Response) -> str:
    """GitHub's error ``message`` (and the first validation error), cut short for the log."""
    try:
        data = answer.json()
    except ValueError:
        return answer.text[:200]
    if not isinstance(data, dict):
        return ""
    message = str(data.get("message", ""))
    errors = data.get("errors")
    if isinstance(errors, list) and errors:
        message += f" ({errors[0]})"
    return message[:500]


def _path(url: str) -> str:
    """The URL without its query (which may be long), for error messages."""
    return httpx.URL(url).path
