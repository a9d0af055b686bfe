"""Reading a repository's history as a stream of added lines.

``git rev-list`` lists the commits once; ``git log --no-walk --stdin`` then prints the patches
of a run of them (the whole history, or one worker's slice of it), and this module parses that
output as it arrives, so memory stays bounded by the per-file and per-commit caps whatever the
size of the history, and no commit is ever checked out. Only *added* lines are kept: a secret
is reported by the commit that introduced it, and unchanged lines are never re-read.

The output is read as bytes and parsed by structure, never by guessing: each commit starts
with a header line that begins with a NUL byte (no diff line can), and each hunk is consumed by
the line counts of its ``@@`` header, so an added line that looks like a header (``+diff --git``)
cannot derail the parser. Merge commits are read as dense combined diffs (``--cc``), whose
added lines are only those that differ from *every* parent: what the merge itself introduced
(a conflict resolution, an "evil merge"), not the branch content already scanned in its own
commits.

Everything about the repository that could change git's output format (``diff.noprefix``,
``color.ui``, external diff drivers, text conversion filters, rename detection, signature
display) is overridden on the command line, so the user's configuration cannot break parsing
or make git run a program named by the repository.
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from stockade.core.errors import ConfigError, TargetError

COMMIT_MARK = b"\x00"
# sha, parents, author name, author e-mail, author date (strict ISO 8601)
_FORMAT = "--format=%x00%H%x00%P%x00%an%x00%ae%x00%aI"
_HUNK = re.compile(rb"^(@{2,}) ((?:-\d+(?:,\d+)? )+)\+(\d+)(?:,(\d+))? @{2,}")
_OLD_RANGE = re.compile(rb"-\d+(?:,(\d+))?")
_ESCAPES = {
    ord("a"): 7,
    ord("b"): 8,
    ord("t"): 9,
    ord("n"): 10,
    ord("v"): 11,
    ord("f"): 12,
    ord("r"): 13,
    ord('"'): 34,
    ord("\\"): 92,
}
SKIP_BINARY = "binary content, or a file over {cap} (git shows both as binary)"
SKIP_NAME = "file name is not valid UTF-8"
SKIP_FILE_CAP = "more than {cap} added bytes in one file of one commit"
SKIP_COMMIT_CAP = "the commit adds more than {cap} bytes in all"


@dataclass(frozen=True, slots=True)
class Commit:
    """Who made a commit and when (the author: the person who wrote the change)."""

    sha: str
    parents: tuple[str, ...]
    author: str
    email: str
    date: str


@dataclass(slots=True)
class FileDiff:
    """The added lines of one file in one commit, or why they were not collected.

    ``lines`` is the text to scan, one entry per line; ``numbers`` gives, for each entry, its
    1-based line number in the file as of that commit (0 marks the empty line put between two
    hunks, so that a detector never joins lines that are not adjacent in the file).
    """

    commit: Commit
    path: str
    lines: list[bytes] = field(default_factory=list)
    numbers: list[int] = field(default_factory=list)
    size: int = 0
    skipped: str | None = None

    @property
    def data(self) -> bytes:
        return b"\n".join(self.lines) + b"\n"


@dataclass(frozen=True)
class Caps:
    """Upper bounds that keep one pathological commit from costing unbounded memory."""

    file_bytes: int
    commit_bytes: int


def unquote_c(text: bytes) -> bytes:
    """Git's C-style quoting of unusual file names (``"caf\\351.txt"``) undone, as bytes."""
    out = bytearray()
    i, end = 1, len(text) - 1  # inside the quotes
    while i < end:
        ch = text[i]
        if ch != 0x5C:  # backslash
            out.append(ch)
            i += 1
            continue
        nxt = text[i + 1] if i + 1 < end else 0x5C
        if 0x30 <= nxt <= 0x37:
            out.append(int(text[i + 1 : i + 4], 8) & 0xFF)
            i += 4
        else:
            out.append(_ESCAPES.get(nxt, nxt))
            i += 2
    return bytes(out)


def header_path(line: bytes) -> bytes | None:
    """The file name of a ``diff --git a/P b/P`` or ``diff --cc P`` header line.

    Renames are off, so both sides name the same file and an unquoted name with spaces can
    be split exactly in the middle; a quoted name ends at its first unescaped quote.
    """
    if line.startswith(b"diff --git "):
        rest = line[len(b"diff --git ") :]
        if rest.startswith(b'"'):
            return _strip_prefix(unquote_c(_first_quoted(rest)))
        half = (len(rest) - 5) // 2
        name = rest[2 : 2 + half]
        return name if rest[2 + half :] == b" b/" + name else None
    for lead in (b"diff --cc ", b"diff --combined "):
        if line.startswith(lead):
            rest = line[len(lead) :]
            return unquote_c(_first_quoted(rest)) if rest.startswith(b'"') else rest
    return None


def _first_quoted(text: bytes) -> bytes:
    i = 1
    while i < len(text):
        if text[i] == 0x5C:
            i += 2
            continue
        if text[i] == 0x22:
            return text[: i + 1]
        i += 1
    return text + b'"'


def _strip_prefix(name: bytes) -> bytes:
    return name[2:] if name[:2] in (b"a/", b"b/") else name


class _Lines:
    """The lines of a byte stream (without their line breaks), read in large blocks.

    Splitting a 1 MiB block at once is C work; asking the stream for each line is not. A hunk
    of a zero-context diff is a run of removed lines then a run of added ones, so most hunks
    are taken as two slices of this buffer. A line never exceeds git's big-file threshold (the
    file cap), so the partial line carried between blocks stays bounded too.
    """

    def __init__(self, stream: IO[bytes], block: int = 1 << 20) -> None:
        self._stream = stream
        self._block = block
        self._lines: list[bytes] = []
        self._pos = 0
        self._tail = b""
        self._eof = False

    def _fill(self) -> bool:
        """Append the complete lines of the next block(s); False at the end of the stream."""
        if self._eof:
            return False
        pieces = [self._tail]
        while True:
            data = self._stream.read(self._block)
            if not data:
                self._eof = True
                break
            pieces.append(data)
            if b"\n" in data:
                break
        parts = b"".join(pieces).split(b"\n")
        self._tail = b"" if self._eof else parts.pop()
        if self._eof and parts and not parts[-1]:
            parts.pop()  # the stream ended with a line break
        del self._lines[: self._pos]
        self._pos = 0
        self._lines.extend(parts)
        return bool(parts) or not self._eof

    def _available(self, count: int) -> bool:
        while len(self._lines) - self._pos < count:
            if not self._fill():
                return False
        return True

    def next(self) -> bytes | None:
        if not self._available(1):
            return None
        line = self._lines[self._pos]
        self._pos += 1
        return line

    def take(self, count: int) -> list[bytes] | None:
        """The next ``count`` lines, or None when the stream ends first."""
        if not self._available(count):
            return None
        taken = self._lines[self._pos : self._pos + count]
        self._pos += count
        return taken

    def rewind(self, count: int) -> None:
        """Give back the last ``count`` lines returned (all still in the buffer)."""
        self._pos -= count

    def skip_if(self, lead: bytes) -> None:
        if self._available(1) and self._lines[self._pos].startswith(lead):
            self._pos += 1


class HistoryParser:
    """Turns ``git log --patch -U0`` output into :class:`Commit` and :class:`FileDiff` items.

    ``wanted`` says whether a path should be read at all (exclusions); unwanted files are
    passed over silently, the way the working-tree walk passes over excluded directories.
    """

    def __init__(self, caps: Caps, wanted: Callable[[str], bool]) -> None:
        self.caps = caps
        self.wanted = wanted
        self._commit: Commit | None = None
        self._file: FileDiff | None = None
        self._commit_bytes = 0

    def parse(self, stream: IO[bytes], block: int = 1 << 20) -> Iterator[Commit | FileDiff]:
        lines = _Lines(stream, block)
        while (line := lines.next()) is not None:
            if line.startswith(COMMIT_MARK):
                yield from self._close_file()
                self._commit = _parse_commit(line)
                self._commit_bytes = 0
                yield self._commit
            elif line.startswith(b"diff "):
                yield from self._close_file()
                self._open_file(line)
            elif line.startswith(b"@@"):
                self._hunk(line, lines)
            elif line.startswith(b"Binary files ") and self._file is not None:
                self._skip(SKIP_BINARY.format(cap=_size(self.caps.file_bytes)))
        yield from self._close_file()

    def _close_file(self) -> Iterator[FileDiff]:
        done, self._file = self._file, None
        if done is not None and (done.skipped is not None or done.lines):
            yield done

    def _open_file(self, line: bytes) -> None:
        if self._commit is None:
            return
        raw = header_path(line)
        if raw is None:
            return
        try:
            path = raw.decode("utf-8")
        except UnicodeDecodeError:
            self._file = FileDiff(self._commit, raw.decode("utf-8", "backslashreplace"))
            self._skip(SKIP_NAME)
            return
        if self.wanted(path):
            self._file = FileDiff(self._commit, path)

    def _skip(self, reason: str) -> None:
        if self._file is not None and self._file.skipped is None:
            self._file.skipped = reason
            self._file.lines, self._file.numbers = [], []

    def _hunk(self, header: bytes, lines: _Lines) -> None:
        match = _HUNK.match(header)
        if match is None:
            return
        parents = len(match.group(1)) - 1
        old_left = [int(c) if c else 1 for c in _OLD_RANGE.findall(match.group(2))]
        new_left = int(match.group(4)) if match.group(4) is not None else 1
        start = int(match.group(3))
        if parents == 1:
            self._simple_hunk(lines, old_left[0], new_left, start)
        else:
            self._combined_hunk(lines, parents, old_left, new_left, start)

    def _simple_hunk(self, lines: _Lines, old: int, new: int, start: int) -> None:
        """A zero-context hunk: ``old`` removed lines, then ``new`` added ones, each run
        possibly followed by "\\ No newline at end of file". Taken as two slices; anything
        else (context lines, counts that do not fit) goes through :meth:`_hunk_by_line`."""
        if old:
            removed = lines.take(old)
            if removed is None:
                return
            if removed[0][:1] != b"-" or removed[-1][:1] != b"-":
                lines.rewind(old)
                self._hunk_by_line(lines, old, new, start)
                return
            lines.skip_if(b"\\")
        if new:
            added = lines.take(new)
            if added is None:
                return
            if added[0][:1] != b"+" or added[-1][:1] != b"+":
                lines.rewind(new)
                self._hunk_by_line(lines, 0, new, start)
                return
            self._add_block(start, [line[1:] for line in added])
            lines.skip_if(b"\\")

    def _hunk_by_line(self, lines: _Lines, old_left: int, new_left: int, number: int) -> None:
        """A one-parent hunk read line by line: ``+`` added, ``-`` removed, `` `` context."""
        block: list[bytes] = []
        first = number
        while old_left > 0 or new_left > 0:
            line = lines.next()
            if line is None:
                break
            lead = line[:1]
            if lead == b"+":
                block.append(line[1:])
                new_left -= 1
                number += 1
                continue
            if block:
                self._add_block(first, block)
                block = []
            if lead == b"-":
                old_left -= 1
            elif lead == b" ":
                old_left, new_left, number = old_left - 1, new_left - 1, number + 1
            elif lead != b"\\":  # "\ No newline at end of file" belongs to the hunk
                lines.rewind(1)
                break
            first = number
        self._add_block(first, block)

    def _combined_hunk(
        self, lines: _Lines, parents: int, old_left: list[int], new_left: int, number: int
    ) -> None:
        """A merge's hunk: one marker column per parent; new only when ``+`` in every one."""
        while new_left > 0 or any(n > 0 for n in old_left):
            line = lines.next()
            if line is None:
                return
            if line[:1] == b"\\":
                continue
            marks = line[:parents]
            if len(marks) < parents or marks.strip(b"+- "):
                lines.rewind(1)
                return
            if b"-" in marks:
                for i, mark in enumerate(marks):
                    old_left[i] -= mark == 0x2D
                continue
            for i, mark in enumerate(marks):
                old_left[i] -= mark == 0x20
            if marks.count(b"+") == parents:
                self._add_block(number, [line[parents:]])
            new_left -= 1
            number += 1

    def _add_block(self, first: int, block: list[bytes]) -> None:
        """Added lines ``first``, ``first + 1``… of the current file, within the caps."""
        diff = self._file
        if not block or diff is None or diff.skipped is not None:
            return
        size = sum(map(len, block)) + len(block)
        if diff.size + size > self.caps.file_bytes:
            self._skip(SKIP_FILE_CAP.format(cap=_size(self.caps.file_bytes)))
            return
        if self._commit_bytes + size > self.caps.commit_bytes:
            self._skip(SKIP_COMMIT_CAP.format(cap=_size(self.caps.commit_bytes)))
            return
        if diff.numbers and diff.numbers[-1] != first - 1:
            diff.lines.append(b"")
            diff.numbers.append(0)
        diff.lines.extend(block)
        diff.numbers.extend(range(first, first + len(block)))
        diff.size += size
        self._commit_bytes += size


def _parse_commit(line: bytes) -> Commit:
    fields = line[1:].decode("utf-8", "replace").split("\x00")
    fields += [""] * (5 - len(fields))
    sha, parents, author, email, date = fields[:5]
    return Commit(sha, tuple(parents.split()), author, email, date)


def _size(n: int) -> str:
    return f"{n / (1 << 20):g} MiB" if n >= 1 << 20 else f"{n} bytes"


# -- the git process -----------------------------------------------------------------------


@dataclass(frozen=True)
class Repository:
    """A directory inside a git repository, checked before any history is read."""

    path: Path
    prefix: str  # the directory's path inside the repository, "" at its top
    shallow: frozenset[str]  # commits whose parents were cut off by a shallow clone

    @classmethod
    def open(cls, path: Path) -> Repository:
        if not path.is_dir():
            raise TargetError(f"history scanning needs a directory inside a git repository: {path}")
        inside = run_git(path, "rev-parse", "--is-inside-work-tree", "--is-bare-repository")
        if "true" not in inside.split():
            raise TargetError(f"not inside a git repository: {path}")
        prefix = run_git(path, "rev-parse", "--show-prefix").strip()
        shallow_file = Path(run_git(path, "rev-parse", "--git-path", "shallow").strip())
        return cls(path, prefix, _read_shallow(path / shallow_file))

    def resolve(self, rev: str) -> str:
        """The commit ``rev`` names; anything else (an option, a tree, nothing) is refused."""
        if not rev or rev.startswith("-"):
            raise ConfigError(f"--since: {rev!r} is not a revision")
        try:
            return run_git(
                self.path, "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"
            ).strip()
        except TargetError:
            raise ConfigError(f"--since: {rev!r} names no commit in this repository") from None

    def commits(self, since: str | None) -> list[str]:
        """Every commit to scan, oldest first (parents before children): all refs, or what
        HEAD adds since ``since`` (a commit id :meth:`resolve` returned)."""
        revs = ["HEAD", f"^{since}"] if since else ["--all"]
        listed = run_git(self.path, "rev-list", "--topo-order", "--reverse", *revs, "--")
        return listed.split()

    def log_command(self, file_cap: int) -> list[str]:
        """``git log`` of the commits given on its standard input, in that order.

        Files over ``file_cap`` are shown as binary (``core.bigFileThreshold``), so git
        never hands over a line longer than the cap, and neither process holds a huge file.
        """
        return [
            *_git_base(self.path),
            "-c",
            f"core.bigFileThreshold={file_cap}",
            "log",
            "--no-walk=unsorted",
            "--stdin",
            "--patch",
            "--unified=0",
            "--cc",
            "--no-renames",
            "--no-color",
            "--no-ext-diff",
            "--no-textconv",
            "--no-show-signature",
            "--src-prefix=a/",
            "--dst-prefix=b/",
            "--relative" if self.prefix else "--no-relative",
            _FORMAT,
        ]


def _read_shallow(path: Path) -> frozenset[str]:
    try:
        return frozenset(path.read_text(encoding="ascii").split())
    except (OSError, UnicodeDecodeError):
        return frozenset()


def _git_base(path: Path) -> list[str]:
    return [
        "git",
        "-C",
        str(path),
        "-c",
        "core.quotePath=true",
        "-c",
        "log.showSignature=false",
        "-c",
        "diff.noprefix=false",
    ]


def git_env() -> dict[str, str]:
    """Git's messages in English (they are reported), and never a prompt or a pager."""
    env = dict(os.environ)
    env.update(LC_ALL="C", GIT_TERMINAL_PROMPT="0", GIT_PAGER="cat", GIT_OPTIONAL_LOCKS="0")
    return env


def run_git(path: Path, *args: str) -> str:
    """A short read-only git command's output; failure (or no git) is a :class:`TargetError`."""
    try:
        done = subprocess.run(
            [*_git_base(path), *args],
            capture_output=True,
            env=git_env(),
            check=False,
            timeout=600,
        )
    except FileNotFoundError:
        raise TargetError("history scanning needs git, which is not installed") from None
    except subprocess.TimeoutExpired:
        raise TargetError(f"git {args[0]} did not answer within 600 s in {path}") from None
    if done.returncode != 0:
        message = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise TargetError(f"git {args[0]} failed in {path}: {message[-1] if message else ''}")
    return done.stdout.decode("utf-8", "replace")
