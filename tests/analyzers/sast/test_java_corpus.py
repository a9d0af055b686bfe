"""The labelled Java corpus: OWASP-Benchmark-shaped servlet cases (``servlet/``: sources from
parameters, headers, cookies and query strings; dead branches, constant switch targets,
collections with safe and tainted elements, helper classes), Spring and JAX-RS handlers,
configuration mistakes, and line-annotated framework snippets.

Targets: the held-back servlet benchmark asks TPR − FPR ≥ 0.55 averaged over categories
(Semgrep OSS 0.44, FindSecBugs 0.39); the annotated snippets recall ≥ 0.70 at precision ≥ 0.85.
"""

from __future__ import annotations

from pathlib import Path

from sast_corpus import score_corpus

CORPUS = Path(__file__).parents[2] / "corpus" / "sast" / "java"


def test_java_servlet_benchmark_score() -> None:
    score = score_corpus(CORPUS / "servlet")
    print("\nservlet cases\n" + score.report())
    assert len(score.by_category) >= 14
    assert score.youden >= 0.55, score.overall.misses


def test_java_corpus_score() -> None:
    score = score_corpus(CORPUS)
    print("\nall Java cases\n" + score.report())
    overall = score.overall
    assert overall.precision >= 0.85 and overall.tpr >= 0.70, overall.misses
    assert score.lines.precision >= 0.85 and score.lines.tpr >= 0.70, score.lines.misses
