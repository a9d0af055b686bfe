"""Cargo.lock (v3 and v4): ``[[package]]`` entries with ``dependencies`` edges."""

from __future__ import annotations

from stockade.analyzers.deps.model import Package, ParseError
from stockade.analyzers.deps.parsers._common import LineFinder, load_toml, shortest_paths

ECO = "crates.io"


def parse_cargo_lock(text: str) -> list[Package]:
    """Entries without ``source`` are the workspace's own crates: their dependencies are
    the roots. Dependency items read ``name``, ``name version`` or ``name version (source)``."""
    entries = load_toml(text).get("package") or []
    if not isinstance(entries, list):
        raise ParseError("'package' is not an array of tables")
    entries = [e for e in entries if isinstance(e, dict) and "name" in e and "version" in e]
    by_name: dict[str, list[str]] = {}
    for e in entries:
        by_name.setdefault(e["name"], []).append(e["version"])
    edges: dict[str, list[str]] = {}
    for e in entries:
        key = f"{e['name']} {e['version']}"
        edges[key] = [_dep_key(str(d), by_name) for d in e.get("dependencies") or []]
    roots = [d for e in entries if "source" not in e for d in edges[f"{e['name']} {e['version']}"]]
    paths = shortest_paths(roots, edges)
    finder = LineFinder(text)
    out = []
    for e in entries:
        if "source" not in e or not str(e["source"]).startswith("registry+"):
            continue
        key = f"{e['name']} {e['version']}"
        path = tuple(p.split(" ")[0] for p in paths.get(key, (key,)))
        line = finder.find(f'name = "{e["name"]}"')
        out.append(Package(ECO, e["name"], e["version"], line, path=path))
    return out


def _dep_key(item: str, by_name: dict[str, list[str]]) -> str:
    parts = item.split(" ")
    if len(parts) >= 2:
        return f"{parts[0]} {parts[1]}"
    versions = by_name.get(parts[0]) or [""]
    return f"{parts[0]} {versions[0]}"
