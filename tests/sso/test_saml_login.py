"""The SAML routes end to end: SP metadata, the login redirect, the ACS, and the session.

The IdP is the pysaml2 one of ``tests/saml_idp.py`` on 127.0.0.1 (the SAML protocol checks
themselves are tested in ``test_saml.py``); here a browser goes from Stockade's login to the
IdP and posts the IdP's form back to the ACS, as a real one would.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from sqlalchemy import select

from oidc_idp import Browser
from org_fixtures import Org, Person, Team, team
from saml_idp import SamlTestIdp, User, read_form, serve_idp
from server_fixtures import FAST_PASSWORDS, accounts, db_url, make_settings
from stockade.server import create_app
from stockade.store.tenancy_models import AuditEvent, Membership

__all__ = ["accounts", "db_url", "team"]

DOMAIN = "saml.example.com"


@pytest.fixture
def app(tmp_path: Path, db_url: str) -> Iterator[FastAPI]:
    application = create_app(make_settings(tmp_path, db_url))
    application.state.ctx.passwords = FAST_PASSWORDS
    yield application
    application.state.ctx.db.dispose()


@pytest.fixture
def idp(tmp_path: Path) -> Iterator[SamlTestIdp]:
    with serve_idp(tmp_path / "idp") as running:
        yield running


def saml_org(team: Team, idp: SamlTestIdp) -> tuple[Org, Person]:
    owner = team.person(f"owner@{DOMAIN}")  # the first account: an instance admin
    org = team.organization("Saml Corp", owner=owner)
    assert owner.put(f"{org.url}/plan", json={"plan": "Enterprise"}).status_code == 200
    body = {
        "protocol": "saml",
        "idp_metadata": idp.metadata_xml(),
        "domains": [DOMAIN],
        "role_mapping": {"stockade-admins": "Admin"},
    }
    r = owner.put(f"{org.url}/sso", json=body)
    assert r.status_code == 200, r.text
    assert r.json()["idp_entity_id"] == idp.entity_id
    assert r.json()["redirect_uri"].endswith(f"/api/v1/auth/sso/{org.id}/saml/acs")
    assert owner.post(f"{org.url}/sso/domains/{DOMAIN}/verify").status_code == 200
    return org, owner


def test_saml_login_through_the_routes_sets_the_session(
    team: Team, idp: SamlTestIdp, app: FastAPI
) -> None:
    org, _ = saml_org(team, idp)
    metadata = team.accounts.new_client().get(f"/api/v1/auth/sso/{org.id}/saml/metadata")
    assert metadata.status_code == 200
    assert metadata.headers["content-type"].startswith("application/samlmetadata+xml")
    idp.trust_sp(metadata.text)
    email = f"ada@{DOMAIN}"
    idp.user = User(name_id=email, attributes={"email": [email], "groups": ["stockade-admins"]})

    browser = Browser(app)
    try:
        page = browser.walk(f"/api/v1/auth/sso/{org.id}/login?return_to=/api/v1/auth/me")
        assert page.status_code == 200 and "SAMLResponse" in page.text  # the IdP's form
        action, fields = read_form(page.text)
        assert action.endswith(f"/api/v1/auth/sso/{org.id}/saml/acs")
        posted = browser.http.post(action, data=fields)
        assert posted.status_code == 303, posted.text
        me = browser.walk(posted.headers["location"])
        # The same form posted again: its state is spent.
        replay = browser.http.post(action, data=fields)
    finally:
        browser.close()

    assert me.status_code == 200 and me.json()["email"] == email
    assert replay.status_code == 400 and replay.json()["code"] == "sso_state_invalid"
    with app.state.ctx.db.session() as s:
        row = s.scalars(
            select(Membership).where(
                Membership.organization_id == org.id, Membership.email == email
            )
        ).one()
        assert (row.role, row.status) == ("Admin", "Active")
        actions = s.scalars(
            select(AuditEvent.action).where(AuditEvent.organization_id == org.id)
        ).all()
    assert "sso.login" in actions and "member.sso_provisioned" in actions
    assert "sso.login_refused" in actions  # the replay


def test_malformed_idp_metadata_is_refused_and_audited(team: Team, idp: SamlTestIdp) -> None:
    org, owner = saml_org(team, idp)
    r = owner.put(f"{org.url}/sso", json={"protocol": "saml", "idp_metadata": "<EntityDescriptor"})
    assert r.status_code == 422 and r.json()["code"] == "saml_bad_metadata"
    assert r.headers["content-type"].startswith("application/problem+json")
    entries = owner.get(f"{org.url}/audit-log", params={"action": "sso."}).json()["items"]
    assert (entries[0]["action"], entries[0]["outcome"]) == ("sso.update", "denied")
