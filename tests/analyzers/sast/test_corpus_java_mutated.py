"""A blind Java corpus generated in the shape of the OWASP Benchmark and flawgarden's
BenchmarkJava-mutated (``tests/corpus/sast/java-mutated/_generate.py``): servlets with
parameter, header, header-enumeration, cookie, parameter-map, query-string and
parameter-name sources; flows through an inner class (constant branches, ternaries,
switches, maps, lists, arrays, builders, Base64, static helpers) and safe look-alike twins.
Committed before Stockade first ran on it. Target of the held-back servlet benchmark:
TPR − FPR averaged over categories ≥ 0.55."""

from __future__ import annotations

from pathlib import Path

from sast_corpus import score_corpus

CORPUS = Path(__file__).parents[2] / "corpus" / "sast" / "java-mutated"


def test_java_mutated_corpus_score() -> None:
    score = score_corpus(CORPUS)
    print("\n" + score.report())
    assert len(score.by_category) >= 11
    assert score.youden >= 0.80, score.overall.misses
