from __future__ import annotations

import base64
import io
import os
import stat
import tarfile
import zipfile
from pathlib import Path

import pytest

from stockade.jobs.sources import (
    SourceError,
    SourceLimits,
    SourceRejectedError,
    fetch,
    parse_source,
)
from stockade.jobs.sources.spec import archive_from_upload


def zip_bytes(members: dict[str, bytes], links: dict[str, str] | None = None) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in members.items():
            zf.writestr(name, data)
        for name, target in (links or {}).items():
            info = zipfile.ZipInfo(name)
            info.external_attr = (stat.S_IFLNK | 0o777) << 16
            zf.writestr(info, target)
    return buf.getvalue()


def tar_bytes(add: list[tarfile.TarInfo | tuple[str, bytes]], mode: str = "w:gz") -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode=mode) as tf:  # type: ignore[call-overload]
        for item in add:
            if isinstance(item, tarfile.TarInfo):
                tf.addfile(item)
            else:
                info = tarfile.TarInfo(item[0])
                info.size = len(item[1])
                tf.addfile(info, io.BytesIO(item[1]))
    return buf.getvalue()


def extract(tmp_path: Path, filename: str, data: bytes, limits: SourceLimits | None = None) -> Path:
    lim = limits or SourceLimits()
    return fetch(archive_from_upload(filename, data, lim), tmp_path / "job", lim)


def test_zip_and_targz_extract(tmp_path: Path) -> None:
    out = extract(tmp_path, "p.zip", zip_bytes({"a/b.py": b"x = 1\n", "./c.txt": b"c"}))
    assert (out / "a" / "b.py").read_text() == "x = 1\n" and (out / "c.txt").exists()
    out2 = fetch(
        archive_from_upload("p.tar.gz", tar_bytes([("d/e.js", b"1")]), SourceLimits()),
        tmp_path / "job2",
        SourceLimits(),
    )
    assert (out2 / "d" / "e.js").read_text() == "1"


@pytest.mark.parametrize(
    "name", ["../evil.py", "a/../../evil.py", "/etc/evil", "C:/evil", "..\\evil.py"]
)
def test_path_traversal_refused(tmp_path: Path, name: str) -> None:
    with pytest.raises(SourceError, match="unsafe path"):
        extract(tmp_path, "p.zip", zip_bytes({name: b"x"}))
    assert not (tmp_path / "evil.py").exists()


def test_links_outside_refused_inside_skipped(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="points outside"):
        extract(tmp_path, "p.zip", zip_bytes({"a.txt": b"a"}, {"link": "../../etc/passwd"}))
    sym = tarfile.TarInfo("lnk")
    sym.type, sym.linkname = tarfile.SYMTYPE, "/etc/passwd"
    with pytest.raises(SourceError, match="points outside"):
        extract(tmp_path / "t", "p.tar", tar_bytes([sym], mode="w"))
    ok = tarfile.TarInfo("sub/lnk")
    ok.type, ok.linkname = tarfile.SYMTYPE, "../a.txt"
    out = extract(tmp_path / "u", "p.tgz", tar_bytes([("a.txt", b"a"), ok]))
    assert (out / "a.txt").exists() and not os.path.lexists(out / "sub" / "lnk")


def test_device_files_refused(tmp_path: Path) -> None:
    dev = tarfile.TarInfo("dev/null")
    dev.type = tarfile.CHRTYPE
    with pytest.raises(SourceError, match="device"):
        extract(tmp_path, "p.tar.gz", tar_bytes([dev]))


def test_zip_bomb_stopped_by_ratio(tmp_path: Path) -> None:
    data = zip_bytes({"zeros.bin": b"\0" * (20 * 1024 * 1024)})
    assert len(data) < 100_000
    with pytest.raises(SourceError, match="expands beyond the size limit"):
        extract(tmp_path, "bomb.zip", data)


def test_gzip_bomb_stopped_by_total_size(tmp_path: Path) -> None:
    data = tar_bytes([("zeros.bin", b"\0" * (8 * 1024 * 1024))])
    with pytest.raises(SourceError, match="expands beyond"):
        extract(tmp_path, "bomb.tar.gz", data, SourceLimits(max_total_bytes=1024 * 1024))


def test_too_many_files(tmp_path: Path) -> None:
    data = zip_bytes({f"f{i}.txt": b"x" for i in range(30)})
    with pytest.raises(SourceError, match="more than 10 files"):
        extract(tmp_path, "many.zip", data, SourceLimits(max_files=10))


@pytest.mark.parametrize(
    ("name", "data"), [("x.zip", b"PK\x03\x04garbage"), ("x.tar.gz", b"\x1f\x8bnot gzip")]
)
def test_corrupt_archives(tmp_path: Path, name: str, data: bytes) -> None:
    with pytest.raises(SourceError, match=r"not a valid|corrupt"):
        extract(tmp_path, name, data)


def test_submission_validation() -> None:
    good = base64.b64encode(zip_bytes({"a": b"a"})).decode()
    assert parse_source(
        {"type": "archive", "filename": "a.zip", "content_base64": good}
    ).public() == {"type": "archive", "filename": "a.zip"}
    cases = [
        ({"type": "archive", "filename": "a.rar", "content_base64": good}, 422),
        ({"type": "archive", "filename": "a.zip", "content_base64": "@@@"}, 422),
        ({"type": "archive", "filename": "a.zip", "content_base64": ""}, 422),
        ({"type": "svn", "url": "x"}, 422),
        ({"type": "git", "url": "http://example.com/r.git"}, 422),
        ({"type": "git", "url": "file:///etc"}, 422),
        ({"type": "git", "url": "https://user:pw@example.com/r.git"}, 422),
        ({"type": "git", "url": "https://example.com/r.git", "ref": "--upload-pack=evil"}, 422),
        ({"type": "files", "files": []}, 422),
        ({"type": "files", "files": [{"path": "../x", "content": ""}]}, 422),
        (
            {
                "type": "files",
                "files": [{"path": "a", "content": "1"}, {"path": "./a", "content": "2"}],
            },
            422,
        ),
        ({"type": "directory", "path": "/etc"}, 403),
        ("nope", 422),
    ]
    for raw, status in cases:
        with pytest.raises(SourceRejectedError) as err:
            parse_source(raw)
        assert err.value.status == status, raw
    with pytest.raises(SourceRejectedError) as err:
        archive_from_upload("a.zip", b"x" * 11, SourceLimits(max_archive_bytes=10))
    assert err.value.status == 413


def test_files_and_directory_sources(tmp_path: Path) -> None:
    src = parse_source({"type": "files", "files": [{"path": "a/b.py", "content": "print(1)"}]})
    out = fetch(src, tmp_path / "job", SourceLimits())
    assert (out / "a" / "b.py").read_text() == "print(1)"
    allowed = tmp_path / "srv"
    (allowed / "proj").mkdir(parents=True)
    lim = SourceLimits(allowed_directories=(str(allowed),))
    assert (
        fetch(
            parse_source({"type": "directory", "path": str(allowed / "proj")}, lim),
            tmp_path / "j2",
            lim,
        )
        == (allowed / "proj").resolve()
    )
    (allowed / "escape").symlink_to(tmp_path)
    with pytest.raises(SourceRejectedError) as err:
        parse_source({"type": "directory", "path": str(allowed / "escape")}, lim)
    assert err.value.status == 403
    with pytest.raises(SourceRejectedError):
        parse_source({"type": "directory", "path": str(allowed / ".." / "other")}, lim)
