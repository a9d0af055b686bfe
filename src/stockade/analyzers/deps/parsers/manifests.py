"""Manifests without a lockfile: package.json and Cargo.toml.

Their requirements are ranges; an exact version (``"1.2.3"``, ``"=1.2.3"``) is a pin.
When a lockfile sits beside the manifest, the lockfile is the truth and the manifest is not
read (see :data:`LOCKFILES_BESIDE`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from stockade.analyzers.deps.model import Package
from stockade.analyzers.deps.parsers._common import (
    LineFinder,
    load_json,
    load_toml,
    require_mapping,
)

LOCKFILES_BESIDE: Mapping[str, tuple[str, ...]] = {
    "package.json": (
        "package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml", "bun.lock",
    ),
    "Cargo.toml": ("Cargo.lock",),
    "pyproject.toml": ("poetry.lock", "uv.lock", "pdm.lock", "pylock.toml"),
}  # fmt: skip
_EXACT = re.compile(r"^=?v?(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)$")
_NOT_REGISTRY = ("file:", "link:", "git", "http:", "https:", "workspace:", "npm:", "github:")


def _package(eco: str, name: str, spec: str, line: int) -> Package:
    exact = _EXACT.match(spec.strip())
    if exact:
        return Package(eco, name, exact.group(1), line, path=(name,))
    return Package(eco, name, "", line, pinned=False, spec=spec.strip(), path=(name,))


def parse_package_json(text: str) -> list[Package]:
    data = require_mapping(load_json(text), "package.json")
    finder = LineFinder(text)
    out = []
    for section in ("dependencies", "devDependencies", "optionalDependencies"):
        deps = data.get(section) or {}
        if not isinstance(deps, Mapping):
            continue
        for name, spec in deps.items():
            if isinstance(spec, str) and not spec.startswith(_NOT_REGISTRY) and "/" not in spec:
                out.append(_package("npm", str(name), spec, finder.find(f'"{name}"')))
    return out


def _cargo_spec(value: Any) -> str | None:
    if isinstance(value, str):
        return value
    if isinstance(value, Mapping) and isinstance(value.get("version"), str):
        return str(value["version"])
    return None  # path or git dependency without a registry version


def parse_cargo_toml(text: str) -> list[Package]:
    data = load_toml(text)
    tables = [data.get(k) or {} for k in ("dependencies", "dev-dependencies", "build-dependencies")]
    tables.append((data.get("workspace") or {}).get("dependencies") or {})
    finder = LineFinder(text)
    out = []
    for table in tables:
        for key, value in table.items():
            spec = _cargo_spec(value)
            if spec is None:
                continue
            name = str(value.get("package", key)) if isinstance(value, Mapping) else str(key)
            out.append(_package("crates.io", name, spec, finder.find(str(key))))
    return out
