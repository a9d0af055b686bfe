"""Organizations through the real HTTP API: create one, add members of each role, act as them.

Used by the organization tests (``from org_fixtures import Team, team``); it builds on
``server_fixtures`` (accounts, the app on SQLite and PostgreSQL).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from server_fixtures import Account, Accounts

ROLES = ("Owner", "Admin", "Member", "Viewer")


@dataclass
class Person:
    """A signed-in user with their own client (cookies) and CSRF header."""

    account: Account
    client: TestClient

    @property
    def id(self) -> str:
        return str(self.account.user["id"])

    @property
    def email(self) -> str:
        return self.account.email

    @property
    def headers(self) -> dict[str, str]:
        return {"X-CSRF-Token": self.account.csrf or ""}

    def get(self, url: str, **kw: Any) -> Any:
        return self.client.get(url, **kw)

    def post(self, url: str, **kw: Any) -> Any:
        return self.client.post(url, headers={**self.headers, **kw.pop("headers", {})}, **kw)

    def put(self, url: str, **kw: Any) -> Any:
        return self.client.put(url, headers={**self.headers, **kw.pop("headers", {})}, **kw)

    def patch(self, url: str, **kw: Any) -> Any:
        return self.client.patch(url, headers={**self.headers, **kw.pop("headers", {})}, **kw)

    def delete(self, url: str, **kw: Any) -> Any:
        headers = {**self.headers, **kw.pop("headers", {})}
        return self.client.request("DELETE", url, headers=headers, **kw)


@dataclass
class Org:
    id: str
    owner: Person
    members: dict[str, Person] = field(default_factory=dict)

    @property
    def url(self) -> str:
        return f"/api/v1/organizations/{self.id}"

    def as_role(self, role: str) -> Person:
        return self.owner if role == "Owner" else self.members[role]


class Team:
    """Makes people and organizations; every step goes through the API and is asserted."""

    def __init__(self, app: FastAPI, accounts: Accounts) -> None:
        self.app = app
        self.accounts = accounts

    def person(self, email: str | None = None) -> Person:
        client = TestClient(self.app)
        return Person(self.accounts.signed_in(client, email), client)

    def organization(self, name: str = "Acme", *, owner: Person | None = None) -> Org:
        owner = owner or self.person()
        r = owner.post("/api/v1/organizations", json={"name": name})
        assert r.status_code == 201, r.text
        return Org(str(r.json()["id"]), owner)

    def invite(
        self, org: Org, email: str, role: str, *, by: Person | None = None
    ) -> dict[str, Any]:
        r = (by or org.owner).post(f"{org.url}/members", json={"email": email, "role": role})
        assert r.status_code == 201, r.text
        return dict(r.json())

    def add(self, org: Org, role: str, *, person: Person | None = None) -> Person:
        """Invite and accept: an Active member with ``role``."""
        person = person or self.person()
        token = self.invite(org, person.email, role)["invitation"]["token"]
        r = person.post(f"/api/v1/invitations/{token}/accept")
        assert r.status_code == 200, r.text
        org.members[role] = person
        return person

    def full(self, name: str = "Acme") -> Org:
        """An organization with one Active member of each role."""
        org = self.organization(name)
        for role in ("Admin", "Member", "Viewer"):
            self.add(org, role)
        return org

    def job(self, org: Org, by: Person) -> str:
        """A small job in the organization, submitted by ``by``."""
        body = {
            "source": {"type": "files", "files": [{"path": "a.py", "content": "x = 1\n"}]},
            "organization_id": org.id,
        }
        r = by.post("/api/v1/analyze/job", json=body)
        assert r.status_code == 202, r.text
        return str(r.json()["job_id"])


@pytest.fixture
def team(app: FastAPI, accounts: Accounts) -> Team:
    return Team(app, accounts)
