"""The labelled C# corpus: ASP.NET Core MVC actions, Request.Query reads and minimal-API routes that are exploitable, their safe
look-alike twins (sanitized, constant, dead branch, overwritten value, safe array element), and
configuration cases; plus line-annotated snippets. Target: recall ≥ 0.70 at precision ≥ 0.85."""

from __future__ import annotations

from pathlib import Path

from sast_corpus import score_corpus
from stockade.analyzers.sast.ruleset import load_all

CORPUS = Path(__file__).parents[2] / "corpus" / "sast" / "csharp"


def test_csharp_corpus_score() -> None:
    score = score_corpus(CORPUS)
    print("\ncsharp corpus\n" + score.report())
    overall = score.overall
    assert len(score.by_category) >= 20
    assert overall.precision >= 0.85 and overall.tpr >= 0.70, overall.misses
    assert score.youden >= 0.60, overall.misses
    assert score.lines.precision >= 0.85 and score.lines.tpr >= 0.70, score.lines.misses


def test_csharp_rule_count() -> None:
    rules = load_all()["csharp"]
    assert len(rules.pattern_rules) + len(rules.taint_rules) >= 20
