"""Imported by the job runner's fork server, so that every job starts warm.

Each job's analysis runs in a process forked from the fork server. Loading and compiling the
detection rules (SAST queries for every grammar, the secrets matcher, the API-spec rules)
takes about a second; done here once, every job's process inherits the result instead of
paying it again. Analyzers that are not installed, or fail to warm, are simply left cold.
"""

from __future__ import annotations

import contextlib
import logging

from stockade.analyzers import registry
from stockade.analyzers.interface import Analyzer
from stockade.analyzers.languages import EXTENSIONS, FILENAMES

log = logging.getLogger("stockade.jobs")

# Modules whose start-up is pure computation on built-in rules (no database or network).
WARM_MODULES = ("sast", "secrets", "api")


def warm() -> None:
    available = registry.available()
    for name in WARM_MODULES:
        if name not in available:
            continue
        try:
            analyzer = registry.create(name)
            analyzer.rules()
            _compile_queries(analyzer)
        except Exception:  # a cold start is slower, never wrong
            log.debug("could not warm the %s analyzer", name, exc_info=True)


def _compile_queries(analyzer: Analyzer) -> None:
    """Per-language state (the SAST analyzer's compiled tree-sitter queries) for every
    language Stockade recognises."""
    languages = set(EXTENSIONS.values()) | set(FILENAMES.values())
    with contextlib.suppress(Exception):
        analyzer.prepare(languages)


warm()
