"""The labelled JavaScript/TypeScript corpus (.js, .jsx, .ts, .tsx): vulnerable programs and
their safe look-alike twins, plus line-annotated framework snippets (Express, Koa, Next.js
API routes, React). Targets: the held-back line-annotated benchmark asks recall ≥ 0.70 at
precision ≥ 0.85; the case-level score is TPR − FPR averaged over categories."""

from __future__ import annotations

from pathlib import Path

from sast_corpus import score_corpus

CORPUS = Path(__file__).parents[2] / "corpus" / "sast" / "javascript"


def test_javascript_corpus_score() -> None:
    score = score_corpus(CORPUS)
    print("\n" + score.report())
    overall = score.overall
    assert len(score.by_category) >= 20
    assert overall.precision >= 0.85 and overall.tpr >= 0.70, overall.misses
    assert score.youden >= 0.60, overall.misses
    assert score.lines.precision >= 0.85 and score.lines.tpr >= 0.70, score.lines.misses


def test_every_file_language_is_in_the_corpus() -> None:
    suffixes = {p.suffix for p in CORPUS.rglob("*") if p.is_file()}
    assert {".js", ".jsx", ".ts", ".tsx"} <= suffixes
