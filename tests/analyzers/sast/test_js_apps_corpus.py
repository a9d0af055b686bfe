"""The realistic JavaScript/TypeScript app corpus (tests/corpus/sast/js-apps): seven small
multi-file projects (Express shop, NestJS notes with an Angular component, Next.js/React
dashboard, Lambda handlers, kafkajs/amqplib/WebSocket workers, an AWS CDK stack, an Electron +
GraphQL notes app) with vulnerable and safe look-alike lines annotated. Scored the way the
held-back benchmark scores: a line counts as found when any finding starts on it.

Figures recorded (not tuned to): as first written the first six apps scored recall 0.96 and
precision 0.98 (64 of 67 found, 1 false positive in 39 safe lines). Two misses were where a
finding was reported (a chained query builder's call starts lines above its raw fragment; a
CDK property reported at its construct), fixed by reporting at the text itself: recall 0.99,
precision 0.99. The Electron/GraphQL app, written after the GraphQL-resolver, Electron IPC,
Angular-router and Next.js page sources were added, scored 9 of 9 with no false positive in 7
safe lines; over all seven: 75 of 76, 1 false positive in 46. Left: a route passing request
data to a query helper in another module (no cross-file taint), and a template literal
holding a variable already converted with Number() (the built-SQL audit check sees the text,
not the conversion)."""

from __future__ import annotations

from pathlib import Path

from sast_corpus import score_corpus

CORPUS = Path(__file__).parents[2] / "corpus" / "sast" / "js-apps"


def test_js_apps_corpus_recall_and_precision() -> None:
    score = score_corpus(CORPUS)
    print("\n" + score.report())
    lines = score.lines
    assert lines.tp + lines.fn >= 70 and lines.fp + lines.tn >= 40
    assert lines.tpr >= 0.95, lines.misses
    assert lines.precision >= 0.95, lines.misses
