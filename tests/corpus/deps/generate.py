"""Build the labelled dependency corpus from ``tests/data/osv`` (run from the repo root).

Oracles, independent of the analyzer's range code:
- PyPI: the advisories' explicit ``versions`` lists (exact string membership).
- crates.io, Go, npm: the ``semver`` package evaluating each range's events in a
  deliberately naive way (``introduced <= v < fixed`` / ``<= last_affected`` per pair).
- npm advisories are generated here in the OSV schema (ranges only, like GitHub's), over
  a generated universe of versions with pre-releases; some come as alias pairs.

Writes ``cases/`` (lockfiles of many formats), ``advisories/npm/*.json`` and
``expected.json`` (``{file: {"eco/name@version": [advisory ids]}}``). Deterministic (seeded).
"""

from __future__ import annotations

import json
import random
import re
import shutil
import zipfile
from collections import defaultdict
from pathlib import Path
from typing import Any

import semver
from packaging.version import InvalidVersion, Version

HERE = Path(__file__).parent
OSV = HERE.parents[1] / "data" / "osv"
RNG = random.Random(20261123)
PEP503 = re.compile(r"[-_.]+")


def load(eco: str) -> list[dict[str, Any]]:
    with zipfile.ZipFile(OSV / eco / "all.zip") as z:
        return [json.loads(z.read(n)) for n in z.namelist() if n.endswith(".json")]


def sv(text: str) -> semver.Version | None:
    text = text.removeprefix("v").removesuffix("+incompatible")
    try:
        return semver.Version.parse(text)
    except ValueError:
        return None


def naive_affected(version: str, events: list[dict[str, str]]) -> bool:
    """Pairs in document order: introduced opens, the next fixed/last_affected closes."""
    v = sv(version)
    if v is None:
        return False
    lo: semver.Version | None = None
    opened = False
    for ev in events:
        if "introduced" in ev:
            lo = sv(ev["introduced"])
            if ev["introduced"] in ("0", "0.0.0-0"):
                lo = semver.Version(0, 0, 0, "0")  # the lowest version there is
            opened = True
        elif opened and "fixed" in ev:
            hi = sv(ev["fixed"])
            if lo is not None and hi is not None and lo <= v < hi:
                return True
            opened = False
        elif opened and "last_affected" in ev:
            hi = sv(ev["last_affected"])
            if lo is not None and hi is not None and lo <= v <= hi:
                return True
            opened = False
    return bool(opened and lo is not None and lo <= v)


def semver_expected(records: list[dict[str, Any]], eco: str, name: str, version: str) -> list[str]:
    ids = []
    for r in records:
        if r.get("withdrawn"):
            continue
        for a in r.get("affected", []):
            if (
                a["package"]["ecosystem"] == eco
                and a["package"]["name"] == name
                and any(
                    naive_affected(version, rng["events"])
                    for rng in a.get("ranges", [])
                    if rng["type"] in ("SEMVER", "ECOSYSTEM")
                )
            ):
                ids.append(r["id"])
                break
    return sorted(ids)


def pypi_expected(records: list[dict[str, Any]], norm: str, version: str) -> list[str]:
    ids = []
    for r in records:
        if r.get("withdrawn"):
            continue
        for a in r.get("affected", []):
            name = PEP503.sub("-", a["package"]["name"]).lower()
            if name == norm and version in a.get("versions", []):
                ids.append(r["id"])
                break
    return sorted(ids)


def by_package(records: list[dict[str, Any]], eco: str) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        for a in r.get("affected", []):
            if a["package"]["ecosystem"] == eco:
                out[a["package"]["name"]].append(r)
    return out


def below(version: str) -> str | None:
    v = sv(version)
    if v is None or v.prerelease:
        return None
    if v.patch:
        return str(v.replace(patch=v.patch - 1))
    if v.minor:
        return str(v.replace(minor=v.minor - 1, patch=9))
    if v.major:
        return str(v.replace(major=v.major - 1, minor=9, patch=0))
    return None


def valid_pep440(version: str) -> bool:
    """Only whether the string is a PEP 440 version: the oracle itself is list membership."""
    try:
        Version(version)
    except InvalidVersion:
        return False
    return True


def pick_pypi(n: int) -> list[tuple[str, str, list[str]]]:
    records = load("PyPI")
    pkgs = by_package(records, "PyPI")
    picks = []
    for name in RNG.sample(sorted(pkgs), min(n, len(pkgs))):
        norm = PEP503.sub("-", name).lower()
        listed = sorted({v for r in pkgs[name] for a in r["affected"] for v in a.get("versions", [])
                         if valid_pep440(v)})  # fmt: skip
        fixed = sorted({e["fixed"] for r in pkgs[name] for a in r["affected"]
                        for rg in a.get("ranges", []) if rg["type"] == "ECOSYSTEM"
                        for e in rg["events"] if "fixed" in e and valid_pep440(e["fixed"])})  # fmt: skip
        for version in RNG.sample(listed, min(1, len(listed))) + RNG.sample(
            fixed, min(1, len(fixed))
        ):
            picks.append((name, version, pypi_expected(records, norm, version)))
    return picks


def pick_semver(eco: str, n: int) -> list[tuple[str, str, list[str]]]:
    records = load(eco)
    pkgs = by_package(records, eco)
    names = [p for p in sorted(pkgs) if p not in ("stdlib", "toolchain")]
    picks = []
    for name in RNG.sample(names, min(n, len(names))):
        events = [e for r in pkgs[name] for a in r["affected"] if a["package"]["name"] == name
                  for rg in a.get("ranges", []) for e in rg["events"]]  # fmt: skip
        fixed = [e["fixed"] for e in events if "fixed" in e and sv(e["fixed"])]
        if not fixed:
            continue
        f = RNG.choice(fixed)
        for version in filter(None, (f, below(f))):
            written = f"v{version}" if eco == "Go" else version  # go.mod spells the v
            picks.append((name, written, semver_expected(records, eco, name, version)))
    return picks


def npm_universe() -> list[str]:
    out = []
    for major in range(4):
        for minor in range(6):
            for patch in range(4):
                out.append(f"{major}.{minor}.{patch}")
            out.append(f"{major}.{minor}.0-beta.1")
    return out


def npm_advisories(count: int) -> list[dict[str, Any]]:
    universe = sorted(npm_universe(), key=semver.Version.parse)
    advisories = []
    for i in range(count):
        name = RNG.choice(
            [f"corp-lib-{j}" for j in range(60)] + [f"@corp/util-{j}" for j in range(20)]
        )
        events: list[dict[str, str]] = []
        points = sorted(RNG.sample(range(len(universe)), RNG.choice([2, 2, 3, 4])))
        for k, p in enumerate(points):
            kind = "introduced" if k % 2 == 0 else RNG.choice(["fixed", "fixed", "last_affected"])
            events.append({kind: "0" if (k == 0 and RNG.random() < 0.2) else universe[p]})
        adv_id = f"GHSA-corp-{i:04d}-test"
        record: dict[str, Any] = {
            "id": adv_id, "modified": "2026-01-01T00:00:00Z", "summary": f"generated advisory {i}",
            "aliases": [f"CVE-2099-{i:05d}"],
            "affected": [{"package": {"ecosystem": "npm", "name": name},
                          "ranges": [{"type": "SEMVER", "events": events}]}],
        }  # fmt: skip
        if i % 10 == 0:
            record["withdrawn"] = "2026-02-01T00:00:00Z"
        advisories.append(record)
        if i % 7 == 0:  # a second database's record for the same vulnerability
            twin = json.loads(json.dumps(record))
            twin.update(id=f"NPM-TWIN-{i:04d}", aliases=[adv_id])
            twin.pop("withdrawn", None)
            advisories.append(twin)
    return advisories


def pick_npm(advisories: list[dict[str, Any]], n: int) -> list[tuple[str, str, list[str]]]:
    names = sorted({a["affected"][0]["package"]["name"] for a in advisories})
    picks = []
    universe = npm_universe()
    for _ in range(n):
        name, version = RNG.choice(names), RNG.choice(universe)
        picks.append((name, version, semver_expected(advisories, "npm", name, version)))
    return list({(p[0], p[1]): p for p in picks}.values())


Pick = tuple[str, str, list[str]]


def requirements(picks: list[Pick]) -> str:
    return "".join(f"{n}=={v}\n" for n, v, _ in picks)


def poetry_lock(picks: list[Pick]) -> str:
    body = "".join(
        f'[[package]]\nname = "{n}"\nversion = "{v}"\ndescription = ""\noptional = false\n'
        f'python-versions = "*"\nfiles = []\n\n'
        for n, v, _ in picks
    )
    return "# generated by Poetry 1.8.2\n\n" + body + '[metadata]\nlock-version = "2.0"\n'


def pipfile_lock(picks: list[Pick]) -> str:
    return json.dumps(
        {"_meta": {"pipfile-spec": 6}, "default": {n: {"version": f"=={v}"} for n, v, _ in picks},
         "develop": {}},
        indent=4,
    )  # fmt: skip


def uv_lock(picks: list[Pick]) -> str:
    deps = "".join(f'    {{ name = "{n}" }},\n' for n, _, _ in picks)
    head = f'version = 1\n\n[[package]]\nname = "app"\nversion = "0.1.0"\nsource = {{ virtual = "." }}\ndependencies = [\n{deps}]\n\n'
    return head + "".join(
        f'[[package]]\nname = "{n}"\nversion = "{v}"\nsource = {{ registry = "https://pypi.org/simple" }}\n\n'
        for n, v, _ in picks
    )


def pylock(picks: list[Pick]) -> str:
    return 'lock-version = "1.0"\n\n' + "".join(
        f'[[packages]]\nname = "{n}"\nversion = "{v}"\n\n' for n, v, _ in picks
    )


def cargo_lock(picks: list[Pick]) -> str:
    deps = "".join(f' "{n} {v}",\n' for n, v, _ in picks)
    head = f'version = 4\n\n[[package]]\nname = "app"\nversion = "0.1.0"\ndependencies = [\n{deps}]\n\n'
    return head + "".join(
        f'[[package]]\nname = "{n}"\nversion = "{v}"\n'
        f'source = "registry+https://github.com/rust-lang/crates.io-index"\n\n'
        for n, v, _ in picks
    )


def go_mod(picks: list[Pick]) -> str:
    lines = "".join(f"\t{n} v{v.removeprefix('v')}\n" for n, v, _ in picks)
    return f"module example.com/corpus\n\ngo 1.22\n\nrequire (\n{lines})\n"


def package_lock(picks: list[Pick]) -> str:
    pkgs: dict[str, Any] = {"": {"name": "app", "version": "1.0.0"}}
    for n, v, _ in picks:
        pkgs[f"node_modules/{n}"] = {"version": v}
    return json.dumps({"name": "app", "lockfileVersion": 3, "packages": pkgs}, indent=2)


def yarn_lock(picks: list[Pick]) -> str:
    return "# yarn lockfile v1\n\n" + "".join(
        f'"{n}@^{v}":\n  version "{v}"\n  resolved "https://registry.yarnpkg.com/{n}/-/x-{v}.tgz"\n\n'
        for n, v, _ in picks
    )


def pnpm_lock(picks: list[Pick]) -> str:
    deps = "".join(
        f"      '{n}':\n        specifier: {v}\n        version: {v}\n" for n, v, _ in picks
    )
    pkgs = "".join(
        f"  '{n}@{v}':\n    resolution: {{integrity: sha512-x}}\n\n" for n, v, _ in picks
    )
    snaps = "".join(f"  '{n}@{v}': {{}}\n\n" for n, v, _ in picks)
    return (f"lockfileVersion: '9.0'\n\nimporters:\n\n  .:\n    dependencies:\n{deps}\n"
            f"packages:\n\n{pkgs}snapshots:\n\n{snaps}")  # fmt: skip


def bun_lock(picks: list[Pick]) -> str:
    entries = "".join(f'    "{n}": ["{n}@{v}", "", {{}}, "sha512-x"],\n' for n, v, _ in picks)
    return f'{{\n  "lockfileVersion": 1,\n  "packages": {{\n{entries}  }},\n}}\n'


WRITERS = {
    "PyPI": [("requirements.txt", requirements), ("poetry.lock", poetry_lock),
             ("Pipfile.lock", pipfile_lock), ("uv.lock", uv_lock), ("pylock.toml", pylock)],
    "crates.io": [("Cargo.lock", cargo_lock)],
    "Go": [("go.mod", go_mod)],
    "npm": [("package-lock.json", package_lock), ("yarn.lock", yarn_lock),
            ("pnpm-lock.yaml", pnpm_lock), ("bun.lock", bun_lock)],
}  # fmt: skip
CHUNK = 40


def write(eco: str, picks: list[Pick], expected: dict[str, dict[str, list[str]]]) -> None:
    # one name per file: a lockfile holds one version of a package (npm nesting aside)
    chunks: list[list[Pick]] = []
    for pick in picks:
        home = next((c for c in chunks if len(c) < CHUNK and all(p[0] != pick[0] for p in c)), None)
        if home is None:
            chunks.append([pick])
        else:
            home.append(pick)
    for i, chunk in enumerate(chunks):
        fname, writer = WRITERS[eco][i % len(WRITERS[eco])]
        rel = f"cases/{eco}-{i:02d}/{fname}"
        (HERE / rel).parent.mkdir(parents=True)
        (HERE / rel).write_text(writer(chunk))
        expected[rel] = {f"{eco}/{n}@{v}": ids for n, v, ids in chunk}


def main() -> None:
    for sub in ("cases", "advisories"):
        shutil.rmtree(HERE / sub, ignore_errors=True)
    expected: dict[str, dict[str, list[str]]] = {}
    advisories = npm_advisories(220)
    (HERE / "advisories" / "npm").mkdir(parents=True)
    for record in advisories:
        (HERE / "advisories" / "npm" / f"{record['id']}.json").write_text(
            json.dumps(record, indent=1)
        )
    write("PyPI", pick_pypi(380), expected)
    write("crates.io", pick_semver("crates.io", 240), expected)
    write("Go", pick_semver("Go", 270), expected)
    write("npm", pick_npm(advisories, 330), expected)
    (HERE / "expected.json").write_text(json.dumps(expected, indent=1, sort_keys=True))
    pairs = [ids for f in expected.values() for ids in f.values()]
    print(f"{len(pairs)} package versions, {sum(1 for p in pairs if p)} vulnerable, "
          f"{sum(len(p) for p in pairs)} expected advisory ids in {len(expected)} files")  # fmt: skip


if __name__ == "__main__":
    main()
