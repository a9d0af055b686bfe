"""Throughput guards for the one-pass design, on real text from this machine's standard library.

The thresholds sit far below what the design reaches (about 40 MB/s per core on standard-library
Python), so a shared, busy machine does not fail them, while an accidental return to running
every regex on every file (a few MB/s) does.
"""

from __future__ import annotations

import sysconfig
import time
from pathlib import Path

from analyzers.secrets.helpers import ANALYZER, analyze
from stockade.analyzers.secrets.analyzer import compiled_engine

STDLIB = Path(sysconfig.get_paths()["stdlib"])
PACKAGES = ("email", "json", "asyncio", "http", "logging", "unittest", "xml")


def _stdlib_sources() -> list[tuple[str, bytes]]:
    files = sorted(p for d in PACKAGES for p in (STDLIB / d).rglob("*.py"))
    return [(str(p.relative_to(STDLIB)), p.read_bytes()) for p in files]


def test_single_core_throughput_on_real_source() -> None:
    sources = _stdlib_sources()
    total = sum(len(d) for _, d in sources)
    assert total > 1_500_000
    for path, data in sources[:20]:  # warm the compiled engine
        analyze(data, path)
    best = float("inf")
    for _ in range(2):
        started = time.perf_counter()
        for path, data in sources:
            analyze(data, path)
        best = min(best, time.perf_counter() - started)
    mb_per_s = total / 1e6 / best
    assert mb_per_s > 8.0, f"{mb_per_s:.1f} MB/s on {total / 1e6:.1f} MB"


def test_text_without_any_keyword_runs_no_detector() -> None:
    data = b"def add(a, b):\n    return a + b\n" * 2000
    assert ANALYZER._engine.prefilter.detectors_hit(data) == set()


def test_a_keyword_wakes_only_its_own_detectors() -> None:
    engine = ANALYZER._engine
    hit = engine.prefilter.detectors_hit(b"x = 1\n# see https://example.org/docs\n")
    assert 0 < len(hit) < 5, hit  # '://' wakes the URL detector, not hundreds of rules


def test_the_engine_is_compiled_once_per_rule_set() -> None:
    assert compiled_engine(ANALYZER._rules) is ANALYZER._engine
