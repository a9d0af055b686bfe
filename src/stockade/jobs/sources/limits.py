"""Limits that keep a hostile or huge source from exhausting the worker."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class SourceLimits:
    max_archive_bytes: int = 100 * 1024 * 1024  # the archive as uploaded
    max_total_bytes: int = 1024 * 1024 * 1024  # everything extracted or cloned
    max_files: int = 100_000
    max_ratio: float = 200.0  # extracted size / archive size (zip and gzip bombs)
    max_inline_files: int = 10_000  # the "files" source
    max_inline_bytes: int = 50 * 1024 * 1024
    git_timeout_seconds: float = 300.0
    allow_http_git: bool = False
    allow_private_targets: tuple[str, ...] = ()  # CIDRs or host names
    allowed_directories: tuple[str, ...] = ()
    git_config: tuple[tuple[str, str], ...] = field(default=())  # e.g. http.sslCAInfo
