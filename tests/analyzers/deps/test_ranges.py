"""npm and Cargo requirement ranges, manifests without lockfiles, and unpinned matching."""

from __future__ import annotations

import json
from typing import Any

import pytest

from stockade.analyzers.deps.advisories.interface import Advisory, AdvisorySource
from stockade.analyzers.deps.analyzer import DependencyAnalyzer
from stockade.analyzers.deps.service import analyze_contents, parse_file
from stockade.analyzers.deps.versions import (
    VersionError,
    cargo_range_allows,
    npm_range_allows,
    range_allows,
)


@pytest.mark.parametrize(
    ("spec", "version", "allowed"),
    [
        ("^1.2.3", "1.9.0", True), ("^1.2.3", "2.0.0", False), ("^0.2.3", "0.2.9", True),
        ("^0.2.3", "0.3.0", False), ("^0.0.3", "0.0.4", False), ("~1.2.3", "1.2.9", True),
        ("~1.2.3", "1.3.0", False), ("1.x", "1.5.0", True), ("1.x", "2.0.0", False),
        (">=1.0.0 <2.0.0", "1.5.0", True), ("1.0.0 - 2.0.0", "2.0.0", True),
        ("1.0.0 - 2", "2.9.9", True), ("1.0.0 - 2", "3.0.0", False),
        ("<1.0.0 || >=3.0.0", "3.1.0", True), ("<1.0.0 || >=3.0.0", "2.0.0", False),
        ("^1.2.3-beta.2", "1.2.3-beta.4", True), ("^1.2.3-beta.2", "1.2.4-beta.1", False),
        ("*", "1.0.0-rc.1", False), ("*", "1.0.0", True), (">1.2", "1.3.0", True),
        (">1.2", "1.2.9", False), ("<=1.2", "1.2.9", True), ("1.2.3", "1.2.4", False),
    ],
)  # fmt: skip
def test_npm_ranges(spec: str, version: str, allowed: bool) -> None:
    assert npm_range_allows(spec, version) is allowed


@pytest.mark.parametrize(
    ("spec", "version", "allowed"),
    [
        ("1.2.3", "1.9.0", True), ("1.2.3", "2.0.0", False), ("=1.2.3", "1.2.4", False),
        (">=1.2, <1.5", "1.4.9", True), (">=1.2, <1.5", "1.5.0", False), ("~1.2", "1.2.7", True),
        ("~1.2", "1.3.0", False), ("0.3", "0.3.9", True), ("0.3", "0.4.0", False),
        ("1.0.0", "1.1.0-alpha.1", False),
    ],
)  # fmt: skip
def test_cargo_requirements(spec: str, version: str, allowed: bool) -> None:
    assert cargo_range_allows(spec, version) is allowed


def test_unsupported_range_ecosystem() -> None:
    with pytest.raises(VersionError):
        range_allows("Maven", "[1.0,2.0)", "1.5")
    with pytest.raises(VersionError):
        npm_range_allows("not a range !!", "1.0.0")


PACKAGE_JSON = """{
  "name": "app",
  "dependencies": {"left-pad": "^1.1.0", "exact": "2.0.0", "local": "file:../local",
                   "gh": "user/repo"},
  "devDependencies": {"jest": "~29.0.0"}
}
"""


def test_package_json_and_cargo_toml() -> None:
    pkgs = {p.name: p for p in parse_file("package.json", PACKAGE_JSON)}
    assert set(pkgs) == {"left-pad", "exact", "jest"}
    assert pkgs["exact"].pinned and pkgs["exact"].version == "2.0.0"
    assert not pkgs["left-pad"].pinned and pkgs["left-pad"].spec == "^1.1.0"
    cargo = "[dependencies]\nserde = \"1.0\"\nlocal = { path = \"../x\" }\n" \
        "tokio = { version = \"=1.20.0\", features = [\"full\"] }\n"  # fmt: skip
    crates = {p.name: p for p in parse_file("Cargo.toml", cargo)}
    assert set(crates) == {"serde", "tokio"}
    assert crates["tokio"].pinned and not crates["serde"].pinned


ADVISORY = {
    "id": "GHSA-left-pad-0001",
    "modified": "2024-01-01T00:00:00Z",
    "affected": [
        {
            "package": {"ecosystem": "npm", "name": "left-pad"},
            "ranges": [{"type": "SEMVER", "events": [{"introduced": "1.2.0"}, {"fixed": "1.3.0"}]}],
        }
    ],
}


class OneAdvisory(AdvisorySource):
    def lookup(self, packages: Any) -> dict[tuple[str, str], list[Advisory]]:
        return {p: [ADVISORY] for p in packages if p == ("npm", "left-pad")}


@pytest.mark.parametrize(("spec", "count"), [("^1.1.0", 1), ("~1.1.0", 0), (">=1.3.0", 0)])
def test_unpinned_npm_range(spec: str, count: int) -> None:
    body = json.dumps({"dependencies": {"left-pad": spec}})
    outcome = analyze_contents([{"path": "package.json", "content": body}], OneAdvisory())
    assert len(outcome.findings) == count
    if count:
        assert outcome.findings[0].rule_id == "dependencies.unpinned-vulnerable-range"


def test_manifest_beside_a_lockfile_is_not_read(analyze_files: Any, tmp_path: Any) -> None:
    files = [
        {"path": "web/package.json", "content": '{"dependencies": {"left-pad": "^1.1.0"}}'},
        {"path": "web/package-lock.json", "content": '{"lockfileVersion": 3, "packages": {}}'},
    ]
    assert analyze_contents(files, OneAdvisory()).findings == []
    analyzer = DependencyAnalyzer({"advisory_db": str(tmp_path / "none.sqlite")})
    _, issues = analyze_files(analyzer, {f["path"]: f["content"] for f in files})
    reasons = {i.path: i.message for i in issues}
    assert "lockfile beside" in reasons["web/package.json"]
