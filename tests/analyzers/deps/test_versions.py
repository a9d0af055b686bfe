"""Per-ecosystem ordering and OSV range evaluation, against reference implementations."""

from __future__ import annotations

import json
import zipfile

import pytest
import semver
from hypothesis import given
from hypothesis import strategies as st
from packaging.version import Version

from osv_data import OSV
from stockade.analyzers.deps.versions import (
    VersionError,
    affected_entry_matches,
    compare,
    in_range,
    key_for,
    pep440_key,
    semver_key,
)

ident = st.one_of(
    st.integers(0, 30).map(str),
    st.text("abcdefghijklmnopqrstuvwxyz-", min_size=1, max_size=5).filter(
        lambda s: not s.isdigit()
    ),
)
semvers = st.builds(
    lambda a, b, c, pre: f"{a}.{b}.{c}" + (f"-{'.'.join(pre)}" if pre else ""),
    st.integers(0, 20),
    st.integers(0, 20),
    st.integers(0, 20),
    st.lists(ident, max_size=3),
)


@given(semvers, semvers)
def test_semver_order_matches_the_semver_package(a: str, b: str) -> None:
    expected = semver.Version.parse(a).compare(b)
    assert compare("npm", a, b) == expected
    assert compare("crates.io", a, b) == expected


pep440 = st.builds(
    lambda rel, pre, post, dev: ".".join(map(str, rel)) + pre + post + dev,
    st.lists(st.integers(0, 12), min_size=1, max_size=4),
    st.sampled_from(["", "a1", "b2", "rc1", "rc10"]),
    st.sampled_from(["", ".post1", ".post2"]),
    st.sampled_from(["", ".dev0", ".dev3"]),
)


@given(pep440, pep440)
def test_pep440_order_matches_packaging(a: str, b: str) -> None:
    expected = (Version(a) > Version(b)) - (Version(a) < Version(b))
    assert compare("PyPI", a, b) == expected


def test_pypi_ranges_agree_with_the_listed_versions_oracle() -> None:
    """PyPI advisories list every affected version explicitly: an independent oracle for the
    range walk. The handful of disagreements are advisories whose list contradicts their
    own ranges (e.g. ``3.2a1`` listed while the range starts at ``3.2``)."""
    agree = disagree = 0
    with zipfile.ZipFile(OSV / "PyPI" / "all.zip") as z:
        for name in z.namelist():
            record = json.loads(z.read(name))
            for entry in record.get("affected", []):
                ranges = [r for r in entry.get("ranges", []) if r["type"] == "ECOSYSTEM"]
                for rng in ranges:
                    for v in entry.get("versions", []):
                        try:
                            hit = in_range(pep440_key, pep440_key(v), rng["events"])
                        except VersionError:
                            continue
                        agree, disagree = agree + hit, disagree + (not hit)
    assert agree > 140_000
    assert disagree <= 10


EVENTS = [{"introduced": "1.0.0"}, {"fixed": "1.2.0"}, {"introduced": "2.0.0"}]


@pytest.mark.parametrize(
    ("version", "affected"),
    [("0.9.0", False), ("1.0.0", True), ("1.1.9", True), ("1.2.0", False), ("1.9.9", False),
     ("2.0.0", True), ("9.0.0", True), ("2.0.0-rc.1", False)],
)  # fmt: skip
def test_several_introduced_fixed_pairs(version: str, affected: bool) -> None:
    key = key_for("npm")
    assert in_range(key, key(version), EVENTS) is affected


def test_last_affected_is_inclusive_and_limit_exclusive() -> None:
    key = key_for("crates.io")
    events = [{"introduced": "0"}, {"last_affected": "1.4.2"}]
    assert in_range(key, key("1.4.2"), events)
    assert not in_range(key, key("1.4.3"), events)
    limited = [{"introduced": "1.0.0"}, {"limit": "1.5.0"}]
    assert in_range(key, key("1.4.9"), limited)
    assert not in_range(key, key("1.5.0"), limited)


def test_versions_list_and_git_ranges() -> None:
    entry = {
        "versions": ["1.0.5"],
        "ranges": [{"type": "GIT", "repo": "x", "events": [{"introduced": "0"}]}],
    }
    assert affected_entry_matches("PyPI", "1.0.5", entry)
    assert not affected_entry_matches("PyPI", "1.0.6", entry), "GIT ranges do not place versions"


@pytest.mark.parametrize(
    ("eco", "lower", "higher"),
    [
        ("Go", "v0.0.0-20210101000000-abcdefabcdef", "v0.0.1"),
        ("Go", "v1.2.3", "v2.0.0+incompatible"),
        ("Go", "0.5.0", "v0.10.0"),
        ("Maven", "1.0-alpha-1", "1.0-beta"),
        ("Maven", "1.0-rc1", "1.0"),
        ("Maven", "1.0", "1.0-sp1"),
        ("Maven", "2.9.9", "2.10.0"),
        ("RubyGems", "1.0.0.pre", "1.0.0"),
        ("RubyGems", "1.9", "1.10"),
        ("NuGet", "1.0.0-beta", "1.0.0"),
        ("NuGet", "1.0.0", "1.0.0.1"),
        ("Packagist", "2.0.0-RC1", "2.0.0"),
        ("Packagist", "v1.9.0", "1.10.0"),
        ("Hex", "1.2.3-rc.1", "1.2.3"),
        ("Pub", "1.0.0", "1.0.1"),
    ],
)
def test_ecosystem_orderings(eco: str, lower: str, higher: str) -> None:
    assert compare(eco, lower, higher) == -1
    assert compare(eco, higher, lower) == 1


def test_equal_spellings() -> None:
    assert compare("Maven", "1.0", "1.0.0") == 0
    assert compare("Go", "v1.2.3", "1.2.3") == 0
    assert compare("PyPI", "1.0", "1.0.0") == 0


@pytest.mark.parametrize("bad", ["", "not-a-version", "x.y.z"])
def test_unparseable_versions_raise(bad: str) -> None:
    with pytest.raises(VersionError):
        semver_key(bad)
    with pytest.raises(VersionError):
        pep440_key(bad or "@@")


def test_unknown_ecosystem() -> None:
    with pytest.raises(VersionError):
        key_for("Nonsense")
