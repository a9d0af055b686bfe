"""Keeping sealed columns sealed: legacy plain values, and re-sealing after a key rotation.

Which columns are sealed: ``users.totp_secret`` (text) and the bytes columns of
:data:`SEALED_BYTES` (job payloads and git tokens, webhook signing secrets, OIDC client
secrets, code-host credentials, chat URLs). Both functions are idempotent and safe to run on
every start.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import InstrumentedAttribute, Session

from stockade.store.chat_models import ChatIntegration
from stockade.store.codehost_models import CodeHostSettings
from stockade.store.crypto import SealedValueError, SecretBox
from stockade.store.job_models import Job
from stockade.store.models import User
from stockade.store.sso_models import SsoConnection
from stockade.store.webhook_models import Webhook

# Every Fernet token starts with version byte 0x80, base64url-encoded as "gAAAAA".
_SEALED_PREFIX = "gAAAAA"


def is_sealed(value: str | bytes) -> bool:
    if isinstance(value, bytes):
        return value.startswith(_SEALED_PREFIX.encode("ascii"))
    return value.startswith(_SEALED_PREFIX)


def open_legacy(box: SecretBox, value: bytes) -> bytes:
    """Open a sealed column value; a value an earlier version stored in plain text (a job
    queued before the upgrade) is returned as it is."""
    return box.open(value) if is_sealed(value) else value


def seal_legacy(session: Session, box: SecretBox) -> int:
    """Seal TOTP secrets that an earlier version stored in plain text; returns how many."""
    rows = session.execute(
        select(User.id, User.totp_secret).where(User.totp_secret.is_not(None))
    ).all()
    sealed = 0
    for user_id, secret in rows:
        if secret and not is_sealed(secret):
            session.execute(
                update(User).where(User.id == user_id).values(totp_secret=box.seal_text(secret))
            )
            sealed += 1
    return sealed


# Every sealed bytes column: (table's key column, sealed column). A new sealed column is one
# line here, so a key rotation can never forget it.
SEALED_BYTES: tuple[tuple[InstrumentedAttribute[Any], InstrumentedAttribute[Any]], ...] = (
    (Job.id, Job.payload),
    (Job.id, Job.credential),
    (Webhook.id, Webhook.secret),
    (SsoConnection.organization_id, SsoConnection.oidc_client_secret),
    (CodeHostSettings.id, CodeHostSettings.credentials),
    (ChatIntegration.organization_id, ChatIntegration.url),
)


def rotate(session: Session, box: SecretBox) -> int:
    """Re-seal every sealed value with the box's first key; returns how many were re-sealed.

    Run after putting a new key first in ``auth.encryption_keys``; the old keys can be removed
    once this has run (``stockade db rotate-keys``).
    """
    count = 0
    for user_id, secret in session.execute(
        select(User.id, User.totp_secret).where(User.totp_secret.is_not(None))
    ).all():
        if secret and is_sealed(secret):
            fresh = box.rotate(secret.encode("ascii")).decode("ascii")
            session.execute(update(User).where(User.id == user_id).values(totp_secret=fresh))
            count += 1
    for key, column in SEALED_BYTES:
        rows = session.execute(select(key, column).where(column.is_not(None))).all()
        for row_key, value in rows:
            if is_sealed(value):
                session.execute(
                    update(column.class_)
                    .where(key == row_key)
                    .values({column.key: box.rotate(value)})
                )
                count += 1
    return count


__all__ = ["SealedValueError", "is_sealed", "open_legacy", "rotate", "seal_legacy"]
