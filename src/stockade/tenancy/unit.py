"""What every team-layer operation works with: one session, one actor, one clock.

A :class:`Unit` is built per request by the server (or per call by a script): the
transaction everything commits in, who acts, how to notify, how to check the acting user's
password (the server owns the hashing parameters), and how to turn a token into a link.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy.orm import Session

from stockade.store.types import utcnow
from stockade.tenancy.access import Actor
from stockade.tenancy.audit import AuditRecord, append
from stockade.tenancy.notifications import Notifier

INVITE_LINK, JOIN_LINK = "invite", "join"


def _no_password(_user_id: str, _password: str) -> bool:
    return False


def _plain_link(kind: str, token: str) -> str:
    return f"/api/v1/invitations/{token}/accept" if kind == INVITE_LINK else f"/api/v1/join/{token}"


@dataclass
class Unit:
    session: Session
    actor: Actor
    email: bool = False
    verify_password: Callable[[str, str], bool] = _no_password
    link: Callable[[str, str], str] = _plain_link
    now: datetime = field(default_factory=utcnow)

    @property
    def notifier(self) -> Notifier:
        return Notifier(self.session, self.email)

    def audit(self, organization_id: str | None, action: str, **values: object) -> None:
        append(self.session, self.actor.record(organization_id, action, **values))

    def denied(self, organization_id: str | None, action: str, detail: str) -> AuditRecord:
        """The record of a refused attempt (carried on the error; see :mod:`.errors`)."""
        return self.actor.record(organization_id, action, outcome="denied", detail=detail)


def new_token() -> tuple[str, str]:
    """A random token and the SHA-256 hex that is stored instead of it."""
    token = secrets.token_urlsafe(32)
    return token, token_hash(token)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()
