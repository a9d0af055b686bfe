"""Materialise a validated source for analysis (runs in the worker, never in a request)."""

from __future__ import annotations

from pathlib import Path

from stockade.jobs.sources import git
from stockade.jobs.sources.archive import extract_archive, write_files
from stockade.jobs.sources.directory import resolve_directory
from stockade.jobs.sources.limits import SourceLimits
from stockade.jobs.sources.spec import (
    ArchiveSource,
    DirectorySource,
    FilesSource,
    GitSource,
    SourceSpec,
)


def fetch(source: SourceSpec, workdir: Path, limits: SourceLimits) -> Path:
    """The directory to analyse. ``workdir`` is private to the job and removed afterwards;
    a ``directory`` source is analysed in place (read-only) and ignores it."""
    if isinstance(source, DirectorySource):
        return resolve_directory(source.path, limits.allowed_directories)
    root = workdir / "src"
    root.mkdir(parents=True, exist_ok=False)
    if isinstance(source, GitSource):
        git.clone(source, root, limits)
    elif isinstance(source, ArchiveSource):
        extract_archive(source.filename, source.data, root, limits)
    elif isinstance(source, FilesSource):
        write_files(source.files, root)
    return root
