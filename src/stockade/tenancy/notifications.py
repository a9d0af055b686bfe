"""In-app notifications, and the same message by e-mail when SMTP is configured.

A notification row and its outbound e-mail are written in the transaction of the change they
report (role changed, invited, join request, removed), so neither is sent for a change that
rolled back and neither is lost when the process dies after the commit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from stockade.store.tenancy_models import Notification
from stockade.store.types import utcnow
from stockade.tenancy import mail

ROLE_CHANGED = "role_changed"
INVITATION = "invitation"
JOIN_REQUEST = "join_request"
JOIN_APPROVED = "join_approved"
JOIN_DENIED = "join_denied"
REMOVED = "removed"
OWNERSHIP = "ownership_transferred"


@dataclass(frozen=True)
class Notifier:
    """Writes notifications on one session; ``email`` says whether SMTP is configured."""

    session: Session
    email: bool

    def send(
        self,
        *,
        kind: str,
        message: str,
        organization_id: str | None,
        user_id: str | None,
        address: str | None,
        data: dict[str, Any] | None = None,
    ) -> None:
        """Notify a user in-app (when they have an account) and by e-mail (when configured).

        An invitation to an address without an account can only go by e-mail.
        """
        if user_id is not None:
            self.session.add(
                Notification(
                    user_id=user_id,
                    organization_id=organization_id,
                    kind=kind,
                    message=message,
                    data=data or {},
                    created_at=utcnow(),
                )
            )
        if self.email and address:
            body = message + _link_text(data)
            mail.enqueue(self.session, address, f"Stockade: {message[:200]}", body)


def _link_text(data: dict[str, Any] | None) -> str:
    url = (data or {}).get("url")
    return f"\n\n{url}\n" if url else "\n"


def page(
    session: Session,
    user_id: str,
    *,
    unread: bool = False,
    after: Notification | None = None,
    limit: int = 50,
) -> Sequence[Notification]:
    query = select(Notification).where(Notification.user_id == user_id)
    if unread:
        query = query.where(Notification.read_at.is_(None))
    if after is not None:
        query = query.where(
            (Notification.created_at < after.created_at)
            | ((Notification.created_at == after.created_at) & (Notification.id < after.id))
        )
    query = query.order_by(Notification.created_at.desc(), Notification.id.desc()).limit(limit)
    return session.scalars(query).all()


def get(session: Session, user_id: str, notification_id: str) -> Notification | None:
    row = session.get(Notification, notification_id)
    return row if row is not None and row.user_id == user_id else None
