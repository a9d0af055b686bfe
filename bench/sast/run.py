"""SAST speed: lines per second and peak RSS on this machine's Python standard library,
Stockade next to Bandit and Semgrep CE in the same run.

Usage: python bench/sast/run.py [--skip-semgrep] [--skip-js]
With npm available it also times the typescript npm package's lib/*.js (installed into
bench/sast/work/js) with Stockade and Semgrep.
Peers are installed into bench/sast/work/peers (a throwaway venv) from PyPI. Semgrep runs
offline (--metrics=off, a local rule set written here for timing: one rule per category we
also cover). Tests directories are excluded for every tool, as in the figures of PEERS.md.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

WORK = Path(__file__).parent / "work"
PEERS = WORK / "peers"
SEMGREP_RULES = """rules:
  - id: sqli
    languages: [python]
    severity: ERROR
    message: sqli
    pattern: '$C.execute("..." + $X)'
  - id: cmdi
    languages: [python]
    severity: ERROR
    message: cmdi
    pattern: 'os.system($X)'
  - id: evalx
    languages: [python]
    severity: ERROR
    message: evalx
    pattern: 'eval($X)'
  - id: md5
    languages: [python]
    severity: WARNING
    message: md5
    pattern: 'hashlib.md5(...)'
  - id: pickle
    languages: [python]
    severity: WARNING
    message: pickle
    pattern: 'pickle.loads(...)'
  - id: yaml
    languages: [python]
    severity: WARNING
    message: yaml
    pattern: 'yaml.load(...)'
  - id: verify
    languages: [python]
    severity: WARNING
    message: verify
    pattern: 'requests.get(..., verify=False, ...)'
  - id: shell
    languages: [python]
    severity: WARNING
    message: shell
    pattern: 'subprocess.run(..., shell=True, ...)'
  - id: taint-sqli
    languages: [python]
    severity: ERROR
    message: tainted sql
    mode: taint
    pattern-sources:
      - pattern: flask.request.args.get(...)
    pattern-sinks:
      - pattern: $C.execute(...)
"""


def corpus() -> Path:
    """A copy of the standard library without test directories."""
    src = Path(sysconfig.get_paths()["stdlib"])
    dest = WORK / "stdlib"
    if not dest.exists():
        shutil.copytree(
            src,
            dest,
            ignore=shutil.ignore_patterns(
                "test", "tests", "idle_test", "site-packages", "__pycache__", "*.pyc", "lib2to3"
            ),
        )
    return dest


def count_lines(root: Path) -> int:
    return sum(p.read_bytes().count(b"\n") for p in root.rglob("*.py"))


def peers(skip_semgrep: bool) -> None:
    if not (PEERS / "bin" / "python").exists():
        subprocess.run([sys.executable, "-m", "venv", str(PEERS)], check=True)
    wanted = ["bandit[sarif]"] + ([] if skip_semgrep else ["semgrep"])
    subprocess.run([str(PEERS / "bin" / "pip"), "install", "-q", *wanted], check=True)


# Runs one command and prints its exit code and the peak RSS of its process tree (the largest
# single process: ru_maxrss of waited-for children), so each tool is measured on its own.
_MEASURE = (
    "import resource, subprocess, sys\n"
    "rc = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode\n"
    "print(rc, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
)


def timed(cmd: list[str], env: dict[str, str] | None = None) -> tuple[float, float, int]:
    """Wall seconds, peak RSS (MB), exit code."""
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", _MEASURE, *cmd], capture_output=True, text=True, check=True, env=env
    )
    elapsed = time.perf_counter() - start
    rc, rss = out.stdout.split()
    return elapsed, int(rss) / 1024, int(rc)


SEMGREP_JS_RULES = """rules:
  - id: evalx
    languages: [javascript]
    severity: ERROR
    message: evalx
    pattern: eval($X)
  - id: child-exec
    languages: [javascript]
    severity: ERROR
    message: exec
    pattern: child_process.exec($X)
  - id: taint-xss
    languages: [javascript]
    severity: ERROR
    message: tainted response
    mode: taint
    pattern-sources:
      - pattern: $REQ.query
    pattern-sinks:
      - pattern: $RES.send(...)
"""


def js_corpus() -> Path | None:
    """The ``typescript`` npm package's sources (lib/*.js), installed with npm; major 5, the
    last written in TypeScript itself (later majors ship a native compiler)."""
    dest = WORK / "js"
    lib = dest / "node_modules" / "typescript" / "lib"
    if not lib.exists():
        dest.mkdir(parents=True, exist_ok=True)
        npm = shutil.which("npm")
        if npm is None:
            return None
        subprocess.run(
            [npm, "install", "--no-audit", "--no-fund", "--prefix", str(dest), "typescript@5"],
            check=True,
            capture_output=True,
        )
    return lib


def js_rows(stockade: Path, skip_semgrep: bool) -> tuple[int, list[tuple[str, float, float, bool]]]:
    lib = js_corpus()
    if lib is None:
        return 0, []
    lines = sum(p.read_bytes().count(b"\n") for p in lib.rglob("*.js"))
    out = WORK / "out"
    rows = []
    t, rss, rc = timed(
        [
            str(stockade),
            "analyze",
            str(lib),
            "--skip-secrets",
            "--skip-api",
            "--format",
            "json",
            "--output",
            str(out / "stockade-js.json"),
            "--no-default-excludes",
        ],
        env={**os.environ, "XDG_STATE_HOME": str(WORK / "state")},
    )
    rows.append(("stockade (JS/TS rules, taint on)", t, rss, rc in (0, 1)))
    if not skip_semgrep:
        rules = WORK / "semgrep-js-rules.yaml"
        rules.write_text(SEMGREP_JS_RULES)
        t, rss, rc = timed(
            [
                str(PEERS / "bin" / "semgrep"),
                "scan",
                "--metrics=off",
                "--disable-version-check",
                "--no-git-ignore",
                "--config",
                str(rules),
                "--json",
                "-o",
                str(out / "semgrep-js.json"),
                str(lib),
            ]
        )
        rows.append(("semgrep CE (3 local JS rules)", t, rss, rc in (0, 1)))
    return lines, rows


def print_table(title: str, lines: int, rows: list[tuple[str, float, float, bool]]) -> None:
    base = rows[0][1]
    print(title)
    print(
        f"{'tool':40} {'seconds':>8} {'lines/s':>10} {'peak RSS MB':>12} {'time vs stockade':>17}"
    )
    for name, secs, rss, ok in rows:
        note = "" if ok else "  (FAILED: see its output in bench/sast/work/out)"
        print(f"{name:40} {secs:8.1f} {lines / secs:10,.0f} {rss:12.0f} {secs / base:16.2f}x{note}")


def python_rules() -> int:
    from stockade.analyzers.sast.analyzer import SastAnalyzer

    return sum(1 for r in SastAnalyzer().rules() if r.id.startswith("python."))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--skip-semgrep", action="store_true")
    parser.add_argument("--skip-js", action="store_true")
    args = parser.parse_args()
    WORK.mkdir(exist_ok=True)
    root = corpus()
    lines = count_lines(root)
    peers(args.skip_semgrep)
    stockade = Path(sys.executable).with_name("stockade")
    out = WORK / "out"
    out.mkdir(exist_ok=True)
    rows = []
    t, rss, rc = timed(
        [
            str(stockade),
            "analyze",
            str(root),
            "--skip-secrets",
            "--skip-api",
            "--format",
            "json",
            "--output",
            str(out / "stockade.json"),
            "--no-default-excludes",
        ],
        env={**os.environ, "XDG_STATE_HOME": str(WORK / "state")},
    )
    rows.append((f"stockade ({python_rules()} Python rules, taint on)", t, rss, rc in (0, 1)))
    t, rss, rc = timed(
        [
            str(PEERS / "bin" / "bandit"),
            "-r",
            str(root),
            "-q",
            "-f",
            "json",
            "-o",
            str(out / "bandit.json"),
        ]
    )
    rows.append(("bandit", t, rss, rc in (0, 1)))
    if not args.skip_semgrep:
        rules = WORK / "semgrep-rules.yaml"
        rules.write_text(SEMGREP_RULES)
        (root / ".semgrepignore").write_text("")
        t, rss, rc = timed(
            [
                str(PEERS / "bin" / "semgrep"),
                "scan",
                "--metrics=off",
                "--disable-version-check",
                "--no-git-ignore",  # the work tree lies under a git-ignored folder
                "--config",
                str(rules),
                "--json",
                "-o",
                str(out / "semgrep.json"),
                str(root),
            ]
        )
        rows.append(("semgrep CE (9 local rules)", t, rss, rc in (0, 1)))
    print_table(
        f"SAST speed on the Python {sys.version_info.major}.{sys.version_info.minor} standard library "
        f"(tests excluded): {lines:,} lines, {os.cpu_count()} cores",
        lines,
        rows,
    )
    if not args.skip_js:
        js_lines, js = js_rows(stockade, args.skip_semgrep)
        if js:
            print()
            print_table(
                f"On the typescript npm package's lib/*.js: {js_lines:,} lines "
                "(Bandit does not read JavaScript)",
                js_lines,
                js,
            )
    print(
        f"load average {os.getloadavg()[0]:.1f} at the end (other work on the machine slows "
        "every tool alike)"
    )


if __name__ == "__main__":
    main()
