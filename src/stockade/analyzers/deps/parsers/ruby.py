"""Gemfile.lock: the ``specs:`` of GEM sections (4-space entries, 6-space dependencies)."""

from __future__ import annotations

import re

from stockade.analyzers.deps.model import Package
from stockade.analyzers.deps.parsers._common import shortest_paths

ECO = "RubyGems"
_SPEC = re.compile(r"^    ([^\s(]+) \(([^)]+)\)$")
_DEP = re.compile(r"^      ([^\s(]+)")
_TOP = re.compile(r"^  ([^\s!(]+)")


def parse_gemfile_lock(text: str) -> list[Package]:
    section, current = "", ""
    specs: list[tuple[int, str, str]] = []
    edges: dict[str, list[str]] = {}
    roots: list[str] = []
    for number, line in enumerate(text.splitlines(), 1):
        if line and not line.startswith(" "):
            section = line.strip()
            continue
        if section == "GEM":
            m = _SPEC.match(line)
            if m:
                current = m.group(1)
                version = (
                    m.group(2).split("-")[0]
                    if re.search(r"-(x86|arm|java|universal|aarch)", m.group(2))
                    else m.group(2)
                )
                specs.append((number, current, version))
                continue
            d = _DEP.match(line)
            if d and current:
                edges.setdefault(current, []).append(d.group(1))
        elif section == "DEPENDENCIES":
            t = _TOP.match(line)
            if t:
                roots.append(t.group(1))
    paths = shortest_paths(roots, edges)
    return [Package(ECO, n, v, ln, path=paths.get(n, (n,))) for ln, n, v in specs]
