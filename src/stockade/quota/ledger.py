"""The token ledger: reserve, refund and charge against a monthly pool, exactly, under
concurrency.

A *scope* is a pool: an organization's (``org:<id>``, shared by its members) or a user's
personal Free allowance (``user:<id>``, for jobs outside organizations). Usage is the sum of
the scope's entries in the current UTC month. A reservation first serialises on its scope
(PostgreSQL: a transaction-scoped advisory lock; SQLite: every write transaction already holds
the database's single write lock from ``BEGIN IMMEDIATE``), then checks the pool, an
Enterprise department's quota and the member's budget, then appends its row — so concurrent
submissions can never overspend: the check and the write are one critical section.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, select, text
from sqlalchemy.orm import Session

from stockade.core.errors import StockadeError
from stockade.core.plans import Plan, limits
from stockade.quota.periods import bounds, period_of
from stockade.store.quota_models import CHARGE, REFUND, RESERVE, LedgerEntry
from stockade.store.tenancy_models import Organization
from stockade.store.types import new_id, utcnow

PERSONAL_TOKENS = limits(Plan.FREE).tokens_per_month


class QuotaExhaustedError(StockadeError):
    """The pool (or department quota, or member budget) cannot pay for the request."""

    def __init__(self, message: str, *, pool: str, remaining: int) -> None:
        super().__init__(message)
        self.pool = pool
        self.remaining = remaining


@dataclass(frozen=True)
class Scope:
    organization_id: str | None
    user_id: str

    @property
    def key(self) -> str:
        return f"org:{self.organization_id}" if self.organization_id else f"user:{self.user_id}"


@dataclass(frozen=True)
class Usage:
    plan: str
    period: str
    period_start: datetime
    period_end: datetime
    tokens_limit: int
    tokens_used: int

    @property
    def tokens_remaining(self) -> int:
        return max(0, self.tokens_limit - self.tokens_used)


def pool_limit(session: Session, scope: Scope) -> tuple[str, int]:
    """The scope's plan and monthly tokens (an Enterprise organization's custom pool)."""
    if scope.organization_id is None:
        return Plan.FREE.value, PERSONAL_TOKENS
    org = session.get(Organization, scope.organization_id)
    if org is None:
        return Plan.FREE.value, 0
    return org.plan, org.tokens_per_month or limits(org.plan).tokens_per_month


def spent(
    session: Session, scope_key: str, period: str, *, user_ids: list[str] | None = None
) -> int:
    """Tokens used in ``period`` by the scope (optionally only by some members): SQL SUM."""
    query = select(func.coalesce(func.sum(LedgerEntry.amount), 0)).where(
        LedgerEntry.scope == scope_key, LedgerEntry.period == period
    )
    if user_ids is not None:
        query = query.where(LedgerEntry.user_id.in_(user_ids))
    return int(session.scalar(query) or 0)


def usage(session: Session, scope: Scope, now: datetime | None = None) -> Usage:
    period = period_of(now or utcnow())
    plan, tokens = pool_limit(session, scope)
    start, end = bounds(period)
    return Usage(plan, period, start, end, tokens, spent(session, scope.key, period))


def by_member(session: Session, organization_id: str, period: str) -> dict[str | None, int]:
    """Tokens per member in the organization's pool this period."""
    query = (
        select(LedgerEntry.user_id, func.sum(LedgerEntry.amount))
        .where(LedgerEntry.scope == f"org:{organization_id}", LedgerEntry.period == period)
        .group_by(LedgerEntry.user_id)
    )
    return {user: int(total or 0) for user, total in session.execute(query)}


def by_class(session: Session, scope_key: str, period: str) -> dict[str, int]:
    query = (
        select(LedgerEntry.cost_class, func.sum(LedgerEntry.amount))
        .where(LedgerEntry.scope == scope_key, LedgerEntry.period == period)
        .group_by(LedgerEntry.cost_class)
    )
    return {name: int(total or 0) for name, total in session.execute(query)}


def _lock(session: Session, scope_key: str) -> None:
    """Serialise reservations on one scope until the transaction ends."""
    if session.get_bind().dialect.name != "postgresql":
        return  # SQLite: BEGIN IMMEDIATE already holds the only write lock
    digest = hashlib.sha256(scope_key.encode()).digest()
    key = int.from_bytes(digest[:8], "big", signed=True)
    session.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": key})


def _budgets(session: Session, scope: Scope) -> dict[str, Any]:
    if scope.organization_id is None:
        return {}
    org = session.get(Organization, scope.organization_id)
    if org is None or org.plan != Plan.ENTERPRISE.value:
        return {}
    return dict(org.budgets or {})


def _check(session: Session, scope: Scope, amount: int, period: str) -> int:
    """Raise unless ``amount`` fits the pool, the member's department and budget; returns
    the pool's usage before this reservation (for alerts)."""
    _, tokens = pool_limit(session, scope)
    used = spent(session, scope.key, period)
    if used + amount > tokens:
        raise QuotaExhaustedError(
            f"the monthly token quota is exhausted ({used} of {tokens} used; this needs "
            f"{amount}); it resets at the start of next month (UTC)",
            pool="organization" if scope.organization_id else "personal",
            remaining=max(0, tokens - used),
        )
    budgets = _budgets(session, scope)
    for department in budgets.get("departments", []):
        members = [str(m) for m in department.get("member_ids", [])]
        if scope.user_id in members:
            cap = int(department.get("tokens_per_month", 0))
            dept_used = spent(session, scope.key, period, user_ids=members)
            if dept_used + amount > cap:
                raise QuotaExhaustedError(
                    f"the department {department.get('name')!r} used {dept_used} of its "
                    f"{cap} tokens this month",
                    pool="department",
                    remaining=max(0, cap - dept_used),
                )
    member_cap = budgets.get("members", {}).get(scope.user_id)
    if member_cap is not None:
        mine = spent(session, scope.key, period, user_ids=[scope.user_id])
        if mine + amount > int(member_cap):
            raise QuotaExhaustedError(
                f"your monthly budget in this organization is used up ({mine} of {member_cap})",
                pool="member",
                remaining=max(0, int(member_cap) - mine),
            )
    return used


def spend(
    session: Session,
    scope: Scope,
    amount: int,
    *,
    cost_class: str,
    entry: str = RESERVE,
    job_id: str | None = None,
    now: datetime | None = None,
    entry_id: str | None = None,
) -> tuple[int, int]:
    """Reserve (a job) or charge (an LLM call) ``amount`` tokens in the caller's transaction.

    Raises :class:`QuotaExhaustedError` and writes nothing when it does not fit. Returns the
    pool's usage before and after, so the caller can announce crossed thresholds. A caller
    that may refund the charge later names it with ``entry_id`` (see :func:`refund_entry`).
    """
    assert entry in (RESERVE, CHARGE)
    moment = now or utcnow()
    period = period_of(moment)
    _lock(session, scope.key)
    before = _check(session, scope, amount, period)
    session.add(
        LedgerEntry(
            id=entry_id or new_id(),
            scope=scope.key,
            period=period,
            organization_id=scope.organization_id,
            user_id=scope.user_id,
            entry=entry,
            cost_class=cost_class,
            amount=amount,
            job_id=job_id,
            created_at=moment,
        )
    )
    return before, before + amount


def refund(session: Session, job_id: str, *, now: datetime | None = None) -> int:
    """Give back a job's reservation (it failed before analysis started, or was cancelled
    while queued). Idempotent: a job is refunded at most once. Returns the tokens refunded.

    The refund lands in the reservation's own period, so a job reserved in January and
    refunded in February gives January's tokens back, not February's.
    """
    rows = list(session.scalars(select(LedgerEntry).where(LedgerEntry.job_id == job_id)))
    if any(r.entry == REFUND for r in rows):
        return 0
    reserved = [r for r in rows if r.entry == RESERVE]
    if not reserved:
        return 0
    first = reserved[0]
    total = sum(r.amount for r in reserved)
    session.add(
        LedgerEntry(
            scope=first.scope,
            period=first.period,
            organization_id=first.organization_id,
            user_id=first.user_id,
            entry=REFUND,
            cost_class=first.cost_class,
            amount=-total,
            job_id=job_id,
            created_at=now or utcnow(),
        )
    )
    return total


def refund_entry(
    session: Session, entry_id: str, amount: int | None = None, *, now: datetime | None = None
) -> int:
    """Give back all or ``amount`` of one charge (LLM calls that failed), as a new negative
    row in the charge's own period: the ledger stays append-only. Returns the tokens given
    back (0 when the entry does not exist)."""
    charge = session.get(LedgerEntry, entry_id)
    if charge is None:
        return 0
    back = charge.amount if amount is None else min(amount, charge.amount)
    if back <= 0:
        return 0
    session.add(
        LedgerEntry(
            scope=charge.scope,
            period=charge.period,
            organization_id=charge.organization_id,
            user_id=charge.user_id,
            entry=REFUND,
            cost_class=charge.cost_class,
            amount=-back,
            job_id=charge.job_id,
            created_at=now or utcnow(),
        )
    )
    return back
