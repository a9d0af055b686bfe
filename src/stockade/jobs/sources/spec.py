"""Typed job sources, validated from the request body without touching the network."""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from stockade.jobs.sources.errors import SourceRejectedError
from stockade.jobs.sources.limits import SourceLimits
from stockade.jobs.sources.paths import safe_relative

ARCHIVE_SUFFIXES = (".zip", ".tar", ".tar.gz", ".tgz")
_REF = re.compile(r"^[A-Za-z0-9._/@+-]{1,200}$")


@dataclass(frozen=True)
class GitSource:
    url: str
    ref: str | None = None
    token: str | None = None  # never stored, never logged, never in public()
    # Fetch every commit and keep the repository (the job's ``history`` option), not only
    # the tree of the ref.
    history: bool = False

    def public(self) -> dict[str, Any]:
        return {"type": "git", "url": self.url, **({"ref": self.ref} if self.ref else {})}


@dataclass(frozen=True)
class ArchiveSource:
    filename: str
    data: bytes

    def public(self) -> dict[str, Any]:
        return {"type": "archive", "filename": self.filename}


@dataclass(frozen=True)
class FilesSource:
    files: tuple[tuple[str, str], ...]

    def public(self) -> dict[str, Any]:
        return {"type": "files", "files_count": len(self.files)}


@dataclass(frozen=True)
class DirectorySource:
    path: str

    def public(self) -> dict[str, Any]:
        return {"type": "directory", "path": self.path}


SourceSpec = GitSource | ArchiveSource | FilesSource | DirectorySource


def parse_source(raw: Any, limits: SourceLimits | None = None) -> SourceSpec:
    """Validate a request's ``source`` object; raises :class:`SourceRejectedError`."""
    lim = limits or SourceLimits()
    if not isinstance(raw, Mapping):
        raise SourceRejectedError("source must be an object with a 'type'")
    kind = raw.get("type")
    parsers: dict[str, Callable[[Mapping[str, Any], SourceLimits], SourceSpec]] = {
        "git": _git,
        "archive": _archive,
        "files": _files,
        "directory": _directory,
    }
    if not isinstance(kind, str) or kind not in parsers:
        raise SourceRejectedError(
            f"unknown source type {kind!r}; expected git, archive, files or directory",
            field="source.type",
        )
    return parsers[kind](raw, lim)


def _string(raw: Mapping[str, Any], key: str, *, required: bool = True) -> str | None:
    value = raw.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value:
        raise SourceRejectedError(f"source.{key} must be a non-empty string", field=f"source.{key}")
    return value


def _git(raw: Mapping[str, Any], lim: SourceLimits) -> GitSource:
    url = _string(raw, "url")
    assert url is not None
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises for a port out of range
    except ValueError:  # an unclosed "[" of an IPv6 literal, a port out of range
        raise SourceRejectedError("the git URL is malformed", field="source.url") from None
    allowed = ("https", "http") if lim.allow_http_git else ("https",)
    if parts.scheme not in allowed:
        raise SourceRejectedError(
            f"git URL scheme {parts.scheme or 'none'!r} is not allowed (use {' or '.join(allowed)})",
            field="source.url",
        )
    if not parts.hostname or parts.username or parts.password:
        raise SourceRejectedError(
            "git URL needs a host and must not embed credentials (use source.token)",
            field="source.url",
        )
    ref = _string(raw, "ref", required=False)
    if ref is not None and (not _REF.match(ref) or ref.startswith("-") or ".." in ref):
        raise SourceRejectedError("source.ref is not a valid git ref", field="source.ref")
    token = _string(raw, "token", required=False)
    return GitSource(url, ref, token)


def _archive(raw: Mapping[str, Any], lim: SourceLimits) -> ArchiveSource:
    filename = _string(raw, "filename")
    encoded = _string(raw, "content_base64")
    assert filename is not None and encoded is not None
    if len(encoded) > lim.max_archive_bytes * 4 // 3 + 4:
        raise SourceRejectedError("archive is larger than the limit", status=413)
    try:
        data = base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError):
        raise SourceRejectedError(
            "source.content_base64 is not valid base64", field="source.content_base64"
        ) from None
    return archive_from_upload(filename, data, lim)


def archive_from_upload(filename: str, data: bytes, lim: SourceLimits) -> ArchiveSource:
    """An archive given as a multipart file part (or decoded from base64)."""
    if not filename.lower().endswith(ARCHIVE_SUFFIXES):
        raise SourceRejectedError(
            f"archive must be one of {', '.join(ARCHIVE_SUFFIXES)}", field="source.filename"
        )
    if not data:
        raise SourceRejectedError("archive is empty", field="source.content_base64")
    if len(data) > lim.max_archive_bytes:
        raise SourceRejectedError("archive is larger than the limit", status=413)
    return ArchiveSource(filename.rsplit("/", 1)[-1], data)


def _files(raw: Mapping[str, Any], lim: SourceLimits) -> FilesSource:
    items = raw.get("files")
    if not isinstance(items, list) or not items:
        raise SourceRejectedError("source.files must be a non-empty list", field="source.files")
    if len(items) > lim.max_inline_files:
        raise SourceRejectedError(f"at most {lim.max_inline_files} files", status=413)
    files, total, seen = [], 0, set()
    for index, item in enumerate(items):
        where = f"source.files[{index}]"
        if not isinstance(item, Mapping):
            raise SourceRejectedError(f"{where} must be an object", field=where)
        path, content = item.get("path"), item.get("content")
        if not isinstance(path, str) or safe_relative(path) is None:
            raise SourceRejectedError(f"{where}.path is missing or unsafe", field=f"{where}.path")
        if not isinstance(content, str):
            raise SourceRejectedError(f"{where}.content must be a string", field=f"{where}.content")
        clean = str(safe_relative(path))
        if clean in seen:
            raise SourceRejectedError(f"{where}.path repeats {clean!r}", field=f"{where}.path")
        seen.add(clean)
        total += len(content)
        files.append((clean, content))
    if total > lim.max_inline_bytes:
        raise SourceRejectedError("files are larger than the limit", status=413)
    return FilesSource(tuple(files))


def _directory(raw: Mapping[str, Any], lim: SourceLimits) -> DirectorySource:
    path = _string(raw, "path")
    assert path is not None
    from stockade.jobs.sources.directory import check_allowed

    check_allowed(path, lim.allowed_directories)
    return DirectorySource(path)
