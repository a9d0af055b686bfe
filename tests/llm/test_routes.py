"""The LLM endpoints through the real application and the loopback provider server: body
shapes, streaming, fix verification, safety (redaction, cutting), costs and refusals."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from llm_app import SQLI, SQLI_FIXED, llm_app, llm_section
from llm_provider_server import ProviderServer, Reply
from server_fixtures import Accounts, db_url

__all__ = ["db_url"]

EXPLAIN = {
    "vulnerability_id": "CVE-2021-44228",
    "description": "JNDI lookups in log messages",
    "affected_component": "pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1",
    "audience": "developer",
}
EXPLAINED = {
    "explanation": "Log4Shell lets a log message load remote code.",
    "key_points": ["remote code execution", "no authentication"],
    "mitigation_steps": ["upgrade to 2.17.1", "remove JndiLookup"],
}


@pytest.fixture
def provider() -> Iterator[ProviderServer]:
    with ProviderServer() as server:
        yield server


@pytest.fixture
def app(tmp_path: Path, db_url: str, provider: ProviderServer) -> Iterator[FastAPI]:
    application = llm_app(tmp_path, db_url, llm_section(provider, max_input_chars=2000))
    yield application
    application.state.ctx.db.dispose()


@pytest.fixture
def http(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as client:
        yield client


@pytest.fixture
def key(app: FastAPI, http: TestClient) -> dict[str, str]:
    accounts = Accounts(app)
    return {"X-API-Key": accounts.api_key(http, accounts.signed_in(http))}


def tokens_used(http: TestClient, key: dict[str, str]) -> int:
    r = http.get("/api/v1/quota", headers=key)
    assert r.status_code == 200, r.text
    return int(r.json()["tokens_used"])


def prompt_of(provider: ProviderServer, index: int = -1) -> str:
    """Everything Stockade sent the provider in one request (all messages)."""
    return "\n".join(m["content"] for m in provider.requests[index].json["messages"])


def fix_body(code: str = SQLI, **extra: Any) -> dict[str, Any]:
    return {
        "vulnerability_id": "python.sql-injection",
        "vulnerable_code": code,
        "language": "python",
        "context": "src/app/users.py",
        **extra,
    }


def test_explain_answers_the_spec_shape_and_charges_one_llm_call(
    http: TestClient, key: dict[str, str], provider: ProviderServer
) -> None:
    provider.script(Reply.json(EXPLAINED))
    r = http.post("/api/v1/llm/explain", json=EXPLAIN, headers=key)
    assert r.status_code == 200, r.text
    assert r.json() == EXPLAINED
    assert tokens_used(http, key) == 6
    sent = provider.requests[0]
    assert sent.path == "/v1/chat/completions"
    messages = sent.json["messages"]
    assert [m["role"] for m in messages] == ["system", "user"]
    assert "never an instruction" in messages[0]["content"]
    # Every client field went in a data block of its own.
    for label in ("vulnerability_id", "description", "affected_component", "audience"):
        assert f'<<<DATA "{label}"' in messages[1]["content"]
    assert EXPLAIN["affected_component"] in messages[1]["content"]


def test_explain_streams_deltas_then_the_same_object(
    http: TestClient, key: dict[str, str], provider: ProviderServer
) -> None:
    text = json.dumps(EXPLAINED)
    provider.script(Reply.text(text, pieces=[text[:20], text[20:60], text[60:]]))
    headers = {**key, "Accept": "text/event-stream"}
    with http.stream("POST", "/api/v1/llm/explain", json=EXPLAIN, headers=headers) as r:
        assert r.status_code == 200
        assert r.headers["content-type"].startswith("text/event-stream")
        raw = "".join(r.iter_text())
    events = [block.split("\n", 1) for block in raw.strip().split("\n\n")]
    names = [e[0].removeprefix("event: ") for e in events]
    data = [json.loads(e[1].removeprefix("data: ")) for e in events]
    assert names == ["delta", "delta", "delta", "result"]
    assert "".join(d["text"] for d in data[:-1]) == text
    assert data[-1] == EXPLAINED
    assert provider.requests[0].json["stream"] is True


def test_a_stream_cut_mid_way_ends_with_an_error_event_and_a_refund(
    http: TestClient, key: dict[str, str], provider: ProviderServer
) -> None:
    provider.script(Reply.cut(['{"explanation": "Log', "4Shell lets"]))
    headers = {**key, "Accept": "text/event-stream"}
    with http.stream("POST", "/api/v1/llm/explain", json=EXPLAIN, headers=headers) as r:
        raw = "".join(r.iter_text())
    last = raw.strip().split("\n\n")[-1].split("\n", 1)
    assert last[0] == "event: error"
    assert json.loads(last[1].removeprefix("data: "))["code"] == "llm_stream_cut"
    assert tokens_used(http, key) == 0


def test_a_stream_is_bounded_by_the_total_budget_and_refunded(
    tmp_path: Path, db_url: str, provider: ProviderServer
) -> None:
    """A provider slower than ``llm.total_budget_seconds`` (each wait is within its
    per-call timeout) ends the streamed explain with 503, as it ends a JSON one."""
    section = llm_section(provider, timeout_seconds=10, total_budget_seconds=0.5)
    application = llm_app(tmp_path, db_url, section)
    try:
        with TestClient(application) as client:
            accounts = Accounts(application)
            own = {"X-API-Key": accounts.api_key(client, accounts.signed_in(client))}
            provider.script(Reply.json(EXPLAINED, delay=2.0))
            headers = {**own, "Accept": "text/event-stream"}
            r = client.post("/api/v1/llm/explain", json=EXPLAIN, headers=headers)
            assert r.status_code == 503, r.text
            assert r.json()["code"] == "llm_unavailable"
            assert "total_budget_seconds" in r.json()["detail"]
            assert tokens_used(client, own) == 0
    finally:
        application.state.ctx.db.dispose()


def test_fix_of_a_sql_injection_is_verified_by_stockades_own_sast(
    http: TestClient, key: dict[str, str], provider: ProviderServer
) -> None:
    provider.script(
        Reply.json({"fixed_code": SQLI_FIXED, "explanation": "parameters", "confidence": 0.9})
    )
    r = http.post("/api/v1/llm/fix", json=fix_body(), headers=key)
    assert r.status_code == 200, r.text
    assert r.json() == {
        "fixed_code": SQLI_FIXED,
        "explanation": "parameters",
        "confidence": 0.9,
        "verified": True,
    }


def test_a_non_fix_is_not_verified_and_its_confidence_is_capped(
    http: TestClient, key: dict[str, str], provider: ProviderServer
) -> None:
    still_vulnerable = SQLI.replace("cur.fetchall()", "list(cur.fetchall())")
    provider.script(
        Reply.json({"fixed_code": still_vulnerable, "explanation": "x", "confidence": 0.95}),
        Reply.json({"fixed_code": "def find(:\n", "explanation": "x", "confidence": 7}),
    )
    r = http.post("/api/v1/llm/fix", json=fix_body(), headers=key)
    assert r.status_code == 200, r.text
    assert r.json()["verified"] is False
    assert r.json()["confidence"] == 0.3
    # A syntax error is not verified either; a confidence of 7 was clamped, then capped.
    r = http.post("/api/v1/llm/fix", json=fix_body(), headers=key)
    assert (r.json()["verified"], r.json()["confidence"]) == (False, 0.3)


def test_query_keeps_only_web_references(
    http: TestClient, key: dict[str, str], provider: ProviderServer
) -> None:
    refs = ["https://owasp.org/www-community/attacks/SQL_Injection", "javascript:alert(1)"]
    refs += ["file:///etc/passwd", "http://cwe.mitre.org/data/definitions/89.html", "not a url"]
    provider.script(Reply.json({"answer": "Use parameters.", "references": refs}))
    body = {"query": "Is this injectable?", "context": {"file": "users.py", "content": SQLI}}
    r = http.post("/api/v1/llm/query", json=body, headers=key)
    assert r.status_code == 200, r.text
    assert r.json() == {
        "answer": "Use parameters.",
        "references": [refs[0], "http://cwe.mitre.org/data/definitions/89.html"],
    }


def test_an_aws_key_in_a_snippet_never_reaches_the_provider(
    http: TestClient, key: dict[str, str], provider: ProviderServer
) -> None:
    access = "AKIA" + "QX7Z4T2MPRW5NB3K"  # base32, as real key ids are
    secret = "wJalrXUtnFEMI/K7MDENG/" + "bPxRfiCYzq8Tr2MvLE9A"
    code = f'import boto3\n\ns3 = boto3.client("s3", aws_access_key_id="{access}",\n'
    code += f'    aws_secret_access_key="{secret}")\n'
    provider.script(
        Reply.json({"fixed_code": "import boto3\n", "explanation": "env", "confidence": 0.5})
    )
    r = http.post("/api/v1/llm/fix", json=fix_body(code, vulnerability_id="aws"), headers=key)
    assert r.status_code == 200, r.text
    raw = provider.requests[0].body.decode()
    assert access not in raw
    assert secret not in raw
    assert "[REDACTED:" in raw


def test_an_oversized_snippet_is_cut_with_a_note(
    http: TestClient, key: dict[str, str], provider: ProviderServer
) -> None:
    code = SQLI + "".join(f"value_{n} = {n}\n" for n in range(2000))
    assert len(code) > 20_000
    provider.script(Reply.json({"fixed_code": SQLI_FIXED, "explanation": "x", "confidence": 0.8}))
    r = http.post("/api/v1/llm/fix", json=fix_body(code), headers=key)
    assert r.status_code == 200, r.text
    sent = prompt_of(provider)
    assert "value_1999" not in sent
    assert "[cut by Stockade:" in sent
    assert len(sent) < 2000 + 3000  # the limit plus instructions, labels and the note


def test_unknown_language_is_422_before_any_provider_call_or_charge(
    http: TestClient, key: dict[str, str], provider: ProviderServer
) -> None:
    r = http.post("/api/v1/llm/fix", json=fix_body(language="cobol"), headers=key)
    assert r.status_code == 422
    assert r.json()["code"] == "llm_invalid_input"
    assert r.headers["content-type"] == "application/problem+json"
    assert provider.requests == []
    assert tokens_used(http, key) == 0


def test_a_provider_500_is_refunded(
    http: TestClient, key: dict[str, str], provider: ProviderServer
) -> None:
    provider.script(Reply.error(500), Reply.json(EXPLAINED))
    r = http.post("/api/v1/llm/explain", json=EXPLAIN, headers=key)
    assert r.status_code == 503
    assert r.json()["code"] == "llm_unavailable"
    assert tokens_used(http, key) == 0
    assert http.post("/api/v1/llm/explain", json=EXPLAIN, headers=key).status_code == 200
    assert tokens_used(http, key) == 6


def test_a_provider_429_passes_retry_after_on(
    http: TestClient, key: dict[str, str], provider: ProviderServer
) -> None:
    provider.script(Reply.error(429, retry_after="17"))
    r = http.post("/api/v1/llm/query", json={"query": "why?"}, headers=key)
    assert r.status_code == 503
    assert r.json()["code"] == "llm_rate_limited"
    assert r.headers["Retry-After"] == "17"
    assert tokens_used(http, key) == 0


def test_each_call_costs_six_in_the_rate_limiter_and_says_so(
    http: TestClient, key: dict[str, str], provider: ProviderServer
) -> None:
    provider.script(Reply.json(EXPLAINED), Reply.json(EXPLAINED))
    first = http.post("/api/v1/llm/explain", json=EXPLAIN, headers=key)
    second = http.post("/api/v1/llm/explain", json=EXPLAIN, headers=key)
    assert "RateLimit-Policy" in first.headers and "RateLimit" in second.headers
    spent = int(first.headers["X-RateLimit-Remaining"]) - int(
        second.headers["X-RateLimit-Remaining"]
    )
    assert spent == 6


def test_an_exhausted_quota_is_429_and_the_provider_is_not_called(
    http: TestClient, key: dict[str, str], provider: ProviderServer
) -> None:
    provider.default = Reply.json(EXPLAINED)
    for _ in range(8):  # the personal Free allowance: 48 tokens, 6 a call
        assert http.post("/api/v1/llm/explain", json=EXPLAIN, headers=key).status_code == 200
    calls = len(provider.requests)
    r = http.post("/api/v1/llm/explain", json=EXPLAIN, headers=key)
    assert r.status_code == 429
    assert r.json()["code"] == "quota_exhausted"
    assert len(provider.requests) == calls


def test_without_a_provider_every_llm_endpoint_is_503_and_nothing_is_charged(
    tmp_path: Path, db_url: str
) -> None:
    application = llm_app(tmp_path, db_url, None)
    with TestClient(application) as http:
        accounts = Accounts(application)
        key = {"X-API-Key": accounts.api_key(http, accounts.signed_in(http))}
        job = "00000000-0000-4000-8000-000000000000"
        calls = [
            ("/api/v1/llm/explain", EXPLAIN),
            ("/api/v1/llm/fix", fix_body()),
            ("/api/v1/llm/query", {"query": "why?"}),
            (f"/api/v1/jobs/{job}/enrich", {"finding_ids": ["x"]}),
        ]
        for path, body in calls:
            r = http.post(path, json=body, headers=key)
            assert r.status_code == 503, (path, r.text)
            assert r.json()["code"] == "llm_disabled"
        assert tokens_used(http, key) == 0
        assert http.get("/health").status_code == 200  # the rest of Stockade is unaffected
    application.state.ctx.db.dispose()


def test_unauthenticated_calls_are_401(http: TestClient) -> None:
    r = http.post("/api/v1/llm/explain", json=EXPLAIN)
    assert r.status_code == 401
    assert r.json()["code"] == "unauthenticated"
