"""Organization features end to end over HTTP: logos, the export, the audit log, organization
API keys and invitation e-mail (SQLite and PostgreSQL; e-mail through a real SMTP server)."""

from __future__ import annotations

import email
import email.policy
import hashlib
import io
import secrets
import socket
import string
import time
from collections.abc import Callable, Iterator
from datetime import timedelta
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import orjson
import pytest
import sqlalchemy as sa
from aiosmtpd.controller import Controller
from fastapi import FastAPI
from fastapi.testclient import TestClient
from PIL import Image, PngImagePlugin

from org_fixtures import Org, Person, Team, team
from server_fixtures import FAST_PASSWORDS, Accounts, make_settings
from stockade.server import create_app
from stockade.store.models import ApiKey
from stockade.store.tenancy_models import OutboundMail
from stockade.store.types import utcnow

__all__ = ["team"]

PNG = "image/png"


# --- helpers -------------------------------------------------------------------------------


def png(width: int, height: int, *, text: str | None = None) -> bytes:
    """A real PNG (optionally with a tEXt chunk that re-encoding must drop)."""
    image = Image.new("RGB", (width, height), (200, 30, 60))
    info = PngImagePlugin.PngInfo()
    if text is not None:
        info.add_text("Comment", text)
    out = io.BytesIO()
    image.save(out, format="PNG", pnginfo=info)
    return out.getvalue()


def upload(person: Person, org: Org, body: bytes, media_type: str = PNG) -> Any:
    return person.put(f"{org.url}/logo", content=body, headers={"Content-Type": media_type})


def code_of(response: Any) -> tuple[int, str]:
    return response.status_code, response.json().get("code")


def audit(person: Person, org: Org, **params: str) -> list[dict[str, Any]]:
    r = person.get(f"{org.url}/audit-log", params={"limit": "200", **params})
    assert r.status_code == 200, r.text
    return list(r.json()["items"])


def in_db(app: FastAPI, work: Callable[[Any], Any]) -> Any:
    with app.state.ctx.db.session() as session:
        return work(session)


def wait_until(check: Callable[[], bool], limit: float, what: str) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def finished(person: Person, job_id: str, limit: float = 90) -> dict[str, Any]:
    body: dict[str, Any] = {}

    def done() -> bool:
        nonlocal body
        body = person.get(f"/api/v1/jobs/{job_id}").json()
        return body["status"] in ("completed", "failed", "cancelled")

    wait_until(done, limit, f"job {job_id}")
    return body


# --- logo ----------------------------------------------------------------------------------


def test_logo_is_re_encoded_served_safely_and_removable(team: Team) -> None:
    org = team.full()
    admin = org.members["Admin"]
    marker = "camera-serial-" + secrets.token_hex(4)
    r = upload(admin, org, png(1200, 300, text=marker))
    assert r.status_code == 200, r.text
    logo_url = r.json()["logo_url"]
    assert logo_url and logo_url.startswith(f"{org.url}/logo")

    served = org.members["Viewer"].get(logo_url)  # any member may see it
    assert served.status_code == 200 and served.headers["content-type"] == PNG
    # Once: the security middleware must not add a second copy of what the route set.
    assert served.headers.get_list("x-content-type-options") == ["nosniff"]
    assert "sandbox" in served.headers["content-security-policy"]
    assert marker.encode() not in served.content  # metadata did not survive re-encoding
    image = Image.open(io.BytesIO(served.content))
    assert image.format == "PNG" and max(image.size) <= 512
    assert image.size == (512, 128)  # the aspect ratio is kept
    assert team.person().get(logo_url).status_code == 404  # not for outsiders

    svg = b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
    assert code_of(upload(admin, org, svg, "image/svg+xml")) == (415, "unsupported_media_type")
    assert code_of(upload(admin, org, svg)) == (422, "invalid_logo")  # the type is not trusted
    big = png(8, 8) + b"\0" * (1024 * 1024 + 1)
    assert code_of(upload(admin, org, big[: 1024 * 1024 + 1])) == (413, "logo_too_large")
    polyglot = png(16, 16) + b"PK\x03\x04" + b"\x14\x00" * 20 + b"<script>alert(1)</script>"
    r = upload(admin, org, polyglot)
    assert r.status_code == 422 and r.json()["code"].startswith("invalid_logo"), r.text
    refused = org.owner.get(
        f"{org.url}/audit-log", params={"action": "organization.logo_update"}
    ).json()["items"]
    assert [e["outcome"] for e in refused].count("denied") == 2  # the SVG and the polyglot
    r = upload(org.members["Viewer"], org, png(16, 16))
    assert code_of(r) == (403, "insufficient_role")
    assert org.owner.get(logo_url).content == served.content  # refusals changed nothing

    assert admin.delete(f"{org.url}/logo").status_code == 204
    assert code_of(admin.get(f"{org.url}/logo")) == (404, "logo_not_found")
    assert admin.get(org.url).json()["logo_url"] is None
    assert code_of(admin.delete(f"{org.url}/logo")) == (404, "logo_not_found")
    actions = [e["action"] for e in audit(org.owner, org, action="organization.")]
    assert actions[:2] == ["organization.logo_delete", "organization.logo_update"]


# --- export --------------------------------------------------------------------------------


def fake_aws_key() -> str:
    """An access-key-id-shaped fake, different on every run."""
    alphabet = string.ascii_uppercase + "234567"
    return "AKIA" + "".join(secrets.choice(alphabet) for _ in range(16))


def test_export_streams_the_organization_without_any_secret(
    team: Team, app: FastAPI, client: TestClient, accounts: Accounts
) -> None:
    org = team.full()
    member, admin = org.members["Member"], org.members["Admin"]
    secret = fake_aws_key()
    files = [{"path": "settings.py", "content": f'AWS_ACCESS_KEY_ID = "{secret}"\n'}]
    r = member.post(
        "/api/v1/analyze/job",
        json={
            "source": {"type": "files", "files": files},
            "organization_id": org.id,
            "modules": ["secrets"],
        },
    )
    assert r.status_code == 202, r.text
    job = finished(member, r.json()["job_id"])
    assert job["status"] == "completed", job
    assert any(f["module"] == "secrets" for f in job["findings"]), job["findings"]
    key = accounts.api_key(member.client, member.account, organization_id=org.id)
    invite = team.invite(org, "later@example.com", "Viewer")["invitation"]["token"]

    assert code_of(admin.get(f"{org.url}/export")) == (403, "insufficient_role")
    r = org.owner.get(f"{org.url}/export")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/x-ndjson")
    assert "attachment" in r.headers["content-disposition"]
    raw = r.text
    lines = [orjson.loads(line) for line in raw.splitlines()]
    for forbidden in (
        secret,
        secret[4:],
        key,
        hashlib.sha256(key.encode()).hexdigest(),
        invite,
        hashlib.sha256(invite.encode()).hexdigest(),
        "key_hash",
        "token_hash",
        "password",
    ):
        assert forbidden not in raw, forbidden
    exports = audit(org.owner, org, action="organization.export")
    assert [(e["actor_id"], e["outcome"]) for e in exports] == [(org.owner.id, "success")]
    kinds = [line["type"] for line in lines]
    assert kinds[0] == "organization" and lines[0]["id"] == org.id
    assert {"organization", "member", "job", "finding", "audit"} <= set(kinds)
    assert {m["email"] for m in lines if m["type"] == "member"} >= {member.email, admin.email}
    assert [j["id"] for j in lines if j["type"] == "job"] == [job["job_id"]]
    # A finding keeps its own fields (its own "type" too), nested under "finding".
    found = [f for f in lines if f["type"] == "finding"]
    assert [f["job_id"] for f in found if f["finding"]["module"] == "secrets"] == [job["job_id"]]
    assert all(f["state"] == "open" and f["finding"]["type"] for f in found)


# --- audit log -----------------------------------------------------------------------------


def test_audit_log_records_filters_pages_and_is_read_only(team: Team) -> None:
    org = team.full()
    owner, admin = org.owner, org.members["Admin"]
    assert owner.put(org.url, json={"name": "Acme Renamed"}).status_code == 200
    r = admin.patch(f"{org.url}/members/{org.members['Viewer'].id}", json={"role": "Member"})
    assert r.status_code == 200, r.text

    (update,) = audit(owner, org, action="organization.update")
    assert update["actor_id"] == owner.id and update["actor_email"] == owner.email
    assert update["ip"] == "testclient" and update["outcome"] == "success"
    assert (update["before"]["name"], update["after"]["name"]) == ("Acme", "Acme Renamed")

    everything = audit(owner, org)
    family = audit(owner, org, action="member.")
    assert family and all(e["action"].startswith("member.") for e in family)
    assert [e["id"] for e in family] == [
        e["id"] for e in everything if e["action"].startswith("member.")
    ]
    role_change = next(e for e in family if e["actor_id"] == admin.id)
    assert role_change["before"] != role_change["after"]
    assert "Member" in orjson.dumps(role_change["after"]).decode()
    by_admin = audit(owner, org, actor=admin.id)
    assert by_admin and {e["actor_id"] for e in by_admin} == {admin.id}
    assert role_change["id"] in {e["id"] for e in by_admin}
    assert update["id"] not in {e["id"] for e in by_admin}
    assert audit(owner, org, action="member") == []  # without the dot: exact match only

    walked: list[str] = []
    cursor: str | None = None
    while True:
        params = {"limit": "1", **({"cursor": cursor} if cursor else {})}
        page = admin.get(f"{org.url}/audit-log", params=params).json()
        assert len(page["items"]) <= 1
        walked += [e["id"] for e in page["items"]]
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert walked == [e["id"] for e in everything] and len(walked) >= 5

    for role in ("Member", "Viewer"):
        r = org.members[role].get(f"{org.url}/audit-log")
        assert code_of(r) == (403, "insufficient_role"), role
    for method in ("PUT", "PATCH", "DELETE"):
        r = owner.client.request(method, f"{org.url}/audit-log", headers=owner.headers, json={})
        assert r.status_code == 405, (method, r.text)
    r = owner.delete(f"{org.url}/audit-log/{update['id']}")
    assert r.status_code in (404, 405)
    assert [e["id"] for e in audit(owner, org)][-len(everything) :] == [e["id"] for e in everything]


# --- organization API keys -----------------------------------------------------------------


def age_key(app: FastAPI, key_id: str, days: int) -> None:
    when = utcnow() - timedelta(days=days)
    in_db(
        app,
        lambda s: s.execute(sa.update(ApiKey).where(ApiKey.id == key_id).values(created_at=when)),
    )


def org_keys(person: Person, org: Org) -> dict[str, dict[str, Any]]:
    r = person.get(f"{org.url}/api-keys")
    assert r.status_code == 200, r.text
    return {k["id"]: k for k in r.json()["items"]}


def test_organization_api_keys_scope_role_rotation_and_revocation(team: Team, app: FastAPI) -> None:
    org = team.full()
    member, admin = org.members["Member"], org.members["Admin"]

    def create(person: Person, **body: Any) -> Any:
        body = {"name": "ci", "organization_id": org.id, **body}
        return person.post("/api/v1/api-keys", json=body)

    assert code_of(create(member, role="Admin")) == (403, "role_above_caller")
    assert create(member, role="Viewer").status_code == 422
    assert code_of(create(org.members["Viewer"])) == (403, "insufficient_role")
    r = create(member)
    assert r.status_code == 201 and r.json()["role"] == "Member", r.text
    key, key_id = r.json()["key"], r.json()["id"]
    assert r.json()["organization_id"] == org.id
    assert create(admin, role="Admin").status_code == 201  # an Admin may

    listed = org_keys(admin, org)[key_id]
    assert listed["user_id"] == member.id and listed["rotation_due"] is False
    assert key not in orjson.dumps(listed).decode() and listed["masked_key"].endswith(key[-4:])
    assert code_of(member.get(f"{org.url}/api-keys")) == (403, "insufficient_role")
    age_key(app, key_id, 89)
    assert org_keys(admin, org)[key_id]["rotation_due"] is False
    age_key(app, key_id, 91)
    assert org_keys(admin, org)[key_id]["rotation_due"] is True
    personal = {k["id"]: k for k in member.get("/api/v1/api-keys").json()["items"]}
    assert personal[key_id]["rotation_due"] is True

    by_key = TestClient(app, headers={"X-API-Key": key})
    files = [{"path": "a.py", "content": "x = 1\n"}]
    r = by_key.post(
        "/api/v1/analyze/job",
        json={"source": {"type": "files", "files": files}, "organization_id": org.id},
    )
    assert r.status_code == 202, r.text
    assert member.get(f"/api/v1/jobs/{r.json()['job_id']}").json()["organization_id"] == org.id
    r = by_key.post("/api/v1/organizations", json={"name": "Elsewhere"})
    assert r.status_code == 403  # the key acts in its organization only

    assert code_of(member.delete(f"{org.url}/api-keys/{key_id}")) == (403, "insufficient_role")
    assert admin.delete(f"{org.url}/api-keys/{key_id}").status_code == 204
    assert code_of(by_key.get(org.url)) == (401, "invalid_api_key")
    r = by_key.post(
        "/api/v1/analyze/job",
        json={"source": {"type": "files", "files": files}, "organization_id": org.id},
    )
    assert code_of(r) == (401, "invalid_api_key")
    assert key_id not in org_keys(admin, org)
    assert admin.delete(f"{org.url}/api-keys/{key_id}").status_code == 404
    actions = {(e["action"], e["actor_id"]) for e in audit(admin, org, action="api_key.")}
    assert {("api_key.create", member.id), ("api_key.revoke", admin.id)} <= actions
    assert ("api_key.create", member.id) in {
        (e["action"], e["actor_id"]) for e in audit(admin, org, action="api_key.create")
    }


# --- e-mail --------------------------------------------------------------------------------


class Inbox:
    """An aiosmtpd handler that keeps every accepted message."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        raw = (envelope.original_content or envelope.content).replace(b"\r\n", b"\n")
        message = email.message_from_bytes(raw, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        self.messages.append(message)
        return "250 OK"


@pytest.fixture
def smtp() -> Iterator[tuple[int, Inbox]]:
    """A real SMTP server on 127.0.0.1 (a free port), stopped afterwards."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    yield port, inbox
    controller.stop()


@pytest.fixture
def mail_app(tmp_path: Path, db_url: str, smtp: tuple[int, Inbox]) -> Iterator[FastAPI]:
    smtp_settings = {
        "host": "127.0.0.1",
        "port": smtp[0],
        "starttls": False,
        "from": "Stockade <noreply@stockade.test>",
        "timeout_seconds": 5,
    }
    application = create_app(make_settings(tmp_path, db_url, smtp=smtp_settings))
    application.state.ctx.passwords = FAST_PASSWORDS
    yield application
    application.state.ctx.db.dispose()


def notifications(person: Person) -> list[dict[str, Any]]:
    r = person.get("/api/v1/me/notifications")
    assert r.status_code == 200, r.text
    return list(r.json()["items"])


def test_invitation_is_emailed_with_its_accept_link(
    mail_app: FastAPI, smtp: tuple[int, Inbox]
) -> None:
    inbox = smtp[1]
    with TestClient(mail_app):  # the lifespan starts the mail worker
        people = Team(mail_app, Accounts(mail_app))
        org = people.organization("Mailed Co")
        invitee = people.person()
        token = people.invite(org, invitee.email, "Member")["invitation"]["token"]
        newcomer = "no-account-yet@example.com"
        other = people.invite(org, newcomer, "Viewer")["invitation"]["token"]

        def both_arrived() -> bool:
            return len(inbox.messages) >= 2

        wait_until(both_arrived, 10, "the invitation e-mails")
        by_to = {str(m["To"]): m for m in inbox.messages}
        assert set(by_to) == {invitee.email, newcomer}
        body = by_to[invitee.email].get_content()
        assert f"/api/v1/invitations/{token}/accept" in body
        assert other not in body and token not in by_to[newcomer].get_content()
        assert f"/api/v1/invitations/{other}/accept" in by_to[newcomer].get_content()
        assert "Mailed Co" in str(by_to[invitee.email]["Subject"])
        assert [n["kind"] for n in notifications(invitee)] == ["invitation"]
        # The link in the mail works.
        assert invitee.post(f"/api/v1/invitations/{token}/accept").status_code == 200


def test_without_smtp_nothing_is_queued_but_the_notification_exists(
    team: Team, app: FastAPI, client: TestClient
) -> None:
    org = team.organization()
    invitee = team.person()
    team.invite(org, invitee.email, "Member")
    team.invite(org, "no-account-yet@example.com", "Viewer")
    assert [n["kind"] for n in notifications(invitee)] == ["invitation"]
    assert in_db(app, lambda s: s.scalar(sa.select(sa.func.count()).select_from(OutboundMail))) == 0
