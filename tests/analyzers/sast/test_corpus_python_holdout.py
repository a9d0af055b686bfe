"""A Python holdout written before it was ever scanned: line-annotated Django views and a
FastAPI app in the shape of the held-back line-annotated benchmark (Bandit on that
benchmark's Python part: recall 0.43, precision 0.73). Misses are fixed in general ways
with rule test cases of their own, never by naming these files."""

from __future__ import annotations

from pathlib import Path

from sast_corpus import score_corpus

CORPUS = Path(__file__).parents[2] / "corpus" / "sast" / "python-holdout"


def test_python_holdout_lines() -> None:
    score = score_corpus(CORPUS)
    print("\n" + score.report())
    lines = score.lines
    assert lines.tp + lines.fn >= 20 and lines.fp + lines.tn >= 15
    assert lines.precision >= 0.85 and lines.tpr >= 0.70, lines.misses
