from __future__ import annotations

import base64
import dataclasses
import os
from pathlib import Path

import pytest

from git_https_server import make_repository, serve_git
from stockade.jobs.sources import GitSource, SourceError, SourceLimits, fetch, parse_source
from stockade.jobs.sources.netguard import resolve_public


def limits_for(cert: Path, **extra: object) -> SourceLimits:
    base = SourceLimits(
        allow_private_targets=("127.0.0.1/32",),
        git_config=(("http.sslCAInfo", str(cert)),),
        git_timeout_seconds=20,
    )
    return dataclasses.replace(base, **extra)  # type: ignore[arg-type]


@pytest.fixture
def repos(tmp_path: Path) -> tuple[Path, str]:
    root = tmp_path / "repos"
    root.mkdir()
    make_repository(root / "app.git", {"app.py": "print('hello')\n", "lib/util.py": "X = 1\n"})
    return root, make_repository(root / "other.git", {"README.md": "x"}, branch="dev")


def test_clone_over_https_with_token_and_ref(tmp_path: Path, repos: tuple[Path, str]) -> None:
    root, other_sha = repos
    with serve_git(root, tmp_path) as server:
        token = "tok-" + "1234567890abcdef"
        source = parse_source({"type": "git", "url": f"{server.url}/app.git", "token": token})
        out = fetch(source, tmp_path / "job1", limits_for(server.cert))
        assert (out / "app.py").read_text() == "print('hello')\n"
        assert (out / "lib" / "util.py").exists() and not (out / ".git").exists()
        expected = "Basic " + base64.b64encode(f"x-access-token:{token}".encode()).decode()
        assert any(r["authorization"] == expected for r in server.requests)
        by_ref = fetch(
            GitSource(f"{server.url}/other.git", ref="dev"),
            tmp_path / "job2",
            limits_for(server.cert),
        )
        assert (by_ref / "README.md").exists()
        by_sha = fetch(
            GitSource(f"{server.url}/other.git", ref=other_sha),
            tmp_path / "job3",
            limits_for(server.cert),
        )
        assert (by_sha / "README.md").exists()


def test_loopback_refused_unless_allow_listed(tmp_path: Path, repos: tuple[Path, str]) -> None:
    root, _ = repos
    with serve_git(root, tmp_path) as server:
        strict = dataclasses.replace(limits_for(server.cert), allow_private_targets=())
        with pytest.raises(SourceError, match="private or loopback"):
            fetch(GitSource(f"{server.url}/app.git"), tmp_path / "job", strict)
        assert server.requests == []


def test_missing_repo_and_bad_ref_fail_clearly(tmp_path: Path, repos: tuple[Path, str]) -> None:
    root, _ = repos
    with serve_git(root, tmp_path) as server:
        with pytest.raises(SourceError, match="git fetch failed"):
            fetch(GitSource(f"{server.url}/missing.git"), tmp_path / "a", limits_for(server.cert))
        with pytest.raises(SourceError, match="git fetch failed"):
            fetch(
                GitSource(f"{server.url}/app.git", ref="no-such-branch"),
                tmp_path / "b",
                limits_for(server.cert),
            )


def test_untrusted_certificate_is_refused(tmp_path: Path, repos: tuple[Path, str]) -> None:
    root, _ = repos
    with serve_git(root, tmp_path) as server:
        no_ca = dataclasses.replace(limits_for(server.cert), git_config=())
        with pytest.raises(SourceError, match="git fetch failed"):
            fetch(GitSource(f"{server.url}/app.git"), tmp_path / "job", no_ca)


def test_hanging_server_times_out(tmp_path: Path, repos: tuple[Path, str]) -> None:
    root, _ = repos
    with serve_git(root, tmp_path, hang=True) as server:
        with pytest.raises(SourceError, match="timed out"):
            fetch(
                GitSource(f"{server.url}/app.git"),
                tmp_path / "job",
                limits_for(server.cert, git_timeout_seconds=1.5),
            )


def test_size_limit_stops_the_clone(tmp_path: Path) -> None:
    root = tmp_path / "repos"
    root.mkdir()
    big = {f"f{i}.txt": os.urandom(40_000).hex() for i in range(8)}
    make_repository(root / "big.git", big)
    with serve_git(root, tmp_path) as server:
        with pytest.raises(SourceError, match="larger than the size limit"):
            fetch(
                GitSource(f"{server.url}/big.git"),
                tmp_path / "job",
                limits_for(server.cert, max_total_bytes=100_000),
            )


@pytest.mark.parametrize(
    "host", ["127.0.0.1", "localhost", "10.1.2.3", "169.254.169.254", "::1", "0.0.0.0"]
)
def test_internal_addresses_refused(host: str) -> None:
    with pytest.raises(SourceError, match="private or loopback"):
        resolve_public(host, 443)


def test_allow_list_by_cidr_and_host() -> None:
    assert resolve_public("127.0.0.1", 443, ["127.0.0.0/8"]) == "127.0.0.1"
    assert resolve_public("localhost", 443, ["localhost"]) in {"127.0.0.1", "::1"}
