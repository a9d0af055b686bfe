"""Fixtures shared by the whole suite.

Every test runs with private XDG directories so that the CLI's quota, credentials and data
never touch the real user's, and with no Stockade server or API key from the environment.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

import pytest

from stockade.analyzers.interface import AnalysisContext, Analyzer
from stockade.analyzers.languages import language_of_path
from stockade.analyzers.target import SourceFile, Target, load_content
from stockade.core.finding import Finding, ScanIssue


@pytest.fixture(autouse=True)
def _private_user_dirs(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    home = tmp_path_factory.mktemp("home")
    for var, sub in (
        ("XDG_CONFIG_HOME", "config"),
        ("XDG_STATE_HOME", "state"),
        ("XDG_DATA_HOME", "data"),
        ("XDG_CACHE_HOME", "cache"),
    ):
        monkeypatch.setenv(var, str(home / sub))
    monkeypatch.setenv("HOME", str(home))
    for var in ("STOCKADE_API_KEY", "STOCKADE_SERVER_URL", "STOCKADE_CONFIG"):
        monkeypatch.delenv(var, raising=False)
    yield


AnalyzeFiles = Callable[..., tuple[list[Finding], list[ScanIssue]]]


@pytest.fixture
def analyze_files(tmp_path: Path) -> AnalyzeFiles:
    """Write ``{path: text-or-bytes}`` under a temporary root and run one analyzer on each file.

    This calls the analyzer directly (no orchestrator, no suppressions, no fingerprints), which
    is what rule tests want: the analyzer's own verdict on each file.
    """

    def run(
        analyzer: Analyzer, files: Mapping[str, str | bytes]
    ) -> tuple[list[Finding], list[ScanIssue]]:
        for rel, body in files.items():
            path = tmp_path / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(body, bytes):
                path.write_bytes(body)
            else:
                path.write_text(body, encoding="utf-8")
        target = Target.open(tmp_path)
        ctx = AnalysisContext(target=target, module=analyzer.name)
        findings: list[Finding] = []
        for rel in files:
            path = tmp_path / rel
            source = SourceFile(rel, str(path), path.stat().st_size, language_of_path(rel))
            if not analyzer.wants(source):
                continue
            content = load_content(source)
            if content.binary and not analyzer.wants_binary:
                continue
            findings.extend(analyzer.analyze_file(content, ctx))
        return findings, ctx.issues

    return run


@pytest.fixture
def demo_analyzer() -> Iterator[None]:
    """Register the pipeline tests' demo analyzers for the duration of one test."""
    from demo_analyzer import install, uninstall

    install()
    yield
    uninstall()


@pytest.fixture
def write_tree(tmp_path: Path) -> Callable[[Mapping[str, str | bytes]], Path]:
    """Create files under ``tmp_path/tree`` and return that root."""

    def write(files: Mapping[str, str | bytes]) -> Path:
        root = tmp_path / "tree"
        for rel, body in files.items():
            path = root / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(body, bytes):
                path.write_bytes(body)
            else:
                path.write_text(body, encoding="utf-8")
        root.mkdir(exist_ok=True)
        return root

    return write
