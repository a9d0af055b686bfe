"""The realistic Python app corpus (tests/corpus/sast/python-apps): eight small multi-file
projects (Flask shop, FastAPI notes, Django blog, a backup CLI, Lambda handlers, Celery and
RabbitMQ workers, an aiohttp/Tornado/GraphQL chat, an ops helper library) with vulnerable and
safe look-alike lines annotated. Scored the way the held-back benchmark scores: a line counts
as found when any finding starts on it.

Figures recorded (not tuned to): the first six apps as written scored recall 0.96, precision
0.95 (52/54 found, 3 false positives in 39 safe lines); the two apps added later scored, as
written, recall 0.91 and precision 0.99 over all eight (80 of 88, 1 false positive in 57).
After general API coverage those misses showed (Tornado's redirect, aiohttp HTML responses and
WebSocket messages, Markup.format/format_html as escapers, server constructors bound to all
interfaces): recall 0.98, precision 0.99. Left: a constant-dict lookup keyed by queue data
(the engine taints the looked-up value), a YAML file opened by path with the full loader, and
an owner-only pickle state file."""

from __future__ import annotations

from pathlib import Path

from sast_corpus import score_corpus

CORPUS = Path(__file__).parents[2] / "corpus" / "sast" / "python-apps"


def test_python_apps_corpus_recall_and_precision() -> None:
    score = score_corpus(CORPUS)
    print("\n" + score.report())
    lines = score.lines
    assert lines.tp + lines.fn >= 50 and lines.fp + lines.tn >= 35
    assert lines.tpr >= 0.90, lines.misses
    assert lines.precision >= 0.90, lines.misses
