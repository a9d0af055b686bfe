"""The installed ``stockade`` command on a small real project, every local module on."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from sarif_kit.validate import validation_errors

from stockade.analyzers import registry

APP = """from flask import Flask, request
import sqlite3

app = Flask(__name__)


@app.route("/users")
def users():
    name = request.args.get("name")
    conn = sqlite3.connect("app.db")
    return str(conn.execute("SELECT * FROM users WHERE name = '" + name + "'").fetchall())
"""


def run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    exe = Path(sys.executable).with_name("stockade")
    return subprocess.run(
        [str(exe), *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env=os.environ.copy(),
        check=False,
    )


def test_analyze_sarif_on_a_real_project_validates(tmp_path: Path) -> None:
    (tmp_path / "app.py").write_text(APP)
    (tmp_path / "README.md").write_text("# demo\n")
    out = run_cli("analyze", ".", "--format", "sarif", "--output", "report.sarif", cwd=tmp_path)
    assert out.returncode == 1, out.stderr
    log = json.loads((tmp_path / "report.sarif").read_text())
    assert validation_errors(log) == []
    results = log["runs"][0]["results"]
    sqli = [r for r in results if r["ruleId"] == "python.sql-injection"]
    assert (
        sqli and sqli[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "app.py"
    )
    assert sqli[0]["codeFlows"][0]["threadFlows"][0]["locations"], "taint path missing"
    local = [n for n, c in registry.available().items() if not c.needs_server]
    assert {"sast"} <= set(local)


def test_analyze_json_lists_every_local_module(tmp_path: Path) -> None:
    (tmp_path / "app.py").write_text(APP)
    out = run_cli("analyze", ".", "--format", "json", cwd=tmp_path)
    doc = json.loads(out.stdout)
    local = [n for n, c in registry.available().items() if not c.needs_server]
    assert doc["summary"]["modules_run"] == local
    assert any(f["type"] == "sql-injection" and f["line"] == 11 for f in doc["findings"])
