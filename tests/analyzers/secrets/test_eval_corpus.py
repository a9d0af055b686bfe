"""The separate evaluation set (eval_corpus.py): grammar-derived assignments × credential shapes,
and issue #21's look-alikes. Not the corpus the detectors are tuned on."""

from __future__ import annotations

import pytest

from analyzers.secrets import eval_corpus as ev


@pytest.fixture(scope="module")
def result() -> tuple[dict[str, ev.Score], list[ev.Sample], list[ev.Sample]]:
    return ev.evaluate()


def test_shape(result: tuple[dict[str, ev.Score], list[ev.Sample], list[ev.Sample]]) -> None:
    by_syntax, _, _ = result
    assert len(by_syntax) >= 20
    assert len(ev.values()) >= 20
    assert {s.family for s in ev.negatives()} >= {
        "csrf",
        "short-token",
        "coordinate",
        "public-key",
        "bad-format",
    }


def test_recall_per_syntax(
    result: tuple[dict[str, ev.Score], list[ev.Sample], list[ev.Sample]],
) -> None:
    by_syntax, misses, _ = result
    low = {s: round(v.rate, 3) for s, v in by_syntax.items() if v.rate < 0.95}
    assert not low, (low, [f"{m.family}@{m.path}" for m in misses[:20]])


def test_no_false_positive_on_the_look_alikes(
    result: tuple[dict[str, ev.Score], list[ev.Sample], list[ev.Sample]],
) -> None:
    _, _, alarms = result
    assert not alarms, [a.text[:80] for a in alarms]
