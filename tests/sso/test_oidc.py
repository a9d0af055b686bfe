"""OpenID Connect single sign-on end to end, on SQLite and PostgreSQL.

A browser-less user agent (:class:`oidc_idp.Browser`) follows every redirect between
Stockade and a real OpenID provider on 127.0.0.1: panva's certified ``oidc-provider`` run
with node for the real flows, and a small Python provider for tokens a certified one never
issues (wrong audience, expired, bad signature).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from fastapi import FastAPI
from sqlalchemy import func, select

from oidc_idp import Browser, MiniIdp, NodeIdp, running
from org_fixtures import Org, Person, Team, team
from server_fixtures import FAST_PASSWORDS, accounts, db_url, make_settings
from stockade.server import create_app
from stockade.store.models import ApiKey, User
from stockade.store.sso_models import SsoConnection, SsoIdentity
from stockade.store.tenancy_models import AuditEvent, Membership

__all__ = ["accounts", "db_url", "team"]

DOMAIN = "acme.example.com"
IP_LIMITS = dict.fromkeys(
    ("register_per_minute", "register_per_hour", "login_per_minute", "login_per_hour"), 10_000
)


@pytest.fixture
def app(tmp_path: Path, db_url: str) -> Iterator[FastAPI]:
    """Stockade allowed to reach IdPs on 127.0.0.1 (``server.allow_private_targets``)."""
    settings = make_settings(
        tmp_path,
        db_url,
        server={"allow_private_targets": ["127.0.0.1"]},
        auth={"ip_limits": IP_LIMITS},
    )
    application = create_app(settings)
    application.state.ctx.passwords = FAST_PASSWORDS
    yield application
    application.state.ctx.db.dispose()


@pytest.fixture(scope="module")
def node_idp() -> Iterator[NodeIdp]:
    idp = NodeIdp()
    try:
        yield idp
    finally:
        idp.stop()


@pytest.fixture
def mini_idp() -> Iterator[MiniIdp]:
    yield from running(MiniIdp(email=f"mini@{DOMAIN}"))


@pytest.fixture
def owner(team: Team) -> Person:
    """The Owner; the instance's first account, so also an instance administrator."""
    return team.person(f"owner@{DOMAIN}")


@pytest.fixture
def browser(app: FastAPI) -> Iterator[Browser]:
    agent = Browser(app)
    yield agent
    agent.close()


def secret() -> str:
    return "cs-" + "7" * 12 + "-test"


def enterprise(team: Team, owner: Person, name: str = "Acme") -> Org:
    org = team.organization(name, owner=owner)
    r = owner.put(f"{org.url}/plan", json={"plan": "Enterprise"})
    assert r.status_code == 200, r.text
    return org


def configure(org: Org, issuer: str, client_id: str, client_secret: str, **extra: Any) -> Any:
    body = {
        "protocol": "oidc",
        "issuer": issuer,
        "client_id": client_id,
        "client_secret": client_secret,
        "domains": [DOMAIN],
        **extra,
    }
    r = org.owner.put(f"{org.url}/sso", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def connected(team: Team, owner: Person, idp: NodeIdp, **extra: Any) -> Org:
    """An Enterprise organization whose IdP is ``idp``, its domain verified."""
    org = enterprise(team, owner)
    client_id, client_secret = f"stockade-{org.id[:8]}", secret()
    view = configure(org, idp.issuer, client_id, client_secret, **extra)
    idp.add_client(client_id, client_secret, view["redirect_uri"])
    r = owner.post(f"{org.url}/sso/domains/{DOMAIN}/verify")
    assert r.status_code == 200, r.text
    return org


def members(team: Team, org: Org) -> dict[str, dict[str, Any]]:
    """Every membership of the organization by e-mail (read from the database, so removed
    members and the SSO-born accounts show too)."""
    with team.app.state.ctx.db.session() as s:
        rows = s.scalars(select(Membership).where(Membership.organization_id == org.id)).all()
        return {r.email: {"role": r.role, "status": r.status, "user_id": r.user_id} for r in rows}


def audit(team: Team, org: Org) -> list[tuple[str, str, str | None]]:
    with team.app.state.ctx.db.session() as s:
        rows = s.scalars(
            select(AuditEvent)
            .where(AuditEvent.organization_id == org.id)
            .order_by(AuditEvent.created_at, AuditEvent.id)
        ).all()
        return [(r.action, r.outcome, r.detail) for r in rows]


def refusals(team: Team, org: Org) -> list[str]:
    return [d or "" for a, o, d in audit(team, org) if a == "sso.login_refused" and o == "denied"]


def count(team: Team, model: Any) -> int:
    with team.app.state.ctx.db.session() as s:
        return int(s.scalar(select(func.count()).select_from(model)) or 0)


# The certified provider


def test_login_provisions_a_member_and_sets_the_password_login_cookies(
    team: Team, owner: Person, node_idp: NodeIdp, browser: Browser
) -> None:
    org = connected(team, owner, node_idp)
    node_idp.user("u-ada", f"ada@{DOMAIN}", name="Ada")

    r = browser.login(org.id, return_to="/api/v1/auth/me?from=sso")

    assert r.status_code == 200, r.text
    assert str(r.url).endswith("/api/v1/auth/me?from=sso")
    me = r.json()
    assert me["email"] == f"ada@{DOMAIN}" and me["auth_method"] == "session"
    jar = {c.name for c in browser.http.cookies.jar}
    assert {"stockade_session", "stockade_refresh", "stockade_csrf"} <= jar
    assert members(team, org)[f"ada@{DOMAIN}"] == {
        "role": "Member",
        "status": "Active",
        "user_id": me["id"],
    }
    # The session works like a password session: a CSRF-protected write succeeds.
    r = browser.http.post("/api/v1/auth/logout", headers={"X-CSRF-Token": browser.csrf}, json=None)
    assert r.status_code == 204, r.text
    actions = [a for a, _, _ in audit(team, org)]
    assert "member.sso_provisioned" in actions and "sso.login" in actions
    with team.app.state.ctx.db.session() as s:
        link = s.scalars(select(SsoIdentity)).one()
        assert (link.issuer, link.subject, link.user_id) == (node_idp.issuer, "u-ada", me["id"])
        # An SSO-born account has no usable password.
        user = s.get(User, me["id"])
        assert user is not None and not user.password_hash.startswith("$argon2")


def test_a_second_login_is_recognised_by_the_identity_link(
    team: Team, owner: Person, node_idp: NodeIdp, app: FastAPI
) -> None:
    org = connected(team, owner, node_idp)
    node_idp.user("u-bob", f"bob@{DOMAIN}")
    first, second = Browser(app), Browser(app)
    try:
        a = first.login(org.id).json()
        b = second.login(org.id).json()
    finally:
        first.close()
        second.close()
    assert a["id"] == b["id"]
    assert count(team, SsoIdentity) == 1
    assert [x for x, _, _ in audit(team, org)].count("member.sso_provisioned") == 1


def test_groups_claim_maps_to_a_role(
    team: Team, owner: Person, node_idp: NodeIdp, browser: Browser
) -> None:
    org = connected(
        team,
        owner,
        node_idp,
        default_role="Viewer",
        role_mapping={"stockade-admins": "Admin", "engineers": "Member"},
    )
    node_idp.user("u-cy", f"cy@{DOMAIN}", ["engineers", "stockade-admins"])

    r = browser.login(org.id)

    assert r.status_code == 200, r.text
    assert members(team, org)[f"cy@{DOMAIN}"]["role"] == "Admin"
    # An Admin by mapping may manage members.
    assert browser.http.get(f"{org.url}/members").status_code == 200


def test_default_role_is_never_above_member(team: Team, owner: Person) -> None:
    org = enterprise(team, owner)
    r = owner.put(
        f"{org.url}/sso",
        json={"protocol": "oidc", "issuer": "https://idp.example.com", "client_id": "x"}
        | {"default_role": "Admin"},
    )
    assert r.status_code == 422, r.text
    r = owner.put(
        f"{org.url}/sso",
        json={"protocol": "oidc", "issuer": "https://idp.example.com", "client_id": "x"}
        | {"role_mapping": {"everyone": "Owner"}},
    )
    assert r.status_code == 422, r.text


def test_a_replayed_callback_is_refused(
    team: Team, owner: Person, node_idp: NodeIdp, browser: Browser
) -> None:
    org = connected(team, owner, node_idp)
    node_idp.user("u-dee", f"dee@{DOMAIN}")
    callback = browser.callback_url(org.id)

    assert browser.http.get(callback).status_code == 303
    # The success cleared the state cookie; a replayer holding both still fails.
    state = parse_qs(urlsplit(callback).query)["state"][0]
    browser.http.cookies.set(
        "stockade_sso_state", state, domain="testserver.local", path="/api/v1/auth/sso"
    )
    again = browser.http.get(callback)

    assert again.status_code == 400, again.text
    assert again.headers["content-type"].startswith("application/problem+json")
    assert again.json()["code"] == "sso_state_invalid"
    assert any(d.startswith("sso_state_invalid") for d in refusals(team, org))


def test_a_callback_from_another_browser_is_refused(
    team: Team, owner: Person, node_idp: NodeIdp, browser: Browser, app: FastAPI
) -> None:
    """Login CSRF: a callback URL started in one browser and opened in another."""
    org = connected(team, owner, node_idp)
    node_idp.user("u-eve", f"eve@{DOMAIN}")
    callback = browser.callback_url(org.id)
    victim = Browser(app)
    try:
        r = victim.http.get(callback)
    finally:
        victim.close()
    assert r.status_code == 400 and r.json()["code"] == "sso_state_mismatch"
    assert f"eve@{DOMAIN}" not in members(team, org)


def test_a_callback_without_state_is_refused_and_audited(
    team: Team, owner: Person, node_idp: NodeIdp, browser: Browser
) -> None:
    org = connected(team, owner, node_idp)
    r = browser.http.get(f"/api/v1/auth/sso/{org.id}/oidc/callback", params={"code": "x"})
    assert r.status_code == 400 and r.json()["code"] == "sso_state_missing"
    assert any(d.startswith("sso_state_missing") for d in refusals(team, org))


def test_key_rotation_refetches_the_jwks(
    team: Team, owner: Person, node_idp: NodeIdp, app: FastAPI
) -> None:
    org = connected(team, owner, node_idp)
    node_idp.user("u-fay", f"fay@{DOMAIN}")
    before = Browser(app)
    try:
        assert before.login(org.id).status_code == 200  # caches the JWKS
    finally:
        before.close()

    new_kids = node_idp.rotate()
    after = Browser(app)
    try:
        r = after.login(org.id)
    finally:
        after.close()

    # The JWKS is cached for an hour: only the re-fetch on the unknown kid lets this pass.
    assert r.status_code == 200, r.text
    assert r.json()["email"] == f"fay@{DOMAIN}"
    assert new_kids and all(k not in str(before) for k in new_kids)


def test_a_leaver_is_demoted(team: Team, owner: Person, node_idp: NodeIdp, app: FastAPI) -> None:
    org = connected(team, owner, node_idp, required_group="stockade", leaver_action="demote")
    node_idp.user("u-gus", f"gus@{DOMAIN}", ["stockade"])
    first = Browser(app)
    try:
        assert first.login(org.id).status_code == 200
    finally:
        first.close()
    assert members(team, org)[f"gus@{DOMAIN}"]["role"] == "Member"

    node_idp.user("u-gus", f"gus@{DOMAIN}", [])  # taken out of the group at the IdP
    second = Browser(app)
    try:
        r = second.login(org.id)
        assert r.status_code == 200, r.text
        assert second.http.get(f"{org.url}/members").status_code == 200  # a Viewer reads
    finally:
        second.close()
    assert members(team, org)[f"gus@{DOMAIN}"] == {
        "role": "Viewer",
        "status": "Active",
        "user_id": r.json()["id"],
    }
    assert "member.sso_demoted" in [a for a, _, _ in audit(team, org)]


def test_a_leaver_is_removed(team: Team, owner: Person, node_idp: NodeIdp, app: FastAPI) -> None:
    org = connected(team, owner, node_idp, required_group="stockade", leaver_action="remove")
    node_idp.user("u-hal", f"hal@{DOMAIN}", ["stockade"])
    first = Browser(app)
    try:
        assert first.login(org.id).status_code == 200
    finally:
        first.close()

    node_idp.user("u-hal", f"hal@{DOMAIN}", ["other"])
    second = Browser(app)
    try:
        r = second.login(org.id)
    finally:
        second.close()

    assert r.status_code == 403, r.text
    assert r.json()["code"] == "sso_access_revoked"
    assert members(team, org)[f"hal@{DOMAIN}"]["status"] == "Removed"
    actions = [a for a, _, _ in audit(team, org)]
    assert "member.sso_removed" in actions
    assert any(d.startswith("sso_access_revoked") for d in refusals(team, org))


def test_someone_outside_the_group_is_not_provisioned(
    team: Team, owner: Person, node_idp: NodeIdp, browser: Browser
) -> None:
    org = connected(team, owner, node_idp, required_group="stockade")
    node_idp.user("u-ivy", f"ivy@{DOMAIN}", ["marketing"])
    r = browser.login(org.id)
    assert r.status_code == 403 and r.json()["code"] == "sso_not_in_group"
    assert f"ivy@{DOMAIN}" not in members(team, org)
    assert count(team, SsoIdentity) == 0


def test_an_address_outside_the_verified_domains_is_not_provisioned(
    team: Team, owner: Person, node_idp: NodeIdp, browser: Browser
) -> None:
    org = connected(team, owner, node_idp)
    node_idp.user("u-jo", "jo@elsewhere.example.org")
    r = browser.login(org.id)
    assert r.status_code == 403 and r.json()["code"] == "sso_domain_unverified"
    assert count(team, SsoIdentity) == 0
    with team.app.state.ctx.db.session() as s:
        assert (
            s.scalars(select(User).where(User.email == "jo@elsewhere.example.org")).first() is None
        )


def test_an_existing_account_outside_the_organization_is_not_taken_over(
    team: Team, owner: Person, node_idp: NodeIdp, browser: Browser
) -> None:
    org = connected(team, owner, node_idp)
    person = team.person(f"kim@{DOMAIN}")  # registered with a password, not a member
    node_idp.user("u-kim", person.email)
    r = browser.login(org.id)
    assert r.status_code == 403 and r.json()["code"] == "sso_account_exists"
    # Once an Admin invites the account, the same login links to it.
    team.invite(org, person.email, "Member")
    again = Browser(team.app)
    try:
        r = again.login(org.id)
    finally:
        again.close()
    assert r.status_code == 200, r.text
    assert r.json()["id"] == person.id
    assert members(team, org)[person.email]["status"] == "Active"


def test_off_site_return_to_is_refused_and_audited(
    team: Team, owner: Person, node_idp: NodeIdp, browser: Browser
) -> None:
    org = connected(team, owner, node_idp)
    for target in ("https://evil.example/x", "//evil.example/x", "/\\evil.example", "evil"):
        r = browser.http.get(f"/api/v1/auth/sso/{org.id}/login", params={"return_to": target})
        assert r.status_code == 400, (target, r.text)
        assert r.headers["content-type"].startswith("application/problem+json")
        assert r.json()["code"] == "invalid_return_to"
    assert sum(d.startswith("invalid_return_to") for d in refusals(team, org)) == 4


def test_client_secret_is_write_only_and_sealed(team: Team, owner: Person) -> None:
    org = enterprise(team, owner)
    value = secret()
    view = configure(org, "https://idp.example.com", "stockade", value)
    assert view["client_secret_set"] is True
    got = owner.get(f"{org.url}/sso")
    assert got.status_code == 200 and value not in got.text
    with team.app.state.ctx.db.session() as s:
        row = s.get(SsoConnection, org.id)
        assert row is not None and row.oidc_client_secret is not None
        assert value.encode() not in row.oidc_client_secret
    # A PUT without the secret keeps it; the change is on the audit log without it.
    body = {"protocol": "oidc", "issuer": "https://idp.example.com", "client_id": "stockade"}
    assert owner.put(f"{org.url}/sso", json=body).json()["client_secret_set"] is True
    entries = owner.get(f"{org.url}/audit-log", params={"action": "sso."}).json()["items"]
    assert [e["action"] for e in entries][:2] == ["sso.update", "sso.create"]
    assert value not in str(entries)
    assert owner.delete(f"{org.url}/sso").status_code == 204
    assert owner.get(f"{org.url}/sso").json()["code"] == "sso_not_configured"


def test_sso_needs_the_enterprise_plan(team: Team, owner: Person) -> None:
    org = team.organization("Pro Corp", owner=owner)
    assert owner.put(f"{org.url}/plan", json={"plan": "Pro"}).status_code == 200
    body = {"protocol": "oidc", "issuer": "https://idp.example.com", "client_id": "x"}
    r = owner.put(f"{org.url}/sso", json=body)
    assert r.status_code == 403 and r.json()["code"] == "plan_required"
    assert r.headers["content-type"].startswith("application/problem+json")
    entries = owner.get(f"{org.url}/audit-log", params={"action": "sso."}).json()["items"]
    assert [(e["action"], e["outcome"]) for e in entries] == [("sso.update", "denied")]


def test_discover_routes_only_verified_domains(
    team: Team, owner: Person, node_idp: NodeIdp
) -> None:
    org = connected(team, owner, node_idp)
    anonymous = team.accounts.new_client()
    r = anonymous.post("/api/v1/auth/sso/discover", json={"email": f"Someone@{DOMAIN.upper()}"})
    assert r.status_code == 200, r.text
    assert r.json()["login_url"].endswith(f"/api/v1/auth/sso/{org.id}/login")
    r = anonymous.post("/api/v1/auth/sso/discover", json={"email": "x@unclaimed.example.org"})
    assert r.status_code == 404 and r.json()["code"] == "sso_not_found"
    # A claimed but unverified domain routes nobody.
    body = {"protocol": "oidc", "issuer": node_idp.issuer, "client_id": "c"}
    configure(org, node_idp.issuer, "c", secret(), domains=[DOMAIN, "second.example.com"])
    r = anonymous.post("/api/v1/auth/sso/discover", json={"email": "x@second.example.com"})
    assert r.status_code == 404, body


def test_domain_verification_needs_an_owner_at_that_domain(team: Team, owner: Person) -> None:
    org = enterprise(team, owner)
    configure(org, "https://idp.example.com", "c", secret(), domains=[DOMAIN, "other.example.com"])
    r = owner.post(f"{org.url}/sso/domains/other.example.com/verify")
    assert r.status_code == 403 and r.json()["code"] == "domain_email_mismatch"
    r = owner.post(f"{org.url}/sso/domains/unclaimed.example.com/verify")
    assert r.status_code == 404 and r.json()["code"] == "domain_not_claimed"
    assert owner.post(f"{org.url}/sso/domains/{DOMAIN}/verify").status_code == 200
    # Another organization cannot verify the same domain.
    rival = enterprise(team, owner, "Rival")
    configure(rival, "https://idp.example.com", "c", secret())
    r = owner.post(f"{rival.url}/sso/domains/{DOMAIN}/verify")
    assert r.status_code == 409 and r.json()["code"] == "domain_taken"


def test_an_enforcing_organization_refuses_password_sessions_and_old_keys(
    team: Team, owner: Person, node_idp: NodeIdp, app: FastAPI
) -> None:
    org = connected(team, owner, node_idp)
    member = team.add(org, "Member", person=team.person(f"lee@{DOMAIN}"))
    old_key = team.accounts.api_key(member.client, member.account)
    key_client = team.accounts.new_client()
    key_client.headers["X-API-Key"] = old_key
    assert member.get(org.url).status_code == 200

    view = owner.get(f"{org.url}/sso").json()
    view = {k: view[k] for k in ("protocol", "issuer", "client_id", "domains")}
    view["domains"] = [d["domain"] for d in view["domains"]]
    r = owner.put(f"{org.url}/sso", json={**view, "enforced": True})
    assert r.status_code == 200 and r.json()["enforced"] is True

    # A password session of a member: refused for this organization's resources.
    r = member.get(org.url)
    assert r.status_code == 403 and r.json()["code"] == "sso_required"
    assert r.headers["content-type"].startswith("application/problem+json")
    assert key_client.get(org.url).json()["code"] == "sso_required"
    # The instance administrator's password login still works (break-glass).
    fresh_admin = team.accounts.new_client()
    team.accounts.login(fresh_admin, owner.account)
    assert fresh_admin.get(org.url).status_code == 200
    # The member through SSO is admitted, and may create an organization key that works.
    node_idp.user("u-lee", member.email)
    agent = Browser(app)
    try:
        assert agent.login(org.id).status_code == 200
        assert agent.http.get(org.url).status_code == 200
        body = {"name": "ci", "organization_id": org.id, "role": "Member"}
        r = agent.http.post("/api/v1/api-keys", json=body, headers={"X-CSRF-Token": agent.csrf})
        assert r.status_code == 201, r.text
        new_key = r.json()["key"]
    finally:
        agent.close()
    key_client.headers["X-API-Key"] = new_key
    assert key_client.get(org.url).status_code == 200
    with team.app.state.ctx.db.session() as s:
        assert int(s.scalar(select(func.count()).select_from(ApiKey)) or 0) >= 2
    denied = [d for a, o, d in audit(team, org) if a == "access.denied" and o == "denied"]
    assert "sso_required" in denied


def test_an_issuer_on_a_private_address_is_never_contacted(
    team: Team, owner: Person, browser: Browser
) -> None:
    org = enterprise(team, owner)
    configure(org, "http://10.0.0.1:8443/realms/x", "c", secret())
    r = browser.http.get(f"/api/v1/auth/sso/{org.id}/login")
    assert r.status_code == 502 and r.json()["code"] == "idp_target_refused"
    assert any(d.startswith("idp_target_refused") for d in refusals(team, org))


def test_an_unknown_organization_has_no_login(browser: Browser) -> None:
    r = browser.http.get("/api/v1/auth/sso/00000000-0000-4000-8000-000000000000/login")
    assert r.status_code == 404 and r.json()["code"] == "sso_not_configured"


# Tokens a certified provider never issues


def mini_org(team: Team, owner: Person, idp: MiniIdp) -> Org:
    org = enterprise(team, owner)
    configure(org, idp.issuer, idp.client_id, idp.client_secret)
    assert owner.post(f"{org.url}/sso/domains/{DOMAIN}/verify").status_code == 200
    return org


@pytest.mark.parametrize(
    ("fault", "code"),
    [
        ("audience", "sso_claim_invalid"),
        ("expired", "sso_token_expired"),
        ("tampered", "sso_bad_signature"),
    ],
)
def test_a_bad_id_token_is_refused_and_nothing_is_provisioned(
    team: Team, owner: Person, mini_idp: MiniIdp, browser: Browser, fault: str, code: str
) -> None:
    org = mini_org(team, owner, mini_idp)
    mini_idp.faults = {fault}

    r = browser.login(org.id)

    assert r.status_code == 401, r.text
    assert r.headers["content-type"].startswith("application/problem+json")
    assert r.json()["code"] == code
    assert mini_idp.token_requests == 1  # the code was exchanged, the token then refused
    assert count(team, SsoIdentity) == 0
    assert f"mini@{DOMAIN}" not in members(team, org)
    assert "stockade_session" not in {c.name for c in browser.http.cookies.jar}
    assert any(d.startswith(code) for d in refusals(team, org))


def test_clock_skew_within_two_minutes_is_accepted(
    team: Team, owner: Person, mini_idp: MiniIdp, browser: Browser
) -> None:
    org = mini_org(team, owner, mini_idp)
    mini_idp.faults = {"late"}  # expired a minute ago
    r = browser.login(org.id)
    assert r.status_code == 200, r.text
    assert r.json()["email"] == f"mini@{DOMAIN}"
