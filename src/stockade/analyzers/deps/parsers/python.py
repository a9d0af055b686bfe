"""Python: requirements files, pyproject.toml (PEP 621, Poetry) and the Python lockfiles."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from packaging.requirements import InvalidRequirement, Requirement

from stockade.analyzers.deps.model import Package, ParseError, normalize_name
from stockade.analyzers.deps.parsers._common import (
    LineFinder,
    load_json,
    load_toml,
    require_mapping,
    shortest_paths,
)

ECO = "PyPI"
_OPTION = re.compile(r"^\s*-")
_HASH = re.compile(r"\s--hash[= ]\S+")
_COMMENT = re.compile(r"(^|\s)#.*$")


def _norm(name: str) -> str:
    return normalize_name(ECO, name)


_SIMPLE_PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)\s*===?\s*([0-9][A-Za-z0-9.!+_-]*)$")


def _from_requirement(text: str, line: int) -> Package | None:
    """A pin is ``==X`` or ``===X`` without wildcard; anything else is an unpinned range.
    The plain ``name==version`` line, by far the most common, skips the full grammar."""
    simple = _SIMPLE_PIN.match(text.strip())
    if simple:
        return Package(ECO, simple.group(1), simple.group(2), line, path=(simple.group(1),))
    try:
        req = Requirement(text)
    except InvalidRequirement:
        return None
    if req.url:
        return None  # direct URL/VCS references have no registry version
    specs = list(req.specifier)
    if len(specs) == 1 and specs[0].operator in ("==", "===") and "*" not in specs[0].version:
        return Package(ECO, req.name, specs[0].version, line, path=(req.name,))
    return Package(ECO, req.name, "", line, pinned=False, spec=str(req.specifier), path=(req.name,))


def _logical_lines(text: str) -> Iterable[tuple[int, str]]:
    """Lines joined at trailing backslashes, comments removed, with their first line number."""
    buffer, start = "", 0
    for number, raw in enumerate(text.splitlines(), 1):
        if not buffer:
            start = number
        stripped = _COMMENT.sub("", raw).rstrip()
        if stripped.endswith("\\"):
            buffer += stripped[:-1] + " "
            continue
        yield start, buffer + stripped
        buffer = ""
    if buffer:
        yield start, buffer


def parse_requirements(text: str) -> list[Package]:
    """``-r``/``-c`` includes are other files of the tree and are scanned on their own;
    options, URLs and editable installs name no registry version and are left out."""
    packages: list[Package] = []
    for number, line in _logical_lines(text):
        body = _HASH.sub("", line).strip()
        if not body or _OPTION.match(body) or "://" in body.split(";")[0]:
            continue
        pkg = _from_requirement(body, number)
        if pkg is not None:
            packages.append(pkg)
    return packages


def _pep621(data: Mapping[str, Any], finder: LineFinder) -> list[Package]:
    project = data.get("project") or {}
    reqs: list[str] = list(project.get("dependencies") or [])
    for group in (project.get("optional-dependencies") or {}).values():
        reqs.extend(group or [])
    for group in (data.get("dependency-groups") or {}).values():
        reqs.extend(r for r in group or [] if isinstance(r, str))
    out = []
    for req in reqs:
        if isinstance(req, str):
            pkg = _from_requirement(req, finder.find(f'"{req}"') if req else 1)
            if pkg is not None:
                out.append(pkg)
    return out


def _poetry_spec(value: Any) -> str | None:
    if isinstance(value, str):
        return value
    if isinstance(value, Mapping) and isinstance(value.get("version"), str):
        return str(value["version"])
    return None


def _poetry(data: Mapping[str, Any], finder: LineFinder) -> list[Package]:
    poetry = (data.get("tool") or {}).get("poetry") or {}
    tables = [poetry.get("dependencies") or {}, poetry.get("dev-dependencies") or {}]
    tables += [(g or {}).get("dependencies") or {} for g in (poetry.get("group") or {}).values()]
    out = []
    for table in tables:
        for name, value in table.items():
            spec = _poetry_spec(value)
            if name.lower() == "python" or spec is None:
                continue
            line = finder.find(name, "=")
            exact = re.fullmatch(r"=?=?\s*(\d[\w.!+-]*)", spec.strip())
            if exact:
                out.append(Package(ECO, name, exact.group(1), line, path=(name,)))
            else:
                out.append(Package(ECO, name, "", line, pinned=False, spec=spec, path=(name,)))
    return out


def parse_pyproject(text: str) -> list[Package]:
    data = load_toml(text)
    finder = LineFinder(text)
    return _pep621(data, finder) + _poetry(data, finder)


def _lock_packages(
    entries: Iterable[Mapping[str, Any]], roots: Iterable[str], finder: LineFinder
) -> list[Package]:
    """Packages of a ``[[package]]`` lock with ``dependencies`` edges, paths from ``roots``."""
    entries = [e for e in entries if isinstance(e, Mapping) and "name" in e and "version" in e]
    edges: dict[str, list[str]] = {}
    for entry in entries:
        deps = entry.get("dependencies") or {}
        names = (
            deps.keys()
            if isinstance(deps, Mapping)
            else [d.get("name", "") if isinstance(d, Mapping) else str(d) for d in deps]
        )
        edges.setdefault(_norm(entry["name"]), []).extend(_norm(n) for n in names)
    root_list = [_norm(r) for r in roots]
    paths = shortest_paths(root_list or list(edges), edges)
    out = []
    for entry in entries:
        name, version = str(entry["name"]), str(entry["version"])
        line = finder.find(f'name = "{name}"')
        path = paths.get(_norm(name), (_norm(name),))
        out.append(Package(ECO, name, version, line, path=path))
    return out


def _roots_without_parents(entries: Sequence[Mapping[str, Any]]) -> list[str]:
    """Direct dependencies of a lock that does not list them: packages nothing depends on."""
    children: set[str] = set()
    for entry in entries:
        deps = entry.get("dependencies") or {}
        names = (
            deps.keys()
            if isinstance(deps, Mapping)
            else [d.get("name", "") if isinstance(d, Mapping) else str(d) for d in deps]
        )
        children.update(_norm(n) for n in names)
    return [str(e["name"]) for e in entries if "name" in e and _norm(e["name"]) not in children]


def _entries(data: Mapping[str, Any], key: str) -> list[Mapping[str, Any]]:
    value = data.get(key) or []
    if not isinstance(value, list):
        raise ParseError(f"'{key}' is not an array of tables")
    return [v for v in value if isinstance(v, Mapping)]


def parse_poetry_lock(text: str) -> list[Package]:
    entries = _entries(load_toml(text), "package")
    return _lock_packages(entries, _roots_without_parents(entries), LineFinder(text))


def parse_pdm_lock(text: str) -> list[Package]:
    entries = _entries(load_toml(text), "package")
    # pdm lists dependencies as requirement strings: keep their names only
    cleaned = [
        {**e, "dependencies": [_req_name(d) for d in e.get("dependencies") or []]} for e in entries
    ]
    return _lock_packages(cleaned, _roots_without_parents(cleaned), LineFinder(text))


def _req_name(text: Any) -> str:
    m = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", str(text))
    return m.group(1) if m else ""


def parse_uv_lock(text: str) -> list[Package]:
    """uv.lock: the project itself is an entry with a non-registry source; its dependencies
    are the roots. Workspace/editable/virtual entries are not registry packages."""
    entries = _entries(load_toml(text), "package")
    local = [e for e in entries if _is_local_source(e.get("source"))]
    roots = [_req_name(d.get("name")) for e in local for d in e.get("dependencies") or []]
    registry = [e for e in entries if not _is_local_source(e.get("source"))]
    return _lock_packages(registry, roots or _roots_without_parents(registry), LineFinder(text))


def _is_local_source(source: Any) -> bool:
    return isinstance(source, Mapping) and any(
        k in source for k in ("editable", "virtual", "directory", "path", "workspace")
    )


def parse_pylock(text: str) -> list[Package]:
    """PEP 751 ``pylock.toml``: ``[[packages]]`` with name and version (no graph)."""
    finder = LineFinder(text)
    out = []
    for entry in _entries(load_toml(text), "packages"):
        if "name" in entry and "version" in entry:
            name = str(entry["name"])
            line = finder.find(f'name = "{name}"')
            out.append(Package(ECO, name, str(entry["version"]), line, path=(name,)))
    return out


def parse_pipfile_lock(text: str) -> list[Package]:
    data = require_mapping(load_json(text), "Pipfile.lock")
    finder = LineFinder(text)
    out = []
    for section in ("default", "develop"):
        for name, info in (data.get(section) or {}).items():
            version = info.get("version", "") if isinstance(info, Mapping) else ""
            if isinstance(version, str) and version.startswith("=="):
                line = finder.find(f'"{name}"')
                out.append(Package(ECO, name, version[2:], line, path=(name,)))
    return out
