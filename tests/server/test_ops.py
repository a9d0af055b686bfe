"""Operational endpoints and HTTP conventions: health, metrics, docs, OpenAPI, errors, CORS."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from osv_data import OSV
from server_fixtures import make_settings
from stockade.analyzers.deps.advisories.local import LocalStore
from stockade.server import create_app
from stockade.store import Database

sys.path.insert(0, str(Path(__file__).parents[1] / "analyzers" / "deps"))
from loopback import serve  # the OSV export mirror on 127.0.0.1

PROBLEM = "application/problem+json"


def test_health_reports_version_and_database(client: TestClient) -> None:
    r = client.get("/health")
    assert r.status_code == 200
    assert r.json() == {
        "status": "ok",
        "version": "0.1.0",
        "checks": {"database": "ok"},
        # A fresh server has no advisories; that is reported, not a failed health check.
        "advisories": {"status": "empty", "source": "local", "count": 0, "last_sync": None},
        "rate_limiter": {"storage": "memory", "status": "ok"},
    }


def test_health_reports_an_imported_advisory_store(tmp_path: Path) -> None:
    settings = make_settings(tmp_path, f"sqlite:///{tmp_path}/s.db")
    LocalStore(settings.advisory_db_path).import_export(OSV / "crates.io" / "all.zip")
    with TestClient(create_app(settings)) as c:
        advisories = c.get("/health").json()["advisories"]
    assert advisories["status"] == "ready" and advisories["count"] == 1206
    assert advisories["last_sync"].startswith("20")


def test_auto_sync_fills_the_store_in_the_background(tmp_path: Path) -> None:
    """``advisories.auto_sync``: the server answers at once and syncs from the configured
    export base (a loopback mirror here) until /health says ready."""
    with serve(exports={"crates.io": OSV / "crates.io" / "all.zip"}) as (url, _):
        settings = make_settings(
            tmp_path,
            f"sqlite:///{tmp_path}/s.db",
            advisories={"auto_sync": True, "sync_base_url": url, "ecosystems": ["crates.io"]},
        )
        app = create_app(settings)
        with TestClient(app) as c:
            assert c.get("/health").status_code == 200  # not blocked by the sync
            app.state.advisory_sync.join(timeout=60)
            advisories = c.get("/health").json()["advisories"]
    assert advisories["status"] == "ready" and advisories["count"] == 1206
    assert settings.advisory_db_path == tmp_path / "data" / "advisories.sqlite"


def test_auto_sync_is_off_by_default(tmp_path: Path) -> None:
    app = create_app(make_settings(tmp_path, f"sqlite:///{tmp_path}/s.db"))
    with TestClient(app):
        assert app.state.advisory_sync is None


def test_health_names_the_failing_database(tmp_path: Path) -> None:
    settings = make_settings(tmp_path, "postgresql+psycopg://postgres@127.0.0.1:1/nothing")
    app = create_app(settings, database=Database(settings.database_url), migrate=False)
    with TestClient(app) as c:
        r = c.get("/health")
    assert r.status_code == 503 and r.headers["content-type"] == PROBLEM
    assert r.json()["checks"] == {"database": "unavailable"} and "database" in r.json()["detail"]


def test_request_id_echoed_or_generated_and_security_headers(client: TestClient) -> None:
    r = client.get("/health", headers={"X-Request-ID": "abc-123"})
    assert r.headers["x-request-id"] == "abc-123"
    generated = client.get("/health").headers["x-request-id"]
    assert re.fullmatch(r"[0-9a-f]{32}", generated)
    assert (
        client.get("/health", headers={"X-Request-ID": "bad id\twith spaces"}).headers[
            "x-request-id"
        ]
        != "bad id\twith spaces"
    )
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["x-frame-options"] == "DENY"
    assert "default-src 'none'" in r.headers["content-security-policy"]
    assert client.get("/nope").headers["x-request-id"]


def test_metrics_by_route_template(client: TestClient, accounts: object) -> None:
    client.get("/health")
    client.delete("/api/v1/api-keys/1234")
    text = client.get("/metrics").text
    assert 'stockade_http_requests_total{method="GET",route="/health",status="200"} 1.0' in text
    assert 'route="/api/v1/api-keys/{key_id}",status="401"' in text
    assert "/api/v1/api-keys/1234" not in text
    assert "stockade_http_request_duration_seconds_bucket" in text
    assert "stockade_http_requests_in_flight" in text
    assert 'stockade_build_info{version="0.1.0"} 1.0' in text


def test_two_apps_do_not_share_metrics(tmp_path: Path) -> None:
    a = create_app(make_settings(tmp_path / "a", f"sqlite:///{tmp_path}/a.db"))
    b = create_app(make_settings(tmp_path / "b", f"sqlite:///{tmp_path}/b.db"))
    with TestClient(a) as ca, TestClient(b) as cb:
        ca.get("/health")
        assert 'route="/health"' not in cb.get("/metrics").text


def test_docs_served_from_local_assets(client: TestClient) -> None:
    r = client.get("/docs")
    assert r.status_code == 200
    sources = re.findall(r'(?:src|href)="([^"]+)"', r.text)
    assert sources and all(s.startswith("/") for s in sources), sources
    assert "cdn" not in r.text.lower()
    for src in sources:
        assert client.get(src).status_code == 200, src


def test_docs_can_be_disabled(tmp_path: Path) -> None:
    settings = make_settings(tmp_path, f"sqlite:///{tmp_path}/d.db", server={"enable_docs": False})
    with TestClient(create_app(settings)) as c:
        r = c.get("/docs")
        assert r.status_code == 404 and r.headers["content-type"] == PROBLEM
        assert c.get("/api-docs/openapi.json").status_code == 200


def test_openapi_document(client: TestClient) -> None:
    doc = client.get("/api-docs/openapi.json").json()
    assert doc["openapi"].startswith("3.1")
    schemes = doc["components"]["securitySchemes"]
    assert schemes["ApiKeyAuth"] == {
        "type": "apiKey",
        "in": "header",
        "name": "X-API-Key",
        "description": "`stk_…` API key",
    }
    assert (
        schemes["CookieAuth"]["in"] == "cookie"
        and schemes["CookieAuth"]["name"] == "stockade_session"
    )
    ops = [op for path in doc["paths"].values() for op in path.values()]
    ids = [op["operationId"] for op in ops]
    assert len(ids) == len(set(ids)) and "getHealth" in ids and "createApiKey" in ids
    for path in ("/health", "/metrics", "/docs", "/api-docs/openapi.json"):
        assert path in doc["paths"]
    me = doc["paths"]["/api/v1/auth/me"]["get"]
    assert me["security"] == [{"ApiKeyAuth": []}, {"CookieAuth": []}]
    assert "application/problem+json" in me["responses"]["401"]["content"]
    assert "examples" in doc["components"]["schemas"]["Problem"]


def test_unknown_route_and_wrong_method_are_problems(client: TestClient) -> None:
    r = client.get("/api/v1/nothing-here")
    assert r.status_code == 404 and r.headers["content-type"] == PROBLEM
    assert r.json()["code"] == "not_found" and r.json()["instance"] == "/api/v1/nothing-here"
    r = client.put("/api/v1/auth/me")
    assert r.status_code == 405 and r.json()["code"] == "method_not_allowed"


def test_oversized_body_is_413(tmp_path: Path) -> None:
    settings = make_settings(tmp_path, f"sqlite:///{tmp_path}/o.db", server={"max_body_mb": 0.001})
    with TestClient(create_app(settings)) as c:
        big = {"email": "a@example.com", "password": "p" * 2000}
        r = c.post("/api/v1/auth/register", json=big)
        assert r.status_code == 413 and r.json()["code"] == "payload_too_large"

        def chunks() -> Iterator[bytes]:
            yield b'{"email": "'
            yield b"a" * 5000

        r = c.post(
            "/api/v1/auth/register", content=chunks(), headers={"content-type": "application/json"}
        )
        assert r.status_code == 413


@pytest.mark.parametrize(
    ("origin", "allowed"), [("https://ui.example", True), ("https://evil.example", False)]
)
def test_cors_only_for_listed_origins(tmp_path: Path, origin: str, allowed: bool) -> None:
    settings = make_settings(
        tmp_path, f"sqlite:///{tmp_path}/c.db", server={"cors_origins": ["https://ui.example"]}
    )
    with TestClient(create_app(settings)) as c:
        r = c.options(
            "/api/v1/auth/me",
            headers={"Origin": origin, "Access-Control-Request-Method": "GET"},
        )
        simple = c.get("/health", headers={"Origin": origin})
    if allowed:
        assert r.headers["access-control-allow-origin"] == origin
        assert r.headers["access-control-allow-credentials"] == "true"
        assert simple.headers["access-control-allow-origin"] == origin
    else:
        assert "access-control-allow-origin" not in r.headers
        assert "access-control-allow-origin" not in simple.headers
        assert r.status_code == 400 and r.headers["content-type"] == PROBLEM
        assert r.json()["code"] == "cors_refused" and "origin" in r.json()["detail"]
