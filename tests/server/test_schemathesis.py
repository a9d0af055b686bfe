"""Property-based run of schemathesis over our own OpenAPI document, in process (ASGI).

It generates valid and invalid requests for every operation and checks that no response is
a 5xx and that every response matches the document: status code, content type, body schema.
Authenticated with an API key, so protected operations are exercised past the 401.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error, positive_data_acceptance
from schemathesis.generation.modes import GenerationMode

from server_fixtures import Accounts, _pg_database, make_settings
from stockade.server import create_app


@pytest.fixture(
    scope="module", params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]
)
def fuzz_app(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[FastAPI, str]]:
    tmp = tmp_path_factory.mktemp("fuzz")
    urls = _pg_database() if request.param == "postgresql" else iter([f"sqlite:///{tmp / 'f.db'}"])
    url = next(urls)
    app = create_app(make_settings(tmp, url))
    with TestClient(app) as c:
        helper = Accounts(app)
        key = helper.api_key(c, helper.signed_in(c, "fuzz@example.com"))
    yield app, key
    app.state.ctx.db.dispose()
    for _ in urls:  # runs the generator's cleanup (drops the throwaway database)
        pass


@pytest.fixture(scope="module")
def api_schema(fuzz_app: tuple[FastAPI, str]) -> Any:
    return schemathesis.openapi.from_asgi("/api-docs/openapi.json", fuzz_app[0])


def _documented_503s(app: FastAPI) -> set[tuple[str, str]]:
    doc = app.openapi()
    return {
        (method.upper(), path)
        for path, ops in doc["paths"].items()
        for method, op in ops.items()
        if "503" in op.get("responses", {})
    }


def _random_search() -> bool:
    return os.environ.get("STOCKADE_FUZZ_RANDOM") == "1"


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_api_conforms_to_its_own_document(
    fuzz_app: tuple[FastAPI, str], api_schema: Any, mode: GenerationMode
) -> None:
    headers = {"X-API-Key": fuzz_app[1]}
    allowed_503 = _documented_503s(fuzz_app[0])

    def no_server_error(ctx: Any, response: Any, case: Any) -> None:
        """Any 5xx fails, except a 503 the operation documents (a dependency unavailable,
        e.g. no advisory store in this throwaway data directory)."""
        status = response.status_code
        if status >= 500 and not (
            status == 503 and (case.method.upper(), case.path) in allowed_503
        ):
            raise AssertionError(f"{case.method} {case.path} answered {status}")

    @given(case=api_schema.as_strategy(generation_mode=mode))
    @settings(
        max_examples=300,
        deadline=None,
        # A fixed seed: the run CI does is the run a developer reproduces. Widen the search
        # locally with STOCKADE_FUZZ_RANDOM=1 (see _random_search) before changing the API.
        derandomize=not _random_search(),
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    def run(case: Any) -> None:
        # Semantic rules the schema cannot express (common passwords, a role without an
        # organization) make some schema-valid bodies a 422, so "positive data accepted" is
        # not checked; server errors and conformance of every response are.
        case.call_and_validate(
            headers=headers,
            excluded_checks=[positive_data_acceptance, not_a_server_error],
            additional_checks=[no_server_error],
        )

    run()


def test_schema_loads_every_operation(api_schema: Any) -> None:
    ops = [r.ok() for r in api_schema.get_all_operations()]
    assert {op.path for op in ops} >= {"/health", "/api/v1/auth/login", "/api/v1/api-keys/{key_id}"}
