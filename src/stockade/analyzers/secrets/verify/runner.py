"""Runs verifications: concurrent, rate-limited per provider, bounded in time, never fatal.

One runner lives in each analysis process (the secrets analyzer builds it when ``verify`` is
on). Per file, every candidate with a verifier is checked concurrently; the file waits at most
``budget`` seconds, and anything unanswered by then is ``unknown``. A credential is checked
once per process: the cache maps a hash of the credential (never the value) to its verdict.

Where requests go: each verifier's ``base_url`` constant. ``base_urls`` overrides exist so
tests can point providers at loopback servers; the CLI and the jobs never pass them, and the
analyzer's options cannot reach them. Redirects are not followed and proxy variables from the
environment are ignored, so a request cannot be steered to another host.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from datetime import UTC, datetime

import httpx

from stockade.analyzers.secrets.matches import Candidate
from stockade.analyzers.secrets.providers import SUPPRESSED
from stockade.analyzers.secrets.verify.interface import (
    Companion,
    HttpCall,
    Outcome,
    Request,
    Response,
    Status,
    Verifier,
)
from stockade.analyzers.secrets.verify.registry import VERIFIERS

MAX_BODY = 64 * 1024  # identity answers are small; never buffer more


@dataclass(frozen=True)
class Verdict:
    outcome: Outcome
    at: datetime

    def metadata(self) -> dict[str, str]:
        """What goes into the finding: the verdict, when, and for ``unknown`` why."""
        meta = {"verification": self.outcome.status.value, "verified_at": self.at.isoformat()}
        if self.outcome.status is Status.UNKNOWN:
            meta["verification_detail"] = self.outcome.reason
        return meta


def _verdict(status: Status, reason: str) -> Verdict:
    return Verdict(Outcome(status, reason), datetime.now(UTC))


class RateLimiter:
    """At most ``rate`` calls per second to one provider (evenly spaced), across threads."""

    def __init__(self, rate: float) -> None:
        self.interval = 1.0 / rate
        self.next_slot = 0.0
        self.lock = threading.Lock()

    def wait(self) -> None:
        with self.lock:
            now = time.monotonic()
            slot = max(now, self.next_slot)
            self.next_slot = slot + self.interval
        if slot > now:
            time.sleep(slot - now)


def checked_url(base: str, path: str) -> httpx.URL:
    """``base`` + ``path``, refused unless it stays on the base URL's scheme, host and port."""
    root = httpx.URL(base)
    if not path.startswith("/") or path.startswith("//"):
        raise ValueError("a verifier path must be absolute on the provider's host")
    url = root.copy_with(path=root.path.rstrip("/") + path)
    if (url.scheme, url.host, url.port) != (root.scheme, root.host, root.port):
        raise ValueError("a verifier request would leave the provider's host")
    return url


class VerificationRunner:
    """Verifies candidates of one file at a time; shared state (cache, limits) per process."""

    def __init__(
        self,
        *,
        base_urls: Mapping[str, str] | None = None,
        timeout: float | None = None,
        rate_per_second: float = 4.0,
        budget: float = 20.0,
        max_calls: int = 1000,
        max_workers: int = 8,
        verifiers: Mapping[str, Verifier] = VERIFIERS,
    ) -> None:
        known = {v.provider for v in verifiers.values()}
        unknown = set(base_urls or {}) - known
        if unknown:
            raise ValueError(f"base URL overrides for unknown providers: {sorted(unknown)}")
        self.base_urls = dict(base_urls or {})
        self.timeout = timeout
        self.rate = rate_per_second
        self.budget = budget
        self.max_calls = max_calls
        self.verifiers = verifiers
        self._workers = max_workers
        self._lock = threading.Lock()
        self._cache: dict[str, Future[Verdict]] = {}
        self._limiters: dict[str, RateLimiter] = {}
        self._pool: ThreadPoolExecutor | None = None
        self._client: httpx.Client | None = None

    def base_url(self, verifier: Verifier) -> str:
        return self.base_urls.get(verifier.provider, verifier.base_url)

    def check(self, candidates: Sequence[Candidate], data: bytes) -> dict[int, dict[str, str]]:
        """Verdict metadata by index into ``candidates``; candidates without a verifier are
        absent. Returns within about ``budget`` seconds whatever the providers do."""
        pending = self._start(candidates, data)
        futures = [f for f in pending.values() if isinstance(f, Future)]
        if futures:
            wait(futures, timeout=self.budget)
        late = f"no answer within the {self.budget:g} s verification budget"
        out: dict[int, dict[str, str]] = {}
        for index, item in pending.items():
            if isinstance(item, Verdict):
                out[index] = item.metadata()
            elif item.done():
                out[index] = item.result().metadata()
            else:
                out[index] = _verdict(Status.UNKNOWN, late).metadata()
        return out

    def _start(
        self, candidates: Sequence[Candidate], data: bytes
    ) -> dict[int, Verdict | Future[Verdict]]:
        companions = [Companion(c.rule_id, c.secret, c.start) for c in candidates]
        text: str | None = None
        pending: dict[int, Verdict | Future[Verdict]] = {}
        for index, cand in enumerate(candidates):
            verifier = self.verifiers.get(cand.rule_id)
            if verifier is None or SUPPRESSED in cand.extra:
                continue  # no call for what will not be reported (bad checksum, disabled)
            text = data.decode("utf-8", "replace") if text is None else text
            request = Request(cand.rule_id, cand.secret, cand.start, companions, text)
            pending[index] = self._submit(verifier, request)
        return pending

    def _submit(self, verifier: Verifier, request: Request) -> Verdict | Future[Verdict]:
        base = self.base_url(verifier)
        try:
            prepared = verifier.prepare(request, httpx.URL(base).netloc.decode("ascii"))
        except Exception as exc:  # a verifier bug must not stop the scan
            return _verdict(Status.UNKNOWN, f"verifier failed: {type(exc).__name__}")
        if isinstance(prepared, Outcome):
            return Verdict(prepared, datetime.now(UTC))
        with self._lock:
            future = self._cache.get(prepared.key)
            if future is not None:
                return future
            if len(self._cache) >= self.max_calls:
                return _verdict(Status.UNKNOWN, f"more than {self.max_calls} credentials to verify")
            future = self._executor().submit(self._call, verifier, base, prepared)
            self._cache[prepared.key] = future
            return future

    def _call(self, verifier: Verifier, base: str, call: HttpCall) -> Verdict:
        """One request; every failure becomes ``unknown`` with the reason."""
        timeout = self.timeout if self.timeout is not None else verifier.timeout
        name = verifier.provider
        try:
            url = checked_url(base, call.path)
            self._limiter(name).wait()
            answer = self._send(url, call, timeout)
            return Verdict(verifier.interpret(answer), datetime.now(UTC))
        except httpx.TimeoutException:
            return _verdict(Status.UNKNOWN, f"{name} did not answer within {timeout:g} s")
        except httpx.HTTPError as exc:
            return _verdict(Status.UNKNOWN, f"{name} unreachable: {type(exc).__name__}")
        except Exception as exc:  # never fatal; the type only: a message may quote the secret
            return _verdict(Status.UNKNOWN, f"{name}: {type(exc).__name__}")

    def _send(self, url: httpx.URL, call: HttpCall, timeout: float) -> Response:
        request = self._http().build_request(
            call.method, url, headers=dict(call.headers), content=call.body, timeout=timeout
        )
        deadline = time.monotonic() + timeout
        response = self._http().send(request, stream=True)
        try:
            body = bytearray()
            for chunk in response.iter_bytes():
                body.extend(chunk)
                if len(body) >= MAX_BODY or time.monotonic() > deadline:
                    break
            return Response(response.status_code, bytes(body[:MAX_BODY]))
        finally:
            response.close()

    def _limiter(self, provider: str) -> RateLimiter:
        with self._lock:
            return self._limiters.setdefault(provider, RateLimiter(self.rate))

    def _executor(self) -> ThreadPoolExecutor:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(self._workers, thread_name_prefix="stockade-verify")
        return self._pool

    def _http(self) -> httpx.Client:
        with self._lock:
            if self._client is None:
                self._client = httpx.Client(
                    trust_env=False,
                    follow_redirects=False,
                    headers={"User-Agent": "stockade-secret-verification"},
                )
            return self._client

    def close(self) -> None:
        """Stop the worker threads (without waiting for hung calls) and the connections."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
        if self._client is not None:
            self._client.close()
