"""SAST speed: lines per second and peak RSS on this machine's Python standard library,
Stockade next to Bandit and Semgrep CE in the same run.

Usage: python bench/sast/run.py [--skip-semgrep] [--skip-js]
With npm available it also times two JS/TS code bases from the npm registry (installed into
bench/sast/work/js): Effect's TypeScript sources and the typescript compiler's lib/*.js.
Peers are installed into bench/sast/work/peers (a throwaway venv) from PyPI. Semgrep runs
offline (--metrics=off, a local rule set written here for timing: one rule per category we
also cover). Tests directories are excluded for every tool, as in the figures of PEERS.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

import yaml

WORK = Path(__file__).parent / "work"
Row = tuple[str, float, float, bool]  # tool, seconds, peak RSS MB, finished
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


IDENT = re.compile(r"^(\*|[A-Za-z_]\w*)(\.(\*|[A-Za-z_]\w*))*$")
RULES = Path(__file__).resolve().parents[2] / "src/stockade/analyzers/sast/rules"


def _semgrep_pattern(glob: str, call: bool) -> str | None:
    """A Stockade dotted-name glob as a Semgrep pattern (None when it has no such form)."""
    call = call or glob.endswith("()")
    glob = glob.removesuffix("()")
    if glob.endswith("*") and glob[-2:-1].isalnum():  # ``req.query*``: the object and below
        glob = glob[:-1]
    if not IDENT.match(glob):
        return None
    parts = [f"$W{i}" if part == "*" else part for i, part in enumerate(glob.split("."))]
    return ".".join(parts) + ("(...)" if call else "")


def semgrep_taint_rules(language: str, languages: list[str], base: str) -> tuple[str, int]:
    """Semgrep taint rules with the same sources and sink calls as Stockade's taint rules of
    ``language`` (argument positions, sanitizers and folding left out: Semgrep's taint mode
    gets the same matching work), plus the simple pattern rules of ``base``: a rule set of
    comparable size."""
    directory = RULES / language
    taint = yaml.safe_load((directory / "_taint.yaml").read_text())
    sources = [
        {"pattern": pat}
        for src in taint["sources"]
        if not src.get("opt_in") and (pat := _semgrep_pattern(src["pattern"], False))
    ]
    rules = yaml.safe_load(base)["rules"]
    for path in sorted(directory.glob("[!_]*.yaml")):
        for rule in yaml.safe_load(path.read_text()).get("rules", []):
            sinks = [
                {"pattern": pat}
                for sink in rule.get("sinks", [])
                for glob in sink.get("call", [])
                if (pat := _semgrep_pattern(glob, True))
            ]
            if rule.get("kind") == "taint" and sinks:
                rules.append(
                    {
                        "id": rule["id"],
                        "languages": languages,
                        "severity": "ERROR",
                        "message": rule["title"],
                        "mode": "taint",
                        "pattern-sources": sources,
                        "pattern-sinks": sinks,
                    }
                )
    return yaml.dump({"rules": rules}, Dumper=_NoAliases, sort_keys=False), len(rules)


class _NoAliases(yaml.SafeDumper):
    """Rules share one sources list; Semgrep gets it written out in each rule."""

    def ignore_aliases(self, data: object) -> bool:
        return True


SEMGREP_JS_RULES = """rules:
  - id: evalx
    languages: [javascript, typescript]
    severity: ERROR
    message: evalx
    pattern: eval($X)
  - id: child-exec
    languages: [javascript, typescript]
    severity: ERROR
    message: exec
    pattern: child_process.exec($X)
  - id: taint-xss
    languages: [javascript, typescript]
    severity: ERROR
    message: tainted response
    mode: taint
    pattern-sources:
      - pattern: $REQ.query
    pattern-sinks:
      - pattern: $RES.send(...)
"""


def npm_package(spec: str, name: str) -> Path | None:
    """An npm package installed into bench/sast/work/js (None without npm)."""
    dest = WORK / "js"
    root = dest / "node_modules" / name
    if not root.exists():
        dest.mkdir(parents=True, exist_ok=True)
        npm = shutil.which("npm")
        if npm is None:
            return None
        subprocess.run(
            [npm, "install", "--no-audit", "--no-fund", "--prefix", str(dest), spec],
            check=True,
            capture_output=True,
        )
    return root


# JS/TS code bases from the npm registry: Effect ships its TypeScript sources (src/*.ts, files
# of ordinary size); TypeScript 5 (the last major written in TypeScript) ships its compiler as
# JavaScript, two files of 6 and 9 MB among them: Stockade runs pattern rules only on files
# above 2 MiB (no data flow), and Semgrep is told to read files up to 25 MB as Stockade does
# (its default skips files above 1 MB).
JS_CORPORA = (
    ("effect@3", "effect", "src", "*.ts", "Effect's TypeScript sources (src/**/*.ts)"),
    ("typescript@5", "typescript", "lib", "*.js", "the typescript compiler's lib/*.js"),
)


def js_tables(stockade: Path, skip_semgrep: bool) -> list[tuple[str, int, list[Row]]]:
    tables = []
    for spec, name, sub, glob, title in JS_CORPORA:
        package = npm_package(spec, name)
        if package is None:
            break
        root = package / sub
        lines = sum(p.read_bytes().count(b"\n") for p in root.rglob(glob))
        rows = [run_stockade(stockade, root, "JS/TS rules, taint on")]
        if not skip_semgrep:
            text, count = semgrep_taint_rules(
                "javascript", ["javascript", "typescript"], SEMGREP_JS_RULES
            )
            rows.append(run_semgrep(root, text, f"semgrep CE ({count} local JS/TS rules)"))
        tables.append(
            (f"On {title}: {lines:,} lines (Bandit does not read JavaScript)", lines, rows)
        )
    return tables


def run_stockade(stockade: Path, root: Path, what: str) -> Row:
    out = WORK / "out" / f"stockade-{root.parent.name}.json"
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
            str(out),
            "--no-default-excludes",
        ],
        # A fresh state directory per run: the CLI counts local runs against a daily quota,
        # which repeated benchmark runs would otherwise exhaust.
        env={**os.environ, "XDG_STATE_HOME": tempfile.mkdtemp(prefix="stockade-bench-state-")},
    )
    return (f"stockade ({what})", t, rss, rc in (0, 1))


def run_semgrep(root: Path, rules_text: str, label: str) -> Row:
    rules = WORK / f"semgrep-{root.parent.name}.yaml"
    rules.write_text(rules_text)
    (root / ".semgrepignore").write_text("")
    t, rss, rc = timed(
        [
            str(PEERS / "bin" / "semgrep"),
            "scan",
            "--metrics=off",
            "--disable-version-check",
            "--no-git-ignore",  # the work tree lies under a git-ignored folder
            # Stockade reads files up to 25 MiB; Semgrep skips files above 1 MB unless told,
            # which left it two of typescript's lib files (6 and 9 MB) fewer to scan.
            "--max-target-bytes=25MB",
            "--config",
            str(rules),
            "--json",
            "-o",
            str(WORK / "out" / f"semgrep-{root.parent.name}.json"),
            str(root),
        ]
    )
    return (label, t, rss, rc in (0, 1))


def print_table(title: str, lines: int, rows: list[Row]) -> None:
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
    (WORK / "out").mkdir(parents=True, exist_ok=True)
    root = corpus()
    lines = count_lines(root)
    peers(args.skip_semgrep)
    stockade = Path(sys.executable).with_name("stockade")
    rows = [run_stockade(stockade, root, f"{python_rules()} Python rules, taint on")]
    t, rss, rc = timed(
        [
            str(PEERS / "bin" / "bandit"),
            "-r",
            str(root),
            "-q",
            "-f",
            "json",
            "-o",
            str(WORK / "out" / "bandit.json"),
        ]
    )
    rows.append(("bandit", t, rss, rc in (0, 1)))
    if not args.skip_semgrep:
        rules_text, count = semgrep_taint_rules("python", ["python"], SEMGREP_RULES)
        rows.append(run_semgrep(root, rules_text, f"semgrep CE ({count} local rules)"))
    print(
        f"machine: {os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()}"
    )
    print_table(
        f"SAST speed on the Python {sys.version_info.major}.{sys.version_info.minor} standard library "
        f"(tests excluded): {lines:,} lines",
        lines,
        rows,
    )
    for title, js_lines, js in [] if args.skip_js else js_tables(stockade, args.skip_semgrep):
        print()
        print_table(title, js_lines, js)
    print(
        f"load average {os.getloadavg()[0]:.1f} at the end (other work on the machine slows "
        "every tool alike)"
    )


if __name__ == "__main__":
    main()
