"""npm range semantics against node-semver's Python port (``node-semver``)."""

from __future__ import annotations

import nodesemver
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from stockade.analyzers.deps.versions import npm_range_allows

part = st.one_of(st.integers(0, 3).map(str), st.just("x"))
partial = st.builds(
    lambda a, b, c, n: ".".join([a, b, c][:n]), st.integers(0, 3).map(str), part, part,
    st.integers(1, 3),
)  # fmt: skip
pre = st.sampled_from(["", "", "", "-beta.1", "-rc.2"])
full = st.builds(
    lambda a, b, c, p: f"{a}.{b}.{c}{p}",
    st.integers(0, 3), st.integers(0, 3), st.integers(0, 3), pre,
)  # fmt: skip
comparator = st.one_of(
    st.builds(lambda op, v: f"{op}{v}", st.sampled_from(["", "^", "~", ">=", "<", ">", "<="]),
              partial),
    st.builds(lambda op, v: f"{op}{v}", st.sampled_from(["", "^", "~", ">=", "<"]), full),
)  # fmt: skip
simple_set = st.lists(comparator, min_size=1, max_size=2).map(" ".join)
hyphen = st.builds(lambda a, b: f"{a} - {b}", full, partial)
ranges = st.lists(st.one_of(simple_set, hyphen), min_size=1, max_size=2).map(" || ".join)


def _partial_hyphen_bound_on_prerelease(spec: str, version: str) -> bool:
    """The one place the Python port follows node-semver before 7.3: a hyphen range's
    partial upper bound ``A - 1`` becomes ``<2.0.0`` there but ``<2.0.0-0`` in npm's own
    semver, so a prerelease just below it (``2.0.0-beta.1``) is out of range in npm."""
    if "-" not in version:
        return False
    for part in spec.split(" || "):
        if " - " in part:
            upper = part.split(" - ")[1]
            if len(upper.split(".")) < 3 or "x" in upper:
                return True
    return False


@settings(max_examples=400)
@given(ranges, full)
def test_npm_ranges_match_node_semver(spec: str, version: str) -> None:
    assume(not _partial_hyphen_bound_on_prerelease(spec, version))
    assert npm_range_allows(spec, version) == nodesemver.satisfies(version, spec, loose=False)


def test_partial_hyphen_upper_bound_excludes_its_prereleases_as_npm_does() -> None:
    # npm's semver (>= 7.3): "1.0.0-beta.1 - 0" is ">=1.0.0-beta.1 <1.0.0-0"
    assert not npm_range_allows("1.0.0-beta.1 - 0", "1.0.0-beta.1")
    assert npm_range_allows("1.0.0 - 2", "2.9.9")
    assert not npm_range_allows("1.0.0 - 2", "3.0.0-beta.1")


def test_greater_than_a_partial_starts_at_the_next_release() -> None:
    # ">0" is ">=1.0.0": 1.0.0's pre-releases sort below it and are not in range
    assert not npm_range_allows(">0", "1.0.0-beta.1")
    assert npm_range_allows(">0", "1.0.0")
    assert npm_range_allows(">1.2", "1.3.0")
    assert not npm_range_allows(">1.2", "1.3.0-rc.2")
