"""A Stockade application whose LLM provider is the loopback provider server, and a
completed job with a real SQL-injection finding for the enrich tests.

Shared by the LLM route and CLI tests (``from llm_app import ...``). LLM calls go through
one ``TestClient`` entered as a context manager (one event loop for the whole test, as under
uvicorn): the provider client's pooled connections belong to the loop that opened them, and
a bare ``TestClient`` runs each request on a loop of its own. Callers are told apart by their
API keys on that client.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI

from llm_provider_server import ProviderServer, fake_key
from org_fixtures import Person
from server_fixtures import FAST_PASSWORDS, Accounts, make_settings
from stockade.jobs import lease
from stockade.jobs.runner import run_claimed
from stockade.server import create_app
from stockade.store.job_models import COMPLETED

SQLI = (
    "import sqlite3\n"
    "\n"
    "\n"
    "def find(conn, request):\n"
    "    name = request.args.get('name')\n"
    "    cur = conn.cursor()\n"
    '    cur.execute("SELECT * FROM users WHERE name = \'" + name + "\'")\n'
    "    return cur.fetchall()\n"
)
SQLI_FIXED = SQLI.replace(
    'cur.execute("SELECT * FROM users WHERE name = \'" + name + "\'")',
    'cur.execute("SELECT * FROM users WHERE name = ?", (name,))',
)
assert SQLI_FIXED != SQLI


def llm_section(provider: ProviderServer, **extra: Any) -> dict[str, Any]:
    """The ``llm`` settings: OpenAI wire format at the loopback provider, a test key."""
    return {
        "provider": "openai",
        "default_model": "test-model",
        "openai": {"base_url": provider.openai_base_url, "api_key": fake_key("openai")},
        **extra,
    }


@pytest.fixture
def provider() -> Iterator[ProviderServer]:
    with ProviderServer() as server:
        yield server


def llm_app(tmp_path: Path, db_url: str, llm: dict[str, Any] | None) -> FastAPI:
    settings = make_settings(tmp_path, db_url, **({"llm": llm} if llm is not None else {}))
    application = create_app(settings, run_jobs=False)
    application.state.ctx.passwords = FAST_PASSWORDS
    return application


def completed_job(app: FastAPI, person: Person, organization_id: str | None = None) -> str:
    """A job with the SQL-injection sample, run to completion in this process."""
    body: dict[str, Any] = {
        "source": {"type": "files", "files": [{"path": "app.py", "content": SQLI}]},
        "modules": ["sast"],
    }
    if organization_id is not None:
        body["organization_id"] = organization_id
    r = person.post("/api/v1/analyze/job", json=body)
    assert r.status_code == 202, r.text
    job_id = str(r.json()["job_id"])
    ctx = app.state.ctx
    claimed = lease.claim(ctx.db, "llm-test:1:0000", job_id)
    assert claimed is not None
    assert run_claimed(ctx.db, ctx.settings, claimed) == COMPLETED
    return job_id


def api_key(accounts: Accounts, person: Person) -> dict[str, str]:
    """An ``X-API-Key`` header for ``person``, for the shared client."""
    return {"X-API-Key": accounts.api_key(person.client, person.account)}


def finding_ids(person: Person, job_id: str) -> list[str]:
    r = person.get(f"/api/v1/jobs/{job_id}/findings")
    assert r.status_code == 200, r.text
    ids = [str(item["id"]) for item in r.json()["items"]]
    assert ids, "the SQL-injection sample should give a finding"
    return ids
