"""pubspec.lock: ``packages`` from the hosted source, direct and transitive."""

from __future__ import annotations

from stockade.analyzers.deps.model import Package
from stockade.analyzers.deps.parsers._common import LineFinder, load_yaml, require_mapping

ECO = "Pub"


def parse_pubspec_lock(text: str) -> list[Package]:
    data = require_mapping(load_yaml(text) or {}, "pubspec.lock")
    finder = LineFinder(text)
    out = []
    for name, info in (data.get("packages") or {}).items():
        if not isinstance(info, dict) or info.get("source") != "hosted" or "version" not in info:
            continue
        line = finder.find(f"  {name}:")
        out.append(Package(ECO, str(name), str(info["version"]), line, path=(str(name),)))
    return out
