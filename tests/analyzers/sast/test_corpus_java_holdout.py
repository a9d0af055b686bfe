"""A Java holdout written before it was ever scanned: line-annotated Spring and JAX-RS code
in the shape of the held-back line-annotated benchmark. Rules are never tuned to it by
name; misses are fixed in general ways with rule test cases of their own."""

from __future__ import annotations

from pathlib import Path

from sast_corpus import score_corpus

CORPUS = Path(__file__).parents[2] / "corpus" / "sast" / "java-holdout"


def test_java_holdout_lines() -> None:
    score = score_corpus(CORPUS)
    print("\n" + score.report())
    lines = score.lines
    assert lines.tp + lines.fn >= 15 and lines.fp + lines.tn >= 15
    assert lines.precision >= 0.85 and lines.tpr >= 0.70, lines.misses
