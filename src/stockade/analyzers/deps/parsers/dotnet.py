"""NuGet packages.lock.json: ``dependencies`` per target framework, Direct and Transitive."""

from __future__ import annotations

from stockade.analyzers.deps.model import Package
from stockade.analyzers.deps.parsers._common import (
    LineFinder,
    load_json,
    require_mapping,
    shortest_paths,
)

ECO = "NuGet"


def parse_packages_lock(text: str) -> list[Package]:
    data = require_mapping(load_json(text), "packages.lock.json")
    finder = LineFinder(text)
    seen: dict[tuple[str, str], Package] = {}
    for framework in (data.get("dependencies") or {}).values():
        if not isinstance(framework, dict):
            continue
        infos = {n: i for n, i in framework.items() if isinstance(i, dict) and "resolved" in i}
        edges = {n: list((i.get("dependencies") or {}).keys()) for n, i in infos.items()}
        roots = [n for n, i in infos.items() if i.get("type") == "Direct"]
        paths = shortest_paths(roots, edges)
        for name, info in infos.items():
            if info.get("type") == "Project":
                continue
            pkg = Package(
                ECO,
                name,
                str(info["resolved"]),
                finder.find(f'"{name}"'),
                path=paths.get(name, (name,)),
            )
            seen.setdefault((name.lower(), pkg.version), pkg)
    return list(seen.values())
