"""Login states and the replay cache on the real databases: single use, expiry, one
organization, and a duplicate that leaves the caller's transaction usable."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from server_fixtures import db_url
from stockade.sso import config, states
from stockade.sso.errors import SsoStateError
from stockade.store import Database, sealing, upgrade
from stockade.store.crypto import SecretBox
from stockade.store.models import User
from stockade.store.sso_models import SsoConnection, SsoLoginState, SsoReplay
from stockade.store.tenancy_models import Organization
from stockade.store.types import utcnow

__all__ = ["db_url"]


@pytest.fixture
def db(db_url: str) -> Iterator[Database]:
    database = Database(db_url)
    upgrade(database.engine)
    yield database
    database.dispose()


def organization(db: Database, name: str = "Acme") -> str:
    with db.session() as s:
        user = User(email=f"{name.lower()}@example.com", password_hash="x", is_admin=False)
        s.add(user)
        s.flush()
        org = Organization(name=name, plan="Enterprise", created_by=user.id)
        s.add(org)
        s.flush()
        return org.id


def test_a_state_is_consumed_once_and_only_by_its_organization(db: Database) -> None:
    org, other = organization(db), organization(db, "Other")
    with db.session() as s:
        state = states.begin(s, org, "oidc", nonce="n1", code_verifier="v1", return_to="/x")
        stored = s.scalars(select(SsoLoginState.state_hash)).one()
    assert stored != state and len(stored) == 64  # only the digest is kept
    with db.session() as s, pytest.raises(SsoStateError) as wrong_org:
        states.consume(s, other, state)
    assert wrong_org.value.code == "sso_state_invalid"
    with db.session() as s:
        pending = states.consume(s, org, state)
    assert (pending.nonce, pending.code_verifier, pending.return_to) == ("n1", "v1", "/x")
    with db.session() as s, pytest.raises(SsoStateError) as replay:
        states.consume(s, org, state)
    assert replay.value.code == "sso_state_invalid"
    with db.session() as s, pytest.raises(SsoStateError) as missing:
        states.consume(s, org, None)
    assert missing.value.code == "sso_state_missing"


def test_an_expired_state_is_refused_and_purged(db: Database) -> None:
    org = organization(db)
    past = utcnow() - states.STATE_LIFETIME - timedelta(seconds=1)
    with db.session() as s:
        state = states.begin(s, org, "oidc", nonce="n", code_verifier="v", now=past)
    with db.session() as s, pytest.raises(SsoStateError):
        states.consume(s, org, state)
    with db.session() as s:
        assert states.purge(s) == 1
        assert s.scalar(select(func.count()).select_from(SsoLoginState)) == 0


def test_a_saml_request_is_answered_once(db: Database) -> None:
    org, other = organization(db), organization(db, "Other")
    with db.session() as s:
        relay = states.remember_request(s, org, "_req-1", return_to="/dashboard")
    assert relay
    with db.session() as s, pytest.raises(SsoStateError):
        states.consume_request(s, other, "_req-1")  # another organization's ACS
    with db.session() as s:
        assert states.consume_request(s, org, "_req-1").return_to == "/dashboard"
    with db.session() as s, pytest.raises(SsoStateError):
        states.consume_request(s, org, "_req-1")
    with db.session() as s, pytest.raises(SsoStateError):
        states.consume_request(s, org, "_unsolicited")


def test_an_assertion_id_is_accepted_once_per_organization(db: Database) -> None:
    org, other = organization(db), organization(db, "Other")
    until = utcnow() + timedelta(minutes=5)
    with db.session() as s:
        assert states.remember_assertion(s, org, "_a1", until) is True
        assert states.remember_assertion(s, org, "_a1", until) is False
        # The savepoint kept the transaction usable after the duplicate.
        assert states.remember_assertion(s, other, "_a1", until) is True
    with db.session() as s:
        assert states.remember_assertion(s, org, "_a1", until) is False
        assert s.scalar(select(func.count()).select_from(SsoReplay)) == 2


def test_key_rotation_reseals_the_oidc_client_secret(db: Database) -> None:
    org = organization(db)
    old, new = SecretBox(["o" * 40]), SecretBox(["n" * 40, "o" * 40])
    value = "client-" + "9" * 20
    with db.session() as s:
        target = s.get(Organization, org)
        assert target is not None
        connection = config.configure(
            s,
            old,
            target,
            {"protocol": "oidc", "issuer": "https://idp.example.com", "client_id": "c"}
            | {"client_secret": value},
        )
        assert value.encode() not in (connection.oidc_client_secret or b"")
    with db.session() as s:
        assert sealing.rotate(s, new) == 1
    with db.session() as s:
        connection = s.get(SsoConnection, org)
        assert connection is not None
        assert config.client_secret(SecretBox(["n" * 40]), connection) == value
