"""Job machinery overhead: a real ``stockade server`` (embedded default: SQLite, in-process
runner) next to ``stockade analyze`` on the same trees.

Usage: python bench/jobs/run.py [--rounds N] [--lines N]

1. Submit-to-completed of a 10-file project (inline ``files`` source: a Flask app with an
   injection, a settings file with a fake key, an OpenAPI spec, requirements and six plain
   modules), analysis included, polled every 10 ms; the target is ≤ 1 s.
2. A tree of about ``--lines`` (200,000) lines of Python copied from this interpreter's
   standard library: ``stockade analyze`` (sast, secrets, api) against a job over the same
   tree as a ``directory`` source with the same modules; the target is a ratio ≤ 1.2.

The server runs on a free loopback port with a throwaway data directory and private XDG
directories; nothing leaves the machine.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import socket
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import orjson

HERE = Path(__file__).resolve().parent
STOCKADE = str(Path(sys.executable).with_name("stockade"))
PASSWORD = "bench-violet-kettle-42"
MODULES = ["sast", "secrets", "api"]


def ten_files() -> list[dict[str, str]]:
    key = "AKIA" + "Q3EGRZ7XKW4PLM2V"  # assembled here so the repository holds no key
    files = [
        {
            "path": "app.py",
            "content": "from flask import Flask, request\nimport sqlite3\napp = Flask(__name__)\n"
            "@app.route('/u')\ndef u():\n    n = request.args.get('n')\n"
            "    return str(sqlite3.connect('d').execute(\"SELECT * FROM t WHERE n='\" + n + \"'\")"
            ".fetchall())\n",
        },
        {"path": "settings.py", "content": f'AWS_ACCESS_KEY_ID = "{key}"\n'},
        {
            "path": "openapi.yaml",
            "content": "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n"
            "    delete:\n      responses: {'204': {description: gone}}\n",
        },
        {"path": "requirements.txt", "content": "jinja2==2.10\n"},
    ]
    for index in range(6):
        body = "".join(f"def f{n}(x):\n    return x * {n}\n\n" for n in range(40))
        files.append({"path": f"pkg/mod{index}.py", "content": body})
    return files


def stdlib_tree(root: Path, lines: int) -> tuple[int, int]:
    """Copy standard-library modules until ``lines`` lines; returns (lines, files) copied."""
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    total = files = 0
    for path in sorted(stdlib.rglob("*.py")):
        if "site-packages" in path.parts or "test" in path.parts:
            continue
        try:
            count = path.read_bytes().count(b"\n")
        except OSError:
            continue
        target = root / path.relative_to(stdlib)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
        total += count
        files += 1
        if total >= lines:
            break
    return total, files


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    def __init__(self, work: Path, allowed: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = work / "stockade.toml"
        config.write_text(
            f'data_dir = "{work / "data"}"\n'
            f"[server]\nport = {self.port}\n"
            f'[server.analysis]\nallowed_directories = ["{allowed}"]\n'
            "[server.rate_limit.tiers.api_key]\n"
            "requests_per_minute = 100000\nrequests_per_hour = 1000000\nburst = 10000\n"
        )
        self.log = (work / "server.log").open("wb")
        self.proc = subprocess.Popen(
            [STOCKADE, "server", "--config", str(config)],
            stdout=self.log,
            stderr=subprocess.STDOUT,
            env=private_env(work),
        )
        self.client = httpx.Client(base_url=self.url, timeout=60)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if self.client.get("/health").status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.1)
        else:
            raise SystemExit("the server did not start; see server.log")
        self.client.post(
            "/api/v1/auth/register", json={"email": "b@example.com", "password": PASSWORD}
        )
        login = self.client.post(
            "/api/v1/auth/login", json={"email": "b@example.com", "password": PASSWORD}
        ).json()
        key = self.client.post(
            "/api/v1/api-keys",
            json={"name": "bench"},
            headers={"X-CSRF-Token": login["csrf_token"]},
        ).json()["key"]
        self.client.cookies.clear()
        self.client.headers["X-API-Key"] = key

    def job(self, source: dict[str, Any], modules: list[str] | None = None) -> tuple[float, Any]:
        """Seconds from submission to a finished job, and the job."""
        started = time.perf_counter()
        body: dict[str, Any] = {"source": source}
        if modules:
            body["modules"] = modules
        r = self.client.post("/api/v1/analyze/job", json=body)
        r.raise_for_status()
        job_id = r.json()["job_id"]
        while True:
            job = self.client.get(f"/api/v1/jobs/{job_id}").json()
            if job["status"] in ("completed", "failed", "cancelled"):
                return time.perf_counter() - started, job
            time.sleep(0.01)

    def close(self) -> None:
        self.proc.terminate()
        self.proc.wait(30)
        self.log.close()


def private_env(work: Path) -> dict[str, str]:
    env = dict(os.environ)
    for var, sub in (("XDG_CONFIG_HOME", "c"), ("XDG_STATE_HOME", "s"), ("XDG_DATA_HOME", "d")):
        env[var] = str(work / "xdg" / sub)
    env.pop("STOCKADE_CONFIG", None)
    return env


def cli_analyze(tree: Path, work: Path) -> tuple[float, int]:
    out = work / "cli.json"
    started = time.perf_counter()
    done = subprocess.run(
        [STOCKADE, "analyze", str(tree), "--offline", "--format", "json", "--output", str(out)],
        env=private_env(work),
        capture_output=True,
        check=False,
    )
    elapsed = time.perf_counter() - started
    if done.returncode not in (0, 1):
        raise SystemExit(f"stockade analyze failed: {done.stderr.decode()[-2000:]}")
    report = orjson.loads(out.read_bytes())
    return elapsed, len(report["findings"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--lines", type=int, default=200_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="stockade-bench-jobs-") as tmp:
        work = Path(tmp)
        tree = work / "tree"
        lines, files = stdlib_tree(tree, args.lines)
        server = Server(work, tree)
        try:
            small = [
                server.job({"type": "files", "files": ten_files()}) for _ in range(args.rounds)
            ]
            assert all(job["status"] == "completed" for _, job in small), small[0][1]
            first = small[0][0]
            times = sorted(t for t, _ in small[1:])
            big_job: list[float] = []
            cli: list[float] = []
            findings_job = findings_cli = 0
            for _ in range(3):
                elapsed, job = server.job({"type": "directory", "path": str(tree)}, MODULES)
                assert job["status"] == "completed", job.get("error")
                big_job.append(elapsed)
                findings_job = job["summary"]["total_findings"]
                elapsed, findings_cli = cli_analyze(tree, work)
                cli.append(elapsed)
        finally:
            server.close()
    print(
        f"# Stockade jobs benchmark — {platform.platform()}, {os.cpu_count()} CPUs, "
        f"Python {platform.python_version()}"
    )
    print("# embedded default: stockade server (SQLite, in-process runner) on 127.0.0.1\n")
    print("| measure | value | target |")
    print("|---|---|---|")
    print(
        f"| 10-file job, submit→completed, median of {len(times)} | "
        f"{statistics.median(times):.3f} s | ≤ 1 s |"
    )
    print(f"| 10-file job, slowest of {len(times)} | {times[-1]:.3f} s | |")
    print(f"| first job after the server started (rules still loading) | {first:.3f} s | |")
    print()
    print(
        f"Tree: {lines:,} lines of Python from the standard library ({files} files); "
        f"modules {', '.join(MODULES)}; best of 3 each.\n"
    )
    print("| tool | seconds | findings | ratio to `stockade analyze` |")
    print("|---|---|---|---|")
    best_cli, best_job = min(cli), min(big_job)
    print(f"| `stockade analyze --offline` | {best_cli:.2f} | {findings_cli} | 1.00 |")
    print(
        f"| job (`directory` source), submit→completed | {best_job:.2f} | {findings_job} | "
        f"{best_job / best_cli:.2f} (target ≤ 1.2) |"
    )


if __name__ == "__main__":
    main()
