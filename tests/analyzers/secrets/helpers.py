"""Run the secrets analyzer on in-memory files (the same path a scan takes for one file)."""

from __future__ import annotations

import random
from pathlib import Path

from stockade.analyzers.interface import AnalysisContext
from stockade.analyzers.secrets.analyzer import SecretsAnalyzer
from stockade.analyzers.secrets.formats import with_valid_checksum
from stockade.analyzers.target import FileContent, SourceFile, Target
from stockade.core.finding import Finding

ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
ANALYZER = SecretsAnalyzer()


def fake(n: int, seed: str, alphabet: str = ALNUM) -> str:
    rng = random.Random(seed)
    return "".join(rng.choice(alphabet) for _ in range(n))


def analyze(
    text: str | bytes, path: str = "src/app.py", analyzer: SecretsAnalyzer | None = None
) -> tuple[list[Finding], AnalysisContext]:
    data = text.encode() if isinstance(text, str) else text
    ctx = AnalysisContext(Target(Path(".")), "secrets")
    binary = b"\x00" in data[:8000]
    content = FileContent(
        SourceFile(path, path, len(data), None), data, None if binary else "utf-8"
    )
    return list((analyzer or ANALYZER).analyze_file(content, ctx)), ctx


def findings(text: str | bytes, path: str = "src/app.py") -> list[Finding]:
    return analyze(text, path)[0]


def rule_ids(text: str | bytes, path: str = "src/app.py") -> list[str]:
    return [f.rule_id for f in findings(text, path)]


def github_token(seed: str, prefix: str = "ghp_") -> str:
    """A well-formed fake GitHub token: random body, the CRC-32 checksum GitHub appends."""
    return with_valid_checksum(prefix + fake(36, seed))
