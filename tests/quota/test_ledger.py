"""The token ledger on a real database: periods, refunds, budgets, alerts, concurrency."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from sqlalchemy import select

from stockade.quota import alerts, ledger
from stockade.quota.ledger import QuotaExhaustedError, Scope
from stockade.quota.periods import bounds, period_of
from stockade.store import Database, upgrade
from stockade.store.models import User
from stockade.store.quota_models import LedgerEntry, QuotaAlert
from stockade.store.tenancy_models import Notification, Organization

JAN_END = datetime(2026, 1, 31, 23, 59, 59, tzinfo=UTC)
FEB_START = datetime(2026, 2, 1, 0, 0, 0, tzinfo=UTC)


@pytest.fixture
def db(db_url: str) -> Iterator[Database]:
    database = Database(db_url)
    upgrade(database.engine)
    yield database
    database.dispose()


def _user(db: Database, email: str = "a@example.com") -> str:
    with db.session() as s:
        user = User(email=email, password_hash="x", is_admin=False)
        s.add(user)
        s.flush()
        return user.id


def _org(db: Database, plan: str = "Free", tokens: int | None = None, **budgets: object) -> str:
    with db.session() as s:
        org = Organization(
            name="o",
            plan=plan,
            tokens_per_month=tokens,
            settings={},
            budgets=dict(budgets),
            logo_version=0,
        )
        s.add(org)
        s.flush()
        return org.id


def test_periods_are_utc_calendar_months() -> None:
    assert period_of(JAN_END) == "2026-01" and period_of(FEB_START) == "2026-02"
    assert bounds("2026-12") == (
        datetime(2026, 12, 1, tzinfo=UTC),
        datetime(2027, 1, 1, tzinfo=UTC),
    )


def test_usage_is_per_month_and_refunds_land_in_the_reserving_month(db: Database) -> None:
    user = _user(db)
    me = Scope(None, user)
    with db.session() as s:
        ledger.spend(s, me, 3, cost_class="analysis", job_id="j1", now=JAN_END)
        ledger.spend(s, me, 45, cost_class="analysis", job_id="j2", now=JAN_END)
    with db.session() as s, pytest.raises(QuotaExhaustedError) as refused:
        ledger.spend(s, me, 3, cost_class="analysis", job_id="j3", now=JAN_END)
    assert refused.value.remaining == 0 and refused.value.pool == "personal"
    with db.session() as s:
        # A new month is a fresh allowance ...
        ledger.spend(s, me, 3, cost_class="analysis", job_id="j4", now=FEB_START)
        # ... and a January job refunded in February gives January's tokens back.
        assert ledger.refund(s, "j1", now=FEB_START) == 3
        assert ledger.refund(s, "j1", now=FEB_START) == 0  # once only
        assert ledger.refund(s, "never-reserved") == 0
    with db.session() as s:
        assert ledger.usage(s, me, JAN_END).tokens_used == 45
        assert ledger.usage(s, me, FEB_START).tokens_used == 3
        entries = s.scalars(select(LedgerEntry.entry).order_by(LedgerEntry.created_at)).all()
        assert sorted(entries) == ["refund", "reserve", "reserve", "reserve"]


def test_organization_pools_follow_the_plan(db: Database) -> None:
    user = _user(db)
    free, pro, big = _org(db, "Free"), _org(db, "Pro"), _org(db, "Enterprise", 5000)
    with db.session() as s:
        assert ledger.pool_limit(s, Scope(free, user)) == ("Free", 48)
        assert ledger.pool_limit(s, Scope(pro, user)) == ("Pro", 1000)
        assert ledger.pool_limit(s, Scope(big, user)) == ("Enterprise", 5000)


def test_department_and_member_budgets_bound_spending_inside_the_pool(db: Database) -> None:
    alice, bob, carol = _user(db, "a@x.io"), _user(db, "b@x.io"), _user(db, "c@x.io")
    org = _org(
        db,
        "Enterprise",
        100,
        departments=[{"name": "web", "member_ids": [alice, bob], "tokens_per_month": 9}],
        members={carol: 3},
    )
    with db.session() as s:
        ledger.spend(s, Scope(org, alice), 6, cost_class="analysis")
        ledger.spend(s, Scope(org, bob), 3, cost_class="analysis")
    with db.session() as s, pytest.raises(QuotaExhaustedError) as dept:
        ledger.spend(s, Scope(org, bob), 3, cost_class="analysis")
    assert dept.value.pool == "department"
    with db.session() as s:
        ledger.spend(s, Scope(org, carol), 3, cost_class="llm", entry="charge")
    with db.session() as s, pytest.raises(QuotaExhaustedError) as member:
        ledger.spend(s, Scope(org, carol), 1, cost_class="llm", entry="charge")
    assert member.value.pool == "member"
    with db.session() as s:
        assert ledger.by_member(s, org, period_of(datetime.now(UTC))) == {
            alice: 6,
            bob: 3,
            carol: 3,
        }
        assert ledger.by_class(s, f"org:{org}", period_of(datetime.now(UTC))) == {
            "analysis": 9,
            "llm": 3,
        }


def test_concurrent_reservations_never_overspend(db: Database) -> None:
    """30 threads, each in its own transaction, race for a pool of 10 reservations."""
    user = _user(db)
    org = _org(db, "Enterprise", 30)
    accepted: list[int] = []
    refused: list[int] = []
    lock = threading.Lock()

    def one(i: int) -> None:
        try:
            with db.session() as s:
                ledger.spend(s, Scope(org, user), 3, cost_class="analysis", job_id=f"j{i}")
            with lock:
                accepted.append(i)
        except QuotaExhaustedError:
            with lock:
                refused.append(i)

    threads = [threading.Thread(target=one, args=(i,)) for i in range(30)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(accepted) == 10 and len(refused) == 20
    with db.session() as s:
        assert ledger.usage(s, Scope(org, user)).tokens_used == 30


def test_thresholds_are_announced_once_per_period(db: Database) -> None:
    assert alerts.crossed(0, 24, 48) == [50]
    assert alerts.crossed(24, 48, 48) == [75, 90, 100]
    assert alerts.crossed(10, 20, 48) == []
    user = _user(db)
    me = Scope(None, user)
    with db.session() as s:
        assert alerts.announce(s, me, 0, 24, 48, now=JAN_END) == [50]
        assert alerts.announce(s, me, 0, 27, 48, now=JAN_END) == []  # already announced
        assert alerts.announce(s, me, 0, 24, 48, now=FEB_START) == [50]  # a new period
    with db.session() as s:
        assert s.scalars(select(QuotaAlert.period)).all().count("2026-01") == 1
        kinds = s.scalars(select(Notification.kind).where(Notification.user_id == user)).all()
        assert kinds == ["quota.threshold", "quota.threshold"]
