"""The LLM enrichment of a finding: an explanation and a remediation suggestion.

Kept beside the finding rather than inside its ``data`` JSON: the finding row is the
analysis's own record (fingerprinted, exported as SARIF), while an enrichment is a model's
opinion that can be redone, so it lives in its own row, one per finding, replaced on each
enrichment and deleted with the finding.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, String, Text, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from stockade.store.job_models import JobFinding
from stockade.store.models import Base
from stockade.store.types import utcnow


class FindingEnrichment(Base):
    __tablename__ = "finding_enrichments"

    finding_id: Mapped[str] = mapped_column(
        ForeignKey("findings.id", ondelete="CASCADE"), primary_key=True
    )
    explanation: Mapped[str] = mapped_column(Text)
    remediation_suggestion: Mapped[str] = mapped_column(Text)
    model: Mapped[str | None] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)


class FindingEnrichments:
    """Read and replace enrichments in the caller's transaction."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def of(self, finding_ids: list[str]) -> dict[str, FindingEnrichment]:
        if not finding_ids:
            return {}
        rows = self._session.scalars(
            select(FindingEnrichment).where(FindingEnrichment.finding_id.in_(finding_ids))
        )
        return {row.finding_id: row for row in rows}

    def of_job(self, job_id: str) -> dict[str, FindingEnrichment]:
        """Every enrichment of a job's findings, in one query (no id list to bind)."""
        rows = self._session.scalars(
            select(FindingEnrichment)
            .join(JobFinding, JobFinding.id == FindingEnrichment.finding_id)
            .where(JobFinding.job_id == job_id)
        )
        return {row.finding_id: row for row in rows}

    def put(
        self, finding_id: str, explanation: str, remediation: str, model: str | None
    ) -> FindingEnrichment:
        """Insert or replace the finding's enrichment (the newest answer wins)."""
        now = utcnow()
        row = self._session.get(FindingEnrichment, finding_id)
        if row is None:
            row = FindingEnrichment(finding_id=finding_id, created_at=now)
            self._session.add(row)
        row.explanation = explanation
        row.remediation_suggestion = remediation
        row.model = model
        row.updated_at = now
        return row
