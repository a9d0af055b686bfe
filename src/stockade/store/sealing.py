"""Keeping sealed columns sealed: legacy plain values, and re-sealing after a key rotation.

Which columns are sealed: ``users.totp_secret`` (text), ``jobs.payload`` and
``jobs.credential`` (bytes). Both functions are idempotent and safe to run on every start.
"""

from __future__ import annotations

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from stockade.store.crypto import SealedValueError, SecretBox
from stockade.store.job_models import Job
from stockade.store.models import User

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
    jobs = session.execute(
        select(Job.id, Job.payload, Job.credential).where(
            (Job.payload.is_not(None)) | (Job.credential.is_not(None))
        )
    ).all()
    for job_id, payload, credential in jobs:
        values: dict[str, bytes] = {}
        if payload is not None and is_sealed(payload):
            values["payload"] = box.rotate(payload)
        if credential is not None and is_sealed(credential):
            values["credential"] = box.rotate(credential)
        if values:
            session.execute(update(Job).where(Job.id == job_id).values(**values))
            count += len(values)
    return count


__all__ = ["SealedValueError", "is_sealed", "open_legacy", "rotate", "seal_legacy"]
