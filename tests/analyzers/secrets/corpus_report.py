"""Print the labelled secrets corpus figures (per syntax, per category) for release notes.

Usage: ``python tests/analyzers/secrets/corpus_report.py [--seed NAME] [--misses]`` from the
repository root; another seed builds the same corpus with different random values.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import secrets_corpus as sc


def main(argv: list[str]) -> int:
    started = time.perf_counter()
    if "--seed" in argv:
        sc.use_seed(argv[argv.index("--seed") + 1])
    fams = sc.families()
    pos, neg = sc.positives(fams), sc.negatives(fams)
    res = sc.evaluate(pos + neg)
    print(sc.table(res))
    print(
        f"\n{len(fams)} families, {len(pos)} positive and {len(neg)} negative files, "
        f"scanned in {time.perf_counter() - started:.1f} s"
    )
    if "--misses" in argv:
        for m in res.misses:
            print("MISS", m.family, m.syntax, repr(m.text[:200]))
        for s, fs in res.false_alarms:
            print("FP", s.family, s.category, s.syntax, [f.rule_id for f in fs], repr(s.text[:200]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
