"""Opt-in verification against loopback servers that speak each provider's wire format.

One threaded HTTP server per test routes by path and answers live, revoked, hanging or
odd as the test asks; it records every request so the exact shape each provider expects
(method, path, authentication header, body, SigV4 structure and signature) is asserted.
A decoy server stands in for "anywhere else": it must never be contacted.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
import threading
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from tests.analyzers.secrets.helpers import analyze, fake, github_token

from stockade.analyzers.secrets.analyzer import SecretsAnalyzer
from stockade.analyzers.secrets.matches import PRIORITY_PROVIDER, Candidate
from stockade.analyzers.secrets.ruleset import rules_for
from stockade.analyzers.secrets.verify import VerificationRunner
from stockade.analyzers.secrets.verify.aws import sign
from stockade.analyzers.secrets.verify.github import GITHUB, read_user
from stockade.analyzers.secrets.verify.interface import Response, Status
from stockade.analyzers.secrets.verify.registry import VERIFIERS, providers
from stockade.analyzers.secrets.verify.runner import checked_url
from stockade.analyzers.secrets.verify.slack import read_auth_test
from stockade.cli.app import main

HEX = "0123456789abcdef"
B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


@dataclass
class Seen:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class Loopback:
    """A provider stand-in: ``mode`` is live | revoked | hang | error | redirect."""

    mode: str = "live"
    revoked_status: int = 401
    seen: list[Seen] = field(default_factory=list)
    release: threading.Event = field(default_factory=threading.Event)
    redirect_to: str = ""
    url: str = ""


def _handler(state: Loopback) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            return

        def _serve(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            headers = {k.lower(): v for k, v in self.headers.items()}
            state.seen.append(Seen(self.command, self.path, headers, body))
            if state.mode == "hang":
                state.release.wait(10)
                return
            status, payload, extra = _answer(state, self.path)
            self.send_response(status)
            for name, value in extra.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        do_GET = do_POST = _serve

    return Handler


def _answer(state: Loopback, path: str) -> tuple[int, bytes, dict[str, str]]:
    slack = path.startswith("/api/auth.test")
    if state.mode == "redirect":
        return 302, b"", {"Location": state.redirect_to + path}
    if state.mode == "error":
        return 500, b"oops", {}
    if state.mode == "live":
        return 200, (b'{"ok": true, "user": "u"}' if slack else b"{}"), {}
    if slack:
        return 200, b'{"ok": false, "error": "invalid_auth"}', {}
    return state.revoked_status, b'{"message": "Bad credentials"}', {}


@pytest.fixture
def servers() -> Iterator[tuple[Loopback, Loopback]]:
    """The provider stand-in and a decoy that nothing may ever reach."""
    states = (Loopback(), Loopback())
    running = []
    for state in states:
        server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(state))
        server.daemon_threads = True
        state.url = f"http://127.0.0.1:{server.server_address[1]}"
        threading.Thread(target=server.serve_forever, args=(0.02,), daemon=True).start()
        running.append(server)
    yield states
    for state, server in zip(states, running, strict=True):
        state.release.set()
        server.shutdown()
        server.server_close()


def _runner(target: str, provider: str, decoy: str, **kw: float) -> VerificationRunner:
    """``provider`` goes to ``target``; every other provider to the decoy."""
    urls = dict.fromkeys(providers(), decoy) | {provider: target}
    return VerificationRunner(base_urls=urls, timeout=kw.get("timeout", 2.0), budget=5.0)


def _cand(rule_id: str, secret: str, start: int = 0) -> Candidate:
    return Candidate(rule_id, start, start + len(secret), secret, PRIORITY_PROVIDER)


def _basic(user: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()


# ---------------------------------------------------------------- provider wire formats


@dataclass(frozen=True)
class Case:
    """A credential, what else its file holds, and the request its provider expects."""

    rule_id: str
    provider: str
    secret: str
    method: str
    path: str
    headers: dict[str, str]
    body: bytes = b""
    text: str = ""
    revoked_status: int = 401


def _cases() -> list[Case]:
    ghp = "ghp_" + fake(36, "gh")
    sid = "AC" + fake(32, "sid", HEX)
    twilio = fake(32, "tw", HEX)
    telegram = "1234567890:AA" + fake(33, "tg")
    stripe = "sk_" + "live_" + fake(24, "st")
    bearer = {
        "openai-api-key": ("openai", "sk-" + fake(48, "oa"), "/v1/models"),
        "huggingface-token": ("huggingface", "hf_" + fake(34, "hf"), "/api/whoami-v2"),
        "npm-token": ("npm", "npm_" + fake(36, "np"), "/-/whoami"),
        "sendgrid-api-key": ("sendgrid", "SG." + fake(22, "a") + "." + fake(43, "b"), "/v3/scopes"),
        "digitalocean-pat": ("digitalocean", "dop_v1_" + fake(64, "do", HEX), "/v2/account"),
        "heroku-api-key-v2": ("heroku", "HRKU-" + fake(60, "hk"), "/account"),
        "netlify-pat": ("netlify", "nfp_" + fake(36, "nf"), "/api/v1/user"),
        "vercel-token": ("vercel", fake(24, "vc"), "/v2/user"),
        "doppler-token": ("doppler", "dp.pt." + fake(43, "dp"), "/v3/me"),
        "notion-token": ("notion", "ntn_" + fake(46, "no"), "/v1/users/me"),
        "github-pat": ("github", ghp, "/user"),
    }
    cases = [
        Case(rule, prov, secret, "GET", path, {"authorization": f"Bearer {secret}"})
        for rule, (prov, secret, path) in bearer.items()
    ]
    anthropic_key = "sk-ant-api03-" + fake(93, "an")
    gitlab_key = "glpat-" + fake(20, "gl")
    mailgun_key = "key-" + fake(32, "mg", HEX)
    discord_key = fake(24, "d1") + "." + fake(6, "d2") + "." + fake(38, "d3")
    datadog_key = fake(32, "dd", HEX)
    postman_key = "PMAK-" + fake(24, "p1", HEX) + "-" + fake(34, "p2", HEX)
    circle_key = "CCIPAT_" + fake(22, "c1") + "_" + fake(40, "c2", HEX)
    slack_key = "xoxb-" + "1234567890-1234567890123-" + fake(24, "sl")
    cases += [
        Case(
            "anthropic-api-key",
            "anthropic",
            anthropic_key,
            "GET",
            "/v1/models",
            {"x-api-key": anthropic_key, "anthropic-version": "2023-06-01"},
        ),
        Case(
            "gitlab-pat", "gitlab", gitlab_key, "GET", "/api/v4/user", {"private-token": gitlab_key}
        ),
        Case(
            "mailgun-api-key",
            "mailgun",
            mailgun_key,
            "GET",
            "/v3/domains",
            {"authorization": _basic("api", mailgun_key)},
        ),
        Case(
            "discord-bot-token",
            "discord",
            discord_key,
            "GET",
            "/api/v10/users/@me",
            {"authorization": f"Bot {discord_key}"},
        ),
        Case(
            "datadog-api-key",
            "datadog",
            datadog_key,
            "GET",
            "/api/v1/validate",
            {"dd-api-key": datadog_key},
            revoked_status=403,
        ),
        Case("postman-api-key", "postman", postman_key, "GET", "/me", {"x-api-key": postman_key}),
        Case(
            "circleci-pat",
            "circleci",
            circle_key,
            "GET",
            "/api/v2/me",
            {"circle-token": circle_key},
        ),
        Case(
            "stripe-secret-key",
            "stripe",
            stripe,
            "GET",
            "/v1/balance",
            {"authorization": _basic(stripe, "")},
        ),
        Case(
            "slack-bot-token",
            "slack",
            slack_key,
            "POST",
            "/api/auth.test",
            {"authorization": f"Bearer {slack_key}"},
        ),
        Case("telegram-bot-token", "telegram", telegram, "GET", f"/bot{telegram}/getMe", {}),
        Case(
            "twilio-auth-token",
            "twilio",
            twilio,
            "GET",
            f"/2010-04-01/Accounts/{sid}.json",
            {"authorization": _basic(sid, twilio)},
            text=f'TWILIO_SID = "{sid}"\nTWILIO_AUTH_TOKEN = "{twilio}"\n',
        ),
    ]
    return cases


CASES = _cases()


def test_at_least_fifteen_providers_make_a_real_call() -> None:
    assert len({c.provider for c in CASES} | {"aws"}) >= 15
    assert len(providers() - {"pypi"}) >= 15


def test_every_mapped_rule_is_a_rule_the_ruleset_has() -> None:
    ids = {r.id for r in rules_for({})}
    assert set(VERIFIERS) <= ids


def _check_one(case: Case, servers: tuple[Loopback, Loopback]) -> str:
    target, decoy = servers
    runner = _runner(target.url, case.provider, decoy.url, timeout=0.3)
    try:
        verdicts = runner.check([_cand(case.rule_id, case.secret)], case.text.encode())
    finally:
        runner.close()
    assert not decoy.seen, "a secret reached a host other than its provider's"
    return verdicts[0]["verification"]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.provider)
def test_provider_request_shape_and_live_verdict(
    case: Case, servers: tuple[Loopback, Loopback]
) -> None:
    target = servers[0]
    assert _check_one(case, servers) == "live"
    assert len(target.seen) == 1
    seen = target.seen[0]
    assert (seen.method, seen.path) == (case.method, case.path)
    for name, value in case.headers.items():
        assert seen.headers.get(name) == value, name
    if not case.headers:  # the token travels in the path only
        assert "authorization" not in seen.headers


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.provider)
def test_provider_revoked_verdict(case: Case, servers: tuple[Loopback, Loopback]) -> None:
    servers[0].mode = "revoked"
    servers[0].revoked_status = case.revoked_status
    assert _check_one(case, servers) == "revoked"


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.provider)
def test_hanging_provider_is_unknown_within_its_timeout(
    case: Case, servers: tuple[Loopback, Loopback]
) -> None:
    servers[0].mode = "hang"
    started = time.monotonic()
    assert _check_one(case, servers) == "unknown"
    assert time.monotonic() - started < 2.5


def test_hang_reason_names_the_provider_and_timeout(servers: tuple[Loopback, Loopback]) -> None:
    target, decoy = servers
    target.mode = "hang"
    runner = _runner(target.url, "github", decoy.url, timeout=0.3)
    verdict = runner.check([_cand("github-pat", "ghp_" + fake(36, "h"))], b"")[0]
    runner.close()
    assert verdict["verification"] == "unknown"
    assert verdict["verification_detail"] == "github did not answer within 0.3 s"
    datetime.fromisoformat(verdict["verified_at"])


def test_server_error_is_unknown_not_revoked(servers: tuple[Loopback, Loopback]) -> None:
    servers[0].mode = "error"
    case = next(c for c in CASES if c.provider == "openai")
    assert _check_one(case, servers) == "unknown"


def test_stripe_403_means_a_live_restricted_key(servers: tuple[Loopback, Loopback]) -> None:
    servers[0].mode, servers[0].revoked_status = "revoked", 403
    case = next(c for c in CASES if c.provider == "stripe")
    assert _check_one(case, servers) == "live"


def test_slack_unknown_error_code_is_not_revoked() -> None:
    def status(body: bytes) -> Status:
        return read_auth_test(Response(200, body)).status

    assert status(b'{"ok": false, "error": "ratelimited"}') is Status.UNKNOWN
    assert status(b"<html>") is Status.UNKNOWN
    assert status(b'{"ok": false, "error": "token_revoked"}') is Status.REVOKED
    assert status(b'{"ok": true}') is Status.LIVE


def test_twilio_without_account_sid_makes_no_call(servers: tuple[Loopback, Loopback]) -> None:
    case = next(c for c in CASES if c.provider == "twilio")
    target, decoy = servers
    runner = _runner(target.url, "twilio", decoy.url)
    verdict = runner.check([_cand(case.rule_id, case.secret)], b'TWILIO_AUTH = "..."')[0]
    runner.close()
    assert verdict["verification"] == "unknown"
    assert "account SID" in verdict["verification_detail"]
    assert not target.seen


def test_pypi_is_unknown_without_any_request(servers: tuple[Loopback, Loopback]) -> None:
    target, _decoy = servers
    runner = VerificationRunner(base_urls=dict.fromkeys(providers(), target.url), timeout=1.0)
    verdict = runner.check([_cand("pypi-token", "pypi-" + fake(80, "py"))], b"")[0]
    runner.close()
    assert verdict["verification"] == "unknown"
    assert "upload" in verdict["verification_detail"]
    assert not target.seen


# ---------------------------------------------------------------- AWS SigV4


def test_sigv4_matches_the_documented_s3_example() -> None:
    """The GET Object example of the S3 SigV4 documentation (its published signature)."""
    secret = "wJalrXUtnFEMI/K7MDENG/" + "bPxRfiCY" + "EXAMPLEKEY"
    empty = hashlib.sha256(b"").hexdigest()
    auth = sign(
        key_id="AKIAIOSFODNN7" + "EXAMPLE",
        secret=secret,
        amz_date="20130524T000000Z",
        region="us-east-1",
        service="s3",
        method="GET",
        path="/test.txt",
        query="",
        headers={
            "Host": "examplebucket.s3.amazonaws.com",
            "Range": "bytes=0-9",
            "x-amz-content-sha256": empty,
            "x-amz-date": "20130524T000000Z",
        },
        payload_hash=empty,
    )
    assert auth.endswith(
        "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41"
    )
    assert "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date," in auth


def _independent_sigv4(secret: str, seen: Seen, signed: list[str], day: str) -> str:
    """Recompute the signature from what the server received (written apart from aws.py)."""
    lines = "".join(f"{h}:{seen.headers[h].strip()}\n" for h in signed)
    canonical = "\n".join(
        [seen.method, "/", "", lines, ";".join(signed), hashlib.sha256(seen.body).hexdigest()]
    )
    scope = f"{day}/us-east-1/sts/aws4_request"
    to_sign = "\n".join(
        [
            "AWS4-HMAC-SHA256",
            seen.headers["x-amz-date"],
            scope,
            hashlib.sha256(canonical.encode()).hexdigest(),
        ]
    )
    key = ("AWS4" + secret).encode()
    for part in (day, "us-east-1", "sts", "aws4_request"):
        key = hmac.new(key, part.encode(), hashlib.sha256).digest()
    return hmac.new(key, to_sign.encode(), hashlib.sha256).hexdigest()


AUTH = re.compile(
    r"AWS4-HMAC-SHA256 Credential=(?P<key>[A-Z0-9]{20})/(?P<day>\d{8})/us-east-1/sts/"
    r"aws4_request, SignedHeaders=(?P<signed>[a-z0-9;-]+), Signature=(?P<sig>[0-9a-f]{64})"
)


def _aws_pair() -> tuple[str, str, bytes]:
    key_id = "AKIA" + fake(16, "ak", B32)
    secret = fake(40, "sk", B64)
    text = f'AWS_ACCESS_KEY_ID = "{key_id}"\nAWS_SECRET_ACCESS_KEY = "{secret}"\n'
    return key_id, secret, text.encode()


def test_aws_sts_get_caller_identity_is_signed_by_hand(
    servers: tuple[Loopback, Loopback],
) -> None:
    target, decoy = servers
    key_id, secret, text = _aws_pair()
    cands = [
        _cand("aws-access-key-id", key_id, text.index(key_id.encode())),
        _cand("aws-secret-access-key", secret, text.index(secret.encode())),
    ]
    runner = _runner(target.url, "aws", decoy.url)
    verdicts = runner.check(cands, text)
    runner.close()
    assert [v["verification"] for v in verdicts.values()] == ["live", "live"]
    assert len(target.seen) == 1, "both halves share one STS call"
    seen = target.seen[0]
    assert (seen.method, seen.path) == ("POST", "/")
    assert seen.body == b"Action=GetCallerIdentity&Version=2011-06-15"
    assert seen.headers["content-type"].startswith("application/x-www-form-urlencoded")
    match = AUTH.fullmatch(seen.headers["authorization"])
    assert match is not None, seen.headers["authorization"]
    assert match["key"] == key_id
    assert match["day"] == seen.headers["x-amz-date"][:8]
    assert match["signed"] == "content-type;host;x-amz-date"
    signed = match["signed"].split(";")
    assert match["sig"] == _independent_sigv4(secret, seen, signed, match["day"])
    assert secret not in json.dumps(seen.headers) and secret.encode() not in seen.body


def test_aws_forbidden_is_revoked(servers: tuple[Loopback, Loopback]) -> None:
    target, decoy = servers
    target.mode, target.revoked_status = "revoked", 403
    key_id, secret, text = _aws_pair()
    runner = _runner(target.url, "aws", decoy.url)
    got = runner.check(
        [_cand("aws-access-key-id", key_id), _cand("aws-secret-access-key", secret, 40)], text
    )
    runner.close()
    assert {v["verification"] for v in got.values()} == {"revoked"}


def test_aws_half_a_pair_or_temporary_key_alone_is_unknown(
    servers: tuple[Loopback, Loopback],
) -> None:
    target, decoy = servers
    runner = _runner(target.url, "aws", decoy.url)
    alone = runner.check([_cand("aws-access-key-id", "AKIA" + fake(16, "x", B32))], b"")
    temporary = runner.check(
        [
            _cand("aws-access-key-id", "ASIA" + fake(16, "y", B32)),
            _cand("aws-secret-access-key", fake(40, "z", B64), 30),
        ],
        b"",
    )
    other = runner.check(
        [
            _cand("aws-access-key-id", "ABIA" + fake(16, "w", B32)),
            _cand("aws-secret-access-key", fake(40, "v", B64), 30),
        ],
        b"",
    )
    runner.close()
    assert "not checked through STS" in other[0]["verification_detail"]
    assert alone[0]["verification"] == "unknown"
    assert "secret access key" in alone[0]["verification_detail"]
    assert "session token" in temporary[0]["verification_detail"]
    assert not target.seen


# ---------------------------------------------------------------- where secrets may go


def test_redirect_is_not_followed_to_another_host(servers: tuple[Loopback, Loopback]) -> None:
    target, decoy = servers
    target.mode, target.redirect_to = "redirect", decoy.url
    case = next(c for c in CASES if c.provider == "github")
    assert _check_one(case, servers) == "unknown"  # asserts the decoy saw nothing


def test_proxy_environment_is_ignored(
    servers: tuple[Loopback, Loopback], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy"):
        monkeypatch.setenv(name, servers[1].url)
    monkeypatch.delenv("NO_PROXY", raising=False)
    monkeypatch.delenv("no_proxy", raising=False)
    case = next(c for c in CASES if c.provider == "github")
    assert _check_one(case, servers) == "live"
    assert len(servers[0].seen) == 1


@pytest.mark.parametrize("path", ["//evil.example/x", "@evil.example/x", "x/y"])
def test_paths_that_would_leave_the_host_are_refused(path: str) -> None:
    with pytest.raises(ValueError):
        checked_url("https://api.github.com", path)


def test_telegram_token_cannot_rewrite_the_url() -> None:
    url = checked_url("https://api.telegram.org", "/bot1:AA%2F..%2F@evil/getMe")
    assert url.host == "api.telegram.org"


def test_base_url_constants_are_the_providers_own_https_hosts() -> None:
    for rule_id, verifier in VERIFIERS.items():
        assert verifier.base_url.startswith("https://"), rule_id
        assert "127.0.0.1" not in verifier.base_url and "localhost" not in verifier.base_url


def test_overrides_for_unknown_providers_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown providers"):
        VerificationRunner(base_urls={"gihtub": "http://127.0.0.1:1"})


# ---------------------------------------------------------------- rate limit, cache, budget


def test_rate_limit_spaces_calls_to_one_provider(servers: tuple[Loopback, Loopback]) -> None:
    target, decoy = servers
    runner = VerificationRunner(
        base_urls=dict.fromkeys(providers(), decoy.url) | {"github": target.url},
        timeout=2.0,
        rate_per_second=10.0,
    )
    cands = [_cand("github-pat", "ghp_" + fake(36, f"r{i}"), i * 50) for i in range(5)]
    started = time.monotonic()
    verdicts = runner.check(cands, b"")
    elapsed = time.monotonic() - started
    runner.close()
    assert [v["verification"] for v in verdicts.values()] == ["live"] * 5
    assert elapsed >= 0.35  # five calls at 10/s: four intervals of 0.1 s
    assert len(target.seen) == 5


def test_same_secret_in_many_places_is_checked_once(servers: tuple[Loopback, Loopback]) -> None:
    target, decoy = servers
    runner = _runner(target.url, "github", decoy.url)
    secret = "ghp_" + fake(36, "once")
    first = runner.check([_cand("github-pat", secret, 0), _cand("github-pat", secret, 99)], b"")
    again = runner.check([_cand("github-pat", secret, 5)], b"")
    runner.close()
    assert {v["verification"] for v in first.values()} == {"live"}
    assert again[0]["verified_at"] == first[0]["verified_at"]
    assert len(target.seen) == 1


def test_file_budget_bounds_the_wait(servers: tuple[Loopback, Loopback]) -> None:
    target, decoy = servers
    target.mode = "hang"
    urls = dict.fromkeys(providers(), decoy.url) | {"github": target.url}
    runner = VerificationRunner(base_urls=urls, timeout=5.0, budget=0.3)
    started = time.monotonic()
    verdict = runner.check([_cand("github-pat", "ghp_" + fake(36, "b"))], b"")[0]
    elapsed = time.monotonic() - started
    runner.close()
    assert verdict["verification"] == "unknown"
    assert "budget" in verdict["verification_detail"]
    assert elapsed < 1.5


def test_unreachable_provider_is_unknown() -> None:
    runner = VerificationRunner(base_urls={"github": "http://127.0.0.1:9"}, timeout=1.0)
    verdict = runner.check([_cand("github-pat", "ghp_" + fake(36, "u"))], b"")[0]
    runner.close()
    assert verdict["verification"] == "unknown"
    assert "unreachable" in verdict["verification_detail"]


# ---------------------------------------------------------------- through the analyzer


def _analyzer(options: Mapping[str, object], runner: VerificationRunner | None) -> SecretsAnalyzer:
    return SecretsAnalyzer(options, verifier=runner)


def test_analyzer_puts_only_the_verdict_into_the_finding(
    servers: tuple[Loopback, Loopback],
) -> None:
    target, decoy = servers
    token = github_token("verify-e2e")
    runner = _runner(target.url, "github", decoy.url)
    found, _ = analyze(f'GITHUB_TOKEN = "{token}"\n', analyzer=_analyzer({"verify": True}, runner))
    runner.close()
    assert [f.rule_id for f in found] == ["github-pat"]
    meta = found[0].metadata
    assert meta["verification"] == "live"
    assert datetime.fromisoformat(meta["verified_at"]).tzinfo == UTC
    assert token not in json.dumps(meta, default=str)
    assert target.seen[0].headers["authorization"] == f"Bearer {token}"


def test_analyzer_without_verify_makes_no_call(servers: tuple[Loopback, Loopback]) -> None:
    target, decoy = servers
    runner = _runner(target.url, "github", decoy.url)
    token = github_token("verify-off")
    for options in ({}, {"verify": False}, {"verify": "yes"}):
        found, _ = analyze(f'GITHUB_TOKEN = "{token}"\n', analyzer=_analyzer(options, runner))
        assert found and "verification" not in found[0].metadata
    runner.close()
    assert not target.seen


def test_analyzer_options_cannot_redirect_verification() -> None:
    """Base URLs come only from the constructor argument tests pass, never from options."""
    analyzer = SecretsAnalyzer({"verify": True, "base_urls": {"github": "http://127.0.0.1:1"}})
    runner = analyzer._verifier
    assert runner is not None and runner.base_urls == {}
    assert runner.base_url(VERIFIERS["github-pat"]) == "https://api.github.com"


def test_checksum_failing_token_is_not_sent(servers: tuple[Loopback, Loopback]) -> None:
    target, decoy = servers
    runner = _runner(target.url, "github", decoy.url)
    bad = "ghp_" + fake(36, "bad-checksum")
    analyze(f'GITHUB_TOKEN = "{bad}"\n', analyzer=_analyzer({"verify": True}, runner))
    runner.close()
    assert not target.seen


def test_aws_pair_through_the_analyzer(servers: tuple[Loopback, Loopback]) -> None:
    target, decoy = servers
    _, _, text = _aws_pair()
    runner = _runner(target.url, "aws", decoy.url)
    found, _ = analyze(text, "config/settings.py", analyzer=_analyzer({"verify": True}, runner))
    runner.close()
    by_rule = {f.rule_id: f.metadata.get("verification") for f in found}
    assert by_rule == {"aws-access-key-id": "live", "aws-secret-access-key": "live"}
    assert len(target.seen) == 1


# ---------------------------------------------------------------- the CLI switch


@pytest.mark.parametrize(
    ("extra", "message"),
    [(["--offline"], "drop --offline"), (["--skip-secrets"], "drop --skip-secrets")],
)
def test_cli_verify_conflicts_are_usage_errors(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, extra: list[str], message: str
) -> None:
    code = main(["analyze", str(tmp_path), "--verify", *extra])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and message in err


def test_project_config_cannot_switch_verification_on(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Only the operator's --verify does: the CLI passes verify=False explicitly."""
    (tmp_path / ".stockade.toml").write_text("[secrets]\nverify = true\n")
    (tmp_path / "app.py").write_text(f'GITHUB_TOKEN = "{github_token("cli-off")}"\n')
    code = main(["analyze", str(tmp_path), "--format", "json", "--skip-sast", "--jobs", "1"])
    found = json.loads(capsys.readouterr().out)["findings"]
    assert code == 1 and [f["rule_id"] for f in found] == ["github-pat"]
    assert "secret_hash" in found[0]["metadata"]
    assert "verification" not in found[0]["metadata"]


def test_cli_verify_flag_reaches_the_analyzer(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    servers: tuple[Loopback, Loopback],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Wiring only: GitHub's constant is pointed at the loopback server for this test."""
    monkeypatch.setattr(GITHUB, "base_url", servers[0].url)
    token = github_token("cli-on")
    (tmp_path / "app.py").write_text(f'GITHUB_TOKEN = "{token}"\n')
    code = main(["analyze", str(tmp_path), "-f", "json", "--skip-sast", "-j", "1", "--verify"])
    found = json.loads(capsys.readouterr().out)["findings"]
    assert code == 1 and found[0]["metadata"]["verification"] == "live"
    assert token not in json.dumps(found)
    assert [s.path for s in servers[0].seen] == ["/user"]


def test_github_rate_limit_is_not_a_revocation() -> None:
    limited = Response(403, b'{"message": "API rate limit exceeded for user ID 1."}')
    assert read_user(limited).status is Status.UNKNOWN
    assert read_user(Response(403, b'{"message": "Bad credentials"}')).status is Status.REVOKED
    assert read_user(Response(401, b"{}")).status is Status.REVOKED


def test_server_jobs_pin_verification_off(tmp_path: Path) -> None:
    """A submitted tree's .stockade.toml must not make the server call providers."""
    from stockade.config import Settings
    from stockade.jobs.runner import module_options
    from stockade.scan.runner import _merge_module_options

    project = {"secrets": {"verify": True, "disable": ["generic-secret"]}}
    merged = _merge_module_options(project, module_options(Settings()))
    assert merged["secrets"] == {"verify": False, "disable": ["generic-secret"]}


def test_a_secret_that_breaks_the_request_is_unknown_and_not_echoed(
    servers: tuple[Loopback, Loopback],
) -> None:
    """A value no header may carry (a line break) fails locally; the reason omits it."""
    target, decoy = servers
    runner = _runner(target.url, "github", decoy.url)
    secret = "ghp_" + fake(20, "nl") + "\r\nX-Injected: 1"
    verdict = runner.check([_cand("github-pat", secret)], b"")[0]
    runner.close()
    assert verdict["verification"] == "unknown"
    assert secret not in verdict["verification_detail"] and "X-Injected" not in str(verdict)
    assert all("x-injected" not in s.headers for s in target.seen)
