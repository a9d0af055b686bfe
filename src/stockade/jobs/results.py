"""Writing a finished analysis into the job record, and reading findings back.

A finding's state follows it across the jobs of one project: a fingerprint seen again keeps
the state a user gave it, and fingerprints of the project's previous completed job that are
gone now count as fixed in the new job's summary.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from stockade.core.finding import Finding, Location, TraceStep
from stockade.core.severity import Confidence, Severity
from stockade.store.job_models import COMPLETED, Job, JobFinding

SEVERITIES: tuple[str, ...] = tuple(s.value for s in Severity)
_RANK = {name: rank for rank, name in enumerate(SEVERITIES)}  # critical = 0


def severity_rank(severity: str) -> int:
    return _RANK.get(severity, len(SEVERITIES))


def project_key(created_by: str, organization_id: str | None, name: str | None) -> str | None:
    """Jobs of the same owner scope and project name share finding states."""
    if not name:
        return None
    scope = f"org:{organization_id}" if organization_id else f"user:{created_by}"
    return f"{scope}/{name}"[:300]


def summarize(severities: Iterable[str], new: int = 0, fixed: int = 0) -> dict[str, int]:
    counts = dict.fromkeys(SEVERITIES, 0)
    total = 0
    for sev in severities:
        counts[sev] = counts.get(sev, 0) + 1
        total += 1
    return {"total_findings": total, **counts, "new": new, "fixed": fixed}


def store_findings(s: Session, job: Job, findings: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    """Insert the job's findings with carried-over states; returns the summary."""
    known = _known_states(s, job, [str(f["fingerprint"]) for f in findings])
    previous = _previous_fingerprints(s, job)
    seen: set[str] = set()
    for data in findings:
        fp = str(data["fingerprint"])
        seen.add(fp)
        s.add(
            JobFinding(
                job_id=job.id,
                project_key=job.project_key,
                fingerprint=fp,
                module=str(data["module"]),
                rule_id=str(data["rule_id"]),
                severity=str(data["severity"]),
                severity_rank=severity_rank(str(data["severity"])),
                state=known.get(fp, "open"),
                data=dict(data),
            )
        )
    new = len(seen - previous) if previous is not None else len(seen)
    fixed = len(previous - seen) if previous is not None else 0
    return summarize((str(f["severity"]) for f in findings), new=new, fixed=fixed)


def _known_states(s: Session, job: Job, fingerprints: list[str]) -> dict[str, str]:
    """The latest state of each fingerprint in earlier jobs of the project."""
    if not job.project_key or not fingerprints:
        return {}
    states: dict[str, str] = {}
    for chunk in range(0, len(fingerprints), 500):
        rows = s.execute(
            select(JobFinding.fingerprint, JobFinding.state)
            .where(
                JobFinding.project_key == job.project_key,
                JobFinding.fingerprint.in_(fingerprints[chunk : chunk + 500]),
                JobFinding.job_id != job.id,
            )
            .order_by(JobFinding.created_at)
        )
        for fp, state in rows:
            states[fp] = state  # ordered oldest first: the newest wins
    return states


def _previous_fingerprints(s: Session, job: Job) -> set[str] | None:
    if not job.project_key:
        return None
    prev = s.scalar(
        select(Job.id)
        .where(
            Job.project_key == job.project_key,
            Job.status == COMPLETED,
            Job.id != job.id,
            Job.created_at <= job.created_at,
        )
        .order_by(Job.created_at.desc())
        .limit(1)
    )
    if prev is None:
        return None
    return set(s.scalars(select(JobFinding.fingerprint).where(JobFinding.job_id == prev)))


def finding_json(row: JobFinding) -> dict[str, Any]:
    """The API shape of a stored finding (API.md, "Finding (server JSON)")."""
    data = dict(row.data)
    data["id"] = row.id
    data["state"] = row.state
    data["location"] = f"{data.get('file', '')}:{data.get('line', 1)}:{data.get('column', 1)}"
    return data


def finding_from_json(data: Mapping[str, Any]) -> Finding:
    """Rebuild a core finding for the report writers (SARIF, JSON, CSV exports)."""

    def loc(d: Mapping[str, Any], snippet: str | None = None) -> Location:
        return Location(
            str(d.get("file", "")),
            max(1, int(d.get("line") or 1)),
            max(1, int(d.get("column") or 1)),
            d.get("end_line"),
            d.get("end_column"),
            snippet,
        )

    return Finding(
        rule_id=str(data["rule_id"]),
        module=str(data["module"]),
        type=str(data.get("type", "")),
        severity=Severity(str(data["severity"])),
        confidence=Confidence(str(data.get("confidence", "medium"))),
        title=str(data.get("title", "")),
        message=str(data.get("message", "")),
        location=loc(data, data.get("code") or None),
        remediation=str(data.get("remediation", "")),
        cwe=tuple(data.get("cwe") or ()),
        owasp=tuple(data.get("owasp") or ()),
        references=tuple(data.get("references") or ()),
        trace=tuple(
            TraceStep(loc(step), str(step.get("kind", "step")), str(step.get("note", "")))
            for step in data.get("trace") or ()
        ),
        metadata=dict(data.get("metadata") or {}),
        fingerprint=str(data.get("fingerprint", "")),
    )
