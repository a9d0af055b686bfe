"""Tables of the monthly token quotas: the ledger and the alerts already fired.

The ledger is append-only: a reservation, a refund (a negative amount) or a charge per row,
never an updated counter, so usage is always ``SUM(amount)`` over a scope and period and every
token can be traced to the job or call that spent it.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from stockade.store.models import Base
from stockade.store.types import new_id, utcnow

RESERVE, REFUND, CHARGE = "reserve", "refund", "charge"


class LedgerEntry(Base):
    __tablename__ = "token_ledger"
    __table_args__ = (
        Index("ix_token_ledger_scope_period", "scope", "period"),
        Index("ix_token_ledger_job", "job_id"),
    )

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_id)
    # "org:<id>" for an organization's pool, "user:<id>" for a personal allowance.
    scope: Mapped[str] = mapped_column(String(64))
    period: Mapped[str] = mapped_column(String(7))  # "YYYY-MM", UTC calendar month
    organization_id: Mapped[str | None] = mapped_column(String(36))
    # Who spent it (the member); SET NULL keeps an organization's ledger when a user goes.
    user_id: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    entry: Mapped[str] = mapped_column(String(8))
    cost_class: Mapped[str] = mapped_column(String(16))
    amount: Mapped[int] = mapped_column(Integer)
    job_id: Mapped[str | None] = mapped_column(String(36))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class QuotaAlert(Base):
    """A usage threshold (50/75/90/100 %) already announced for a scope and period."""

    __tablename__ = "quota_alerts"
    __table_args__ = (UniqueConstraint("scope", "period", "threshold", name="uq_quota_alerts"),)

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_id)
    scope: Mapped[str] = mapped_column(String(64))
    period: Mapped[str] = mapped_column(String(7))
    threshold: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
