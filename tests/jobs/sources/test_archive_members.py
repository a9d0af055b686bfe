"""Archive members that are legal but awkward: the ``.`` entry of ``tar -C dir .`` (issue #14)
and a file and a directory of the same path (issue #23, item 6).

The archives are real: built with :mod:`tarfile` and :mod:`zipfile`, and with the ``tar``
command the way users make them.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import tarfile
import zipfile
from pathlib import Path

import pytest

from stockade.jobs.sources import SourceError, SourceLimits, fetch
from stockade.jobs.sources.spec import archive_from_upload

LIMITS = SourceLimits()


def extract(tmp_path: Path, filename: str, data: bytes) -> Path:
    return fetch(archive_from_upload(filename, data, LIMITS), tmp_path / "job", LIMITS)


def tar_of(*members: tuple[str, bytes | None]) -> bytes:
    """A gzipped tar; ``None`` content makes a directory member."""
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tf:
        for name, content in members:
            info = tarfile.TarInfo(name)
            if content is None:
                info.type = tarfile.DIRTYPE
                tf.addfile(info)
            else:
                info.size = len(content)
                tf.addfile(info, io.BytesIO(content))
    return buf.getvalue()


def zip_of(*members: tuple[str, bytes | None]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name, content in members:
            if content is None:
                zf.writestr(zipfile.ZipInfo(name.rstrip("/") + "/"), b"")
            else:
                zf.writestr(name, content)
    return buf.getvalue()


@pytest.mark.skipif(shutil.which("tar") is None, reason="needs the tar command")
def test_tar_command_archive_of_dot(tmp_path: Path) -> None:
    project = tmp_path / "project"
    (project / "pkg").mkdir(parents=True)
    (project / "app.py").write_text("print('hi')\n")
    (project / "pkg" / "mod.py").write_text("X = 1\n")
    archive = tmp_path / "x.tgz"
    subprocess.run(["tar", "czf", str(archive), "-C", str(project), "."], check=True)
    with tarfile.open(archive) as tf:
        assert {".", "./app.py"} <= set(tf.getnames())  # the layout that used to fail
    out = extract(tmp_path, "x.tgz", archive.read_bytes())
    assert (out / "app.py").read_text() == "print('hi')\n"
    assert (out / "pkg" / "mod.py").read_text() == "X = 1\n"


@pytest.mark.parametrize("build", [tar_of, zip_of])
@pytest.mark.parametrize("root", [".", "./", "./."])
def test_dot_members_are_the_root(tmp_path: Path, build: object, root: str) -> None:
    data = build(  # type: ignore[operator]
        (root, None), ("./src/", None), ("./src/a.py", b"a = 1\n"), ("b.py", b"b")
    )
    filename = "p.tgz" if build is tar_of else "p.zip"
    out = extract(tmp_path, filename, data)
    assert (out / "src" / "a.py").read_text() == "a = 1\n" and (out / "b.py").read_text() == "b"
    assert sorted(p.name for p in out.iterdir()) == ["b.py", "src"]


@pytest.mark.parametrize("name", ["..", "../", "./..", "/", "/etc/passwd", "./../evil.py"])
def test_parent_and_absolute_members_stay_refused(tmp_path: Path, name: str) -> None:
    with pytest.raises(SourceError, match="unsafe path"):
        extract(tmp_path, "p.tgz", tar_of((name, None if name.endswith(("/", "..")) else b"x")))
    assert not (tmp_path / "evil.py").exists()


def test_links_out_stay_refused_next_to_dot(tmp_path: Path) -> None:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tf:
        root = tarfile.TarInfo(".")
        root.type = tarfile.DIRTYPE
        tf.addfile(root)
        link = tarfile.TarInfo("./passwd")
        link.type, link.linkname = tarfile.SYMTYPE, "../../etc/passwd"
        tf.addfile(link)
    with pytest.raises(SourceError, match="points outside"):
        extract(tmp_path, "p.tgz", buf.getvalue())


def test_a_file_named_dot_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="unsafe path"):
        extract(tmp_path, "p.tgz", tar_of((".", b"not a directory")))


CLASHES = [
    pytest.param((("x", b"file"), ("x/", None)), id="file-then-dir"),
    pytest.param((("x/", None), ("x", b"file")), id="dir-then-file"),
    pytest.param((("x", b"file"), ("x/y.py", b"y")), id="file-then-file-inside"),
    pytest.param((("x/y.py", b"y"), ("x", b"file")), id="file-inside-then-file"),
]


@pytest.mark.parametrize("members", CLASHES)
@pytest.mark.parametrize("build", [tar_of, zip_of])
def test_file_and_directory_of_one_path_fail_cleanly(
    tmp_path: Path, build: object, members: tuple[tuple[str, bytes | None], ...]
) -> None:
    filename = "p.tgz" if build is tar_of else "p.zip"
    data = build(*members)  # type: ignore[operator]
    with pytest.raises(SourceError) as caught:
        extract(tmp_path, filename, data)
    message = str(caught.value)
    second = members[1][0]
    if build is tar_of:
        second = second.rstrip("/")  # tar stores a directory's name without the slash
    assert f"archive member {second!r} clashes with another member" in message, message
    assert str(tmp_path) not in message  # no server path in a message shown to users


def test_inline_files_clash_fails_cleanly(tmp_path: Path) -> None:
    from stockade.jobs.sources import FilesSource

    source = FilesSource((("x", "file"), ("x/y.py", "y = 1\n")))
    with pytest.raises(SourceError, match=r"'x/y\.py' clashes"):
        fetch(source, tmp_path / "job", LIMITS)
