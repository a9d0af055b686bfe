"""Opaque tokens, their hashes, and the session JWT."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import datetime

import jwt

ALGORITHM = "HS256"
AUDIENCE = "stockade-session"


def sha256_hex(value: str) -> str:
    return hashlib.sha256(value.encode("utf-8")).hexdigest()


def random_token() -> str:
    return secrets.token_urlsafe(32)


def same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode("utf-8"), b.encode("utf-8"))


@dataclass(frozen=True)
class SessionClaims:
    user_id: str
    session_id: str


class Jwt:
    def __init__(self, secret: str) -> None:
        self._secret = secret

    def issue(self, claims: SessionClaims, issued: datetime, expires: datetime) -> str:
        payload = {
            "sub": claims.user_id,
            "sid": claims.session_id,
            "aud": AUDIENCE,
            "iat": int(issued.timestamp()),
            "exp": int(expires.timestamp()),
        }
        return jwt.encode(payload, self._secret, algorithm=ALGORITHM)

    def derive_key(self, purpose: str) -> bytes:
        """A key for another signature (e.g. pagination cursors), derived from the session
        secret so that no second secret has to be configured, yet distinct per purpose: a
        value signed for one purpose never verifies for another."""
        return hmac.new(self._secret.encode("utf-8"), purpose.encode("utf-8"), "sha256").digest()

    def verify(self, token: str) -> SessionClaims | None:
        """The claims of a valid, unexpired token signed by us; None otherwise."""
        try:
            data = jwt.decode(
                token,
                self._secret,
                algorithms=[ALGORITHM],
                audience=AUDIENCE,
                options={"require": ["sub", "sid", "exp", "iat"]},
            )
        except jwt.PyJWTError:
            return None
        sub, sid = data.get("sub"), data.get("sid")
        if not (isinstance(sub, str) and isinstance(sid, str)):
            return None
        return SessionClaims(sub, sid)
