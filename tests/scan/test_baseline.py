"""Baselines with audit labels, end to end through the CLI with the real secrets module."""

from __future__ import annotations

import json
import random
import string
from pathlib import Path

import pytest

from stockade.cli.app import main
from stockade.core.errors import BaselineError
from stockade.scan.baseline import Baseline

ALNUM = string.ascii_letters + string.digits


def _token(prefix: str, length: int, seed: int) -> str:
    """A well-formed fake token, assembled at test time so no scanner flags this file."""
    rng = random.Random(seed)
    return prefix + "".join(rng.choice(ALNUM) for _ in range(length))


def _analyze(capsys: pytest.CaptureFixture[str], root: Path, *extra: str) -> tuple[int, list[str]]:
    code = main(["analyze", str(root), "--skip-sast", "--skip-api", "--format", "json", *extra])
    out, _ = capsys.readouterr()
    return code, [f["file"] for f in json.loads(out)["findings"]] if out else []


def test_adopt_on_an_old_repo_then_see_only_new_secrets(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    old_a, old_b, new = (_token("glpat-", 20, s) for s in (1, 2, 3))
    (root / "deploy.py").write_text(f'TOKEN = "{old_a}"\n')
    (root / "ci.sh").write_text(f"export GH_TOKEN={old_b}\n")
    base = tmp_path / "baseline.json"

    code, paths = _analyze(capsys, root, "--save-baseline", str(base))
    assert code == 1 and sorted(paths) == ["ci.sh", "deploy.py"]

    doc = json.loads(base.read_text())
    for entry in doc["findings"]:  # the team audits the old findings by hand
        if entry["file"] == "deploy.py":
            entry["audit"] = "true_positive"
            entry["reason"] = "rotated on 2026-01-02, history not rewritten"
        else:
            entry["audit"] = {"label": "false_positive", "reason": "CI sandbox token"}
    base.write_text(json.dumps(doc))

    assert _analyze(capsys, root, "--baseline", str(base)) == (0, [])

    # code moves (new lines above) and a new secret arrives: only the new one is reported
    (root / "deploy.py").write_text(f'import os\n\n\nTOKEN = "{old_a}"\nNEW = "{new}"\n')
    code, paths = _analyze(capsys, root, "--baseline", str(base))
    assert code == 1 and paths == ["deploy.py"]

    # re-saving keeps the audit labels of findings that are still there
    _analyze(capsys, root, "--baseline", str(base), "--save-baseline", str(base))
    labels = {
        (e["file"], e["line"]): e.get("audit") for e in json.loads(base.read_text())["findings"]
    }
    assert labels == {
        ("ci.sh", 1): {"label": "false_positive", "reason": "CI sandbox token"},
        ("deploy.py", 4): {
            "label": "true_positive",
            "reason": "rotated on 2026-01-02, history not rewritten",
        },
        ("deploy.py", 5): None,
    }


def test_an_unknown_audit_label_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    (root / "a.py").write_text("x = 1\n")
    base = tmp_path / "b.json"
    entry = {"fingerprint": "f" * 16, "audit": "looks_fine"}
    base.write_text(json.dumps({"version": 1, "findings": [entry]}))
    code = main(["analyze", str(root), "--skip-sast", "--skip-api", "--baseline", str(base)])
    assert code == 2 and "audit label must be" in capsys.readouterr().err


@pytest.mark.parametrize(
    "audit",
    [
        {"audit": "false_positive", "reason": 7},
        {"audit": {"label": "true_positive", "reason": ["x"]}},
        {"audit": {"reason": "no label"}},
        {"audit": 3},
    ],
)
def test_malformed_audit_entries_are_rejected(tmp_path: Path, audit: dict[str, object]) -> None:
    path = tmp_path / "b.json"
    path.write_text(json.dumps({"version": 1, "findings": [{"fingerprint": "abc", **audit}]}))
    with pytest.raises(BaselineError, match=r"findings\[0\]: audit"):
        Baseline.load(path)


def test_both_audit_spellings_load_alike(tmp_path: Path) -> None:
    path = tmp_path / "b.json"
    short = {"fingerprint": "a", "audit": "false_positive", "reason": "fixture"}
    full = {"fingerprint": "b", "audit": {"label": "false_positive", "reason": "fixture"}}
    path.write_text(json.dumps({"version": 1, "findings": [short, full]}))
    base = Baseline.load(path)
    assert base.entries["a"].audit == base.entries["b"].audit
    assert base.entries["a"].audit == {"label": "false_positive", "reason": "fixture"}
