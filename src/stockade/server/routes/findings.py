"""Finding lifecycle: set a finding's state with a justification; every change is recorded."""

from __future__ import annotations

from uuid import UUID

from fastapi import APIRouter, Depends
from sqlalchemy import select
from sqlalchemy.orm import Session

from stockade.jobs.results import finding_json
from stockade.server.auth.principal import CurrentUser, Principal
from stockade.server.content import require_json
from stockade.server.context import DbSession
from stockade.server.problems import ProblemError
from stockade.server.schemas.common import problems
from stockade.server.schemas.jobs import FindingEventOut, FindingUpdate
from stockade.store.job_models import FindingEvent, Job, JobFinding

router = APIRouter(
    prefix="/api/v1/findings", tags=["findings"], dependencies=[Depends(require_json)]
)


def _own_finding(db: Session, principal: Principal, finding_id: UUID) -> JobFinding:
    row = db.get(JobFinding, str(finding_id))
    if row is None:
        raise ProblemError(404, "finding_not_found", "no such finding")
    job = db.get(Job, row.job_id)
    if job is None or job.created_by != principal.user_id:
        raise ProblemError(404, "finding_not_found", "no such finding")
    return row


@router.patch(
    "/{finding_id}",
    operation_id="updateFinding",
    responses=problems(400, 401, 403, 404, 415, 422),
)
def update_finding(
    finding_id: UUID, body: FindingUpdate, principal: CurrentUser, db: DbSession
) -> dict[str, object]:
    """Set `state` (open, resolved, false_positive, risk_accepted) with a justification.

    The new state also sticks to the same finding in later jobs of the project.
    """
    row = _own_finding(db, principal, finding_id)
    if body.state != row.state:
        db.add(
            FindingEvent(
                finding_id=row.id,
                user_id=principal.user_id,
                from_state=row.state,
                to_state=body.state,
                justification=body.justification,
            )
        )
        row.state = body.state
        db.flush()
    return finding_json(row)


@router.get(
    "/{finding_id}/history",
    operation_id="getFindingHistory",
    response_model=list[FindingEventOut],
    responses=problems(401, 404, 422),
)
def finding_history(
    finding_id: UUID, principal: CurrentUser, db: DbSession
) -> list[FindingEventOut]:
    """Every state change of the finding: who, when, from, to and why."""
    row = _own_finding(db, principal, finding_id)
    events = db.scalars(
        select(FindingEvent)
        .where(FindingEvent.finding_id == row.id)
        .order_by(FindingEvent.created_at)
    )
    return [
        FindingEventOut(
            user_id=e.user_id,
            from_state=e.from_state,
            to_state=e.to_state,
            justification=e.justification,
            created_at=e.created_at,
        )
        for e in events
    ]
