"""Per-application state and the dependencies that hand it to routes.

Everything a route needs lives on ``app.state.ctx`` (built by ``create_app``), so two
applications in one process never share settings, engines or metrics.
"""

from __future__ import annotations

import ipaddress
import logging
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Annotated, Protocol

from fastapi import Depends, Request
from sqlalchemy.exc import DataError, IntegrityError, OperationalError
from sqlalchemy.orm import Session

from stockade.config import Settings
from stockade.jobs.service import JobService
from stockade.llm.interface import LLMClient
from stockade.server.auth.passwords import Passwords
from stockade.server.auth.tokens import Jwt
from stockade.server.metrics import Metrics
from stockade.server.problems import ProblemError
from stockade.store import Database
from stockade.store.crypto import SecretBox
from stockade.store.types import utcnow
from stockade.tenancy import audit, mail
from stockade.tenancy.errors import TenancyError
from stockade.webhooks import events as webhook_events

if TYPE_CHECKING:  # the limiter's package imports this module
    from stockade.server.ratelimit.limiter import RateLimiter

log = logging.getLogger("stockade.server")


class MembershipLookup(Protocol):
    """The caller's active role in an organization, or None when not an active member.

    Installed by the organizations feature (``ctx.memberships = ...``); until then no
    organization exists and organization-scoped API keys cannot be created or used.
    """

    def __call__(self, session: Session, user_id: str, organization_id: str) -> str | None: ...


class MailWaker(Protocol):
    """An outbox worker (e-mail, webhook deliveries): asked for a round after a commit that
    queued work for it."""

    def wake(self) -> None: ...


class JobDispatcher(Protocol):
    """Hands a newly queued job to a runner (the in-process runner or Celery)."""

    def submitted(self, job_id: str) -> None: ...


@dataclass
class AppContext:
    settings: Settings
    db: Database
    jwt: Jwt
    passwords: Passwords
    metrics: Metrics
    box: SecretBox
    memberships: MembershipLookup | None = None
    jobs: JobDispatcher | None = None
    mail: MailWaker | None = None
    deliveries: MailWaker | None = None  # the webhook dispatcher (same wake protocol)
    # The team layer's clock (invitation expiry, inactivity); tests move it forward.
    clock: Callable[[], datetime] = utcnow
    # The tiered request limiter (``create_app`` builds it from the settings; None: off).
    rate_limiter: RateLimiter | None = None
    # The LLM provider (``create_app`` builds it from ``llm.*``; None: LLM endpoints 503).
    llm: LLMClient | None = None


def get_context(request: Request) -> AppContext:
    ctx = request.app.state.ctx
    assert isinstance(ctx, AppContext)
    return ctx


Context = Annotated[AppContext, Depends(get_context)]


def get_db(ctx: Context) -> Iterator[Session]:
    """One transaction per request: committed if the route succeeds, else rolled back.

    A unique-constraint race (two requests creating the same thing) is a 409 and a lost
    database connection a 503, not a 500. A team-layer refusal that carries an audit record
    (a denied security-relevant attempt) writes it after the rollback, in its own
    transaction, so the attempt is logged although nothing else changed.
    """
    try:
        with ctx.db.session() as session:
            yield session
        if ctx.mail is not None and session.info.get(mail.QUEUED):
            ctx.mail.wake()
        if ctx.deliveries is not None and session.info.get(webhook_events.QUEUED):
            ctx.deliveries.wake()
    except TenancyError as exc:
        # The refusal rolled the request back; its audit record commits on its own.
        if exc.audit is not None:
            with ctx.db.session() as session:
                audit.append(session, exc.audit)
        raise
    except IntegrityError:
        raise ProblemError(409, "conflict", "the request conflicts with existing data") from None
    except DataError:
        # A value the database cannot store slipped past validation: the client's doing.
        log.warning("database refused a value", exc_info=True)
        raise ProblemError(
            400, "invalid_data", "the request contains a value that cannot be stored"
        ) from None
    except OperationalError:
        log.warning("database unavailable", exc_info=True)
        raise ProblemError(503, "database_unavailable", "the database is unavailable") from None


DbSession = Annotated[Session, Depends(get_db, scope="function")]


def get_jobs(ctx: Context, db: DbSession) -> JobService:
    """The jobs service on the request's transaction, so a route's job writes commit (or
    roll back) together with everything else the request did."""
    return JobService(db, ctx.settings, ctx.box)


JobsDep = Annotated[JobService, Depends(get_jobs)]


def client_ip(request: Request, ctx: AppContext) -> str:
    """The caller's address; ``X-Forwarded-For`` counts only from ``server.trusted_proxies``.

    Walks the forwarded chain from the right, skipping trusted hops, so a client cannot
    spoof its address by sending its own ``X-Forwarded-For``.
    """
    peer = request.client.host if request.client else "unknown"
    trusted = ctx.settings.server.trusted_proxies
    if not _is_trusted(peer, trusted):
        return peer
    hops = [h.strip() for h in request.headers.get("x-forwarded-for", "").split(",") if h.strip()]
    for hop in reversed(hops):
        if not _is_trusted(hop, trusted):
            return hop[:64]
    return hops[0][:64] if hops else peer


def _is_trusted(address: str, trusted: list[str]) -> bool:
    """Exact names, IP addresses and CIDR ranges (``10.0.0.0/8``) are all accepted."""
    if address in trusted:
        return True
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    for entry in trusted:
        try:
            if ip in ipaddress.ip_network(entry, strict=False):
                return True
        except ValueError:
            continue
    return False
