"""SCIM 2.0 provisioning end to end: an identity provider's requests (Okta and Entra ID
shapes) against the real application on SQLite and PostgreSQL, and what they do to the
members' access through the ordinary API.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select

from org_fixtures import Org, Person, Team, team
from server_fixtures import FAST_PASSWORDS, accounts, db_url, make_settings
from stockade.config import RateLimit
from stockade.server import create_app
from stockade.server.ratelimit.limiter import RateLimiter, build_storage
from stockade.server.ratelimit.policy import Policy
from stockade.store.models import ApiKey, User
from stockade.store.scim_models import ScimToken
from stockade.store.sso_models import SsoConnection
from stockade.store.types import utcnow

__all__ = ["accounts", "db_url", "team"]

SCIM_JSON = "application/scim+json"
USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User"
GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group"
PATCH_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:PatchOp"
ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error"


@pytest.fixture
def app(tmp_path: Path, db_url: str) -> Iterator[FastAPI]:
    application = create_app(make_settings(tmp_path, db_url))
    application.state.ctx.passwords = FAST_PASSWORDS
    yield application
    application.state.ctx.db.dispose()


class Idp:
    """An identity provider's SCIM client: the bearer token and SCIM's media type."""

    def __init__(self, app: FastAPI, token: str) -> None:
        self.client = TestClient(app)
        self.headers = {"Authorization": f"Bearer {token}", "Content-Type": SCIM_JSON}

    def request(self, method: str, path: str, body: Any = None, **kw: Any) -> Any:
        content = json.dumps(body) if body is not None else None
        return self.client.request(
            method, f"/scim/v2{path}", content=content, headers=self.headers, **kw
        )

    def create_user(self, email: str, **extra: Any) -> dict[str, Any]:
        body = {
            "schemas": [USER_SCHEMA],
            "userName": email,
            "name": {"givenName": "Ada", "familyName": "Lovelace"},
            "emails": [{"value": email, "primary": True, "type": "work"}],
            "active": True,
            **extra,
        }
        r = self.request("POST", "/Users", body)
        assert r.status_code == 201, r.text
        return dict(r.json())

    def patch(self, path: str, *operations: dict[str, Any]) -> Any:
        return self.request("PATCH", path, {"schemas": [PATCH_SCHEMA], "Operations": operations})


@pytest.fixture
def admin(team: Team) -> Person:
    """The instance's first user: an instance administrator, who sets plans."""
    return team.person()


def enterprise(team: Team, admin: Person, name: str = "Acme") -> Org:
    """An Enterprise organization with its own Owner."""
    org = team.organization(name)
    r = admin.put(f"{org.url}/plan", json={"plan": "Enterprise"})
    assert r.status_code == 200, r.text
    return org


def new_token(org: Org) -> dict[str, Any]:
    r = org.owner.post(f"{org.url}/scim/tokens", json={"name": "Okta"})
    assert r.status_code == 201, r.text
    return dict(r.json())


def idp_for(team: Team, org: Org) -> Idp:
    return Idp(team.app, new_token(org)["token"])


def assert_scim_error(r: Any, status: int, scim_type: str | None = None) -> None:
    assert r.status_code == status, r.text
    assert r.headers["content-type"].startswith(SCIM_JSON)
    body = r.json()
    assert body["schemas"] == [ERROR_SCHEMA]
    assert str(body["status"]) == str(status)
    assert body["detail"]
    if scim_type is not None:
        assert body["scimType"] == scim_type


def member(org: Org, user_id: str) -> dict[str, Any]:
    items = org.owner.get(f"{org.url}/members", params={"limit": 200}).json()["items"]
    return next(m for m in items if m["user_id"] == user_id)


def audit_actions(org: Org) -> list[str]:
    r = org.owner.get(f"{org.url}/audit-log", params={"action": "scim.", "limit": 200})
    assert r.status_code == 200, r.text
    return [e["action"] for e in r.json()["items"]]


def key_client(team: Team, person: Person) -> TestClient:
    """``person`` acting with a personal API key (no cookie)."""
    r = person.post("/api/v1/api-keys", json={"name": "cli"})
    assert r.status_code == 201, r.text
    client = TestClient(team.app)
    client.headers["X-API-Key"] = r.json()["key"]
    return client


def test_the_token_is_shown_once_stored_hashed_and_revocable(team: Team, admin: Person) -> None:
    org = enterprise(team, admin)
    created = new_token(org)
    token = created["token"]
    assert token.startswith("stk_scim_") and len(token) > 40
    assert created["base_url"].endswith("/scim/v2")
    listed = org.owner.get(f"{org.url}/scim/tokens").json()["items"]
    assert [t["id"] for t in listed] == [created["id"]]
    assert token not in json.dumps(listed)
    assert listed[0]["masked_token"] == f"stk_scim_…{token[-4:]}"
    with team.app.state.ctx.db.session() as s:
        row = s.get(ScimToken, created["id"])
        assert row is not None
        assert row.token_hash == hashlib.sha256(token.encode()).hexdigest()
        assert token not in json.dumps([str(getattr(row, c.key)) for c in ScimToken.__table__.c])

    idp = Idp(team.app, token)
    assert idp.request("GET", "/Users").status_code == 200
    r = org.owner.delete(f"{org.url}/scim/tokens/{created['id']}")
    assert r.status_code == 204
    assert_scim_error(idp.request("GET", "/Users"), 401)
    listed = org.owner.get(f"{org.url}/scim/tokens").json()["items"]
    assert listed[0]["revoked_at"] is not None and listed[0]["last_used_at"] is not None
    assert {"scim.token.create", "scim.token.revoke"} <= set(audit_actions(org))


def test_scim_needs_the_enterprise_plan(team: Team, admin: Person) -> None:
    org = team.organization("Small")  # Free
    r = org.owner.post(f"{org.url}/scim/tokens", json={"name": "Okta"})
    assert r.status_code == 403
    assert r.headers["content-type"].startswith("application/problem+json")
    assert r.json()["code"] == "plan_required"
    # A token keeps working only while the organization stays on Enterprise.
    big = enterprise(team, admin, "Big")
    idp = idp_for(team, big)
    assert admin.put(f"{big.url}/plan", json={"plan": "Pro"}).status_code == 200
    assert_scim_error(idp.request("GET", "/Users"), 403)


def test_create_get_list_and_filter_users(team: Team, admin: Person) -> None:
    org = enterprise(team, admin)
    idp = idp_for(team, org)
    created = idp.create_user("Ada@Example.com", externalId="00u1")
    assert created["schemas"] == [USER_SCHEMA]
    assert created["userName"] == "Ada@Example.com"
    assert created["active"] is True
    assert created["externalId"] == "00u1"
    assert created["meta"]["resourceType"] == "User"
    assert created["meta"]["location"].endswith(f"/scim/v2/Users/{created['id']}")

    # The account and an Active membership with the default role exist.
    with team.app.state.ctx.db.session() as s:
        account = s.scalars(select(User).where(User.email == "ada@example.com")).one()
    row = member(org, account.id)
    assert (row["role"], row["status"]) == ("Member", "Active")

    got = idp.request("GET", f"/Users/{created['id']}")
    assert got.status_code == 200 and got.headers["content-type"].startswith(SCIM_JSON)
    assert got.json()["name"] == {"givenName": "Ada", "familyName": "Lovelace"}

    idp.create_user("grace@example.com")
    # Okta's and Entra ID's lookup before a create; userName compares case-insensitively.
    found = idp.request("GET", "/Users", params={"filter": 'userName eq "ada@EXAMPLE.com"'})
    assert found.status_code == 200, found.text
    page = found.json()
    assert page["totalResults"] == 1 and page["Resources"][0]["id"] == created["id"]
    none = idp.request("GET", "/Users", params={"filter": 'userName eq "nobody@example.com"'})
    assert none.json()["totalResults"] == 0 and none.json().get("Resources", []) == []
    by_external = idp.request("GET", "/Users", params={"filter": 'externalId eq "00u1"'})
    assert [u["id"] for u in by_external.json()["Resources"]] == [created["id"]]

    everyone = idp.request("GET", "/Users").json()
    assert everyone["totalResults"] == 2
    second = idp.request("GET", "/Users", params={"startIndex": "2", "count": "1"}).json()
    assert second["startIndex"] == 2 and second["itemsPerPage"] == 1
    assert second["totalResults"] == 2
    assert second["Resources"][0]["id"] == everyone["Resources"][1]["id"]

    duplicate = idp.request(
        "POST", "/Users", {"schemas": [USER_SCHEMA], "userName": "ADA@example.com"}
    )
    assert_scim_error(duplicate, 409, "uniqueness")
    unsupported = idp.request("GET", "/Users", params={"filter": 'userName co "ada"'})
    assert_scim_error(unsupported, 400, "invalidFilter")
    assert "scim.user.create" in audit_actions(org)


def test_deactivating_ends_access_and_reactivating_restores_it(team: Team, admin: Person) -> None:
    org = enterprise(team, admin)
    idp = idp_for(team, org)
    person = team.person()
    scim_user = idp.create_user(person.email)  # an existing account is linked, not copied
    job = team.job(org, person)
    api = key_client(team, person)
    org_key = person.post(
        "/api/v1/api-keys", json={"name": "ci", "organization_id": org.id, "role": "Member"}
    ).json()["id"]
    assert api.get(org.url).status_code == 200
    assert api.get(f"/api/v1/jobs/{job}").status_code == 200

    # Entra ID's shape: a path and the value as a string.
    r = idp.patch(
        f"/Users/{scim_user['id']}", {"op": "Replace", "path": "active", "value": "False"}
    )
    assert r.status_code == 200, r.text
    assert r.json()["active"] is False
    assert member(org, person.id)["status"] == "Removed"
    refused = api.get(org.url)
    assert refused.status_code == 404 and refused.json()["code"] == "organization_not_found"
    assert api.get(f"/api/v1/jobs/{job}").status_code == 404
    with team.app.state.ctx.db.session() as s:
        key = s.get(ApiKey, org_key)
        assert key is not None and key.revoked_at is not None
    assert idp.request("GET", f"/Users/{scim_user['id']}").json()["active"] is False

    # Okta's shape: no path, the attributes in the value.
    r = idp.patch(f"/Users/{scim_user['id']}", {"op": "replace", "value": {"active": True}})
    assert r.status_code == 200, r.text
    assert r.json()["active"] is True
    assert member(org, person.id)["status"] == "Active"
    assert api.get(org.url).status_code == 200
    assert api.get(f"/api/v1/jobs/{job}").status_code == 200
    actions = audit_actions(org)
    assert {"scim.user.deactivate", "scim.user.reactivate"} <= set(actions)


def test_patch_and_put_change_name_and_emails_but_not_the_account(
    team: Team, admin: Person
) -> None:
    org = enterprise(team, admin)
    idp = idp_for(team, org)
    person = team.person()
    scim_user = idp.create_user(person.email)
    r = idp.patch(
        f"/Users/{scim_user['id']}",
        {"op": "replace", "path": "name.givenName", "value": "Augusta"},
        {
            "op": "replace",
            "path": "emails",
            "value": [{"value": "ada@new.example", "primary": True}],
        },
    )
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["name"]["givenName"] == "Augusta"
    assert body["emails"][0]["value"] == "ada@new.example"
    put = idp.request(
        "PUT",
        f"/Users/{scim_user['id']}",
        {"schemas": [USER_SCHEMA], "userName": "renamed@example.com", "active": True},
    )
    assert put.status_code == 200, put.text
    assert put.json()["userName"] == "renamed@example.com"
    assert "name" not in put.json()
    # The Stockade account keeps its own e-mail: the person still signs in with it.
    with team.app.state.ctx.db.session() as s:
        account = s.get(User, person.id)
        assert account is not None and account.email == person.email
    assert "scim.user.update" in audit_actions(org)
    bad = idp.patch(f"/Users/{scim_user['id']}", {"op": "replace", "path": "userName", "value": ""})
    assert_scim_error(bad, 400)
    bad_path = idp.patch(
        f"/Users/{scim_user['id']}", {"op": "replace", "path": "name..x", "value": 1}
    )
    assert_scim_error(bad_path, 400, "invalidPath")


def test_delete_removes_the_membership_and_keeps_the_account(team: Team, admin: Person) -> None:
    org = enterprise(team, admin)
    other = enterprise(team, admin, "Other")
    idp = idp_for(team, org)
    person = team.person()
    team.add(other, "Member", person=person)
    scim_user = idp.create_user(person.email)
    api = key_client(team, person)
    assert api.get(org.url).status_code == 200

    r = idp.request("DELETE", f"/Users/{scim_user['id']}")
    assert r.status_code == 204
    assert_scim_error(idp.request("GET", f"/Users/{scim_user['id']}"), 404)
    assert member(org, person.id)["status"] == "Removed"
    assert api.get(org.url).status_code == 404
    # The account and its other organization are untouched.
    assert api.get(other.url).status_code == 200
    assert "scim.user.delete" in audit_actions(org)
    # The identity provider can provision the person again.
    again = idp.create_user(person.email)
    assert again["id"] != scim_user["id"] and again["active"] is True
    assert api.get(org.url).status_code == 200


def test_groups_map_to_roles_through_the_sso_role_mapping(team: Team, admin: Person) -> None:
    org = enterprise(team, admin)
    with team.app.state.ctx.db.session() as s:
        s.add(
            SsoConnection(
                organization_id=org.id,
                protocol="oidc",
                default_role="Viewer",
                role_mapping={"Stockade Admins": "Admin", "Engineers": "Member"},
                group_claim="groups",
                leaver_action="remove",
                created_at=utcnow(),
                updated_at=utcnow(),
            )
        )
    idp = idp_for(team, org)
    ada, grace = team.person(), team.person()
    ada_scim = idp.create_user(ada.email)
    grace_scim = idp.create_user(grace.email)
    assert member(org, ada.id)["role"] == "Viewer"  # the connection's default role

    r = idp.request(
        "POST",
        "/Groups",
        {
            "schemas": [GROUP_SCHEMA],
            "displayName": "Stockade Admins",
            "members": [{"value": ada_scim["id"]}],
        },
    )
    assert r.status_code == 201, r.text
    admins = r.json()
    assert [m["value"] for m in admins["members"]] == [ada_scim["id"]]
    assert member(org, ada.id)["role"] == "Admin"
    assert member(org, grace.id)["role"] == "Viewer"

    # Entra ID: add by value list, remove with a value filter path.
    added = idp.patch(
        f"/Groups/{admins['id']}",
        {"op": "Add", "path": "members", "value": [{"value": grace_scim["id"]}]},
    )
    assert added.status_code == 200, added.text
    assert member(org, grace.id)["role"] == "Admin"
    removed = idp.patch(
        f"/Groups/{admins['id']}",
        {"op": "Remove", "path": f'members[value eq "{ada_scim["id"]}"]'},
    )
    assert removed.status_code == 200, removed.text
    assert member(org, ada.id)["role"] == "Viewer"
    user = idp.request("GET", f"/Users/{grace_scim['id']}").json()
    assert [g["display"] for g in user["groups"]] == ["Stockade Admins"]

    listed = idp.request(
        "GET",
        "/Groups",
        params={"filter": 'displayName eq "Stockade Admins"', "excludedAttributes": "members"},
    ).json()
    assert listed["totalResults"] == 1
    assert listed["Resources"][0]["id"] == admins["id"]
    assert "members" not in listed["Resources"][0]
    duplicate = idp.request(
        "POST", "/Groups", {"schemas": [GROUP_SCHEMA], "displayName": "Stockade Admins"}
    )
    assert_scim_error(duplicate, 409, "uniqueness")
    stranger = idp.patch(
        f"/Groups/{admins['id']}",
        {
            "op": "add",
            "path": "members",
            "value": [{"value": "00000000-0000-4000-8000-000000000000"}],
        },
    )
    assert_scim_error(stranger, 400, "invalidValue")

    assert idp.request("DELETE", f"/Groups/{admins['id']}").status_code == 204
    assert member(org, grace.id)["role"] == "Viewer"
    assert {"scim.group.create", "scim.group.members", "scim.member.role_change"} <= set(
        audit_actions(org)
    )


def test_wrong_tokens_and_other_organizations_see_nothing(team: Team, admin: Person) -> None:
    org = enterprise(team, admin, "Alpha")
    other = enterprise(team, admin, "Beta")
    idp, other_idp = idp_for(team, org), idp_for(team, other)
    scim_user = idp.create_user("ada@example.com")

    anonymous = TestClient(team.app)
    r = anonymous.get("/scim/v2/Users")
    assert_scim_error(r, 401)
    assert r.headers["www-authenticate"].startswith("Bearer")
    forged = Idp(team.app, "stk_scim_" + "x" * 43)
    assert_scim_error(forged.request("GET", "/Users"), 401)
    # A session cookie or an API key is not a SCIM credential.
    owner_key = key_client(team, org.owner)
    assert_scim_error(owner_key.get("/scim/v2/Users"), 401)

    assert_scim_error(other_idp.request("GET", f"/Users/{scim_user['id']}"), 404)
    gone = other_idp.patch(
        f"/Users/{scim_user['id']}", {"op": "replace", "path": "active", "value": False}
    )
    assert_scim_error(gone, 404)
    assert_scim_error(other_idp.request("DELETE", f"/Users/{scim_user['id']}"), 404)
    assert other_idp.request("GET", "/Users").json()["totalResults"] == 0
    assert idp.request("GET", f"/Users/{scim_user['id']}").json()["active"] is True
    # The same person provisioned by both organizations gets two independent resources.
    twin = other_idp.create_user("ada@example.com")
    assert twin["id"] != scim_user["id"]


def test_the_owner_cannot_be_deactivated_through_scim(team: Team, admin: Person) -> None:
    org = enterprise(team, admin)
    idp = idp_for(team, org)
    owner_scim = idp.create_user(org.owner.email)
    assert member(org, org.owner.id)["role"] == "Owner"
    refused = idp.patch(
        f"/Users/{owner_scim['id']}", {"op": "replace", "path": "active", "value": False}
    )
    assert_scim_error(refused, 403)
    assert_scim_error(idp.request("DELETE", f"/Users/{owner_scim['id']}"), 403)
    assert member(org, org.owner.id)["status"] == "Active"
    assert org.owner.get(org.url).status_code == 200


def test_bad_requests_get_scim_errors(team: Team, admin: Person) -> None:
    org = enterprise(team, admin)
    idp = idp_for(team, org)
    broken = idp.client.post("/scim/v2/Users", content=b"{not json", headers=idp.headers)
    assert_scim_error(broken, 400, "invalidSyntax")
    nameless = idp.request("POST", "/Users", {"schemas": [USER_SCHEMA]})
    assert_scim_error(nameless, 400, "invalidValue")
    no_address = idp.request("POST", "/Users", {"schemas": [USER_SCHEMA], "userName": "ada"})
    assert_scim_error(no_address, 400, "invalidValue")
    assert_scim_error(idp.request("GET", "/Users", params={"filter": 'userName eq "x" or'}), 400)
    assert_scim_error(idp.request("GET", "/Users", params={"count": "many"}), 400)
    assert_scim_error(idp.request("GET", "/Users/unknown"), 404)
    # Values the database could not store are SCIM errors, on PostgreSQL too.
    too_long = {"schemas": [USER_SCHEMA], "userName": "ada@example.com", "externalId": "x" * 300}
    assert_scim_error(idp.request("POST", "/Users", too_long), 400, "invalidValue")
    nul = {"schemas": [USER_SCHEMA], "userName": "ada\u0000@example.com"}
    assert_scim_error(idp.request("POST", "/Users", nul), 400, "invalidValue")
    far = idp.request("GET", "/Users", params={"startIndex": "9" * 30})
    assert far.status_code == 200 and far.json()["totalResults"] == 0
    # Nothing was provisioned by the refused requests.
    assert idp.request("GET", "/Users").json()["totalResults"] == 0


def test_discovery_documents(team: Team, admin: Person) -> None:
    org = enterprise(team, admin)
    idp = idp_for(team, org)
    config = idp.request("GET", "/ServiceProviderConfig")
    assert config.status_code == 200 and config.headers["content-type"].startswith(SCIM_JSON)
    body = config.json()
    assert body["patch"]["supported"] is True and body["filter"]["supported"] is True
    assert body["bulk"]["supported"] is False
    assert body["authenticationSchemes"][0]["type"] == "oauthbearertoken"
    kinds = idp.request("GET", "/ResourceTypes").json()
    assert {k["id"]: k["endpoint"] for k in kinds["Resources"]} == {
        "User": "/Users",
        "Group": "/Groups",
    }
    schemas = idp.request("GET", "/Schemas").json()
    assert {s["id"] for s in schemas["Resources"]} == {USER_SCHEMA, GROUP_SCHEMA}
    user_schema = idp.request("GET", f"/Schemas/{USER_SCHEMA}").json()
    assert "userName" in {a["name"] for a in user_schema["attributes"]}
    assert_scim_error(idp.request("GET", "/Schemas/urn:nothing"), 404)


def test_a_scim_client_is_rate_limited_per_token_not_per_address(team: Team, admin: Person) -> None:
    """An identity provider's sync counts against its token on the API-key tier; a wrong
    token counts against the address, anonymous tier, like any failed credential."""
    org = enterprise(team, admin)
    idp = idp_for(team, org)
    ctx = team.app.state.ctx
    tiers = {
        "api_key": {"burst": 10, "requests_per_minute": 20, "requests_per_hour": 50},
        # The minute window (not only the 1 s burst) must bind: slow requests can straddle seconds.
        "anonymous": {"burst": 2, "requests_per_minute": 2, "requests_per_hour": 8},
    }
    rates = RateLimit.model_validate({"tiers": tiers})
    ctx.rate_limiter = RateLimiter(Policy.from_settings(rates), build_storage(None))
    for _ in range(8):  # more than the anonymous burst and minute together
        r = idp.request("GET", "/Users")
        assert r.status_code == 200, r.text
    assert r.headers["RateLimit-Policy"].startswith('"burst";q=12;w=1')  # 10 + 20 % bonus

    stranger = Idp(team.app, "stk_scim_" + "x" * 43)
    codes = [stranger.request("GET", "/Users").status_code for _ in range(3)]
    assert codes == [401, 401, 429]
