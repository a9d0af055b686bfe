"""``prepare`` compiles a grammar's queries before the scan runner forks its workers, so each
worker inherits them instead of compiling them again (seconds for JavaScript/TypeScript)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from pathlib import Path

from stockade.analyzers.interface import AnalysisContext, Analyzer
from stockade.analyzers.sast.analyzer import SastAnalyzer
from stockade.analyzers.target import FileContent, Target
from stockade.core.finding import Finding
from stockade.core.rule import Rule
from stockade.scan.worker import Worker, WorkerSpec


def test_prepare_compiles_only_the_languages_asked_for() -> None:
    sast = SastAnalyzer()
    sast.prepare({"typescript", "python", "no-such-language"})
    ts_rules = sast.languages["typescript"]
    assert "typescript" in ts_rules._combined and "typescript" in ts_rules._report_at
    assert "python" in sast.languages["python"]._combined
    # Parsers belong to the analyzer (the compiled rules are shared by every analyzer of
    # the process): only the languages asked for have one.
    assert "typescript" in sast._parsers and "java" not in sast._parsers


class _Broken(Analyzer):
    name = "broken"

    def rules(self) -> Sequence[Rule]:
        return []

    def prepare(self, languages: Collection[str]) -> None:
        raise RuntimeError("cannot prepare")

    def analyze_file(self, content: FileContent, ctx: AnalysisContext) -> Iterable[Finding]:
        return []


def test_a_failing_prepare_leaves_the_other_analyzers_prepared(tmp_path: Path) -> None:
    sast = SastAnalyzer()
    spec = WorkerSpec(Target(tmp_path), ("broken", "sast"), {}, 10.0)
    Worker(spec, [_Broken(), sast]).prepare({"go"})
    assert "go" in sast.languages["go"]._combined
