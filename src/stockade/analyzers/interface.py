"""The contract between the scan orchestrator and a detection module.

An analyzer is built once per worker process from plain options (so it can be rebuilt in
any process), is asked cheaply which files it wants, and then analyses one file at a time.
Work per file keeps failures local: the orchestrator turns an exception raised for one file
into a reported :class:`~stockade.core.finding.ScanIssue` and carries on, and an analyzer
that evaluates many rules per file reports a failing rule itself through
:meth:`AnalysisContext.error` so the other rules still run.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from stockade.analyzers.target import FileContent, SourceFile, Target
from stockade.core.finding import Finding, ScanIssue
from stockade.core.rule import Rule


@dataclass
class AnalysisContext:
    """What an analyzer may use besides the file: the whole tree, and a place for issues."""

    target: Target
    module: str
    issues: list[ScanIssue] = field(default_factory=list)

    def error(self, path: str, message: str, *, rule_id: str | None = None) -> None:
        """Record that analysing ``path`` (or one rule on it) failed; the scan goes on."""
        self.issues.append(ScanIssue("error", path, message, self.module, rule_id))

    def skip(self, path: str, reason: str) -> None:
        """Record that ``path`` was not analysed by this module, and why."""
        self.issues.append(ScanIssue("skipped", path, reason, self.module))


class Analyzer(ABC):
    """Base class of every detection module.

    Class attributes:
    - ``name``: the module name used in results and in ``--skip-<name>`` (``sast``, …).
    - ``sensitive``: findings may contain secret material, so the orchestrator must never
      copy source lines into them; the analyzer supplies a redacted snippet itself.
    - ``wants_binary``: binary files are offered too (e.g. PKCS#12 key stores).
    - ``needs_server``: the CLI runs this module only through the server (dependencies).
    """

    name: ClassVar[str]
    sensitive: ClassVar[bool] = False
    wants_binary: ClassVar[bool] = False
    needs_server: ClassVar[bool] = False

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options: Mapping[str, Any] = dict(options or {})

    @abstractmethod
    def rules(self) -> Sequence[Rule]:
        """Every rule this analyzer can report (for SARIF ``rules[]`` and docs)."""

    def wants(self, file: SourceFile) -> bool:
        """Cheap pre-read filter on the path and extension-based language."""
        return True

    def prepare(self, languages: Collection[str]) -> None:
        """Build what the files of these languages will need (compiled rules), once.

        The scan runner calls it before it forks worker processes, so every worker inherits
        the result instead of building it again; an analyzer with nothing per language to
        build leaves it as is."""
        del languages

    @abstractmethod
    def analyze_file(self, content: FileContent, ctx: AnalysisContext) -> Iterable[Finding]:
        """Findings in one file. Raise only for unexpected failures; skip via ``ctx``."""
