"""Recall and precision on the labelled corpus (``tests/corpus/deps``, see its generate.py).

A finding is correct when one of its ids (advisory id or alias) is an expected advisory of
that package version; an expected advisory is found when some finding for that package
version names it. Targets: both at least 0.99.
"""

from __future__ import annotations

import json
import zipfile
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from packaging.version import Version

from osv_data import OSV
from stockade.analyzers.deps.advisories.local import LocalStore
from stockade.analyzers.deps.service import analyze_contents

CORPUS = Path(__file__).parents[2] / "corpus" / "deps"


@pytest.fixture(scope="module")
def corpus_store(tmp_path_factory: pytest.TempPathFactory) -> LocalStore:
    store = LocalStore(tmp_path_factory.mktemp("corpus") / "advisories.sqlite")
    for eco in ("PyPI", "crates.io", "Go"):
        store.import_export(OSV / eco / "all.zip")
    store.import_export(CORPUS / "advisories" / "npm")
    return store


class Tally:
    """Findings that name an expected advisory, and expected advisories that were found."""

    def __init__(self) -> None:
        self.findings = self.correct = self.expected = self.hit = 0

    @property
    def precision(self) -> float:
        return self.correct / max(self.findings, 1)

    @property
    def recall(self) -> float:
        return self.hit / max(self.expected, 1)


def score(store: LocalStore) -> tuple[dict[str, Tally], list[str]]:
    """Tallies overall (``"all"``), per ecosystem (``"eco:PyPI"``) and per file format
    (``"fmt:poetry.lock"``)."""
    expected: dict[str, dict[str, list[str]]] = json.loads((CORPUS / "expected.json").read_text())
    files = [{"path": rel, "content": (CORPUS / rel).read_text()} for rel in expected]
    outcome = analyze_contents(files, store)
    assert outcome.problems == []
    found: dict[tuple[str, str], list[set[str]]] = defaultdict(list)
    for f in outcome.findings:
        m = f.metadata
        key = f"{m['ecosystem']}/{m['package']}@{m['version']}"
        found[(f.location.path, key)].append({m["advisory_id"], *m["aliases"]})
    tallies: dict[str, Tally] = defaultdict(Tally)
    misses = []
    for rel, packages in expected.items():
        for key, ids in packages.items():
            groups = found.get((rel, key), [])
            buckets = ("all", f"eco:{key.split('/', 1)[0]}", f"fmt:{rel.rsplit('/', 1)[-1]}")
            for bucket in (tallies[b] for b in buckets):
                bucket.findings += len(groups)
                bucket.correct += sum(1 for g in groups if g & set(ids))
                bucket.expected += len(ids)
                bucket.hit += sum(1 for adv in ids if any(adv in g for g in groups))
            misses += [f"{rel} {key} {adv}" for adv in ids if not any(adv in g for g in groups)]
            misses += [f"{rel} {key} unexpected {sorted(g)}" for g in groups if not g & set(ids)]
    # findings for package versions the labels do not list at all are false positives too
    for (rel, key), groups in found.items():
        if key not in expected.get(rel, {}):
            for b in ("all", f"eco:{key.split('/', 1)[0]}", f"fmt:{rel.rsplit('/', 1)[-1]}"):
                tallies[b].findings += len(groups)
            misses.append(f"{rel} {key} unlabelled package version")
    return dict(tallies), misses


def range_disagreements(misses: list[str]) -> list[str]:
    """False positives where OSV itself disagrees with the oracle: the advisory's own
    ECOSYSTEM range contains the version, but its explicit ``versions`` list (enumerated when
    the advisory was imported) omits it. The OSV schema says a version is affected when
    either contains it, as OSV-Scanner evaluates, so these findings are kept."""
    with zipfile.ZipFile(OSV / "PyPI" / "all.zip") as z:
        advisories = {n.removesuffix(".json"): json.loads(z.read(n)) for n in z.namelist()}
    agreed = []
    for miss in misses:
        _rel, key, _, *ids = (
            miss.replace("[", "").replace("]", "").replace("'", "").replace(",", "").split()
        )
        if not key.startswith("PyPI/"):
            continue
        name, version = key.removeprefix("PyPI/").rsplit("@", 1)
        for adv in (advisories.get(i) for i in ids):
            for affected in (adv or {}).get("affected", []):
                if affected["package"]["name"].lower() != name.lower() or version in affected.get(
                    "versions", []
                ):
                    continue
                if any(_in_range(Version(version), r) for r in affected.get("ranges", [])):
                    agreed.append(miss)
    return agreed


def _in_range(version: Version, rng: dict[str, Any]) -> bool:
    if rng.get("type") != "ECOSYSTEM":
        return False
    inside = False
    for event in rng.get("events", []):
        if "introduced" in event:
            inside = event["introduced"] == "0" or version >= Version(event["introduced"])
        elif "fixed" in event and inside and version >= Version(event["fixed"]):
            inside = False
    return inside


def test_recall_and_precision_at_least_99_percent(corpus_store: LocalStore) -> None:
    tallies, misses = score(corpus_store)
    print()
    for name, t in sorted(tallies.items()):
        print(
            f"{name:24} precision {t.precision:.3f} recall {t.recall:.3f} "
            f"(findings {t.findings}, expected {t.expected})"
        )
    assert tallies["all"].expected >= 3000
    assert len([n for n in tallies if n.startswith("fmt:")]) >= 10
    overall = tallies["all"]
    assert overall.recall >= 0.99 and overall.precision >= 0.99, misses[:20]
    for name, t in tallies.items():
        assert t.recall >= 0.99, (name, misses[:20])
    # every false positive is a version OSV's own range marks affected (see above)
    false_positives = [m for m in misses if "unexpected" in m]
    disagreements = range_disagreements(false_positives)
    print(
        f"false positives: {len(false_positives)}, of which OSV range vs list: {len(disagreements)}"
    )
    assert sorted(disagreements) == sorted(false_positives)
    assert not [m for m in misses if "unlabelled" in m]
