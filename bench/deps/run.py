"""Dependency analysis benchmark: import time of the test suite's OSV exports, and parse + match
time for a tree of 10,000 pinned packages across PyPI, crates.io, Go and npm.

Run from the repository root: ``.venv/bin/python bench/deps/run.py``. The package set mixes
names that have advisories (taken from the store, at random versions) with names that have
none, in the proportion of a real application tree (about 1 in 5 with advisories).

Peer: OSV-Scanner is a Go binary published on GitHub releases; it is not installable from
PyPI or npm (only unrelated wrappers are), so it is not run side by side here.
"""

from __future__ import annotations

import json
import os
import platform
import random
import sqlite3
import tempfile
import time
from pathlib import Path

from stockade.analyzers.deps.advisories.local import LocalStore
from stockade.analyzers.deps.service import analyze_contents

ROOT = Path(__file__).resolve().parents[2]
OSV = ROOT / "tests" / "data" / "osv"
TARGETS = {"import": 20.0, "match": 1.0}
RNG = random.Random(7)


def timed_import(store: LocalStore) -> float:
    start = time.perf_counter()
    for eco in ("PyPI", "crates.io", "Go"):
        store.import_export(OSV / eco / "all.zip")
    return time.perf_counter() - start


def names_with_advisories(store: LocalStore, eco: str) -> list[str]:
    with sqlite3.connect(store.path) as conn:
        rows = conn.execute("SELECT DISTINCT name FROM affected WHERE ecosystem = ?", (eco,))
        return sorted(r[0] for r in rows if r[0] not in ("stdlib", "toolchain"))


def version() -> str:
    return f"{RNG.randint(0, 4)}.{RNG.randint(0, 20)}.{RNG.randint(0, 30)}"


def package_set(store: LocalStore, eco: str, count: int) -> list[tuple[str, str]]:
    """``count`` distinct names: a fifth with advisories (at random versions), the rest none."""
    known = names_with_advisories(store, eco)
    chosen = RNG.sample(known, min(count // 5, len(known)))
    chosen += [
        f"{'example.com/' if eco == 'Go' else ''}bench-{eco.replace('.', '-')}-pkg-{i}"
        for i in range(count - len(chosen))
    ]
    return [(name, version()) for name in chosen]


def files(store: LocalStore) -> list[dict[str, str]]:
    py = package_set(store, "PyPI", 2600)
    rs = package_set(store, "crates.io", 2500)
    go = package_set(store, "Go", 2500)
    npm = [(f"bench-npm-{i}", version()) for i in range(2500)]
    cargo = "version = 4\n\n" + "".join(
        f'[[package]]\nname = "{n}"\nversion = "{v}"\n'
        'source = "registry+https://github.com/rust-lang/crates.io-index"\n\n'
        for n, v in rs
    )
    lock = {"lockfileVersion": 3, "packages": {f"node_modules/{n}": {"version": v} for n, v in npm}}
    return [
        {"path": "requirements.txt", "content": "".join(f"{n}=={v}\n" for n, v in py)},
        {"path": "Cargo.lock", "content": cargo},
        {"path": "go.mod", "content": "module x\n\nrequire (\n"
         + "".join(f"\t{n} v{v}\n" for n, v in go) + ")\n"},
        {"path": "package-lock.json", "content": json.dumps(lock)},
    ]  # fmt: skip


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = LocalStore(Path(tmp) / "advisories.sqlite")
        import_s = timed_import(store)
        tree = files(store)
        runs = []
        outcome = None
        for _ in range(3):
            fresh = LocalStore(store.path)  # a new connection; parsed advisories stay cached
            start = time.perf_counter()
            outcome = analyze_contents(tree, fresh)
            runs.append(time.perf_counter() - start)
            fresh.close()
        assert outcome is not None
        print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
              f"Python {platform.python_version()}, load average {os.getloadavg()[0]:.1f}; "
            f"store: {store.status()['total']} advisories")  # fmt: skip
        print(f"{'measure':<44}{'stockade':>12}{'target':>10}{'ratio':>8}{'OSV-Scanner':>14}")
        rows = [
            ("import 3 OSV all.zip (8,158 advisories)", import_s, TARGETS["import"]),
            (f"parse+match {outcome.packages_scanned:,} packages, cold process", runs[0], TARGETS["match"]),
            (f"parse+match {outcome.packages_scanned:,} packages, warm, best of 3", min(runs),
             TARGETS["match"]),
        ]  # fmt: skip
        for label, value, target in rows:
            print(f"{label:<44}{value:>11.3f}s{target:>9.1f}s{value / target:>8.2f}{'n/a':>14}")
        print(f"findings: {len(outcome.findings)}; problems: {len(outcome.problems)}")
        print("OSV-Scanner: not installable from PyPI/npm here (Go binary), so not compared.")


if __name__ == "__main__":
    main()
