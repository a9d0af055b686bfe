"""A tiny analyzer used by the pipeline tests: it flags markers in plain text.

- ``DANGER`` → a high finding (``demo.danger``) at the marker's column;
- ``NOTICE`` → a low finding (``demo.notice``);
- ``CRASH`` → the analyzer raises (the scan must report it and go on);
- ``SLOW`` → the analyzer sleeps longer than any test's file time limit.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator, Sequence

from stockade.analyzers import registry
from stockade.analyzers.interface import AnalysisContext, Analyzer
from stockade.analyzers.target import FileContent, SourceFile
from stockade.core import Confidence, Finding, Location, Rule, Severity

DANGER = Rule(
    id="demo.danger",
    title="Dangerous marker",
    module="demo",
    type="demo-danger",
    severity=Severity.HIGH,
    confidence=Confidence.HIGH,
    description="The line contains the DANGER marker.",
    remediation="Remove the marker.",
    cwe=("CWE-20",),
    owasp=("A03:2021",),
    references=("https://example.invalid/demo",),
)
NOTICE = Rule(
    id="demo.notice",
    title="Notice marker",
    module="demo",
    type="demo-notice",
    severity=Severity.LOW,
)
QUIET = Rule(
    id="demo.quiet", title="Never fires", module="demo", type="demo-quiet", severity=Severity.INFO
)


class DemoAnalyzer(Analyzer):
    name = "demo"

    def rules(self) -> Sequence[Rule]:
        return (DANGER, NOTICE, QUIET)

    def wants(self, file: SourceFile) -> bool:
        return not file.path.endswith(".skipme")

    def analyze_file(self, content: FileContent, ctx: AnalysisContext) -> Iterable[Finding]:
        if "CRASH" in content.text:
            raise ValueError("demo analyzer crashed on purpose")
        if "SLOW" in content.text:
            time.sleep(30)
        return list(self._scan(content))

    def _scan(self, content: FileContent) -> Iterator[Finding]:
        for number, line in enumerate(content.lines, start=1):
            for marker, rule in (("DANGER", DANGER), ("NOTICE", NOTICE)):
                col = line.find(marker)
                if col >= 0:
                    loc = Location(content.path, number, col + 1, number, col + 1 + len(marker))
                    yield Finding.from_rule(rule, loc, message=f"{marker} found")


class SecretDemoAnalyzer(Analyzer):
    """Sensitive: its findings must never carry the source line."""

    name = "secretdemo"
    sensitive = True

    def rules(self) -> Sequence[Rule]:
        return (
            Rule("secretdemo.token", "Token", "secretdemo", "hardcoded-secret", Severity.CRITICAL),
        )

    def analyze_file(self, content: FileContent, ctx: AnalysisContext) -> Iterable[Finding]:
        rule = self.rules()[0]
        for number, line in enumerate(content.lines, start=1):
            if "TOKEN=" in line:
                yield Finding.from_rule(rule, Location(content.path, number, 1))


def install() -> None:
    registry.register(DemoAnalyzer)
    registry.register(SecretDemoAnalyzer)


def uninstall() -> None:
    registry.unregister("demo")
    registry.unregister("secretdemo")
