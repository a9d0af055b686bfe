"""The labelled case set: every expected (rule, pointer) is found at that exact place, and a
case's clean rules (``*`` = all) produce nothing.

A case is a spec file in ``tests/corpus/apispec/cases/`` whose header comments say
``# expect: <rule> <pointer>`` and ``# clean: <rule>``, or a directory whose ``expect.txt``
holds ``expect <rule> <file>#<pointer>`` / ``clean <rule>`` lines (multi-file specs).
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest

from stockade.analyzers.apispec.analyzer import ApiSpecAnalyzer
from stockade.analyzers.interface import AnalysisContext
from stockade.analyzers.languages import language_of_path
from stockade.analyzers.target import SourceFile, Target, load_content
from stockade.core.finding import Finding

CASES = Path(__file__).resolve().parents[2] / "corpus" / "apispec" / "cases"
Expectation = tuple[str, str, str]  # rule, file, pointer


def _parse_case(case: Path) -> tuple[list[str], set[Expectation], set[str]]:
    expect: set[Expectation] = set()
    clean: set[str] = set()
    if case.is_dir():
        files = sorted(
            p.relative_to(case).as_posix()
            for p in case.rglob("*")
            if p.suffix in (".yaml", ".yml", ".json")
        )
        for line in (case / "expect.txt").read_text().splitlines():
            kind, _, rest = line.partition(" ")
            if kind == "expect":
                rule, where = rest.split(" ", 1)
                file, _, pointer = where.partition("#")
                expect.add((rule, file, pointer or "/"))
            elif kind == "clean":
                clean.add(rest.strip())
        return files, expect, clean
    for line in _label_lines(case):
        if line.startswith("# expect:"):
            rule, pointer = line.split(":", 1)[1].split()
            expect.add((rule, case.name, pointer))
        elif line.startswith("# clean:"):
            clean.add(line.split(":", 1)[1].strip())
    return [case.name], expect, clean


def _label_lines(case: Path) -> list[str]:
    """YAML cases label in comments; JSON has none, so its ``x-labels`` string holds them."""
    if case.suffix != ".json":
        return case.read_text().splitlines()
    labels = json.loads(case.read_text()).get("x-labels", "")
    lines = []
    for part in labels.split(" ; "):
        kind, _, rest = part.partition(": ")
        if kind == "clean":
            lines.extend(f"# clean: {rule}" for rule in rest.split())
        else:
            lines.append(f"# {kind}: {rest}")
    return lines


def _run(root: Path, files: list[str]) -> list[Finding]:
    target = Target.open(root)
    ctx = AnalysisContext(target=target, module="api")
    analyzer = ApiSpecAnalyzer()
    out: list[Finding] = []
    for rel in files:
        path = root / rel
        source = SourceFile(rel, str(path), path.stat().st_size, language_of_path(rel))
        if analyzer.wants(source):
            out.extend(analyzer.analyze_file(load_content(source), ctx))
    assert not [i for i in ctx.issues if i.kind == "error"], ctx.issues
    return out


def _cases() -> list[Path]:
    return sorted(p for p in CASES.iterdir() if p.is_dir() or p.suffix in (".yaml", ".json"))


@pytest.mark.parametrize("case", _cases(), ids=lambda p: p.name)
def test_case(case: Path) -> None:
    root = case if case.is_dir() else case.parent
    files, expect, clean = _parse_case(case)
    assert expect or clean, f"{case.name} labels nothing"
    findings = _run(root, files)
    got = {(f.rule_id, f.location.path, f.metadata["pointer"]) for f in findings}
    missing = expect - got
    assert not missing, f"not found: {sorted(missing)}"
    noisy = [g for g in got if ("*" in clean or g[0] in clean)]
    assert not noisy, f"clean rules fired: {sorted(noisy)}"


def test_every_rule_is_labelled_positive_and_negative() -> None:
    """Each rule has at least one case expecting it and one case where it must stay silent."""
    positive: dict[str, int] = defaultdict(int)
    negative: dict[str, int] = defaultdict(int)
    for case in _cases():
        _, expect, clean = _parse_case(case)
        for rule, _, _ in expect:
            positive[rule] += 1
        for rule in clean:
            negative[rule] += 1
    rules = {r.id for r in ApiSpecAnalyzer().rules()}
    assert rules - positive.keys() == set(), "rules without a positive case"
    assert rules - negative.keys() == set(), "rules without a negative case"


def test_recall_per_rule_at_exact_location() -> None:
    """Recall over the whole case set, per rule, at the labelled pointer (target: >= 0.95)."""
    hits: dict[str, list[bool]] = defaultdict(list)
    for case in _cases():
        root = case if case.is_dir() else case.parent
        files, expect, _ = _parse_case(case)
        got = {(f.rule_id, f.location.path, f.metadata["pointer"]) for f in _run(root, files)}
        for e in expect:
            hits[e[0]].append(e in got)
    low = {rule: sum(h) / len(h) for rule, h in hits.items() if sum(h) / len(h) < 0.95}
    assert not low
