"""The front door for analysis jobs: submit, read, list, cancel, delete, findings, export.

Routes (and later the CLI's server mode or a scheduler) call only this module. It is the one
place that decides who may see or change a job: another user's job or finding is reported
exactly like one that does not exist, so ids cannot be probed. Failures are domain errors
(:class:`JobsError` and its subclasses); the HTTP layer maps them to problem codes.

Seams for features still to come, so each plugs in at one spot:

- organizations: :meth:`JobService._authorize` (per job) and :meth:`JobService.list_jobs`
  (which jobs a listing may show) are the only visibility checks; for a job in an
  organization both ask :func:`stockade.tenancy.access.resolve` with the permission the
  action needs (the matrix decides, never a role comparison here);
- quotas and events: :meth:`JobService._record_submission` runs inside the submission's
  single transaction, where a quota reservation and an outbox row belong;
- enrichment: :meth:`JobService.findings` and :meth:`JobService.detail` are where finding
  JSON leaves the service.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Literal, TypeVar

from sqlalchemy.orm import Session

from stockade.analyzers import registry
from stockade.config import Settings
from stockade.core.errors import StockadeError
from stockade.core.severity import Confidence
from stockade.jobs import events as job_events
from stockade.jobs import lease
from stockade.jobs.codehost import outbox as codehost_outbox
from stockade.jobs.codehost.errors import CodeHostRejectedError
from stockade.jobs.execute import ALL_MODULES, validate_modules
from stockade.jobs.options import JobOptions, JobOptionsError
from stockade.jobs.results import finding_from_json, finding_json, project_key, severity_rank
from stockade.jobs.runner import encode_payload, limits_for
from stockade.jobs.sources import GitSource, SourceRejectedError, SourceSpec, parse_source
from stockade.jobs.sources.spec import archive_from_upload
from stockade.quota import alerts, ledger
from stockade.quota.ledger import Scope
from stockade.scan import ModuleRun, ScanResult
from stockade.store.crypto import SecretBox
from stockade.store.job_models import COMPLETED, QUEUED, FindingEvent, Job, JobFinding
from stockade.store.job_repositories import FindingEvents, JobFindings, Jobs
from stockade.store.llm_models import FindingEnrichments
from stockade.store.types import new_id, utcnow
from stockade.tenancy import audit
from stockade.tenancy.access import Access, Actor, resolve
from stockade.tenancy.errors import NotFoundError
from stockade.tenancy.permissions import Permission

__all__ = [
    "ALL_MODULES",
    "Caller",
    "CodeHostTargetError",
    "FindingNotFoundError",
    "InvalidCursorError",
    "JobDetail",
    "JobFinishedError",
    "JobNotCompletedError",
    "JobNotFoundError",
    "JobOptionsInvalidError",
    "JobService",
    "JobStateConflictError",
    "JobsError",
    "OrganizationNotFoundError",
    "Page",
    "SourceRejectedError",
    "SourceSpec",
    "Submission",
    "UnknownModuleError",
]

T = TypeVar("T")
Action = Literal["read", "cancel", "delete", "triage", "export", "enrich"]


# Who acts, as the jobs domain sees it: the team layer's actor (user, an organization API
# key's scope and role, client IP, 2FA, session idle time), which organization checks need.
Caller = Actor

# The permission each action on an organization's job needs (API.md's matrix).
_NEEDS: dict[Action, Permission] = {
    "read": Permission.SCANS_VIEW,
    "export": Permission.SCANS_EXPORT,
    "cancel": Permission.SCANS_CREATE,
    "delete": Permission.SCANS_DELETE,
    "triage": Permission.FINDINGS_TRIAGE,
    # Enrichment writes onto the findings and spends the pool's tokens: a Viewer may not.
    "enrich": Permission.FINDINGS_TRIAGE,
}


class JobsError(StockadeError):
    """Base of the service's refusals; the message is meant for the user."""


class JobNotFoundError(JobsError):
    """No such job, or one the caller may not see (the two are indistinguishable)."""

    def __init__(self) -> None:
        super().__init__("no such job")


class FindingNotFoundError(JobsError):
    """No such finding, or one of a job the caller may not see."""

    def __init__(self) -> None:
        super().__init__("no such finding")


class JobStateConflictError(JobsError):
    """The job's status does not allow the operation; ``status`` is the current one."""

    def __init__(self, message: str, status: str) -> None:
        super().__init__(message)
        self.status = status


class JobFinishedError(JobStateConflictError):
    """Cancelling a job that already ended."""

    def __init__(self, status: str) -> None:
        super().__init__(f"the job already ended ({status})", status)


class JobNotCompletedError(JobStateConflictError):
    """Exporting a job that has no complete result."""

    def __init__(self, status: str) -> None:
        super().__init__(f"the job is {status}", status)


class UnknownModuleError(JobsError):
    """The submission names a module that does not exist (or none at all)."""


class JobOptionsInvalidError(JobsError):
    """The submission's ``options`` cannot apply to its source or modules (jobs.options)."""


class CodeHostTargetError(JobsError):
    """The submission's ``code_host`` cannot be published to (a personal job)."""


class OrganizationNotFoundError(JobsError):
    """The submission names an organization the caller cannot use."""

    def __init__(self) -> None:
        super().__init__("no such organization")


class InvalidCursorError(JobsError):
    """A page cursor that does not name a position in this listing."""

    def __init__(self) -> None:
        super().__init__("the cursor does not name a page")


@dataclass(frozen=True)
class Submission:
    """A queued job. Its git token and inline source wait sealed in the row (store.crypto)
    until the job ends, so a job re-queued after its worker died still has them."""

    job: Job


@dataclass(frozen=True)
class JobDetail:
    job: Job
    findings: list[dict[str, Any]]


@dataclass(frozen=True)
class Page(Generic[T]):
    items: list[T]
    next_cursor: str | None


class JobService:
    """Jobs and their findings for one unit of work.

    It works on the caller's session (in the server, the request's transaction, which also
    authenticated the caller), so everything one request does commits or rolls back
    together.
    """

    def __init__(self, session: Session, settings: Settings, box: SecretBox) -> None:
        self.settings = settings
        self._box = box
        self._jobs = Jobs(session)
        self._findings = JobFindings(session)
        self._events = FindingEvents(session)
        self._session = session

    # Sources

    @property
    def max_archive_bytes(self) -> int:
        """The largest archive upload accepted; read one byte more to detect excess."""
        return limits_for(self.settings).max_archive_bytes

    def parse_source(self, raw: Any) -> SourceSpec:
        """Check a JSON ``source``; raises :class:`SourceRejectedError` (may touch the disk)."""
        return parse_source(raw, limits_for(self.settings))

    def archive_source(self, filename: str, content: bytes) -> SourceSpec:
        """Check an uploaded archive; raises :class:`SourceRejectedError`."""
        return archive_from_upload(filename, content, limits_for(self.settings))

    # Jobs

    def submit(
        self,
        caller: Caller,
        source: SourceSpec,
        *,
        modules: Sequence[str] | None = None,
        organization_id: str | None = None,
        project: dict[str, Any] | None = None,
        code_host: dict[str, Any] | None = None,
        options: dict[str, Any] | None = None,
    ) -> Submission:
        """Queue a job for ``source``; nothing is fetched here, a runner does that.

        The caller's session is the single transaction of a submission: the job row and
        whatever :meth:`_record_submission` adds commit together or not at all.
        """
        try:
            chosen = validate_modules(modules)
        except ValueError as exc:
            raise UnknownModuleError(str(exc)) from None
        try:
            JobOptions.from_json(options).check(str(source.public()["type"]), chosen)
        except JobOptionsError as exc:
            raise JobOptionsInvalidError(str(exc)) from None
        organization_id = organization_id or caller.organization_id
        if organization_id is not None:
            self._organization(caller, organization_id, Permission.SCANS_CREATE)
        name = project["name"] if project else None
        job = Job(
            id=new_id(),
            status=QUEUED,
            created_by=caller.user_id,
            organization_id=organization_id,
            project=project,
            project_key=project_key(caller.user_id, organization_id, name),
            source=source.public(),
            payload=self._sealed(encode_payload(source)),
            credential=self._sealed(_token_bytes(source)),
            modules=list(chosen),
            options=JobOptions.from_json(options).to_json() if options else None,
            modules_run=[],
            module_results=[],
            errors=[],
            created_at=utcnow(),
        )
        self._record_submission(caller, job)
        if code_host is not None:  # where to publish the results (jobs.codehost)
            try:
                codehost_outbox.attach(self._session, job, code_host)
            except CodeHostRejectedError as exc:
                raise CodeHostTargetError(str(exc)) from None
        return Submission(job)

    def _sealed(self, data: bytes | None) -> bytes | None:
        return None if data is None else self._box.seal(data)

    def _record_submission(self, caller: Caller, job: Job) -> None:
        """Write the queued job and reserve its ``analysis`` tokens in the same transaction,
        so a job is never queued unpaid and a refused reservation
        (:class:`~stockade.quota.ledger.QuotaExhaustedError`) queues nothing. Seam: the
        outbox event ("job submitted") belongs here too."""
        self._jobs.add(job)
        scope = Scope(job.organization_id, caller.user_id)
        cost = self.settings.server.rate_limit.costs.analysis
        before, after = ledger.spend(
            self._session, scope, cost, cost_class="analysis", job_id=job.id
        )
        _, tokens = ledger.pool_limit(self._session, scope)
        fired = alerts.announce(self._session, scope, before, after, tokens)
        job_events.quota_threshold(
            self._session, job.organization_id, fired, after, tokens, job.created_at
        )

    def get(self, caller: Caller, job_id: str) -> Job:
        """The job, if the caller may see it; else :class:`JobNotFoundError`."""
        return self._visible_job(caller, job_id, "read")

    def detail(self, caller: Caller, job_id: str) -> JobDetail:
        """The job with all its findings, most severe first."""
        job = self._visible_job(caller, job_id, "read")
        enriched = FindingEnrichments(self._session).of_job(job.id)
        rows = self._findings.of_job(job.id)
        return JobDetail(job, [finding_json(r, enriched.get(r.id)) for r in rows])

    def list_jobs(
        self,
        caller: Caller,
        *,
        status: str | None = None,
        organization_id: str | None = None,
        limit: int = 50,
        cursor: str | None = None,
    ) -> Page[Job]:
        """Newest first: the organization's jobs (any role may view them) when
        ``organization_id`` is given or the caller is an organization API key; else the
        caller's personal jobs. A non-member asking for an organization gets
        :class:`OrganizationNotFoundError`."""
        organization_id = organization_id or caller.organization_id
        if organization_id is not None:
            self._organization(caller, organization_id, Permission.SCANS_VIEW)
            after = self._job_cursor(cursor, lambda job: job.organization_id == organization_id)
            rows = self._jobs.page_of_organization(
                organization_id, status=status, after=after, limit=limit + 1
            )
        else:
            after = self._job_cursor(
                cursor,
                lambda job: job.created_by == caller.user_id and job.organization_id is None,
            )
            rows = self._jobs.page_created_by(
                caller.user_id, status=status, after=after, limit=limit + 1
            )
        return _page(rows, limit, lambda job: job.id)

    def _job_cursor(self, cursor: str | None, listed: Callable[[Job], bool]) -> Job | None:
        """The job a ``list_jobs`` cursor names (it must belong to the same listing)."""
        if cursor is None:
            return None
        after = self._jobs.get(cursor)
        if after is None or not listed(after):
            raise InvalidCursorError
        return after

    def cancel(self, caller: Caller, job_id: str) -> Job:
        """Cancel a queued or running job; :class:`JobFinishedError` when it already ended."""
        job = self._visible_job(caller, job_id, "cancel")
        never_started = job.status == QUEUED
        if not lease.cancel(self._session, job.id):
            raise JobFinishedError(job.status)
        if never_started:
            ledger.refund(self._session, job.id)  # no analysis ran: the tokens come back
        self._jobs.refresh(job)
        return job

    def delete(self, caller: Caller, job_id: str) -> None:
        """Delete a job and its findings; a running job is cancelled first."""
        job = self._visible_job(caller, job_id, "delete")
        lease.cancel(self._session, job.id)
        if job.organization_id is not None:
            audit.append(
                self._session,
                caller.record(
                    job.organization_id,
                    "job.delete",
                    target_type="job",
                    target_id=job.id,
                    before={"status": job.status, "created_by": job.created_by},
                ),
            )
        self._jobs.delete(job)

    def export(self, caller: Caller, job_id: str) -> ScanResult:
        """A completed job as a scan result for the report writers (SARIF, JSON, CSV)."""
        job = self._visible_job(caller, job_id, "export")
        if job.status != COMPLETED:
            raise JobNotCompletedError(job.status)
        rows = self._findings.of_job(job.id)
        return ScanResult(
            root=Path("."),
            findings=[finding_from_json(r.data) for r in rows],
            issues=[],
            modules=[_module_run(m) for m in job.module_results],
            files_total=job.files_total,
            duration_seconds=(job.finished_at - job.started_at).total_seconds()
            if job.finished_at and job.started_at
            else 0.0,
        )

    # Findings

    def findings(
        self,
        caller: Caller,
        job_id: str,
        *,
        severity: str | None = None,
        module: str | None = None,
        state: str | None = None,
        confidence: str | None = None,
        limit: int = 50,
        cursor: str | None = None,
    ) -> Page[dict[str, Any]]:
        """A page of the job's findings (API JSON), most severe first. ``confidence`` is a
        floor: ``medium`` keeps medium and high."""
        job = self._visible_job(caller, job_id, "read")
        after = self._finding_cursor(job, cursor)
        floor = Confidence.parse(confidence) if confidence is not None else None
        rows = self._findings.page(
            job.id,
            severity_rank=severity_rank(severity) if severity is not None else None,
            module=module,
            state=state,
            confidences=[c.value for c in Confidence if c >= floor] if floor else None,
            after=after,
            limit=limit + 1,
        )
        page = _page(rows, limit, lambda row: row.id)
        enriched = FindingEnrichments(self._session).of([r.id for r in page.items])
        return Page([finding_json(r, enriched.get(r.id)) for r in page.items], page.next_cursor)

    def _finding_cursor(self, job: Job, cursor: str | None) -> JobFinding | None:
        """The finding a ``findings`` cursor names: swap this to change the cursor format."""
        if cursor is None:
            return None
        after = self._findings.get(cursor)
        if after is None or after.job_id != job.id:
            raise InvalidCursorError
        return after

    def triage(
        self, caller: Caller, finding_id: str, state: str, justification: str | None
    ) -> dict[str, Any]:
        """Set a finding's state; a change is recorded in its history (who, from, to, why).

        The state sticks to the same fingerprint in the project's later jobs
        (:func:`stockade.jobs.results.store_findings` carries it forward).
        """
        row = self._visible_finding(caller, finding_id, "triage")
        if state != row.state:
            self._record_state_change(caller, row, state, justification)
            if state == "resolved" and row.resolved_at is None:
                row.resolved_at = utcnow()
            row.state = state
            self._findings.flush()
        return finding_json(row, FindingEnrichments(self._session).of([row.id]).get(row.id))

    def _record_state_change(
        self, caller: Caller, row: JobFinding, state: str, justification: str | None
    ) -> None:
        """History, audit (in an organization) and ``finding.resolved``, in this transaction."""
        self._events.add(
            FindingEvent(
                finding_id=row.id,
                user_id=caller.user_id,
                from_state=row.state,
                to_state=state,
                justification=justification,
            )
        )
        job = self._jobs.get(row.job_id)
        if job is None or job.organization_id is None:
            return
        audit.append(
            self._session,
            caller.record(
                job.organization_id,
                "finding.state_change",
                target_type="finding",
                target_id=row.id,
                before={"state": row.state},
                after={"state": state},
                detail=justification,
            ),
        )
        if state == "resolved":
            job_events.finding_resolved(
                self._session, job, row, caller.user_id, justification, utcnow()
            )

    def enrichable(
        self, caller: Caller, job_id: str, finding_ids: Sequence[str]
    ) -> tuple[Job, list[JobFinding]]:
        """The job, if the caller may enrich its findings, and those of ``finding_ids`` that
        belong to it, in request order, each once. Ids of other jobs (or of nothing) are
        left out, indistinguishably: the LLM layer counts them as failed."""
        job = self._visible_job(caller, job_id, "enrich")
        rows: dict[str, JobFinding] = {}
        for finding_id in finding_ids:
            row = self._findings.get(finding_id)
            if row is not None and row.job_id == job.id:
                rows.setdefault(row.id, row)
        return job, list(rows.values())

    def history(self, caller: Caller, finding_id: str) -> Sequence[FindingEvent]:
        """Every state change of the finding, oldest first."""
        row = self._visible_finding(caller, finding_id, "read")
        return self._events.of_finding(row.id)

    # Visibility: the one place that decides who sees what

    def _authorize(self, caller: Caller, job: Job, action: Action) -> None:
        """Raise :class:`JobNotFoundError` unless ``caller`` may see ``job``, and a team-layer
        refusal (403) when they may see it but not do ``action``.

        A personal job belongs to its creator alone (and is invisible to an organization
        API key); an organization's job to its members, as the permission matrix says:
        the creator who left or was removed sees it no more.
        """
        if job.organization_id is None:
            if job.created_by != caller.user_id or caller.organization_id is not None:
                raise JobNotFoundError
            return
        try:
            resolve(self._session, caller, job.organization_id, _NEEDS[action])
        except NotFoundError:
            raise JobNotFoundError from None

    def _organization(self, caller: Caller, organization_id: str, needs: Permission) -> Access:
        try:
            return resolve(self._session, caller, organization_id, needs)
        except NotFoundError:
            raise OrganizationNotFoundError from None

    def _visible_job(self, caller: Caller, job_id: str, action: Action) -> Job:
        job = self._jobs.get(job_id)
        if job is None:
            raise JobNotFoundError
        self._authorize(caller, job, action)
        return job

    def _visible_finding(self, caller: Caller, finding_id: str, action: Action) -> JobFinding:
        row = self._findings.get(finding_id)
        job = self._jobs.get(row.job_id) if row is not None else None
        if row is None or job is None:
            raise FindingNotFoundError
        try:
            self._authorize(caller, job, action)
        except JobNotFoundError:
            raise FindingNotFoundError from None
        return row


def _page(rows: list[T], limit: int, key: Callable[[T], str]) -> Page[T]:
    """Rows were fetched with ``limit + 1``: one extra says there is a next page."""
    more = len(rows) > limit
    items = rows[:limit]
    return Page(items, key(items[-1]) if more else None)


def _module_run(result: dict[str, Any]) -> ModuleRun:
    """SARIF ``rules[]`` come from the installed analyzers' rule metadata (built once)."""
    return ModuleRun(
        name=str(result["module"]),
        rules=registry.module_rules(str(result["module"])),
        files_scanned=int(result.get("files_scanned", 0)),
        findings_count=int(result.get("findings_count", 0)),
        duration_ms=int(result.get("duration_ms", 0)),
    )


def _token_bytes(source: SourceSpec) -> bytes | None:
    token = source.token if isinstance(source, GitSource) else None
    return token.encode("utf-8") if token else None
