"""Finding lifecycle: set a finding's state with a justification; every change is recorded."""

from __future__ import annotations

from uuid import UUID

from fastapi import APIRouter, Depends

from stockade.server.content import require_json
from stockade.server.deps import CurrentCaller, JobsDep
from stockade.server.routes.jobs import service_errors
from stockade.server.schemas.common import problems
from stockade.server.schemas.jobs import FindingEventOut, FindingUpdate

router = APIRouter(
    prefix="/api/v1/findings", tags=["findings"], dependencies=[Depends(require_json)]
)


@router.patch(
    "/{finding_id}",
    operation_id="updateFinding",
    responses=problems(400, 401, 403, 404, 415, 422),
)
def update_finding(
    finding_id: UUID, body: FindingUpdate, caller: CurrentCaller, jobs: JobsDep
) -> dict[str, object]:
    """Set `state` (open, resolved, false_positive, risk_accepted) with a justification.

    The new state also sticks to the same finding in later jobs of the project.
    """
    with service_errors():
        return jobs.triage(caller, str(finding_id), body.state, body.justification)


@router.get(
    "/{finding_id}/history",
    operation_id="getFindingHistory",
    response_model=list[FindingEventOut],
    responses=problems(401, 404, 422),
)
def finding_history(
    finding_id: UUID, caller: CurrentCaller, jobs: JobsDep
) -> list[FindingEventOut]:
    """Every state change of the finding: who, when, from, to and why."""
    with service_errors():
        events = jobs.history(caller, str(finding_id))
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
