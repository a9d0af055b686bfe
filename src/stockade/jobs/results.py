"""Writing a finished analysis into the job record, and reading findings back.

A finding's state follows it across the jobs of one project: a fingerprint seen again keeps
the state a user gave it, and fingerprints of the project's previous completed job that are
gone now count as fixed in the new job's summary.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from sqlalchemy.orm import Session

from stockade.core import codec
from stockade.core.finding import Finding
from stockade.core.severity import Severity, severity_counts, severity_order
from stockade.store.job_models import Job, JobFinding
from stockade.store.job_repositories import JobFindings, Jobs
from stockade.store.llm_models import FindingEnrichment

SEVERITIES: tuple[str, ...] = tuple(s.value for s in Severity)


def severity_rank(severity: str) -> int:
    """The stored ``severity_rank`` column: critical = 0 (see core's :func:`severity_order`)."""
    return severity_order(severity)


def project_key(created_by: str, organization_id: str | None, name: str | None) -> str | None:
    """Jobs of the same owner scope and project name share finding states."""
    if not name:
        return None
    scope = f"org:{organization_id}" if organization_id else f"user:{created_by}"
    return f"{scope}/{name}"[:300]


def summarize(severities: Iterable[str], new: int = 0, fixed: int = 0) -> dict[str, int]:
    """A job's summary: core's severity counts plus what is new and fixed in the project."""
    return {**severity_counts(severities), "new": new, "fixed": fixed}


def store_findings(s: Session, job: Job, findings: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    """Insert the job's findings with carried-over states; returns the summary."""
    rows = JobFindings(s)
    known = _known_states(rows, job, [str(f["fingerprint"]) for f in findings])
    previous = _previous_fingerprints(s, job)
    seen: set[str] = set()
    for data in findings:
        fp = str(data["fingerprint"])
        seen.add(fp)
        rows.add(
            JobFinding(
                job_id=job.id,
                project_key=job.project_key,
                fingerprint=fp,
                module=str(data["module"]),
                rule_id=str(data["rule_id"]),
                severity=str(data["severity"]),
                severity_rank=severity_rank(str(data["severity"])),
                confidence=str(data.get("confidence", "medium")),
                state=known.get(fp, "open"),
                data=dict(data),
            )
        )
    new = len(seen - previous) if previous is not None else len(seen)
    fixed = len(previous - seen) if previous is not None else 0
    return summarize((str(f["severity"]) for f in findings), new=new, fixed=fixed)


def _known_states(rows: JobFindings, job: Job, fingerprints: list[str]) -> dict[str, str]:
    """The latest state of each fingerprint in earlier jobs of the project."""
    if not job.project_key or not fingerprints:
        return {}
    return rows.project_states(job.project_key, fingerprints, except_job=job.id)


def _previous_fingerprints(s: Session, job: Job) -> set[str] | None:
    if not job.project_key:
        return None
    prev = Jobs(s).previous_completed(job.project_key, job)
    if prev is None:
        return None
    return JobFindings(s).fingerprints_of_job(prev)


def finding_json(row: JobFinding, enrichment: FindingEnrichment | None = None) -> dict[str, Any]:
    """The API shape of a stored finding (API.md, "Finding (server JSON)"): the core codec's
    JSON of the stored finding, plus the row's ``id`` and ``state`` and a ``location``, and
    what ``POST /jobs/{id}/enrich`` wrote back (``explanation``, ``remediation_suggestion``;
    null until the finding is enriched)."""
    data = codec.finding_to_json(codec.finding_from_json(row.data))
    data["id"] = row.id
    data["state"] = row.state
    data["location"] = f"{data['file']}:{data['line']}:{data['column']}"
    data["explanation"] = enrichment.explanation if enrichment else None
    data["remediation_suggestion"] = enrichment.remediation_suggestion if enrichment else None
    return data


def finding_from_json(data: Mapping[str, Any]) -> Finding:
    """Rebuild a core finding for the report writers (SARIF, JSON, CSV exports)."""
    return codec.finding_from_json(data)
