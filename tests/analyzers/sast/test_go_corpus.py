"""The labelled Go corpus: net/http, Gin and Echo handlers that are exploitable, their safe
look-alike twins (sanitized, constant, dead branch, overwritten value, safe map element), and
configuration cases; plus line-annotated snippets. Target: recall ≥ 0.70 at precision ≥ 0.85."""

from __future__ import annotations

from pathlib import Path

from sast_corpus import score_corpus
from stockade.analyzers.sast.ruleset import load_all

CORPUS = Path(__file__).parents[2] / "corpus" / "sast" / "go"


def test_go_corpus_score() -> None:
    score = score_corpus(CORPUS)
    print("\ngo corpus\n" + score.report())
    overall = score.overall
    assert len(score.by_category) >= 20
    assert overall.precision >= 0.85 and overall.tpr >= 0.70, overall.misses
    assert score.youden >= 0.60, overall.misses
    assert score.lines.precision >= 0.85 and score.lines.tpr >= 0.70, score.lines.misses


def test_go_rule_count() -> None:
    rules = load_all()["go"]
    assert len(rules.pattern_rules) + len(rules.taint_rules) >= 40
