"""Per-project settings from ``.stockade.toml`` at the root of the analysed tree.

``[scan]`` holds walk settings (``exclude`` patterns, ``max_file_mb``); every other table is
handed to the analyzer of that name as its options (``[secrets]``, ``[sast]``,
``[dependencies]``, ``[api]``). Module options whose names end in ``_files`` or ``_dirs`` are
paths: relative ones are resolved against the project root, so a rule file named in the
project's own configuration is found wherever ``stockade`` is started from.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from stockade.core.errors import ConfigError

FILE_NAME = ".stockade.toml"


@dataclass(frozen=True)
class ProjectConfig:
    exclude: tuple[str, ...] = ()
    max_file_mb: float | None = None
    modules: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    @classmethod
    def load(cls, root: Path, *, confined: bool = False) -> ProjectConfig:
        """``confined``: the tree is not the operator's (a server job), so every path its
        configuration names must stay inside the tree."""
        path = root / FILE_NAME
        if not path.is_file():
            return cls()
        try:
            raw = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise ConfigError(f"{path}: {exc}") from None
        return cls._from_toml(raw, path, confined)

    @classmethod
    def _from_toml(cls, raw: dict[str, Any], path: Path, confined: bool = False) -> ProjectConfig:
        scan = raw.pop("scan", {})
        if not isinstance(scan, dict):
            raise ConfigError(f"{path}: [scan] must be a table")
        exclude = scan.get("exclude", [])
        if not isinstance(exclude, list) or not all(isinstance(p, str) for p in exclude):
            raise ConfigError(f"{path}: scan.exclude must be a list of strings")
        max_mb = scan.get("max_file_mb")
        if max_mb is not None and (not isinstance(max_mb, int | float) or max_mb <= 0):
            raise ConfigError(f"{path}: scan.max_file_mb must be a positive number")
        modules = {
            name: _resolve_paths(options, path.parent, f"{FILE_NAME}: {name}", confined)
            for name, options in raw.items()
            if isinstance(options, dict)
        }
        return cls(tuple(exclude), float(max_mb) if max_mb else None, modules)


_PATH_SUFFIXES = ("_files", "_dirs")


def _resolve_paths(
    options: dict[str, Any], root: Path, where: str, confined: bool
) -> dict[str, Any]:
    resolved = dict(options)
    for key, value in options.items():
        if key.endswith(_PATH_SUFFIXES) and isinstance(value, list):
            resolved[key] = [
                _resolve(item, root, f"{where}.{key}", confined) if isinstance(item, str) else item
                for item in value
            ]
    return resolved


def _resolve(item: str, root: Path, where: str, confined: bool) -> str:
    if not confined:
        return item if Path(item).is_absolute() else str(root / item)
    # Resolved (symbolic links followed) before the check, so a link cannot lead outside.
    full = (root / item).resolve()
    if not full.is_relative_to(root.resolve()):
        raise ConfigError(f"{where}: {item!r} is outside the project; only its own files count")
    return str(full)
