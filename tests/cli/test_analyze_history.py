"""``stockade analyze --history [--since REV]``: the working tree plus every commit's added lines."""

from __future__ import annotations

import json
import os
import random
import subprocess
from pathlib import Path
from typing import Any

import pytest

from stockade.cli.app import main

_BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


def aws_key(seed: int) -> str:
    """A fake AWS access key ID assembled at run time (never committed whole)."""
    rng = random.Random(seed)
    return "AK" + "IA" + "".join(rng.choice(_BASE32) for _ in range(16))


def git(root: Path, *args: str) -> str:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "Ada Lovelace",
        "GIT_AUTHOR_EMAIL": "ada@example.com",
        "GIT_COMMITTER_NAME": "Ada Lovelace",
        "GIT_COMMITTER_EMAIL": "ada@example.com",
        "GIT_AUTHOR_DATE": "2024-05-06T07:08:09+00:00",
        "GIT_COMMITTER_DATE": "2024-05-06T07:08:09+00:00",
    }
    done = subprocess.run(
        ["git", "-C", str(root), *args], capture_output=True, text=True, check=True, env=env
    )
    return done.stdout.strip()


def commit(root: Path, files: dict[str, str | bytes | None]) -> str:
    for name, body in files.items():
        path = root / name
        if body is None:
            path.unlink()
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(body.encode() if isinstance(body, str) else body)
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "change")
    return git(root, "rev-parse", "HEAD")


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A repository whose first commit adds a key that the second deletes."""
    root = tmp_path / "repo"
    root.mkdir()
    git(root, "init", "-q", "-b", "main")
    commit(root, {"settings.py": f'AWS_ACCESS_KEY_ID = "{aws_key(1)}"\n', "README.md": "hi\n"})
    commit(root, {"settings.py": "import os\nKEY = os.environ['AWS_ACCESS_KEY_ID']\n"})
    return root


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def findings(out: str) -> list[dict[str, Any]]:
    return list(json.loads(out)["findings"])


def test_history_finds_a_deleted_secret_with_commit_author_and_date(
    capsys: pytest.CaptureFixture[str], repo: Path
) -> None:
    first = git(repo, "rev-list", "--max-parents=0", "HEAD")
    code, out, _ = run(capsys, "analyze", str(repo), "--format", "json", "--skip-sast")
    assert (code, findings(out)) == (0, [])  # the working tree is clean

    code, out, err = run(
        capsys, "analyze", str(repo), "--format", "json", "--skip-sast", "--history"
    )

    assert code == 1
    [found] = findings(out)
    assert found["rule_id"] == "aws-access-key-id"
    assert found["file"] == "settings.py" and found["line"] == 1
    meta = found["metadata"]
    assert meta["commit"] == first and meta["author"] == "Ada Lovelace"
    assert meta["date"] == "2024-05-06T07:08:09+00:00" and meta["commit_count"] == 1
    assert aws_key(1) not in out
    assert "history: 2 commits" in err


def test_a_secret_still_present_is_reported_once_with_its_commit(
    capsys: pytest.CaptureFixture[str], repo: Path
) -> None:
    added = commit(repo, {"live.py": f'KEY_ID = "{aws_key(2)}"\n'})
    code, out, _ = run(capsys, "analyze", str(repo), "-f", "json", "--skip-sast", "--history")
    live = [f for f in findings(out) if f["file"] == "live.py"]
    assert code == 1 and len(live) == 1
    assert live[0]["metadata"]["commit"] == added


def test_since_limits_the_history_to_what_head_adds(
    capsys: pytest.CaptureFixture[str], repo: Path
) -> None:
    head = git(repo, "rev-parse", "HEAD")
    code, out, err = run(
        capsys, "analyze", str(repo), "-f", "json", "--skip-sast", "--history", "--since", head
    )
    assert (code, findings(out)) == (0, []) and "history: 0 commits" in err

    newer = commit(repo, {"new.env": f"AWS_KEY={aws_key(3)}\n", "settings.py": None})
    code, out, _ = run(
        capsys, "analyze", str(repo), "-f", "json", "--skip-sast", "--history", "--since", head
    )
    assert code == 1
    assert [f["metadata"]["commit"] for f in findings(out)] == [newer]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--since", "HEAD"), "add --history"),
        (("--history", "--skip-secrets"), "drop --skip-secrets"),
        (("--history", "--since", "nope"), "names no commit"),
        (("--history", "--since", "--all"), "is not a revision"),
    ],
)
def test_usage_errors_exit_2(
    capsys: pytest.CaptureFixture[str], repo: Path, args: tuple[str, ...], message: str
) -> None:
    code, out, err = run(capsys, "analyze", str(repo), *args)
    assert code == 2 and out == "" and message in err


def test_history_outside_a_repository_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "plain").mkdir()
    code, _, err = run(capsys, "analyze", str(tmp_path / "plain"), "--history")
    assert code == 2 and "not a git repository" in err.lower()


def test_baseline_round_trip_covers_history_findings(
    capsys: pytest.CaptureFixture[str], repo: Path, tmp_path: Path
) -> None:
    base = tmp_path / "baseline.json"
    code, _, _ = run(
        capsys, "analyze", str(repo), "--skip-sast", "--history", "--save-baseline", str(base)
    )
    assert code == 1
    assert len(json.loads(base.read_text())["findings"]) == 1
    code, out, _ = run(
        capsys, "analyze", str(repo), "-f", "json", "--skip-sast", "--history",
        "--baseline", str(base),
    )  # fmt: skip
    assert (code, findings(out)) == (0, [])


def test_binary_history_is_reported_with_verbose_and_not_fatal(
    capsys: pytest.CaptureFixture[str], repo: Path
) -> None:
    commit(repo, {"blob.bin": b"\x00\x01" + aws_key(4).encode() + b"\x00" * 32})
    commit(repo, {"blob.bin": None})
    code, out, err = run(
        capsys, "analyze", str(repo), "-f", "json", "--skip-sast", "--history", "-v"
    )
    assert code == 1  # the deleted settings.py key
    assert "skipped: [secrets] blob.bin: history: binary content" in err
    errors = json.loads(out)["errors"]
    assert any(e["file"] == "blob.bin" for e in errors)
