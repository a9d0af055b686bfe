"""npm range semantics against node-semver's Python port (``node-semver``)."""

from __future__ import annotations

import nodesemver
from hypothesis import given, settings
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


@settings(max_examples=400)
@given(ranges, full)
def test_npm_ranges_match_node_semver(spec: str, version: str) -> None:
    assert npm_range_allows(spec, version) == nodesemver.satisfies(version, spec, loose=False)
