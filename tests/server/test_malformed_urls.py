"""A URL that Python's ``urlsplit`` cannot even split (an unclosed IPv6 ``[``, a bad port) is
a client mistake wherever a URL is accepted: a 4xx problem naming the field, never a 500."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from org_fixtures import Team
from server_fixtures import FAST_PASSWORDS, Accounts, make_settings
from stockade.server import create_app

MALFORMED = ["https://[::1", "https://[fe80::1/x", "https://host:99999/x"]


@pytest.fixture
def team(tmp_path: Path) -> Iterator[Team]:
    app: FastAPI = create_app(
        make_settings(tmp_path, f"sqlite:///{tmp_path / 'u.db'}"), run_jobs=False
    )
    app.state.ctx.passwords = FAST_PASSWORDS
    with TestClient(app):
        yield Team(app, Accounts(app))
    app.state.ctx.db.dispose()


@pytest.mark.parametrize("url", MALFORMED)
def test_malformed_urls_are_refused_not_crashed_on(team: Team, url: str) -> None:
    org = team.organization()
    answers = {
        "git source": org.owner.post(
            "/api/v1/analyze/job", json={"source": {"type": "git", "url": url}}
        ),
        "webhook": org.owner.post(
            f"{org.url}/webhooks", json={"url": url, "events": ["scan.completed"]}
        ),
        "website": org.owner.put(org.url, json={"name": "Acme", "website_url": url}),
    }
    for what, r in answers.items():
        assert r.status_code in (400, 422), (what, r.status_code, r.text)
        assert r.headers["content-type"].startswith("application/problem+json"), what
