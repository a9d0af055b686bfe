"""Queries over the account tables, so routes never build SQL themselves."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from stockade.store.models import ApiKey, LoginAttempt, User, UserSession
from stockade.store.types import utcnow


class Users:
    def __init__(self, session: Session) -> None:
        self.session = session

    def get(self, user_id: str) -> User | None:
        return self.session.get(User, user_id)

    def by_email(self, email: str) -> User | None:
        return self.session.scalar(select(User).where(User.email == email.lower()))

    def count(self) -> int:
        return int(self.session.scalar(select(func.count()).select_from(User)) or 0)

    def add(self, *, email: str, name: str | None, password_hash: str, is_admin: bool) -> User:
        user = User(
            email=email.lower(),
            name=name,
            password_hash=password_hash,
            is_admin=is_admin,
            is_active=True,
            totp_enabled=False,
        )
        self.session.add(user)
        self.session.flush()
        return user


class Sessions:
    def __init__(self, session: Session) -> None:
        self.session = session

    def add(self, row: UserSession) -> UserSession:
        self.session.add(row)
        self.session.flush()
        return row

    def get(self, session_id: str) -> UserSession | None:
        return self.session.get(UserSession, session_id)

    def by_refresh_hash(self, refresh_hash: str) -> UserSession | None:
        return self.session.scalar(
            select(UserSession).where(UserSession.refresh_hash == refresh_hash)
        )

    def revoke_all(self, user_id: str, *, except_id: str | None = None) -> None:
        rows = self.session.scalars(
            select(UserSession).where(
                UserSession.user_id == user_id, UserSession.revoked_at.is_(None)
            )
        )
        now = utcnow()
        for row in rows:
            if row.id != except_id:
                row.revoked_at = now


class ApiKeys:
    def __init__(self, session: Session) -> None:
        self.session = session

    def add(self, row: ApiKey) -> ApiKey:
        self.session.add(row)
        self.session.flush()
        return row

    def by_hash(self, key_hash: str) -> ApiKey | None:
        return self.session.scalar(select(ApiKey).where(ApiKey.key_hash == key_hash))

    def for_user(self, user_id: str, key_id: str) -> ApiKey | None:
        return self.session.scalar(
            select(ApiKey).where(ApiKey.id == key_id, ApiKey.user_id == user_id)
        )

    def page(self, user_id: str, *, limit: int, after: str | None) -> Sequence[ApiKey]:
        """Keys of a user, newest first, keyset-paginated on (created_at, id)."""
        query = select(ApiKey).where(ApiKey.user_id == user_id, ApiKey.revoked_at.is_(None))
        if after is not None:
            anchor = self.session.get(ApiKey, after)
            if anchor is not None:
                query = query.where(
                    (ApiKey.created_at < anchor.created_at)
                    | ((ApiKey.created_at == anchor.created_at) & (ApiKey.id < anchor.id))
                )
        query = query.order_by(ApiKey.created_at.desc(), ApiKey.id.desc()).limit(limit)
        return self.session.scalars(query).all()


class LoginAttempts:
    def __init__(self, session: Session) -> None:
        self.session = session

    def record(self, *, email: str, ip: str, success: bool) -> None:
        self.session.add(LoginAttempt(email=email.lower(), ip=ip, success=success))
        self.session.flush()

    def failures_since(
        self, since: datetime, *, email: str | None = None, ip: str | None = None
    ) -> tuple[int, datetime | None]:
        """How many failures since ``since`` (for an e-mail or an IP), and the oldest one."""
        cond = [LoginAttempt.success.is_(False), LoginAttempt.created_at >= since]
        if email is not None:
            cond.append(LoginAttempt.email == email.lower())
        if ip is not None:
            cond.append(LoginAttempt.ip == ip)
        row = self.session.execute(
            select(func.count(), func.min(LoginAttempt.created_at)).where(*cond)
        ).one()
        oldest = row[1]
        if isinstance(oldest, datetime) and oldest.tzinfo is None:  # aggregate skips the type
            oldest = oldest.replace(tzinfo=UTC)
        return int(row[0]), oldest

    def clear_failures(self, email: str) -> None:
        """A successful login forgives the account's earlier failures (not the IP's)."""
        self.session.execute(
            delete(LoginAttempt).where(
                LoginAttempt.email == email.lower(), LoginAttempt.success.is_(False)
            )
        )
