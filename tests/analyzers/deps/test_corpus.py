"""Recall and precision on the labelled corpus (``tests/corpus/deps``, see its generate.py).

A finding is correct when one of its ids (advisory id or alias) is an expected advisory of
that package version; an expected advisory is found when some finding for that package
version names it. Targets: both at least 0.99.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest

from stockade.analyzers.deps.advisories.local import LocalStore
from stockade.analyzers.deps.service import analyze_contents

CORPUS = Path(__file__).parents[2] / "corpus" / "deps"
OSV = Path(__file__).parents[3] / ".." / "shared" / "data" / "osv"


@pytest.fixture(scope="module")
def corpus_store(tmp_path_factory: pytest.TempPathFactory) -> LocalStore:
    store = LocalStore(tmp_path_factory.mktemp("corpus") / "advisories.sqlite")
    for eco in ("PyPI", "crates.io", "Go"):
        store.import_export(OSV / eco / "all.zip")
    store.import_export(CORPUS / "advisories" / "npm")
    return store


def score(store: LocalStore) -> tuple[float, float, list[str]]:
    expected: dict[str, dict[str, list[str]]] = json.loads((CORPUS / "expected.json").read_text())
    files = [{"path": rel, "content": (CORPUS / rel).read_text()} for rel in expected]
    outcome = analyze_contents(files, store)
    assert outcome.problems == []
    found: dict[tuple[str, str], list[set[str]]] = defaultdict(list)
    for f in outcome.findings:
        m = f.metadata
        key = f"{m['ecosystem']}/{m['package']}@{m['version']}"
        found[(f.location.path, key)].append({m["advisory_id"], *m["aliases"]})
    tp_findings = total_findings = hit = total_expected = 0
    misses = []
    for rel, packages in expected.items():
        for key, ids in packages.items():
            groups = found.get((rel, key), [])
            total_findings += len(groups)
            tp_findings += sum(1 for g in groups if g & set(ids))
            total_expected += len(ids)
            for adv in ids:
                if any(adv in g for g in groups):
                    hit += 1
                else:
                    misses.append(f"{rel} {key} {adv}")
            misses += [f"{rel} {key} unexpected {sorted(g)}" for g in groups if not g & set(ids)]
    return tp_findings / max(total_findings, 1), hit / max(total_expected, 1), misses


def test_recall_and_precision_at_least_99_percent(corpus_store: LocalStore) -> None:
    precision, recall, misses = score(corpus_store)
    assert recall >= 0.99, misses[:20]
    assert precision >= 0.99, misses[:20]
