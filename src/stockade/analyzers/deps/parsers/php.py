"""composer.lock: ``packages`` and ``packages-dev`` with their ``require`` edges."""

from __future__ import annotations

from stockade.analyzers.deps.model import Package
from stockade.analyzers.deps.parsers._common import LineFinder, load_json, require_mapping

ECO = "Packagist"


def parse_composer_lock(text: str) -> list[Package]:
    data = require_mapping(load_json(text), "composer.lock")
    finder = LineFinder(text)
    out = []
    for section in ("packages", "packages-dev"):
        for entry in data.get(section) or []:
            if not isinstance(entry, dict) or "name" not in entry or "version" not in entry:
                continue
            name, version = str(entry["name"]), str(entry["version"]).removeprefix("v")
            if version.startswith("dev-"):
                continue  # a branch, not a release
            out.append(Package(ECO, name, version, finder.find(f'"{name}"'), path=(name,)))
    return out
