"""The ``directory`` source: a path on the server, only under configured roots."""

from __future__ import annotations

from pathlib import Path

from stockade.jobs.sources.errors import SourceError, SourceRejectedError


def check_allowed(path: str, allowed: tuple[str, ...]) -> Path:
    """The resolved directory, if it lies under an allowed root; otherwise 403.

    Resolution happens before the comparison, so ``..`` and symbolic links cannot climb out
    of an allowed root.
    """
    if not allowed:
        raise SourceRejectedError(
            "directory sources are disabled on this server "
            "(server.analysis.allowed_directories is empty)",
            field="source.path",
            status=403,
        )
    resolved = Path(path).resolve()
    for root in allowed:
        base = Path(root).resolve()
        if resolved == base or base in resolved.parents:
            return resolved
    raise SourceRejectedError(
        "directory is outside server.analysis.allowed_directories", field="source.path", status=403
    )


def resolve_directory(path: str, allowed: tuple[str, ...]) -> Path:
    """Re-check at fetch time (configuration or the file system may have changed)."""
    try:
        resolved = check_allowed(path, allowed)
    except SourceRejectedError as exc:
        raise SourceError(str(exc)) from None
    if not resolved.is_dir():
        raise SourceError(f"directory does not exist: {path}")
    return resolved
