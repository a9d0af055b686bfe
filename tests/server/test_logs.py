"""JSON access log lines carry the request id and the route template."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from stockade.server.logs import ACCESS_LOGGER, JsonFormatter


@pytest.fixture
def access_lines() -> Iterator[io.StringIO]:
    buffer = io.StringIO()
    handler = logging.StreamHandler(buffer)
    handler.setFormatter(JsonFormatter())
    logger = logging.getLogger(ACCESS_LOGGER)
    old_level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    yield buffer
    logger.removeHandler(handler)
    logger.setLevel(old_level)


def test_access_log_is_json_with_request_id(client: TestClient, access_lines: io.StringIO) -> None:
    client.get(
        "/api/v1/api-keys/00000000-0000-0000-0000-000000000000", headers={"X-Request-ID": "req-42"}
    )
    entry = json.loads(access_lines.getvalue().splitlines()[-1])
    assert entry["request_id"] == "req-42"
    assert entry["route"] == "/api/v1/api-keys/{key_id}" and entry["status"] == 405
    assert entry["level"] == "info" and entry["time"].endswith("Z") and entry["duration_ms"] >= 0
