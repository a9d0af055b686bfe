"""The ``dependencies`` module: manifests and lockfiles matched against OSV advisories.

Options (the ``[dependencies]`` table of ``.stockade.toml``, or the server's settings):
``advisory_db`` (path of the local store; the server sets it from ``advisories.db_path``),
``source`` (``local`` or ``osv-api``), ``osv_api_url``, and ``ignore`` (a list of
``{id, reason, until}``). The source comes from ``advisories.factory.make_source``, the same
factory the server uses.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from stockade.analyzers.deps import rules
from stockade.analyzers.deps.advisories.factory import make_source
from stockade.analyzers.deps.advisories.interface import AdvisorySourceError
from stockade.analyzers.deps.ignores import Ignore, parse_ignores
from stockade.analyzers.deps.model import ParseError
from stockade.analyzers.deps.parsers import lockfile_siblings, parser_for
from stockade.analyzers.deps.service import Outcome, match_packages, parse_file
from stockade.analyzers.interface import AnalysisContext, Analyzer
from stockade.analyzers.target import FileContent, SourceFile
from stockade.core.errors import StockadeError
from stockade.core.finding import Finding, ScanIssue
from stockade.core.rule import Rule


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
            source = make_source(self.options, shared=True)
            outcome = match_packages(path, packages, source, self._ignores)
        except AdvisorySourceError as exc:
            # An error, not a skip: the job's module result must say the packages were
            # never checked (a missing store would otherwise read as "no vulnerabilities").
            ctx.error(path, str(exc))
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
