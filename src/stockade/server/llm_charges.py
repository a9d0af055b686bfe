"""The one way LLM calls pay: ``llm`` tokens charged before the provider call and refunded
when it fails.

A charge is its own short transaction, committed before the provider is called and never
held across it: the ledger serialises writes per pool (PostgreSQL advisory lock, SQLite's
single write lock), and a provider answering in seconds must not hold either. The pool is
the organization's when the call is made in one (an ``organization_id`` parameter, the
job's organization, or an organization API key), else the caller's personal allowance;
making a call in an organization needs the right to create scans there, as spending its
tokens does for a job.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.orm import Session

from stockade.jobs import events as job_events
from stockade.jobs.service import Caller
from stockade.quota import alerts, ledger
from stockade.quota.ledger import Scope
from stockade.server.context import AppContext
from stockade.store.quota_models import CHARGE
from stockade.store.types import new_id, utcnow
from stockade.tenancy.access import resolve
from stockade.tenancy.permissions import Permission
from stockade.webhooks import events as webhook_events

COST_CLASS = "llm"


@dataclass(frozen=True, slots=True)
class Charge:
    """A committed charge of ``calls`` LLM calls (``per_call`` tokens each)."""

    entry_id: str
    scope: Scope
    calls: int
    per_call: int


def scope_of(session: Session, caller: Caller, organization_id: str | None) -> Scope:
    """The pool a call draws on; an organization the caller may not spend in is a 404
    (``organization_not_found``, the team layer's refusal) like everywhere else."""
    organization_id = organization_id or caller.organization_id
    if organization_id is not None:
        resolve(session, caller, organization_id, Permission.SCANS_CREATE)
    return Scope(organization_id, caller.user_id)


def charge(ctx: AppContext, caller: Caller, organization_id: str | None, calls: int = 1) -> Charge:
    """Charge ``calls`` LLM calls (``server.rate_limit.costs.llm`` tokens each) in one
    committed transaction; raises :class:`~stockade.quota.ledger.QuotaExhaustedError` (429)
    and writes nothing when the pool cannot pay. Crossed quota thresholds are announced as
    for jobs."""
    per_call = ctx.settings.server.rate_limit.costs.llm
    entry_id = new_id()
    with ctx.db.session() as session:
        scope = scope_of(session, caller, organization_id)
        amount = per_call * calls
        before, after = ledger.spend(
            session, scope, amount, cost_class=COST_CLASS, entry=CHARGE, entry_id=entry_id
        )
        _, tokens = ledger.pool_limit(session, scope)
        fired = alerts.announce(session, scope, before, after, tokens)
        job_events.quota_threshold(session, scope.organization_id, fired, after, tokens, utcnow())
        queued = bool(session.info.get(webhook_events.QUEUED))
    if queued and ctx.deliveries is not None:
        ctx.deliveries.wake()
    return Charge(entry_id, scope, calls, per_call)


def refund(ctx: AppContext, paid: Charge, calls: int | None = None) -> int:
    """Give back ``calls`` of the charge's calls (all by default): their provider calls
    failed. Returns the tokens refunded."""
    count = paid.calls if calls is None else min(calls, paid.calls)
    if count <= 0:
        return 0
    with ctx.db.session() as session:
        return ledger.refund_entry(session, paid.entry_id, count * paid.per_call)
