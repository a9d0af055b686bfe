"""Structural guards for the one-pass design: text without a keyword wakes no detector, a
keyword wakes only its own, and the engine is compiled once. They catch an accidental return
to running every regex on every file without timing anything (a timed test fails on a busy
machine); throughput itself is measured by ``bench/secrets/run.py``.
"""

from __future__ import annotations

from analyzers.secrets.helpers import ANALYZER
from stockade.analyzers.secrets.analyzer import compiled_engine


def test_text_without_any_keyword_runs_no_detector() -> None:
    data = b"def add(a, b):\n    return a + b\n" * 2000
    assert ANALYZER._engine.prefilter.detectors_hit(data) == set()


def test_a_keyword_wakes_only_its_own_detectors() -> None:
    engine = ANALYZER._engine
    hit = engine.prefilter.detectors_hit(b"x = 1\n# see https://example.org/docs\n")
    assert 0 < len(hit) < 5, hit  # '://' wakes the URL detector, not hundreds of rules


def test_the_engine_is_compiled_once_per_rule_set() -> None:
    assert compiled_engine(ANALYZER._rules) is ANALYZER._engine
