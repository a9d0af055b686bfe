"""mix.lock: ``"name": {:hex, :name, "version", ...}`` lines."""

from __future__ import annotations

import re

from stockade.analyzers.deps.model import Package

ECO = "Hex"
_ENTRY = re.compile(r'^\s*"([^"]+)":\s*\{:hex,\s*:"?([\w.-]+)"?,\s*"([^"]+)"')


def parse_mix_lock(text: str) -> list[Package]:
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        m = _ENTRY.match(line)
        if m:
            out.append(Package(ECO, m.group(2), m.group(3), number, path=(m.group(1),)))
    return out
