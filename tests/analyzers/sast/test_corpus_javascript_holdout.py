"""A JavaScript/TypeScript holdout written before it was ever scanned: line-annotated
framework code (Express in TypeScript, Koa with MongoDB, Next.js pages and app routes, React
TSX) in the shape of the held-back line-annotated benchmark. Rules are never tuned to it by
name; misses found here are fixed in general ways with rule test cases of their own."""

from __future__ import annotations

from pathlib import Path

from sast_corpus import score_corpus

CORPUS = Path(__file__).parents[2] / "corpus" / "sast" / "javascript-holdout"


def test_javascript_holdout_lines() -> None:
    score = score_corpus(CORPUS)
    print("\n" + score.report())
    lines = score.lines
    assert lines.tp + lines.fn >= 25 and lines.fp + lines.tn >= 25
    assert lines.precision >= 0.85 and lines.tpr >= 0.70, lines.misses
