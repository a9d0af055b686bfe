"""Tables of the code-host integration: an organization's settings, the publications outbox
and what was already published (for de-duplication across re-runs).

A job that names a code-host target gets its ``codehost_publications`` row at submission
(status ``waiting``); the runner turns it ``pending`` in the same transaction that completes
the job, so a crash can neither lose a publication nor publish for a job that never
finished. ``codehost_comments`` remembers every review comment and issue by finding
fingerprint, so the next job of the same commit or pull request does not repeat them.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from stockade.store.models import Base
from stockade.store.types import new_id, utcnow

# Publication statuses: waiting for the job, due or being retried, done, given up, not sent.
WAITING, PENDING, PUBLISHED, FAILED, SKIPPED = (
    "waiting",
    "pending",
    "published",
    "failed",
    "skipped",
)
# What a codehost_comments row stands for.
REVIEW_COMMENT, ISSUE = "review_comment", "issue"


class CodeHostSettings(Base):
    """One code host per organization and provider. ``credentials`` is the sealed JSON of
    the token or the GitHub App's id, installation and private key (store.crypto)."""

    __tablename__ = "codehost_settings"
    __table_args__ = (UniqueConstraint("organization_id", "provider"),)

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_id)
    organization_id: Mapped[str] = mapped_column(ForeignKey("organizations.id", ondelete="CASCADE"))
    provider: Mapped[str] = mapped_column(String(16))
    api_url: Mapped[str] = mapped_column(String(2048))
    auth_type: Mapped[str] = mapped_column(String(16))
    credentials: Mapped[bytes] = mapped_column(LargeBinary)
    # Public parts of the App credentials, shown back (the key never is).
    app_id: Mapped[str | None] = mapped_column(String(32))
    installation_id: Mapped[str | None] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)


class Publication(Base):
    """What to publish for one job, and how far it got: ``steps`` maps each step (status,
    check_run, review_comments, sarif_upload, issues) to ``{state, error, at}`` so a retry
    does only the steps that have not succeeded."""

    __tablename__ = "codehost_publications"
    __table_args__ = (
        Index("ix_codehost_publications_due", "status", "next_attempt_at"),
        Index("ix_codehost_publications_org_created", "organization_id", "created_at"),
    )

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_id)
    organization_id: Mapped[str] = mapped_column(ForeignKey("organizations.id", ondelete="CASCADE"))
    job_id: Mapped[str] = mapped_column(ForeignKey("jobs.id", ondelete="CASCADE"), unique=True)
    provider: Mapped[str] = mapped_column(String(16))
    repo: Mapped[str] = mapped_column(String(200))
    pull_request: Mapped[int | None] = mapped_column(Integer)
    commit_sha: Mapped[str] = mapped_column(String(64))
    ref: Mapped[str | None] = mapped_column(String(255))
    status: Mapped[str] = mapped_column(String(16), default=WAITING)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    next_attempt_at: Mapped[datetime | None]
    last_error: Mapped[str | None] = mapped_column(Text)
    steps: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)
    published_at: Mapped[datetime | None]


class PublishedItem(Base):
    """A review comment (per pull request) or an issue (per repository, ``pull_request``
    0) already published for a finding fingerprint."""

    __tablename__ = "codehost_comments"
    __table_args__ = (
        UniqueConstraint(
            "organization_id", "provider", "repo", "kind", "pull_request", "fingerprint"
        ),
    )

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_id)
    organization_id: Mapped[str] = mapped_column(ForeignKey("organizations.id", ondelete="CASCADE"))
    provider: Mapped[str] = mapped_column(String(16))
    repo: Mapped[str] = mapped_column(String(200))
    kind: Mapped[str] = mapped_column(String(16))
    pull_request: Mapped[int] = mapped_column(Integer)
    fingerprint: Mapped[str] = mapped_column(String(64))
    remote_id: Mapped[str | None] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
