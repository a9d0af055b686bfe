"""npm ecosystem lockfiles: package-lock.json (v1–v3) / npm-shrinkwrap.json, yarn.lock
(v1 and Berry), pnpm-lock.yaml (before and from v9) and bun.lock."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from typing import Any

from stockade.analyzers.deps.model import Package, ParseError
from stockade.analyzers.deps.parsers._common import (
    LineFinder,
    load_json,
    load_yaml,
    require_mapping,
    shortest_paths,
)

ECO = "npm"


def _node_name(key: str) -> str:
    """``node_modules/a/node_modules/@s/b`` → ``@s/b``."""
    return key.rsplit("node_modules/", 1)[-1]


def _v2_path(key: str) -> tuple[str, ...]:
    """The nesting of a v2/v3 ``packages`` key is the dependency path npm installed."""
    return tuple(p.rstrip("/") for p in key.split("node_modules/") if p.strip("/"))


def _from_packages(packages: Mapping[str, Any], finder: LineFinder) -> list[Package]:
    out = []
    for key, info in packages.items():
        if not key or not isinstance(info, Mapping) or info.get("link"):
            continue
        if "node_modules/" not in key or not isinstance(info.get("version"), str):
            continue  # workspace folders are the project's own code
        name = str(info.get("name") or _node_name(key))
        line = finder.find(f'"{key}"')
        out.append(Package(ECO, name, info["version"], line, path=_v2_path(key)))
    return out


def _from_v1(deps: Mapping[str, Any], finder: LineFinder, prefix: tuple[str, ...]) -> list[Package]:
    out = []
    for name, info in deps.items():
        if not isinstance(info, Mapping) or not isinstance(info.get("version"), str):
            continue
        version = info["version"]
        path = (*prefix, name)
        if not version.startswith(("file:", "link:", "git", "http")):
            out.append(Package(ECO, name, version, finder.find(f'"{name}"'), path=path))
        out.extend(_from_v1(info.get("dependencies") or {}, finder, path))
    return out


def parse_package_lock(text: str) -> list[Package]:
    data = require_mapping(load_json(text), "package-lock.json")
    finder = LineFinder(text)
    if isinstance(data.get("packages"), Mapping):
        return _from_packages(data["packages"], finder)
    return _from_v1(data.get("dependencies") or {}, finder, ())


_YARN_NAME = re.compile(r'^"?((?:@[^@/"]+/)?[^@"]+)@')


def _yarn_blocks(text: str) -> Iterable[tuple[int, str, dict[str, str]]]:
    """``(line, header, fields)`` of each top-level entry, for v1 and Berry alike."""
    header, start = "", 0
    fields: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line.startswith(" "):
            if header:
                yield start, header, fields
            header, start, fields = line.rstrip(":"), number, {}
        elif line.startswith("  ") and not line.startswith("    "):
            key, _, value = line.strip().partition(" ")
            fields[key.rstrip(":")] = value.strip().strip('"')
    if header:
        yield start, header, fields


def parse_yarn_lock(text: str) -> list[Package]:
    out = []
    for line, header, fields in _yarn_blocks(text):
        if header.startswith("__metadata") or "version" not in fields:
            continue
        m = _YARN_NAME.match(header.split(",")[0].strip())
        if m is None:
            continue
        spec = header.split(",")[0]
        if "@workspace:" in spec or "@link:" in spec or "@portal:" in spec or "@file:" in spec:
            continue
        name = m.group(1)
        out.append(Package(ECO, name, fields["version"], line, path=(name,)))
    return out


_PNPM_KEY = re.compile(r"^/?((?:@[^/@]+/)?[^/@]+)[@/]([^(/@]+)")


def parse_pnpm_lock(text: str) -> list[Package]:
    """Keys are ``/name/1.0.0`` (v5), ``/name@1.0.0`` (v6) or ``name@1.0.0`` (v9); peer
    suffixes in parentheses are dropped. Roots come from ``importers`` (or top-level
    ``dependencies`` before workspaces), edges from each package's dependencies."""
    data = require_mapping(load_yaml(text) or {}, "pnpm-lock.yaml")
    finder = LineFinder(text)
    packages = data.get("snapshots") or data.get("packages") or {}
    if not isinstance(packages, Mapping):
        raise ParseError("'packages' is not a mapping")
    nodes: dict[str, tuple[str, str]] = {}
    edges: dict[str, list[str]] = {}
    for key, info in packages.items():
        m = _PNPM_KEY.match(str(key))
        if m is None:
            continue
        nodes[str(key)] = (m.group(1), m.group(2))
        deps = {}
        if isinstance(info, Mapping):
            deps = {**(info.get("dependencies") or {}), **(info.get("optionalDependencies") or {})}
        edges[f"{m.group(1)}@{m.group(2)}"] = [f"{n}@{_pnpm_ver(v)}" for n, v in deps.items()]
    paths = shortest_paths(_pnpm_roots(data), edges)
    out = []
    for key, (name, version) in nodes.items():
        node = f"{name}@{version}"
        path = tuple(p.rsplit("@", 1)[0] for p in paths.get(node, (node,)))
        out.append(Package(ECO, name, version, finder.find(str(key).split("(")[0]), path=path))
    return _dedupe(out)


def _pnpm_ver(value: Any) -> str:
    text = str(value.get("version") if isinstance(value, Mapping) else value)
    return text.split("(")[0]


def _pnpm_roots(data: Mapping[str, Any]) -> list[str]:
    importers = data.get("importers") or {".": data}
    roots = []
    for importer in importers.values():
        if not isinstance(importer, Mapping):
            continue
        for section in ("dependencies", "devDependencies", "optionalDependencies"):
            for name, value in (importer.get(section) or {}).items():
                roots.append(f"{name}@{_pnpm_ver(value)}")
    return roots


def _dedupe(packages: list[Package]) -> list[Package]:
    seen: dict[tuple[str, str], Package] = {}
    for pkg in packages:
        seen.setdefault((pkg.name, pkg.version), pkg)
    return list(seen.values())


def _jsonc(text: str) -> Any:
    """bun.lock is JSON with trailing commas."""
    try:
        return json.loads(re.sub(r",(\s*[}\]])", r"\1", text))
    except ValueError as exc:
        raise ParseError(f"invalid bun.lock: {exc}") from exc


def parse_bun_lock(text: str) -> list[Package]:
    data = require_mapping(_jsonc(text), "bun.lock")
    finder = LineFinder(text)
    out = []
    for key, entry in (data.get("packages") or {}).items():
        if not isinstance(entry, list) or not entry or not isinstance(entry[0], str):
            continue
        ident = entry[0]
        name, _, version = ident.rpartition("@")
        if not name or version.startswith(("workspace:", "file:", "link:", "github:")):
            continue
        out.append(Package(ECO, name, version, finder.find(f'"{key}"'), path=(name,)))
    return out
