"""`stockade analyze` works with the base install: no web framework, no database, no queue.

DESIGN.md promises that; import-linter checks the static imports, this checks what really
happens at run time (lazy imports, imports done by ``__init__`` modules, plugins). The CLI
runs in a fresh interpreter whose import system refuses the server stack, exactly as if
those distributions were not installed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

BLOCKED = ("fastapi", "starlette", "sqlalchemy", "alembic", "celery", "uvicorn")

# Runs before anything of Stockade is imported; then hands over to the real entry point.
BOOTSTRAP = f"""
import sys

BLOCKED = frozenset({BLOCKED!r})


class RefuseServerStack:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {{name!r}} (base install)", name=name)
        return None


sys.meta_path.insert(0, RefuseServerStack())
for loaded in [m for m in sys.modules if m.partition(".")[0] in BLOCKED]:
    del sys.modules[loaded]
"""
RUN_CLI = BOOTSTRAP + "from stockade.cli.app import main\nsys.exit(main(sys.argv[1:]))\n"

APP = """import sqlite3

from flask import Flask, request

app = Flask(__name__)


@app.route("/users")
def users():
    name = request.args.get("name")
    conn = sqlite3.connect("app.db")
    return str(conn.execute("SELECT * FROM users WHERE name = '" + name + "'").fetchall())
"""


def _fake_aws_key_id() -> str:
    """An AWS-shaped key id built here, so no secret-looking literal sits in the repository."""
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
    return "AKIA" + "".join(alphabet[(i * 7 + 3) % 32] for i in range(16))


def _python(code: str, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env=os.environ.copy(),
        timeout=120,
        check=False,
    )


def test_the_bootstrap_really_hides_the_server_stack(tmp_path: Path) -> None:
    # Without this, a bootstrap that blocks nothing would let the next test pass vacuously.
    for name in BLOCKED:
        out = _python(BOOTSTRAP + f"import {name}\n", cwd=tmp_path)
        assert out.returncode == 1 and "ModuleNotFoundError" in out.stderr, name


def test_analyze_finds_sql_injection_and_secret_without_server_stack(tmp_path: Path) -> None:
    key_id = _fake_aws_key_id()
    (tmp_path / "app.py").write_text(APP)
    (tmp_path / "settings.py").write_text(f'AWS_ACCESS_KEY_ID = "{key_id}"\n')
    out = _python(RUN_CLI, "analyze", ".", "--format", "json", "--offline", cwd=tmp_path)
    assert out.returncode == 1, out.stderr
    findings: list[dict[str, Any]] = json.loads(out.stdout)["findings"]
    found = {(f["file"], f["line"], f["rule_id"]) for f in findings}
    assert ("app.py", 12, "python.sql-injection") in found, findings
    assert ("settings.py", 1, "aws-access-key-id") in found, findings
    assert key_id not in out.stdout, "the report must not repeat the secret"
