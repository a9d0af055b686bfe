"""Secrets in a repository's history: every commit's added lines, scanned once.

A secret deleted from the working tree is still in every clone of the repository, so the
working-tree scan alone misses exactly the credentials people believe they removed. This
module reads the history through streaming ``git log --patch`` processes
(:mod:`stockade.scan.history_git`: one per worker, each over a run of consecutive commits;
never a checkout per commit) and hands each file's added lines in each commit to the secrets
analyzer, through its ordinary per-file interface, so
history findings come from the same detectors, filters and options as the working-tree scan.

A secret usually lives in many commits (it is added once, then every later commit keeps it),
but with zero-context diffs it is *added* only where it was introduced or re-introduced. The
findings are de-duplicated by rule, secret hash and path: one finding per secret and file,
located at the first commit that introduced it (the walk is oldest first, parents before
children), with ``commit_count`` saying in how many commits it was added.

Nothing in the history is fatal: binary blobs, oversized files or commits, non-UTF-8 file
names and a shallow clone's missing past are reported as skipped, and git failing half-way
is reported with what was found until then.
"""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, Any

import pathspec

from stockade.analyzers import registry
from stockade.analyzers.interface import AnalysisContext, Analyzer
from stockade.analyzers.languages import language_of_path
from stockade.analyzers.target import (
    DEFAULT_MAX_FILE_BYTES,
    FileContent,
    SourceFile,
    Target,
    TargetOptions,
    sniff_encoding,
)
from stockade.core.finding import Finding, ScanIssue
from stockade.core.fingerprint import assign_fingerprints
from stockade.scan.baseline import Baseline
from stockade.scan.history_git import (
    Caps,
    Commit,
    FileDiff,
    HistoryParser,
    Repository,
    git_env,
)
from stockade.scan.project import ProjectConfig
from stockade.scan.redact import SecretRedactor, redact_finding, redactor_for
from stockade.scan.runner import ScanResult
from stockade.scan.suppress import is_suppressed

MODULE = "secrets"
DEFAULT_MAX_COMMIT_BYTES = 100 * 1024 * 1024
MIN_SLICE_COMMITS = 1000  # fewer commits per worker: not worth a process
HISTORY_KEYS = ("commit", "author", "author_email", "date", "commit_count", "shallow_boundary")

Key = tuple[str, str, str]  # rule id, secret hash, path


@dataclass(frozen=True)
class HistoryOptions:
    """What part of the history to read and how much of one commit to accept.

    ``since``: scan only the commits HEAD adds since that revision (``since..HEAD``);
    ``None`` scans every commit reachable from any ref (branches, tags, remotes, stash).
    """

    since: str | None = None
    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES
    max_commit_bytes: int = DEFAULT_MAX_COMMIT_BYTES
    target_options: TargetOptions = field(default_factory=TargetOptions)
    secrets_options: Mapping[str, Any] = field(default_factory=dict)
    confine_project_config: bool = False
    jobs: int = 0  # worker processes for a long history; 0: one per CPU


@dataclass
class HistoryResult:
    findings: list[Finding]
    issues: list[ScanIssue]
    commits: int
    file_changes: int  # (file, commit) pairs whose added lines were scanned
    bytes_scanned: int
    shallow: bool
    duration_seconds: float
    suppressed: int = 0


@dataclass
class _Seen:
    """The first introduction of one secret in one file, and how many commits added it."""

    finding: Finding
    commit: Commit
    count: int = 1


@dataclass
class _Skips:
    first: str
    count: int = 1


@dataclass
class _Tally:
    """What one run of ``git log`` over a slice of the commits found (picklable: the slices
    after the first are scanned in worker processes and their tallies sent back)."""

    seen: dict[Key, _Seen] = field(default_factory=dict)
    skips: dict[tuple[str, str], _Skips] = field(default_factory=dict)
    issues: list[ScanIssue] = field(default_factory=list)
    commits: int = 0
    file_changes: int = 0
    bytes_scanned: int = 0
    suppressed: int = 0

    def merge(self, later: _Tally) -> None:
        """Add the tally of the *next* slice: its sightings are newer than every one here,
        and no commit is in two slices, so counts simply add up."""
        for key, seen in later.seen.items():
            mine = self.seen.get(key)
            if mine is None:
                self.seen[key] = seen
            else:
                mine.count += seen.count
        for where, skips in later.skips.items():
            earlier = self.skips.get(where)
            if earlier is None:
                self.skips[where] = skips
            else:
                earlier.count += skips.count
        self.issues.extend(later.issues)
        self.commits += later.commits
        self.file_changes += later.file_changes
        self.bytes_scanned += later.bytes_scanned
        self.suppressed += later.suppressed


@dataclass(frozen=True)
class _Slice:
    """One ``git log`` run's worth of work: consecutive commits, oldest first."""

    root: Path
    command: tuple[str, ...]
    commits: tuple[str, ...]
    caps: Caps
    target_options: TargetOptions
    project_exclude: tuple[str, ...]
    secrets_options: Mapping[str, Any]


def scan_history(
    path: str | os.PathLike[str], options: HistoryOptions | None = None
) -> HistoryResult:
    """Every secret ever added to the history of the repository holding ``path``.

    The commits are listed once (``git rev-list``, oldest first) and cut into consecutive
    slices, one per worker for a long history; each slice is one ``git log`` stream. The
    first slice is scanned in this process while the others run in worker processes, and the
    tallies are merged in order, so the result does not depend on the number of workers.
    """
    opts = options or HistoryOptions()
    started = time.perf_counter()
    root = Path(path).resolve()
    repo = Repository.open(root)
    since = repo.resolve(opts.since) if opts.since is not None else None
    project = ProjectConfig.load(root, confined=opts.confine_project_config)
    secrets_options = {**project.modules.get(MODULE, {}), **opts.secrets_options}
    registry.create(MODULE, secrets_options)  # bad options fail here, before any worker
    commits = repo.commits(since)
    command = tuple(repo.log_command(opts.max_file_bytes))
    slices = [
        _Slice(
            root,
            command,
            part,
            Caps(opts.max_file_bytes, opts.max_commit_bytes),
            opts.target_options,
            project.exclude,
            secrets_options,
        )
        for part in _cut(commits, _workers(opts.jobs, len(commits)))
    ]
    tally = _run_slices(slices)
    return _result(tally, repo.shallow, redactor_for(secrets_options), started)


def _workers(jobs: int, commits: int) -> int:
    wanted = jobs if jobs > 0 else os.cpu_count() or 1
    return max(1, min(wanted, commits // MIN_SLICE_COMMITS))


def _cut(commits: list[str], parts: int) -> list[tuple[str, ...]]:
    if not commits:
        return []
    size = -(-len(commits) // parts)
    return [tuple(commits[i : i + size]) for i in range(0, len(commits), size)]


def _run_slices(slices: list[_Slice]) -> _Tally:
    if len(slices) <= 1:
        return _scan_slice(slices[0]) if slices else _Tally()
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with ProcessPoolExecutor(len(slices) - 1, mp_context=context) as pool:
        futures = [pool.submit(_scan_slice, part) for part in slices[1:]]
        tally = _scan_slice(slices[0])
        for index, future in enumerate(futures, start=2):
            try:
                tally.merge(future.result())
            except Exception as exc:  # a worker that died must not lose the other slices
                message = f"history: slice {index} of {len(slices)} failed: {exc!r}"
                tally.issues.append(ScanIssue("error", ".", message, MODULE))
    return tally


def _scan_slice(part: _Slice) -> _Tally:
    """Run ``git log`` over one slice and scan it (in this process or in a worker)."""
    scan = _HistoryScan(
        registry.create(MODULE, part.secrets_options),
        Target(root=part.root, options=part.target_options),
    )
    parser = HistoryParser(part.caps, _path_filter(part.target_options, part.project_exclude))
    revs = "".join(f"{sha}\n" for sha in part.commits).encode("ascii")
    error = _run_log(list(part.command), revs, lambda out: scan.feed_all(parser.parse(out)))
    if error:
        scan.tally.issues.append(ScanIssue("error", ".", error, MODULE))
    return scan.tally


def _run_log(command: list[str], revs: bytes, consume: Callable[[IO[bytes]], None]) -> str | None:
    """Run ``git log`` on ``revs``, feed its output to ``consume`` as it comes; git's
    complaint, if any.

    The commit list is handed over in a file and standard error goes to a file, never a
    pipe, so neither side can block on a full pipe while the other waits.
    """
    with tempfile.TemporaryFile() as given, tempfile.TemporaryFile() as errors:
        given.write(revs)
        given.seek(0)
        proc = subprocess.Popen(
            command, stdin=given, stdout=subprocess.PIPE, stderr=errors, env=git_env()
        )
        assert proc.stdout is not None  # stdout=PIPE
        try:
            consume(proc.stdout)
        finally:
            proc.stdout.close()  # git stops with SIGPIPE if we stopped reading early
            _reap(proc)
        if proc.returncode == 0:
            return None
        errors.seek(0)
        tail = errors.read().decode("utf-8", "replace").strip().splitlines()[-3:]
        return f"git log stopped (exit {proc.returncode}): {' / '.join(tail)}; " + (
            "the history up to that point was scanned"
        )


def _reap(proc: subprocess.Popen[bytes]) -> None:
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def _path_filter(options: TargetOptions, project_exclude: Iterable[str]) -> Callable[[str], bool]:
    """The working-tree walk's exclusions applied to history paths: default directories
    (``node_modules``, ``vendor``…) and the user's and the project's patterns."""
    dirs = frozenset(options.excluded_dirs) if options.use_default_excludes else frozenset()
    patterns = [*options.exclude, *project_exclude]
    spec = pathspec.GitIgnoreSpec.from_lines(patterns) if patterns else None

    def wanted(path: str) -> bool:
        if dirs and not dirs.isdisjoint(path.split("/")[:-1]):
            return False
        return spec is None or not spec.match_file(path)

    return wanted


class _HistoryScan:
    """Scans each file change as it is parsed and keeps the first sighting of each secret."""

    def __init__(self, analyzer: Analyzer, target: Target) -> None:
        self.analyzer = analyzer
        self.target = target
        self.tally = _Tally()

    def feed_all(self, items: Iterable[Commit | FileDiff]) -> None:
        for item in items:
            if isinstance(item, Commit):
                self.tally.commits += 1
            elif item.skipped is not None:
                self._skip(item.path, item.skipped, item.commit.sha)
            else:
                self._scan(item)

    def _skip(self, path: str, reason: str, sha: str) -> None:
        entry = self.tally.skips.get((path, reason))
        if entry is None:
            self.tally.skips[(path, reason)] = _Skips(sha)
        else:
            entry.count += 1

    def _scan(self, diff: FileDiff) -> None:
        data = diff.data
        self.tally.file_changes += 1
        self.tally.bytes_scanned += len(data)
        encoding, bom = sniff_encoding(data)
        source = SourceFile(diff.path, "", len(data), language_of_path(diff.path))
        ctx = AnalysisContext(self.target, MODULE)
        try:
            found = list(self.analyzer.analyze_file(FileContent(source, data, encoding, bom), ctx))
        except Exception as exc:  # one odd file change must not end the history scan
            message = f"commit {diff.commit.sha[:12]}: {exc!r}"
            self.tally.issues.append(ScanIssue("error", diff.path, message, MODULE))
            return
        for issue in ctx.issues:
            self._skip(issue.path, issue.message, diff.commit.sha)
        for finding in found:
            self._record(finding, diff)

    def _record(self, finding: Finding, diff: FileDiff) -> None:
        line = finding.location.line
        if is_suppressed(finding.rule_id, line, lambda n: _line_text(diff, n)):
            self.tally.suppressed += 1
            return
        key = (finding.rule_id, str(finding.metadata.get("secret_hash", "")), diff.path)
        seen = self.tally.seen.get(key)
        if seen is None:
            self.tally.seen[key] = _Seen(_relocate(finding, diff), diff.commit)
        elif seen.commit.sha != diff.commit.sha:
            seen.count += 1


def _result(
    tally: _Tally, shallow: frozenset[str], redactor: SecretRedactor, started: float
) -> HistoryResult:
    findings = [_final(seen, shallow) for seen in tally.seen.values()]
    findings = assign_fingerprints(findings)
    findings = [redact_finding(f, redactor) for f in findings]
    findings.sort(key=lambda f: (f.location.path, f.location.line, f.rule_id))
    return HistoryResult(
        findings=findings,
        issues=_issues(tally, shallow),
        commits=tally.commits,
        file_changes=tally.file_changes,
        bytes_scanned=tally.bytes_scanned,
        shallow=bool(shallow),
        duration_seconds=time.perf_counter() - started,
        suppressed=tally.suppressed,
    )


def _final(seen: _Seen, shallow: frozenset[str]) -> Finding:
    commit = seen.commit
    meta: dict[str, Any] = {
        **seen.finding.metadata,
        "commit": commit.sha,
        "author": commit.author,
        "author_email": commit.email,
        "date": commit.date,
        "commit_count": seen.count,
    }
    if commit.sha in shallow:
        meta["shallow_boundary"] = True
    message = f"{seen.finding.message}, added in commit {commit.sha[:12]} ({commit.date[:10]})"
    return replace(seen.finding, metadata=meta, message=message)


def _issues(tally: _Tally, shallow: frozenset[str]) -> list[ScanIssue]:
    issues = list(tally.issues)
    for (path, reason), skips in sorted(tally.skips.items()):
        where = f"commit {skips.first[:12]}"
        if skips.count > 1:
            where = f"{skips.count} commits, first {skips.first[:12]}"
        issues.append(ScanIssue("skipped", path, f"history: {reason} ({where})", MODULE))
    if shallow:
        message = (
            f"history: shallow clone; the commits before its {len(shallow)} boundary "
            f"commit(s) are not in this repository and were not scanned ({tally.commits} "
            "commits were); secrets at a boundary are attributed to it (metadata "
            "shallow_boundary)"
        )
        issues.append(ScanIssue("skipped", ".", message, MODULE))
    return issues


def _line_text(diff: FileDiff, number: int) -> str:
    if 1 <= number <= len(diff.lines):
        return diff.lines[number - 1].decode("utf-8", "replace")
    return ""


def _file_line(diff: FileDiff, number: int | None, default: int) -> int:
    """The line in the committed file of line ``number`` of the scanned added lines."""
    if number is None or not 1 <= number <= len(diff.numbers):
        return default
    return diff.numbers[number - 1] or default


def _relocate(finding: Finding, diff: FileDiff) -> Finding:
    loc = finding.location
    line = _file_line(diff, loc.line, 1)
    end = _file_line(diff, loc.end_line, line) if loc.end_line is not None else None
    return replace(finding, location=replace(loc, line=line, end_line=end))


# -- combining with a working-tree scan -------------------------------------------------------


def _key(finding: Finding) -> Key:
    return (finding.rule_id, str(finding.metadata.get("secret_hash", "")), finding.location.path)


def _with_history(finding: Finding, source: Finding) -> Finding:
    extra = {k: source.metadata[k] for k in HISTORY_KEYS if k in source.metadata}
    return replace(finding, metadata={**finding.metadata, **extra})


def merge_history(
    result: ScanResult, history: HistoryResult, baseline: Baseline | None = None
) -> ScanResult:
    """The working-tree result with the history's findings added.

    A secret still in the working tree is reported once, where it is now, with the commit
    that introduced it in its metadata; the history contributes the secrets that are no
    longer there (or only in other files). A baseline hides history findings the same way
    it hides working-tree ones (same fingerprints: rule, path and secret hash).
    """
    by_key = {_key(f): f for f in history.findings}
    matched: set[Key] = set()

    def enrich(found: list[Finding]) -> list[Finding]:
        out = []
        for f in found:
            source = by_key.get(_key(f)) if f.module == MODULE else None
            if source is not None:
                matched.add(_key(f))
                f = _with_history(f, source)
            out.append(f)
        return out

    findings, baselined = enrich(result.findings), enrich(result.baselined)
    for f in history.findings:
        if _key(f) in matched:
            continue
        (baselined if baseline is not None and f in baseline else findings).append(f)
    findings.sort(key=lambda f: (f.location.path, f.location.line, f.location.column, f.rule_id))
    added = len(findings) - len(result.findings)
    modules = [
        replace(m, findings_count=m.findings_count + added) if m.name == MODULE else m
        for m in result.modules
    ]
    return replace(
        result,
        findings=findings,
        baselined=baselined,
        modules=modules,
        issues=result.issues + history.issues,
        suppressed=result.suppressed + history.suppressed,
        duration_seconds=result.duration_seconds + history.duration_seconds,
    )
