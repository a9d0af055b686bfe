"""The ``dependencies`` module: manifests and lockfiles matched against OSV advisories.

Options (the ``[dependencies]`` table of ``.stockade.toml``, or the server's settings):
``advisory_db`` (path of the local store; default ``$STOCKADE_ADVISORY_DB`` or the user
data dir), ``source`` (``local`` or ``osv-api``), ``osv_api_url``, and ``ignore`` (a list
of ``{id, reason, until}``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any, ClassVar

from stockade.analyzers.deps import rules
from stockade.analyzers.deps.advisories.interface import AdvisorySource, AdvisorySourceError
from stockade.analyzers.deps.advisories.local import LocalStore
from stockade.analyzers.deps.advisories.osv_api import DEFAULT_API, OsvApiSource
from stockade.analyzers.deps.ignores import Ignore, parse_ignores
from stockade.analyzers.deps.model import ParseError
from stockade.analyzers.deps.parsers import lockfile_siblings, parser_for
from stockade.analyzers.deps.service import Outcome, match_packages, parse_file
from stockade.analyzers.interface import AnalysisContext, Analyzer
from stockade.analyzers.target import FileContent, SourceFile
from stockade.core.errors import StockadeError
from stockade.core.finding import Finding, ScanIssue
from stockade.core.rule import Rule


@lru_cache(maxsize=4)
def _local_store(path: str | None) -> LocalStore:
    """One open store per process and path (analyzers are rebuilt in each worker)."""
    return LocalStore(path)


def make_source(options: Mapping[str, Any]) -> AdvisorySource:
    if options.get("source") == "osv-api":
        return OsvApiSource(str(options.get("osv_api_url") or DEFAULT_API))
    db = options.get("advisory_db")
    return _local_store(str(db) if db else None)


class DependencyAnalyzer(Analyzer):
    name: ClassVar[str] = "dependencies"
    needs_server: ClassVar[bool] = True

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self._ignores: list[Ignore]
        self._ignores, self._ignore_problems = parse_ignores(self.options.get("ignore"))
        self._reported_ignores = False

    def rules(self) -> Sequence[Rule]:
        return rules.ALL

    def wants(self, file: SourceFile) -> bool:
        return parser_for(file.path) is not None

    def analyze_file(self, content: FileContent, ctx: AnalysisContext) -> Iterable[Finding]:
        path = content.path
        self._report_ignore_problems(path, ctx)
        if any(_exists(ctx, lock) for lock in lockfile_siblings(path)):
            ctx.skip(path, "a lockfile beside this manifest is analysed instead")
            return []
        try:
            packages = parse_file(path, content.text)
        except (ParseError, ValueError, TypeError, KeyError, AttributeError) as exc:
            ctx.skip(path, f"cannot parse: {exc}")
            return []
        try:
            outcome = match_packages(path, packages, make_source(self.options), self._ignores)
        except AdvisorySourceError as exc:
            ctx.skip(path, str(exc))
            return []
        _report(outcome, ctx)
        return outcome.findings

    def _report_ignore_problems(self, path: str, ctx: AnalysisContext) -> None:
        if not self._reported_ignores:
            self._reported_ignores = True
            for problem in self._ignore_problems:
                ctx.error(path, problem)


def _exists(ctx: AnalysisContext, rel: str) -> bool:
    try:
        ctx.target.resolve(rel)
    except (StockadeError, OSError):
        return False
    return True


def _report(outcome: Outcome, ctx: AnalysisContext) -> None:
    for path, reason in outcome.problems:
        ctx.error(path, reason)
    for path, note in dict.fromkeys(outcome.notes):
        ctx.issues.append(ScanIssue("note", path, note, ctx.module))
