"""Benchmark: Stockade's API module vs Spectral + OWASP ruleset on a ~100 KB and a 5+ MB spec.

Specs are generated (no network): the crAPI-like spec of the test corpus is replicated under
distinct service prefixes with renamed component schemas, so every copy is a separate API
surface (distinct paths, operation ids and schemas), as in a gateway's merged spec. Run:

    .venv/bin/python bench/apispec/run.py

Spectral is installed into bench/apispec/work/ (gitignored) from the npm registry on first run.
Stockade is timed three ways: the analyzer alone in this process (the issue's targets are
analysis time), and the whole ``stockade analyze`` CLI in a subprocess (wall time, peak RSS).
"""

from __future__ import annotations

import copy
import json
import os
import platform
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
WORK = HERE / "work"
SEED = REPO / "tests" / "corpus" / "apispec" / "vulnerable" / "crapi-like" / "openapi.yaml"
SPECTRAL = WORK / "node_modules" / ".bin" / "spectral"


def _rename_refs(node: Any, suffix: str) -> Any:
    if isinstance(node, dict):
        out = {}
        for k, v in node.items():
            if (k == "$ref" and isinstance(v, str) and v.startswith("#/components/schemas/")) or (
                k == "operationId" and isinstance(v, str)
            ):
                out[k] = v + suffix
            else:
                out[k] = _rename_refs(v, suffix)
        return out
    if isinstance(node, list):
        return [_rename_refs(v, suffix) for v in node]
    return node


def build_spec(copies: int) -> dict[str, Any]:
    """``copies`` services, each a renamed copy of the seed's paths and schemas."""
    seed = yaml.safe_load(SEED.read_text())
    spec = copy.deepcopy(seed)
    spec["paths"], spec["components"]["schemas"] = {}, {}
    for i in range(copies):
        suffix = f"_s{i}"
        for path, item in seed["paths"].items():
            spec["paths"][f"/svc{i}{path}"] = _rename_refs(item, suffix)
        for name, schema in seed["components"]["schemas"].items():
            spec["components"]["schemas"][name + suffix] = _rename_refs(schema, suffix)
    return dict(spec)


def write_specs() -> dict[str, Path]:
    out = {}
    for label, copies, fmt in (("100KB-yaml", 5, "yaml"), ("5MB-json", 150, "json")):
        d = WORK / "specs" / label
        d.mkdir(parents=True, exist_ok=True)
        spec = build_spec(copies)
        path = d / f"openapi.{fmt}"
        if fmt == "json":
            path.write_text(json.dumps(spec, indent=2))
        else:
            path.write_text(yaml.safe_dump(spec, sort_keys=False, width=120))
        out[label] = path
    return out


def ensure_spectral() -> bool:
    if SPECTRAL.exists():
        return True
    if shutil.which("npm") is None:
        return False
    WORK.mkdir(parents=True, exist_ok=True)
    cmd = [
        "npm",
        "install",
        "--prefix",
        str(WORK),
        "--no-audit",
        "--no-fund",
        "--silent",
        "@stoplight/spectral-cli",
        "@stoplight/spectral-owasp-ruleset",
    ]
    return subprocess.run(cmd, check=False).returncode == 0 and SPECTRAL.exists()


def measured(
    cmd: list[str], cwd: Path, env: dict[str, str] | None = None
) -> tuple[float, float, str]:
    """Wall seconds, peak RSS (MiB) of the process tree, stdout — measured in a fresh child."""
    probe = (
        "import resource, subprocess, sys, time, json\n"
        "t = time.perf_counter()\n"
        "p = subprocess.run(sys.argv[1:], capture_output=True, text=True)\n"
        "w = time.perf_counter() - t\n"
        "rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024\n"
        "print(json.dumps({'wall': w, 'rss': rss, 'out': p.stdout}))\n"
    )
    res = subprocess.run(
        [sys.executable, "-c", probe, *cmd],
        capture_output=True,
        text=True,
        cwd=cwd,
        check=True,
        env=env,
    )
    data = json.loads(res.stdout)
    return data["wall"], data["rss"], data["out"]


def analyzer_only(path: Path) -> tuple[float, int, float]:
    """Seconds of analysis in this process (best of 3), finding count, peak RSS MiB so far."""
    from stockade.analyzers.apispec.analyzer import ApiSpecAnalyzer
    from stockade.analyzers.interface import AnalysisContext
    from stockade.analyzers.target import SourceFile, Target, load_content

    best, count = float("inf"), 0
    for _ in range(3):
        target = Target.open(path.parent)
        ctx = AnalysisContext(target=target, module="api")
        source = SourceFile(path.name, str(path), path.stat().st_size, None)
        content = load_content(source)
        start = time.perf_counter()
        count = len(list(ApiSpecAnalyzer().analyze_file(content, ctx)))
        best = min(best, time.perf_counter() - start)
    return best, count, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def stockade_cli(path: Path) -> tuple[float, float, int]:
    exe = Path(sys.executable).parent / "stockade"
    cmd = [
        str(exe),
        "analyze",
        str(path.parent),
        "--skip-sast",
        "--skip-secrets",
        "--format",
        "json",
        "--severity",
        "info",
        "--offline",
        "-j",
        "1",
    ]
    # The CLI counts runs against a local daily quota kept in the user's state directory; a
    # throwaway state directory keeps benchmark runs from using up the developer's quota.
    env = {**os.environ, "XDG_STATE_HOME": str(WORK / "state")}
    shutil.rmtree(WORK / "state", ignore_errors=True)
    wall, rss, out = measured(cmd, REPO, env)
    try:
        report = json.loads(out)
        findings = report.get("findings", report) if isinstance(report, dict) else report
        count = len([f for f in findings if f.get("module", "api") == "api"])
    except (json.JSONDecodeError, AttributeError):
        count = -1
    return wall, rss, count


def spectral(path: Path) -> tuple[float, float, int]:
    ruleset = WORK / ".spectral.yaml"
    ruleset.write_text('extends: ["@stoplight/spectral-owasp-ruleset"]\n')
    cmd = [str(SPECTRAL), "lint", str(path), "--ruleset", str(ruleset), "-f", "json", "-q"]
    wall, rss, out = measured(cmd, WORK)
    try:
        count = len(json.loads(out))
    except json.JSONDecodeError:
        count = -1
    return wall, rss, count


def main() -> None:
    specs = write_specs()
    have_spectral = ensure_spectral()
    print(
        f"machine: {platform.platform()}, {os.cpu_count()} CPUs, Python {platform.python_version()}"
    )
    print(
        "Stockade CLI: stockade analyze <dir> --skip-sast --skip-secrets --format json --severity info -j 1"
    )
    print(
        "Spectral: spectral lint <spec> --ruleset (extends @stoplight/spectral-owasp-ruleset) -f json\n"
    )
    header = (
        f"{'spec':<12}{'size':>9} | {'analysis s':>10}{'cli s':>8}{'cli MiB':>9}{'findings':>9}{'cli n':>7} | "
        f"{'spectral s':>10}{'MiB':>7}{'findings':>9} | {'time ratio':>10}{'count ratio':>12}"
    )
    print(header)
    print("-" * len(header))
    for label, path in specs.items():
        a_s, a_n, _ = analyzer_only(path)
        c_s, c_rss, c_n = stockade_cli(path)
        s_s, s_rss, s_n = spectral(path) if have_spectral else (float("nan"), float("nan"), -1)
        size = f"{path.stat().st_size / 1024:.0f} KB"
        ratio_t = s_s / c_s if have_spectral else float("nan")
        ratio_n = a_n / s_n if s_n > 0 else float("nan")
        print(
            f"{label:<12}{size:>9} | {a_s:>10.3f}{c_s:>8.2f}{c_rss:>9.0f}{a_n:>9}{c_n:>7} | "
            f"{s_s:>10.2f}{s_rss:>7.0f}{s_n:>9} | {ratio_t:>9.1f}x{ratio_n:>12.2f}"
        )
    print("\nanalysis s = ApiSpecAnalyzer.analyze_file in-process (best of 3, parse included);")
    print(
        "cli = whole `stockade analyze` run (start-up, walk, report); cli n = api findings in its JSON"
    )
    print(
        "time ratio = Spectral wall / Stockade CLI wall; count ratio = Stockade / Spectral findings"
    )


if __name__ == "__main__":
    main()
