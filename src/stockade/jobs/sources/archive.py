"""Safe extraction of zip and tar archives.

Nothing in an archive is trusted: sizes are counted while bytes are actually written (a
header can lie), member paths are validated one by one, links are refused when they point
outside the tree and skipped otherwise (the analysis never follows links anyway), device
files and FIFOs are refused, and the total size, the file count and the compression ratio
are capped so that a bomb fails fast instead of filling the disk.
"""

from __future__ import annotations

import contextlib
import io
import posixpath
import shutil
import stat
import tarfile
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from stockade.jobs.sources.errors import SourceError
from stockade.jobs.sources.limits import SourceLimits
from stockade.jobs.sources.paths import destination, names_root, safe_relative

CHUNK = 1024 * 1024


class _Budget:
    def __init__(self, archive_size: int, limits: SourceLimits) -> None:
        self.limits = limits
        self.max_bytes = min(limits.max_total_bytes, int(max(archive_size, 1) * limits.max_ratio))
        self.bytes = 0
        self.files = 0

    def add_file(self) -> None:
        self.files += 1
        if self.files > self.limits.max_files:
            raise SourceError(f"archive has more than {self.limits.max_files} files")

    def add_bytes(self, n: int) -> None:
        self.bytes += n
        if self.bytes > self.max_bytes:
            raise SourceError(
                "archive expands beyond the size limit "
                f"({self.max_bytes // (1024 * 1024)} MiB or {self.limits.max_ratio:g}x its size)"
            )


@contextlib.contextmanager
def _member(name: str) -> Iterator[None]:
    """Name the member when it collides with another one of the same path.

    An archive may hold a file ``x`` and a directory ``x/`` (or ``x/y``), in either order;
    the second cannot be created. That is the archive's fault, so it fails the job with a
    message naming the member instead of escaping as an OSError from the analysis process.
    """
    try:
        yield
    except (FileExistsError, IsADirectoryError, NotADirectoryError):
        raise SourceError(
            f"archive member {name[:200]!r} clashes with another member: "
            "the same path is both a file and a directory"
        ) from None


def _make_dir(root: Path, name: str) -> None:
    if names_root(name):
        return  # ".": the extraction root itself, which exists
    with _member(name):
        destination(root, name).mkdir(parents=True, exist_ok=True)


def _copy(src: IO[bytes], dest: Path, budget: _Budget, name: str) -> None:
    with _member(name):
        dest.parent.mkdir(parents=True, exist_ok=True)
        with dest.open("wb") as out:
            while chunk := src.read(CHUNK):
                budget.add_bytes(len(chunk))
                out.write(chunk)


def _link_escapes(member_name: str, link_target: str) -> bool:
    if link_target.startswith("/") or safe_relative(member_name) is None:
        return True
    joined = posixpath.normpath(posixpath.join(posixpath.dirname(member_name), link_target))
    return joined == ".." or joined.startswith("../")


def extract_archive(filename: str, data: bytes, root: Path, limits: SourceLimits) -> None:
    """Extract ``data`` (named ``filename``) into the empty directory ``root``."""
    budget = _Budget(len(data), limits)
    if filename.lower().endswith(".zip"):
        _extract_zip(data, root, budget)
    else:
        _extract_tar(data, root, budget)


def _extract_zip(data: bytes, root: Path, budget: _Budget) -> None:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, OSError) as exc:
        raise SourceError(f"not a valid zip archive: {exc}") from None
    with archive:
        for info in archive.infolist():
            mode = info.external_attr >> 16
            if info.is_dir():
                _make_dir(root, info.filename)
                continue
            if stat.S_ISLNK(mode):
                target = archive.read(info)[:4096].decode("utf-8", "replace")
                if _link_escapes(info.filename, target):
                    raise SourceError(f"archive link {info.filename!r} points outside the tree")
                continue
            if mode and not stat.S_ISREG(mode) and stat.S_IFMT(mode) != 0:
                raise SourceError(f"archive member {info.filename!r} is not a regular file")
            budget.add_file()
            dest = destination(root, info.filename)
            try:
                with archive.open(info) as src:
                    _copy(src, dest, budget, info.filename)
            except (zipfile.BadZipFile, EOFError, NotImplementedError, RuntimeError) as exc:
                raise SourceError(f"cannot extract {info.filename!r}: {exc}") from None


def _extract_tar(data: bytes, root: Path, budget: _Budget) -> None:
    try:
        archive = tarfile.open(fileobj=io.BytesIO(data), mode="r:*")  # noqa: SIM115 - closed below
    except (tarfile.TarError, OSError, EOFError) as exc:
        raise SourceError(f"not a valid tar archive: {exc}") from None
    with archive:
        try:
            for member in archive:
                _tar_member(archive, member, root, budget)
        except (tarfile.TarError, OSError, EOFError) as exc:
            raise SourceError(f"corrupt tar archive: {exc}") from None


def _tar_member(
    archive: tarfile.TarFile, member: tarfile.TarInfo, root: Path, budget: _Budget
) -> None:
    if member.isdir():
        _make_dir(root, member.name)
        return
    if member.issym() or member.islnk():
        if _link_escapes(member.name, member.linkname):
            raise SourceError(f"archive link {member.name!r} points outside the tree")
        return
    if not member.isreg():
        raise SourceError(f"archive member {member.name!r} is a device, FIFO or other special file")
    budget.add_file()
    dest = destination(root, member.name)
    src = archive.extractfile(member)
    if src is None:
        raise SourceError(f"cannot read archive member {member.name!r}")
    with src:
        _copy(src, dest, budget, member.name)


def write_files(files: tuple[tuple[str, str], ...], root: Path) -> None:
    """Materialise an inline ``files`` source (paths were validated at submission)."""
    for rel, content in files:
        dest = destination(root, rel)
        with _member(rel):
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_text(content, encoding="utf-8")


def clear(root: Path) -> None:
    shutil.rmtree(root, ignore_errors=True)
