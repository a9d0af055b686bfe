"""Usage alerts: 50, 75, 90 and 100 % of a pool, each announced once per period.

An alert is a ``quota.threshold`` notification to the pool's owners (the organization's Owner
and Admins, or the user of a personal allowance). The ``quota_alerts`` row is unique per scope,
period and threshold, and is written in the spending transaction, so two concurrent
reservations crossing the same threshold announce it once.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from stockade.quota.ledger import Scope
from stockade.quota.periods import period_of
from stockade.store.quota_models import QuotaAlert
from stockade.store.tenancy_models import ACTIVE, Membership, Notification
from stockade.store.types import utcnow

THRESHOLDS = (50, 75, 90, 100)
EVENT = "quota.threshold"


def crossed(before: int, after: int, limit: int) -> list[int]:
    """Thresholds (percent) that ``after`` reaches and ``before`` did not."""
    if limit <= 0:
        return []
    return [t for t in THRESHOLDS if before * 100 < t * limit <= after * 100]


def announce(
    session: Session, scope: Scope, before: int, after: int, limit: int, now: datetime | None = None
) -> list[int]:
    """Record and notify each newly crossed threshold; returns the thresholds announced."""
    moment = now or utcnow()
    period = period_of(moment)
    fired: list[int] = []
    for threshold in crossed(before, after, limit):
        exists = session.scalar(
            select(QuotaAlert.id).where(
                QuotaAlert.scope == scope.key,
                QuotaAlert.period == period,
                QuotaAlert.threshold == threshold,
            )
        )
        if exists:
            continue
        session.add(
            QuotaAlert(scope=scope.key, period=period, threshold=threshold, created_at=moment)
        )
        for user_id in _recipients(session, scope):
            session.add(
                Notification(
                    user_id=user_id,
                    organization_id=scope.organization_id,
                    kind=EVENT,
                    message=f"{threshold} % of this month's tokens are used ({after} of {limit})",
                    data={
                        "event": EVENT,
                        "threshold": threshold,
                        "tokens_used": after,
                        "tokens_limit": limit,
                        "period": period,
                    },
                    created_at=moment,
                )
            )
        fired.append(threshold)
    return fired


def _recipients(session: Session, scope: Scope) -> list[str]:
    if scope.organization_id is None:
        return [scope.user_id]
    query = select(Membership.user_id).where(
        Membership.organization_id == scope.organization_id,
        Membership.status == ACTIVE,
        Membership.role.in_(("Owner", "Admin")),
    )
    return [u for u in session.scalars(query) if u is not None]
