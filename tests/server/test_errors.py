"""The error contract (issue #23, items 7 and 8), against the real application.

One code per kind of client mistake, whatever the route: a body that cannot be parsed is
400 ``malformed_body`` (bad syntax, a 5,000-digit integer, nesting deeper than any parser
goes); a body without or with the wrong ``Content-Type`` is 415; a body over
``server.max_body_mb`` is 413 however it is sent; a wrong method is 405 with an ``Allow``
header naming every method of the path. The body routes are read from the OpenAPI
document, so a route added later is covered without touching this file.
"""

from __future__ import annotations

import tempfile
import uuid
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from server_fixtures import FAST_PASSWORDS, Accounts, make_settings
from stockade.server import create_app

PROBLEM = "application/problem+json"
JSON = {"Content-Type": "application/json"}


@pytest.fixture(scope="module")
def error_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, str]]:
    """One application (SQLite, no job runner) and an API key for the whole module."""
    tmp = tmp_path_factory.mktemp("errors")
    app = create_app(make_settings(tmp, f"sqlite:///{tmp / 'e.db'}"), run_jobs=False)
    app.state.ctx.passwords = FAST_PASSWORDS
    with TestClient(app) as client:
        helper = Accounts(app)
        key = helper.api_key(client, helper.signed_in(client, "errors@example.com"))
        yield client, key
    app.state.ctx.db.dispose()


def _body_operations(media: str | None = None) -> list[tuple[str, str]]:
    """(method, path) of every operation that takes a request body (in ``media``, when
    given), from the document."""
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        app = create_app(make_settings(tmp, f"sqlite:///{tmp / 'doc.db'}"), run_jobs=False)
        doc = app.openapi()
        app.state.ctx.db.dispose()
    return sorted(
        (method.upper(), path)
        for path, operations in doc["paths"].items()
        for method, operation in operations.items()
        if "requestBody" in operation
        and (media is None or media in operation["requestBody"].get("content", {}))
    )


BODY_OPERATIONS = _body_operations()
JSON_OPERATIONS = _body_operations("application/json")
UNPARSABLE = {
    "syntax": b'{"name": ',
    "huge_integer": b'{"name": ' + b"9" * 5000 + b"}",
    "deep_nesting": b"[" * 5000 + b"]" * 5000,
}


def _url(path: str) -> str:
    """Path parameters are ids here: a random UUID reaches the body check like a real one."""
    parts = [str(uuid.uuid4()) if p.startswith("{") else p for p in path.split("/")]
    return "/".join(parts)


def _problem(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == PROBLEM
    body: dict[str, Any] = response.json()
    assert body["code"] == code and body["status"] == status
    return body


def test_the_document_lists_the_body_routes() -> None:
    assert ("POST", "/api/v1/analyze/job") in BODY_OPERATIONS
    assert ("POST", "/api/v1/auth/register") in BODY_OPERATIONS
    assert len(BODY_OPERATIONS) >= 6


@pytest.mark.parametrize("kind", sorted(UNPARSABLE))
@pytest.mark.parametrize(("method", "path"), JSON_OPERATIONS)
def test_unparsable_body_is_malformed_body_everywhere(
    error_app: tuple[TestClient, str], method: str, path: str, kind: str
) -> None:
    client, key = error_app
    r = client.request(
        method, _url(path), content=UNPARSABLE[kind], headers={**JSON, "X-API-Key": key}
    )
    _problem(r, 400, "malformed_body")


@pytest.mark.parametrize(("method", "path"), BODY_OPERATIONS)
def test_missing_content_type_is_415_everywhere(
    error_app: tuple[TestClient, str], method: str, path: str
) -> None:
    client, key = error_app
    r = client.request(method, _url(path), content=b'{"name": "x"}', headers={"X-API-Key": key})
    assert "content-type" not in r.request.headers
    body = _problem(r, 415, "unsupported_media_type")
    assert "no content type" in body["detail"]


@pytest.mark.parametrize(("method", "path"), BODY_OPERATIONS)
def test_wrong_content_type_is_415_everywhere(
    error_app: tuple[TestClient, str], method: str, path: str
) -> None:
    client, key = error_app
    headers = {"X-API-Key": key, "Content-Type": "text/plain"}
    r = client.request(method, _url(path), content=b'{"name": "x"}', headers=headers)
    _problem(r, 415, "unsupported_media_type")


def test_json_job_without_content_type_is_not_guessed(error_app: tuple[TestClient, str]) -> None:
    """The defect: /analyze/job took a body without Content-Type as JSON and queued it."""
    client, key = error_app
    body = b'{"source": {"type": "files", "files": [{"path": "a.py", "content": "x = 1"}]}}'
    r = client.post("/api/v1/analyze/job", content=body, headers={"X-API-Key": key})
    _problem(r, 415, "unsupported_media_type")
    r = client.post("/api/v1/analyze/job", content=body, headers={**JSON, "X-API-Key": key})
    assert r.status_code == 202, r.text


def test_allow_lists_every_method_of_the_path(error_app: tuple[TestClient, str]) -> None:
    client, key = error_app
    headers = {"X-API-Key": key}
    r = client.put(f"/api/v1/jobs/{uuid.uuid4()}", headers=headers)
    _problem(r, 405, "method_not_allowed")
    assert r.headers["allow"] == "GET, DELETE"
    r = client.delete("/api/v1/api-keys", headers=headers)
    _problem(r, 405, "method_not_allowed")
    assert r.headers["allow"] == "GET, POST"


def test_allow_joins_separate_routes_of_one_path(tmp_path: Path) -> None:
    """GET, POST and DELETE of one path registered as three routes (as the API's own routers
    do): the router stops at the first match, the ``Allow`` header must not."""
    app = create_app(make_settings(tmp_path, f"sqlite:///{tmp_path / 'a.db'}"), run_jobs=False)

    def noop() -> dict[str, str]:
        return {}

    for method in ("GET", "POST", "DELETE"):
        app.add_api_route("/api/v1/probe", noop, methods=[method], name=f"probe_{method}")
    with TestClient(app) as client:
        assert client.post("/api/v1/probe").status_code == 200
        r = client.patch("/api/v1/probe")
        _problem(r, 405, "method_not_allowed")
        assert r.headers["allow"] == "GET, POST, DELETE"
        assert "PATCH is not allowed" in r.json()["detail"]
    app.state.ctx.db.dispose()


@pytest.fixture
def tiny_limit(tmp_path: Path) -> Iterator[tuple[TestClient, str]]:
    """An application that accepts bodies up to 10 KiB."""
    settings = make_settings(
        tmp_path, f"sqlite:///{tmp_path / 't.db'}", server={"max_body_mb": 10 / 1024}
    )
    app = create_app(settings, run_jobs=False)
    app.state.ctx.passwords = FAST_PASSWORDS
    with TestClient(app) as client:
        helper = Accounts(app)
        key = helper.api_key(client, helper.signed_in(client, "limit@example.com"))
        yield client, key
    app.state.ctx.db.dispose()


def _multipart(size: int) -> Iterator[bytes]:
    """A multipart upload of ``size`` bytes of archive, streamed in 1 KiB chunks."""
    yield (
        b'--b\r\nContent-Disposition: form-data; name="archive"; filename="a.zip"\r\n'
        b"Content-Type: application/zip\r\n\r\n"
    )
    for _ in range(size // 1024):
        yield b"x" * 1024
    yield b"\r\n--b--\r\n"


def test_oversized_chunked_multipart_is_413(tiny_limit: tuple[TestClient, str]) -> None:
    """The defect: the multipart reader turned the limit into 400 ``malformed_body``."""
    client, key = tiny_limit
    headers = {"X-API-Key": key, "Content-Type": "multipart/form-data; boundary=b"}
    r = client.post("/api/v1/analyze/job", content=_multipart(100 * 1024), headers=headers)
    assert "content-length" not in r.request.headers  # really chunked
    _problem(r, 413, "payload_too_large")


def test_oversized_multipart_with_length_is_413(tiny_limit: tuple[TestClient, str]) -> None:
    client, key = tiny_limit
    headers = {"X-API-Key": key, "Content-Type": "multipart/form-data; boundary=b"}
    body = b"".join(_multipart(100 * 1024))
    r = client.post("/api/v1/analyze/job", content=body, headers=headers)
    _problem(r, 413, "payload_too_large")


def test_oversized_chunked_json_is_413(tiny_limit: tuple[TestClient, str]) -> None:
    client, key = tiny_limit

    def chunks() -> Iterator[bytes]:
        yield b'{"source": {"type": "files", "files": [{"path": "a.py", "content": "'
        for _ in range(100):
            yield b"x" * 1024
        yield b'"}]}}'

    headers = {**JSON, "X-API-Key": key}
    r = client.post("/api/v1/analyze/job", content=chunks(), headers=headers)
    _problem(r, 413, "payload_too_large")


def test_small_multipart_still_accepted(tiny_limit: tuple[TestClient, str]) -> None:
    """The 413 rewrite only applies once the limit was passed."""
    client, key = tiny_limit
    headers = {"X-API-Key": key, "Content-Type": "multipart/form-data; boundary=b"}
    r = client.post("/api/v1/analyze/job", content=_multipart(2048), headers=headers)
    assert r.status_code == 202, r.text


def test_document_states_the_rules_the_server_enforces(error_app: tuple[TestClient, str]) -> None:
    client, _ = error_app
    doc = client.get("/api-docs/openapi.json").json()
    schemas = doc["components"]["schemas"]
    key = schemas["ApiKeyCreate"]
    assert key["then"]["required"] == ["organization_id"] and key["if"]["required"] == ["role"]
    days = key["properties"]["expires_in_days"]["anyOf"][0]
    assert days == {"type": "integer", "minimum": 1, "maximum": 3650}
    password = schemas["RegisterRequest"]["properties"]["password"]
    assert password["minLength"] == 12 and password["pattern"].startswith("^(?=")
    job = doc["paths"]["/api/v1/analyze/job"]["post"]["requestBody"]["content"]
    project = job["application/json"]["schema"]["properties"]["project"]["anyOf"][0]
    assert project["additionalProperties"] is False
    variants = job["application/json"]["schema"]["properties"]["source"]["oneOf"]
    archive = next(v for v in variants if v["properties"]["type"] == {"const": "archive"})
    assert archive["properties"]["filename"]["pattern"].endswith("$")
    files = next(v for v in variants if v["properties"]["type"] == {"const": "files"})
    assert files["properties"]["files"]["maxItems"] == 10_000
    deps = schemas["AnalyzeRequest"]
    assert [b["required"] for b in deps["anyOf"]] == [["files"], ["packages"]]


@pytest.mark.parametrize(("days", "status"), [(90, 201), (90.0, 201), (90.5, 422), ("90", 422)])
def test_expires_in_days_is_a_whole_number(
    error_app: tuple[TestClient, str], days: object, status: int
) -> None:
    """JSON Schema's integer includes 90.0, so the server takes it (as 90 days)."""
    client, key = error_app
    body = {"name": "whole", "expires_in_days": days}
    r = client.post("/api/v1/api-keys", json=body, headers={"X-API-Key": key})
    assert r.status_code == status, r.text
    if status == 201:
        created = datetime.fromisoformat(r.json()["created_at"])
        expires = datetime.fromisoformat(r.json()["expires_at"])
        assert expires - created == timedelta(days=90)


def test_unknown_project_property_is_refused_as_documented(
    error_app: tuple[TestClient, str],
) -> None:
    client, key = error_app
    body = {
        "source": {"type": "files", "files": [{"path": "a.py", "content": "x = 1"}]},
        "project": {"name": "p", "colour": "red"},
    }
    r = client.post("/api/v1/analyze/job", json=body, headers={"X-API-Key": key})
    problem = _problem(r, 422, "validation_failed")
    assert problem["errors"][0]["loc"][-1] == "colour"
