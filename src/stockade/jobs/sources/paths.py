"""Validation of member paths coming from archives and inline file lists."""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

from stockade.jobs.sources.errors import SourceError

_DRIVE = re.compile(r"^[A-Za-z]:")
MAX_PATH_LENGTH = 1024


def safe_relative(name: str) -> PurePosixPath | None:
    """The member path as a clean relative path, or None when it must be refused.

    Refused: absolute paths, drive letters, ``..`` anywhere, backslash tricks, NUL bytes
    and absurd lengths. ``./a`` and ``a//b`` are normalised, not refused.
    """
    if not name or "\x00" in name or len(name) > MAX_PATH_LENGTH:
        return None
    posix = name.replace("\\", "/")
    if posix.startswith("/") or _DRIVE.match(posix):
        return None
    parts = [p for p in posix.split("/") if p not in ("", ".")]
    if not parts or ".." in parts:
        return None
    return PurePosixPath(*parts)


def names_root(name: str) -> bool:
    """True for ``.``, ``./`` and the like: the archive's own top directory.

    ``tar czf x.tgz -C dir .`` stores the tree as ``.`` followed by ``./a.py``; that entry
    creates nothing (the extraction root exists) but is not unsafe either.
    """
    posix = name.replace("\\", "/")
    if not name or posix.startswith("/"):
        return False
    return all(part in ("", ".") for part in posix.split("/"))


def destination(root: Path, name: str) -> Path:
    """Where member ``name`` goes under ``root``; raises for anything that escapes."""
    rel = safe_relative(name)
    if rel is None:
        raise SourceError(f"unsafe path in source: {name[:200]!r}")
    target = root.joinpath(*rel.parts)
    if root not in target.parents:
        raise SourceError(f"unsafe path in source: {name[:200]!r}")
    return target
