from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest

from stockade.analyzers.languages import language_of_path, language_of_shebang
from stockade.analyzers.target import Target, TargetOptions, load_content, sniff_encoding
from stockade.core.errors import TargetError

Tree = Callable[[Mapping[str, str | bytes]], Path]


def paths(target: Target) -> list[str]:
    return [f.path for f in target.walk()[0]]


def test_gitignore_nested_and_negation(write_tree: Tree) -> None:
    root = write_tree(
        {
            ".gitignore": "*.log\nbuildout/\n",
            "app.py": "",
            "debug.log": "",
            "buildout/x.py": "",
            "sub/.gitignore": "secret_*.txt\n!secret_keep.txt\n",
            "sub/secret_a.txt": "",
            "sub/secret_keep.txt": "",
            "sub/mod.py": "",
            "other/secret_a.txt": "",
        }
    )
    assert paths(Target.open(root)) == [
        ".gitignore",
        "app.py",
        "other/secret_a.txt",
        "sub/.gitignore",
        "sub/mod.py",
        "sub/secret_keep.txt",
    ]


def test_stockadeignore_and_extra_excludes(write_tree: Tree) -> None:
    root = write_tree(
        {".stockadeignore": "fixtures/\n", "fixtures/a.py": "", "a.py": "", "b.md": ""}
    )
    assert paths(Target.open(root)) == [".stockadeignore", "a.py", "b.md"]
    opts = TargetOptions(exclude=("*.md",))
    assert paths(Target.open(root, opts)) == [".stockadeignore", "a.py"]


def test_default_excluded_dirs_are_configurable(write_tree: Tree) -> None:
    root = write_tree({"node_modules/x/index.js": "", ".git/config": "", "src/a.js": ""})
    assert paths(Target.open(root)) == ["src/a.js"]
    everything = Target.open(root, TargetOptions(use_default_excludes=False))
    assert paths(everything) == [".git/config", "node_modules/x/index.js", "src/a.js"]


def test_symlinks_never_leave_the_root(write_tree: Tree, tmp_path: Path) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("secret")
    root = write_tree({"a.py": ""})
    (root / "escape.txt").symlink_to(outside)
    (root / "loop").symlink_to(root, target_is_directory=True)
    (root / "self").symlink_to(root / "self")
    files, skipped = Target.open(root).walk()
    assert [f.path for f in files] == ["a.py"]
    reasons = {i.path: i.message for i in skipped}
    assert "outside the root" in reasons["escape.txt"]
    assert "self" in reasons
    target = Target.open(root)
    with pytest.raises(TargetError):
        target.read_bytes("escape.txt")
    with pytest.raises(TargetError):
        target.read_bytes("../outside.txt")


def test_oversized_files_are_reported(write_tree: Tree) -> None:
    root = write_tree({"big.txt": "x" * 3000, "small.txt": "x"})
    files, skipped = Target.open(root, TargetOptions(max_file_bytes=1000)).walk()
    assert [f.path for f in files] == ["small.txt"]
    assert skipped[0].path == "big.txt" and "larger than" in skipped[0].message


def test_single_file_target_and_missing_path(write_tree: Tree) -> None:
    root = write_tree({"a.py": "print(1)", "b.py": ""})
    target = Target.open(root / "a.py")
    assert paths(target) == ["a.py"]
    with pytest.raises(TargetError, match="does not exist"):
        Target.open(root / "nope")


def test_fifo_is_not_read(write_tree: Tree) -> None:
    root = write_tree({"a.py": ""})
    os.mkfifo(root / "pipe")
    files, skipped = Target.open(root).walk()
    assert [f.path for f in files] == ["a.py"]
    assert any(i.path == "pipe" and "not a regular file" in i.message for i in skipped)


@pytest.mark.parametrize(
    ("data", "encoding"),
    [
        (b"plain text", "utf-8"),
        (b"\xef\xbb\xbfbom", "utf-8"),
        ("héllo wörld".encode("utf-16"), "utf-16-le"),
        ("hello world, no bom".encode("utf-16-le"), "utf-16-le"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", None),
    ],
)
def test_encoding_sniffing(data: bytes, encoding: str | None) -> None:
    assert sniff_encoding(data)[0] == encoding


def test_content_decodes_invalid_utf8_and_utf16(write_tree: Tree) -> None:
    root = write_tree(
        {"bad.txt": b"ok \xff\xfe\xfd line\nsecond", "u16.txt": "a=1\nb=2".encode("utf-16")}
    )
    files, _ = Target.open(root).walk()
    bad = load_content(files[0])
    assert bad.lines[1] == "second" and "\ufffd" in bad.lines[0] and bad.decode_errors
    u16 = load_content(files[1])
    assert u16.lines == ["a=1", "b=2"] and u16.utf8 == b"a=1\nb=2"


def test_language_detection() -> None:
    assert language_of_path("a/b/app.tsx") == "tsx"
    assert language_of_path("x.JSX") == "javascript"
    assert language_of_path("Rakefile") == "ruby"
    assert language_of_path(".env.production") == "dotenv"
    assert language_of_path("README") is None
    # The suffix is the name's last dot, neither leading nor trailing (pathlib's rule).
    assert language_of_path("src/.py") is None  # a hidden file named ".py"
    assert language_of_path("a.b/noext") is None  # a dot in a directory is no suffix
    assert language_of_path("weird.") is None
    assert language_of_path("..py") == "python"
    assert language_of_path("pkg/app.test.TS") == "typescript"
    assert language_of_shebang(b"#!/usr/bin/env python3\nprint()") == "python"
    assert language_of_shebang(b"#!/usr/bin/env -S node --flag") == "javascript"
    assert language_of_shebang(b"#!/bin/sh\n") == "shell"
    assert language_of_shebang(b"# not a shebang") is None


def test_shebang_language_on_content(write_tree: Tree) -> None:
    root = write_tree({"tool": "#!/usr/bin/env ruby\nputs 1\n"})
    files, _ = Target.open(root).walk()
    assert files[0].language is None
    assert load_content(files[0]).language == "ruby"
