"""Labelled SAST corpora: label parsing and scoring, shared by every language's corpus test.

Line 1 of each case file states what it is, after any comment prefix (``#``, ``//``):
``stockade-expect: vulnerable CWE-89``, ``stockade-expect: safe CWE-89``, or
``stockade-expect: annotated`` (then ``ruleid: <id>`` / ``ok: <id>`` comments mark the next
line as must-flag / must-not-flag). Scoring mirrors the held-back benchmarks: a case is
flagged when a finding carries the label's CWE; an annotated line when a finding starts on it.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from stockade.core.finding import Finding
from stockade.scan import ScanOptions, run_scan

HEADER = re.compile(r"stockade-expect:\s*(vulnerable|safe|annotated)\s*(CWE-\d+)?")
# comment openers: # (also {# #} and <%# %>), //, /* */, {/* */}, <!-- -->, {{! }}, {{!-- --}}
MARK = re.compile(r"(?:#|//|/\*|\{/\*|<!--|\{\{!(?:--)?)\s*(ruleid|ok):\s*([\w./-]+)")
SAME = {"CWE-95": "CWE-94", "CWE-338": "CWE-330", "CWE-1004": "CWE-614"}


def norm(cwe: str) -> str:
    return SAME.get(cwe, cwe)


@dataclass
class Tally:
    tp: int = 0
    fp: int = 0
    tn: int = 0
    fn: int = 0
    misses: list[str] = field(default_factory=list)

    def add(self, expected: bool, flagged: bool, name: str) -> None:
        if expected and flagged:
            self.tp += 1
        elif expected:
            self.fn += 1
            self.misses.append(f"FN {name}")
        elif flagged:
            self.fp += 1
            self.misses.append(f"FP {name}")
        else:
            self.tn += 1

    @property
    def tpr(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    @property
    def fpr(self) -> float:
        return self.fp / (self.fp + self.tn) if self.fp + self.tn else 0.0

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0


@dataclass
class Score:
    by_category: dict[str, Tally]
    lines: Tally

    @property
    def overall(self) -> Tally:
        total = Tally()
        for t in self.by_category.values():
            total.tp, total.fp = total.tp + t.tp, total.fp + t.fp
            total.tn, total.fn = total.tn + t.tn, total.fn + t.fn
            total.misses += t.misses
        return total

    @property
    def youden(self) -> float:
        """TPR − FPR averaged over categories (the held-back benchmark's score)."""
        cats = self.by_category.values()
        return sum(t.tpr - t.fpr for t in cats) / len(self.by_category) if cats else 0.0

    def report(self) -> str:
        rows = [
            f"{cwe:10} TPR {t.tpr:.2f} FPR {t.fpr:.2f} (tp {t.tp} fn {t.fn} fp {t.fp} tn {t.tn})"
            for cwe, t in sorted(self.by_category.items())
        ]
        o = self.overall
        rows.append(
            f"cases: precision {o.precision:.2f} recall {o.tpr:.2f} score {self.youden:.2f}"
        )
        lt = self.lines
        rows.append(f"annotated lines: precision {lt.precision:.2f} recall {lt.tpr:.2f}")
        return "\n".join(rows)


def score_corpus(root: Path) -> Score:
    """Run the real scan (SAST only) over ``root`` and score it against the labels."""
    result = run_scan(root, ScanOptions(modules=("sast",), jobs=1))
    by_file: dict[str, list[Finding]] = defaultdict(list)
    for f in result.findings:
        by_file[f.location.path].append(f)
    categories: dict[str, Tally] = defaultdict(Tally)
    lines = Tally()
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        rel = path.relative_to(root).as_posix()
        text = path.read_text(encoding="utf-8")
        header = HEADER.search(text.split("\n", 1)[0])
        if not header:
            continue
        found = by_file.get(rel, [])
        if header.group(1) == "annotated":
            _score_lines(text, found, lines, rel)
            continue
        cwe = norm(header.group(2) or "")
        flagged = any(cwe in {norm(c) for c in f.cwe} for f in found)
        categories[cwe].add(header.group(1) == "vulnerable", flagged, rel)
    return Score(dict(categories), lines)


def _score_lines(text: str, found: list[Finding], tally: Tally, rel: str) -> None:
    flagged_lines = {f.location.line for f in found}
    for number, line in enumerate(text.splitlines(), start=1):
        mark = MARK.search(line)
        if mark:
            target = number + 1
            tally.add(mark.group(1) == "ruleid", target in flagged_lines, f"{rel}:{target}")
