"""``--confidence`` filters what the CLI shows and what sets its exit code, and SARIF's
``rank`` carries each result's confidence (high 90, medium 60, low 30)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest

from stockade.cli.app import main

Tree = Callable[[Mapping[str, str | bytes]], Path]

# A proven taint path (request -> shell) is high; a parameter of a private helper reaching
# a shell is medium: nothing shows who calls it.
APP = """\
import subprocess
from flask import Flask, request

app = Flask(__name__)


@app.route("/run")
def run():
    subprocess.call("ls " + request.args["d"], shell=True)
    return "ok"


def _helper(cmd):
    subprocess.call(cmd, shell=True)
"""


def analyze(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(["analyze", *args])
    return code, capsys.readouterr().out


def test_confidence_floor_filters_findings_and_exit_code(
    capsys: pytest.CaptureFixture[str], write_tree: Tree
) -> None:
    root = write_tree({"app.py": APP})
    code, out = analyze(capsys, str(root), "--format", "json", "--skip-secrets")
    every = {(f["line"], f["confidence"]) for f in json.loads(out)["findings"]}
    assert (9, "high") in every and (14, "medium") in every, every

    code, out = analyze(capsys, str(root), "--format", "json", "--confidence", "high")
    assert code == 1
    assert {(f["line"], f["confidence"]) for f in json.loads(out)["findings"]} == {(9, "high")}

    code, out = analyze(capsys, str(root), "--format", "sarif", "--confidence", "medium")
    ranks = {
        r["locations"][0]["physicalLocation"]["region"]["startLine"]: r["rank"]
        for r in json.loads(out)["runs"][0]["results"]
    }
    assert ranks == {9: 90.0, 14: 60.0}

    # Only the medium helper left: a high floor shows nothing and exits 0.
    (root / "app.py").write_text(APP.split("@app.route")[0] + APP.split('return "ok"\n')[1])
    code, out = analyze(capsys, str(root), "--format", "json", "--confidence", "high")
    assert code == 0 and json.loads(out)["findings"] == []


def test_unknown_confidence_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], write_tree: Tree
) -> None:
    root = write_tree({"app.py": "x = 1\n"})
    assert main(["analyze", str(root), "--confidence", "sure"]) == 2
    assert "unknown confidence 'sure'" in capsys.readouterr().err
