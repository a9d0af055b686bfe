"""What to publish for a completed job, step by step, through any :class:`CodeHost`.

A publication has up to five steps, each switched on in the organization's settings:

``commit_status``   one status (context ``stockade``): ``failure`` when an open finding is at
                    or above ``fail_on`` (default ``high``), with the counts;
``check_run``       the same verdict as a check run, the summary table and one annotation
                    per finding (at most :data:`MAX_ANNOTATIONS`);
``review_comments`` one comment per finding on a line the pull request adds, unless one
                    was already made for its fingerprint (our table, and the hidden marker
                    ``<!-- stockade:fingerprint=... -->`` in the comments already there);
``sarif_upload``    the job's findings as SARIF 2.1.0 (the export's reporter) to code scanning;
``issues``          one issue per open finding at or above ``min_severity`` never filed before.

Only open findings count: one a person marked false positive or accepted is not published
again. Every step raises :class:`~.errors.PublishError` on failure; the outbox records it and
retries only the steps that failed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from stockade.analyzers import registry
from stockade.core.finding import Finding
from stockade.core.severity import Severity, severity_counts
from stockade.jobs.codehost.interface import (
    Annotation,
    AnnotationLevel,
    CheckRun,
    CodeHost,
    CommitState,
    Target,
)
from stockade.report import sarif
from stockade.scan import ModuleRun, ScanResult
from stockade.store.codehost_models import ISSUE, REVIEW_COMMENT

STEPS = ("commit_status", "check_run", "review_comments", "sarif_upload", "issues")
CONTEXT = "stockade"
CHECK_NAME = "Stockade"
MAX_ANNOTATIONS = 1000
MAX_COMMENTS = 100  # per publication: a pull request is not a findings report
MAX_ISSUES = 50
MARKER = re.compile(r"<!-- stockade:fingerprint=([0-9a-f]{16,64}) -->")
_LEVELS: dict[Severity, AnnotationLevel] = {
    Severity.CRITICAL: "failure",
    Severity.HIGH: "failure",
    Severity.MEDIUM: "warning",
}


@dataclass(frozen=True)
class Options:
    commit_status: bool = True
    check_run: bool = True
    review_comments: bool = True
    sarif_upload: bool = True
    issues: bool = False
    issues_min_severity: Severity = Severity.HIGH
    fail_on: Severity = Severity.HIGH

    @classmethod
    def from_summary(cls, data: dict[str, Any]) -> Options:
        """From :func:`stockade.jobs.codehost.integration.summary`."""
        return cls(
            commit_status=bool(data["commit_status"]),
            check_run=bool(data["check_run"]),
            review_comments=bool(data["review_comments"]),
            sarif_upload=bool(data["sarif_upload"]),
            issues=bool(data["issues"]["enabled"]),
            issues_min_severity=Severity(data["issues"]["min_severity"]),
            fail_on=Severity(data["fail_on"]),
        )

    def wanted(self, step: str, target: Target) -> bool:
        """Review comments need a pull request; the others need only their switch."""
        if step == "review_comments":
            return self.review_comments and target.pull_request is not None
        if step == "issues":
            return self.issues
        return bool(getattr(self, step))


@dataclass(frozen=True)
class Work:
    """Everything one publication needs, read from the database once."""

    target: Target
    findings: Sequence[Finding]  # the job's open findings, most severe first
    modules: Sequence[str]
    options: Options


class Ledger(Protocol):
    """What was already published, by kind and pull request (0 for issues)."""

    def known(self, kind: str, pull_request: int) -> set[str]: ...

    def remember(self, kind: str, pull_request: int, fingerprint: str, remote_id: str) -> None: ...


def run_step(step: str, host: CodeHost, work: Work, ledger: Ledger) -> str:
    """Do ``step``; returns a one-line note of what was done (shown in the publication)."""
    return str(_STEP_FUNCTIONS[step](host, work, ledger))


def failing(findings: Iterable[Finding], threshold: Severity) -> bool:
    return any(f.severity >= threshold for f in findings)


def counts_line(findings: Sequence[Finding]) -> str:
    counts = severity_counts(f.severity for f in findings)
    if not findings:
        return "no findings"
    parts = [f"{counts[s.value]} {s.value}" for s in Severity if counts[s.value]]
    noun = "finding" if len(findings) == 1 else "findings"
    return f"{len(findings)} {noun}: " + ", ".join(parts)


def _commit_status(host: CodeHost, work: Work, ledger: Ledger) -> str:
    bad = failing(work.findings, work.options.fail_on)
    state: CommitState = "failure" if bad else "success"
    host.set_commit_status(
        work.target.repo, work.target.commit, state, counts_line(work.findings), CONTEXT
    )
    return state


def annotations_of(findings: Sequence[Finding]) -> list[Annotation]:
    out: list[Annotation] = []
    for f in findings[:MAX_ANNOTATIONS]:
        start = max(f.location.line, 1)
        end = max(f.location.end_line or start, start)
        out.append(
            Annotation(
                path=f.location.path,
                start_line=start,
                end_line=end,
                level=_LEVELS.get(f.severity, "notice"),
                title=f"{f.rule_id}: {f.title}"[:255],
                message=f"[{f.severity.value}] {f.message}"[:60_000],
            )
        )
    return out


def check_run(work: Work) -> CheckRun:
    findings = work.findings
    bad = failing(findings, work.options.fail_on)
    counts = severity_counts(f.severity for f in findings)
    table = "\n".join(
        ["| severity | findings |", "|---|---|"]
        + [f"| {s.value} | {counts[s.value]} |" for s in Severity]
    )
    verdict = (
        f"Findings at or above `{work.options.fail_on.value}` severity: the check fails."
        if bad
        else f"No finding at or above `{work.options.fail_on.value}` severity."
    )
    summary = f"{verdict}\n\n{table}\n\nModules: {', '.join(work.modules) or 'none'}."
    if len(findings) > MAX_ANNOTATIONS:
        summary += f"\n\nThe first {MAX_ANNOTATIONS} findings are annotated."
    return CheckRun(
        name=CHECK_NAME,
        conclusion="failure" if bad else "success",
        title=counts_line(findings),
        summary=summary,
        annotations=annotations_of(findings),
    )


def _check_run(host: CodeHost, work: Work, ledger: Ledger) -> str:
    run = check_run(work)
    run_id = host.create_check_run(work.target.repo, work.target.commit, run)
    return f"check run {run_id}: {run.conclusion}, {len(run.annotations)} annotations"


def marker(fingerprint: str) -> str:
    return f"<!-- stockade:fingerprint={fingerprint} -->"


def markers(bodies: Iterable[str]) -> set[str]:
    """The fingerprints named by markers in existing comment bodies."""
    return {m.group(1) for body in bodies for m in MARKER.finditer(body)}


def comment_body(f: Finding) -> str:
    lines = [f"**{f.severity.value.capitalize()}: {f.title}** (`{f.rule_id}`)", "", f.message]
    if f.remediation:
        lines += ["", f"**Fix:** {f.remediation}"]
    if f.cwe:
        lines += ["", "CWE: " + ", ".join(f.cwe)]
    lines += ["", marker(f.fingerprint)]
    return "\n".join(lines)


def _review_comments(host: CodeHost, work: Work, ledger: Ledger) -> str:
    target = work.target
    assert target.pull_request is not None
    changed = host.changed_lines(target.repo, target.pull_request)
    on_changed = [
        f for f in work.findings if f.location.line in changed.get(f.location.path, set())
    ]
    if not on_changed:
        return "no finding on a changed line"
    done = ledger.known(REVIEW_COMMENT, target.pull_request)
    existing = markers(host.review_comment_bodies(target.repo, target.pull_request))
    posted = 0
    for f in on_changed:
        if f.fingerprint in done:
            continue
        if f.fingerprint in existing:  # commented before our table knew (a lost write)
            ledger.remember(REVIEW_COMMENT, target.pull_request, f.fingerprint, "")
        elif posted < MAX_COMMENTS:
            remote = host.create_review_comment(
                target.repo,
                target.pull_request,
                target.commit,
                f.location.path,
                f.location.line,
                comment_body(f),
            )
            ledger.remember(REVIEW_COMMENT, target.pull_request, f.fingerprint, remote)
            posted += 1
        done.add(f.fingerprint)
    return f"{posted} new review comments ({len(on_changed)} findings on changed lines)"


def sarif_log(findings: Sequence[Finding], modules: Sequence[str]) -> dict[str, Any]:
    """The SARIF log of the job export, without the server's own directory
    (``originalUriBaseIds``), which means nothing to the code host."""
    result = ScanResult(
        root=Path("."),
        findings=list(findings),
        issues=[],
        modules=[
            ModuleRun(
                name=m,
                rules=registry.module_rules(m),
                files_scanned=0,
                findings_count=0,
                duration_ms=0,
            )
            for m in modules
        ],
        files_total=0,
        duration_seconds=0.0,
    )
    log = sarif.build(result)
    for run in log["runs"]:
        run.pop("originalUriBaseIds", None)
    return log


def sarif_ref(target: Target) -> str | None:
    """``refs/pull/{n}/head`` for a pull request, else the given ref (a bare branch name
    becomes ``refs/heads/...``); None when there is neither."""
    if target.pull_request is not None:
        return f"refs/pull/{target.pull_request}/head"
    if target.ref:
        return target.ref if target.ref.startswith("refs/") else f"refs/heads/{target.ref}"
    return None


def _sarif_upload(host: CodeHost, work: Work, ledger: Ledger) -> str:
    ref = sarif_ref(work.target)
    if ref is None:
        return "skipped: the job names neither a pull request nor a ref"
    log = sarif_log(work.findings, work.modules)
    upload = host.upload_sarif(work.target.repo, work.target.commit, ref, log)
    return f"SARIF upload {upload} ({len(work.findings)} results, {ref})"


def issue_title(f: Finding) -> str:
    return f"[Stockade] {f.severity.value.capitalize()}: {f.title} in {f.location.path}"


def issue_body(f: Finding, target: Target) -> str:
    where = f"`{f.location.path}` line {f.location.line}"
    lines = [
        f"Stockade found **{f.title}** (`{f.rule_id}`, {f.severity.value}) at {where} "
        f"in commit {target.commit}.",
        "",
        f.message,
    ]
    if f.remediation:
        lines += ["", f"**Fix:** {f.remediation}"]
    if f.references:
        lines += ["", "References:"] + [f"- {r}" for r in f.references]
    lines += ["", marker(f.fingerprint)]
    return "\n".join(lines)


def _issues(host: CodeHost, work: Work, ledger: Ledger) -> str:
    wanted = [f for f in work.findings if f.severity >= work.options.issues_min_severity]
    done = ledger.known(ISSUE, 0)
    opened = 0
    for f in wanted:
        if f.fingerprint in done or opened >= MAX_ISSUES:
            continue
        number = host.create_issue(
            work.target.repo, issue_title(f), issue_body(f, work.target), ["security", "stockade"]
        )
        ledger.remember(ISSUE, 0, f.fingerprint, number)
        done.add(f.fingerprint)
        opened += 1
    return f"{opened} new issues ({len(wanted)} findings at or above the threshold)"


_STEP_FUNCTIONS = {
    "commit_status": _commit_status,
    "check_run": _check_run,
    "review_comments": _review_comments,
    "sarif_upload": _sarif_upload,
    "issues": _issues,
}
