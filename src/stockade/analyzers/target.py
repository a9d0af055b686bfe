"""A read-only, safe view of the tree being analysed.

The walk honours ``.gitignore`` and ``.stockadeignore`` (nested ones too, with git's
semantics), skips version-control, dependency and build directories by default, never
follows a symbolic link out of the root (symlinked directories are not followed at all, so
a symlink loop cannot trap the walk) and skips files over the size limit. Everything it
skips is recorded with a reason. Binary detection and shebangs need the file's bytes, so
they happen when an analyzer reads the file (:func:`load_content`), not during the walk.
"""

from __future__ import annotations

import codecs
import os
import stat
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import pathspec

from stockade.analyzers.languages import language_of_path, language_of_shebang
from stockade.core.errors import TargetError
from stockade.core.finding import ScanIssue

DEFAULT_EXCLUDED_DIRS: tuple[str, ...] = (
    ".git",
    ".hg",
    ".svn",
    ".bzr",
    "node_modules",
    "bower_components",
    "jspm_packages",
    "vendor",
    ".venv",
    "venv",
    "__pycache__",
    ".tox",
    ".nox",
    ".mypy_cache",
    ".pytest_cache",
    ".ruff_cache",
    ".gradle",
    ".idea",
    ".terraform",
    ".next",
    ".nuxt",
    "dist",
    "build",
    ".eggs",
    "site-packages",
)
IGNORE_FILES: tuple[str, ...] = (".gitignore", ".stockadeignore")
DEFAULT_MAX_FILE_BYTES = 25 * 1024 * 1024
_SNIFF_BYTES = 8192


@dataclass(frozen=True, slots=True)
class TargetOptions:
    """How to walk a tree. ``exclude`` holds extra gitignore-style patterns."""

    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES
    exclude: tuple[str, ...] = ()
    excluded_dirs: tuple[str, ...] = DEFAULT_EXCLUDED_DIRS
    use_default_excludes: bool = True
    respect_ignore_files: bool = True


@dataclass(frozen=True, slots=True)
class SourceFile:
    """A regular file inside the target. ``path`` is POSIX and relative to the root."""

    path: str
    abspath: str
    size: int
    language: str | None


@dataclass(slots=True)
class _IgnoreLayer:
    prefix: str  # directory of the ignore file, relative to the root, "" or ending in "/"
    spec: pathspec.GitIgnoreSpec


@dataclass
class Target:
    """A directory (or a single file) to analyse.

    A target is cheap to pickle: worker processes receive it and re-read files themselves.
    """

    root: Path
    options: TargetOptions = field(default_factory=TargetOptions)
    only: str | None = None  # set when the user named a single file

    @classmethod
    def open(cls, path: str | os.PathLike[str], options: TargetOptions | None = None) -> Target:
        """Validate ``path`` and build a target; a single file is scanned on its own."""
        p = Path(path)
        try:
            st = p.stat()
        except FileNotFoundError:
            raise TargetError(f"path does not exist: {p}") from None
        except PermissionError:
            raise TargetError(f"permission denied: {p}") from None
        except OSError as exc:  # ELOOP, ENAMETOOLONG, …
            raise TargetError(f"cannot open {p}: {exc.strerror or exc}") from None
        opts = options or TargetOptions()
        if stat.S_ISDIR(st.st_mode):
            if not os.access(p, os.R_OK | os.X_OK):
                raise TargetError(f"permission denied: {p}")
            return cls(root=p.resolve(), options=opts)
        if stat.S_ISREG(st.st_mode):
            resolved = p.resolve()
            return cls(root=resolved.parent, options=opts, only=resolved.name)
        raise TargetError(f"not a regular file or directory: {p}")

    # -- walking -------------------------------------------------------------------------

    def walk(self) -> tuple[list[SourceFile], list[ScanIssue]]:
        """All files to analyse, sorted by path, and what was skipped and why."""
        files: list[SourceFile] = []
        skipped: list[ScanIssue] = []
        if self.only is not None:
            self._consider(self.only, files, skipped)
        else:
            self._walk_dir("", self._root_layers(), files, skipped)
        files.sort(key=lambda f: f.path)
        return files, skipped

    @cached_property
    def _extra_spec(self) -> pathspec.GitIgnoreSpec | None:
        if not self.options.exclude:
            return None
        return pathspec.GitIgnoreSpec.from_lines(self.options.exclude)

    def _root_layers(self) -> list[_IgnoreLayer]:
        layers = []
        if self._extra_spec is not None:
            layers.append(_IgnoreLayer("", self._extra_spec))
        return layers

    def _ignored(self, rel: str, is_dir: bool, layers: Sequence[_IgnoreLayer]) -> bool:
        candidate = rel + "/" if is_dir else rel
        ignored = False
        for layer in layers:
            if not candidate.startswith(layer.prefix):
                continue
            result = layer.spec.check_file(candidate[len(layer.prefix) :])
            if result.include is not None:
                ignored = bool(result.include)
        return ignored

    def _walk_dir(
        self,
        rel_dir: str,
        layers: list[_IgnoreLayer],
        files: list[SourceFile],
        skipped: list[ScanIssue],
    ) -> None:
        abs_dir = self.root / rel_dir if rel_dir else self.root
        try:
            entries = sorted(os.scandir(abs_dir), key=lambda e: e.name)
        except OSError as exc:
            skipped.append(ScanIssue("skipped", rel_dir or ".", f"cannot list: {exc.strerror}"))
            return
        if self.options.respect_ignore_files:
            layers = layers + self._load_ignore_layers(rel_dir, entries, skipped)
        for entry in entries:
            rel = f"{rel_dir}{entry.name}"
            try:
                is_link = entry.is_symlink()
                is_dir = not is_link and entry.is_dir(follow_symlinks=False)
            except OSError as exc:
                skipped.append(ScanIssue("skipped", rel, f"cannot stat: {exc.strerror}"))
                continue
            if is_dir:
                if self._excluded_dir(entry.name) or self._ignored(rel, True, layers):
                    continue
                self._walk_dir(rel + "/", layers, files, skipped)
            elif not self._ignored(rel, False, layers):
                self._consider(rel, files, skipped, is_link=is_link, entry=entry)

    def _excluded_dir(self, name: str) -> bool:
        return self.options.use_default_excludes and name in self.options.excluded_dirs

    def _load_ignore_layers(
        self, rel_dir: str, entries: Sequence[os.DirEntry[str]], skipped: list[ScanIssue]
    ) -> list[_IgnoreLayer]:
        layers = []
        for entry in entries:
            if entry.name not in IGNORE_FILES or not entry.is_file(follow_symlinks=False):
                continue
            try:
                with open(entry.path, encoding="utf-8", errors="replace") as fh:
                    spec = pathspec.GitIgnoreSpec.from_lines(fh)
            except (OSError, ValueError) as exc:
                skipped.append(
                    ScanIssue("skipped", rel_dir + entry.name, f"bad ignore file: {exc}")
                )
                continue
            layers.append(_IgnoreLayer(rel_dir, spec))
        return layers

    def _consider(
        self,
        rel: str,
        files: list[SourceFile],
        skipped: list[ScanIssue],
        *,
        is_link: bool = False,
        entry: os.DirEntry[str] | None = None,
    ) -> None:
        """``entry``, from the directory walk, already knows whether it is a link and gives
        its path and status without more path arithmetic or system calls (a tree of 7,000
        files walked in half the time)."""
        if entry is not None and not is_link:
            try:
                st = entry.stat(follow_symlinks=False)
            except OSError as exc:
                skipped.append(ScanIssue("skipped", rel, f"cannot stat: {exc.strerror}"))
                return
            self._add(rel, entry.path, st, files, skipped)
            return
        abspath = self.root / rel
        if is_link or abspath.is_symlink():
            resolved = self._resolve_inside(rel)
            if resolved is None:
                skipped.append(ScanIssue("skipped", rel, "symbolic link pointing outside the root"))
                return
            # A link to another file of the tree: that file is analysed under its own path.
            skipped.append(ScanIssue("skipped", rel, "symbolic link (target analysed directly)"))
            return
        try:
            st = abspath.stat()
        except OSError as exc:
            skipped.append(ScanIssue("skipped", rel, f"cannot stat: {exc.strerror}"))
            return
        self._add(rel, str(abspath), st, files, skipped)

    def _add(
        self,
        rel: str,
        abspath: str,
        st: os.stat_result,
        files: list[SourceFile],
        skipped: list[ScanIssue],
    ) -> None:
        if not stat.S_ISREG(st.st_mode):
            skipped.append(ScanIssue("skipped", rel, "not a regular file"))
            return
        if st.st_size > self.options.max_file_bytes:
            limit = self.options.max_file_bytes // (1024 * 1024)
            skipped.append(ScanIssue("skipped", rel, f"file larger than {limit} MiB"))
            return
        files.append(SourceFile(rel, abspath, st.st_size, language_of_path(rel)))

    # -- reading -------------------------------------------------------------------------

    def _resolve_inside(self, rel: str) -> Path | None:
        try:
            resolved = (self.root / rel).resolve(strict=True)
        except (OSError, RuntimeError):  # missing target or a symlink loop
            return None
        if resolved != self.root and self.root not in resolved.parents:
            return None
        return resolved

    def resolve(self, rel: str) -> Path:
        """The absolute path of ``rel``, refusing anything that leaves the root."""
        clean = rel.replace("\\", "/").lstrip("/")
        resolved = self._resolve_inside(clean)
        if resolved is None:
            raise TargetError(f"{rel}: outside the analysed tree or missing")
        return resolved

    def read_bytes(self, rel: str) -> bytes:
        """Read a file of the tree (for analyzers following references between files)."""
        path = self.resolve(rel)
        if not path.is_file():
            raise TargetError(f"{rel}: not a regular file")
        if path.stat().st_size > self.options.max_file_bytes:
            raise TargetError(f"{rel}: larger than the file size limit")
        return path.read_bytes()


# -- content -------------------------------------------------------------------------------

_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


def sniff_encoding(data: bytes) -> tuple[str | None, int]:
    """The text encoding of ``data`` and the length of its BOM; ``None`` means binary.

    UTF-16/32 text contains NUL bytes, so BOMs and the NUL pattern of BOM-less UTF-16 are
    checked before the NUL-byte test that marks a file binary.
    """
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            return encoding, len(bom)
    head = data[:_SNIFF_BYTES]
    if b"\x00" not in head:
        return "utf-8", 0
    guess = _bomless_utf16(head)
    return (guess, 0) if guess else (None, 0)


def _bomless_utf16(head: bytes) -> str | None:
    """UTF-16 without a BOM: NULs in every other byte, and it decodes to printable text."""
    if len(head) < 32:
        return None
    half = len(head) // 2
    even_nuls, odd_nuls = head[0::2].count(0), head[1::2].count(0)
    if odd_nuls > 0.4 * half and even_nuls < 0.05 * half:
        encoding = "utf-16-le"
    elif even_nuls > 0.4 * half and odd_nuls < 0.05 * half:
        encoding = "utf-16-be"
    else:
        return None
    try:
        text = head[: len(head) & ~1].decode(encoding)
    except UnicodeDecodeError:
        return None
    printable = sum(1 for ch in text if ch.isprintable() or ch in "\r\n\t")
    return encoding if printable >= 0.95 * len(text) else None


@dataclass
class FileContent:
    """The bytes of one file, read once and shared by every analyzer that wants it.

    ``data`` is the raw content; ``text`` is decoded (invalid UTF-8 is replaced, never
    fatal, and ``decode_errors`` says so) with the BOM removed. Binary files have
    ``encoding`` None; analyzers that cannot use them say so through ``Analyzer.wants_binary``.
    """

    file: SourceFile
    data: bytes
    encoding: str | None
    bom_length: int = 0
    decode_errors: bool = False

    @property
    def path(self) -> str:
        return self.file.path

    @property
    def binary(self) -> bool:
        return self.encoding is None

    @cached_property
    def language(self) -> str | None:
        return self.file.language or (None if self.binary else language_of_shebang(self.data[:256]))

    @cached_property
    def text(self) -> str:
        if self.encoding is None:
            return self.data.decode("latin-1")
        body = self.data[self.bom_length :]
        try:
            return body.decode(self.encoding)
        except UnicodeDecodeError:
            self.decode_errors = True
            return body.decode(self.encoding, errors="replace")

    @cached_property
    def utf8(self) -> bytes:
        """The content as UTF-8 bytes (what tree-sitter and byte regexes want)."""
        if self.encoding == "utf-8" and self.bom_length == 0 and not self.decode_errors:
            return self.data
        return self.text.encode("utf-8", "surrogatepass")

    @cached_property
    def lines(self) -> list[str]:
        return self.text.splitlines()

    def line(self, number: int) -> str:
        """Line ``number`` (1-based) without its line break, or "" past the end."""
        if 1 <= number <= len(self.lines):
            return self.lines[number - 1]
        return ""


def load_content(file: SourceFile) -> FileContent:
    """Read a file once and classify it (text encoding or binary)."""
    with open(file.abspath, "rb") as fh:
        data = fh.read()
    encoding, bom = sniff_encoding(data)
    return FileContent(file, data, encoding, bom)
