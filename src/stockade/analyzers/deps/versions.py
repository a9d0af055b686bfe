"""Version ordering by each ecosystem's own rules, and OSV ``affected`` evaluation.

Comparing versions as dotted numbers is what produced the false positives users complained
about (``1.0.0-rc1`` after ``1.0.0``, ``v1.2.3+incompatible`` unparsed); every ecosystem here
gets its own key function so that ``sorted()`` and ``<`` follow that ecosystem's rules.
A version that does not parse raises :class:`VersionError`; callers report and skip it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from packaging.version import InvalidVersion, Version

from stockade.core.errors import StockadeError

Key = tuple[Any, ...]


class VersionError(ValueError, StockadeError):
    """A version string that the ecosystem's rules cannot order."""


_SEMVER = re.compile(
    r"^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)"
    r"(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z.-]+)?$"
)
_LOOSE_SEMVER = re.compile(r"^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:[-.]?([0-9A-Za-z.-]+?))?(?:\+.*)?$")


def _prerelease_key(pre: str | None) -> Key:
    """SemVer 2.0 §11: no pre-release sorts above any; numeric identifiers below alphanumeric."""
    if not pre:
        return (1,)
    parts: list[tuple[int, int, str]] = []
    for ident in pre.split("."):
        parts.append((0, int(ident), "") if ident.isdigit() else (1, 0, ident))
    return (0, tuple(parts))


def semver_key(version: str) -> Key:
    """SemVer 2.0 precedence (npm, crates.io, Go, Pub, Hex); build metadata is ignored."""
    m = _SEMVER.match(version.strip())
    if m is None:
        m2 = _LOOSE_SEMVER.match(version.strip())
        if m2 is None:
            raise VersionError(f"not a semantic version: {version!r}")
        nums = tuple(int(g or 0) for g in m2.group(1, 2, 3))
        return (*nums, _prerelease_key(m2.group(4)))
    major, minor, patch, pre = m.groups()
    return (int(major), int(minor), int(patch), _prerelease_key(pre))


def pep440_key(version: str) -> Key:
    try:
        return (Version(version),)
    except InvalidVersion as exc:
        raise VersionError(f"not a PEP 440 version: {version!r}") from exc


_TOKEN = re.compile(r"\d+|[a-zA-Z]+")
# Maven ComparableVersion qualifier order; unknown qualifiers sort after these, alphabetically.
_MAVEN_QUALIFIERS = {
    "alpha": 0, "a": 0, "beta": 1, "b": 1, "milestone": 2, "m": 2, "rc": 3, "cr": 3,
    "snapshot": 4, "": 5, "ga": 5, "final": 5, "release": 5, "sp": 6,
}  # fmt: skip


def maven_key(version: str) -> Key:
    """Maven's ComparableVersion, simplified: numbers numerically, qualifiers by rank.

    Zeros ending a run of numbers are dropped (``1.0`` == ``1``), release qualifiers
    (``ga``, ``final``) vanish, and every key ends in a release marker, so that
    ``1.0-rc1 < 1.0 < 1.0-sp1 < 1.0.1``.
    """
    tokens = _TOKEN.findall(version.lower())
    if not tokens:
        raise VersionError(f"not a Maven version: {version!r}")
    key: list[tuple[int, int, str]] = []
    for tok in [*tokens, ""]:
        if tok.isdigit():
            key.append((1, int(tok), ""))
            continue
        while key and key[-1] == (1, 0, ""):
            key.pop()
        rank = _MAVEN_QUALIFIERS.get(tok)
        if rank != 5:
            key.append((0, rank, "") if rank is not None else (0, 7, tok))
    return (*key, (0, 5, ""))


def rubygems_key(version: str) -> Key:
    """Gem::Version: segments; a letter segment makes a pre-release, sorting before numbers
    and before the end of the version (``1.0.0.pre < 1.0.0 < 1.0.0.1``)."""
    tokens = _TOKEN.findall(version)
    if not tokens or not tokens[0].isdigit():
        raise VersionError(f"not a RubyGems version: {version!r}")
    key: list[tuple[int, int, str]] = []
    for tok in [*tokens, None]:
        if tok is not None and tok.isdigit():
            key.append((1, int(tok), ""))
            continue
        while key and key[-1] == (1, 0, ""):
            key.pop()
        key.append((0, 0, tok) if tok is not None else (0, 1, ""))
    return tuple(key)


_STABILITY = {"dev": 0, "alpha": 1, "a": 1, "beta": 2, "b": 2, "rc": 3, "": 4, "stable": 4, "pl": 5}


def composer_key(version: str) -> Key:
    """Composer: up to four numbers, then a stability flag (dev < alpha < beta < RC < stable)."""
    m = re.match(r"^v?(\d+(?:\.\d+){0,3})(?:[-._]?([a-zA-Z]+)\.?(\d*))?", version.strip())
    if m is None:
        raise VersionError(f"not a Composer version: {version!r}")
    nums = [int(n) for n in m.group(1).split(".")]
    nums += [0] * (4 - len(nums))
    flag = (m.group(2) or "").lower()
    if flag == "p" or flag == "patch":
        flag = "pl"
    return (*nums, _STABILITY.get(flag, 4), int(m.group(3) or 0))


def nuget_key(version: str) -> Key:
    """NuGet: up to four numeric parts, then SemVer pre-release precedence (case-insensitive)."""
    m = re.match(r"^(\d+(?:\.\d+){0,3})(?:-([0-9A-Za-z.-]+))?(?:\+.*)?$", version.strip())
    if m is None:
        raise VersionError(f"not a NuGet version: {version!r}")
    nums = [int(n) for n in m.group(1).split(".")]
    nums += [0] * (4 - len(nums))
    pre = m.group(2).lower() if m.group(2) else None
    return (*nums, _prerelease_key(pre))


def go_key(version: str) -> Key:
    """Go modules: SemVer with a ``v`` prefix; pseudo-versions are pre-releases; +incompatible
    is build metadata. OSV's Go data omits the ``v``, so both spellings are accepted."""
    return semver_key(version.removesuffix("+incompatible"))


KEYS: Mapping[str, Callable[[str], Key]] = {
    "PyPI": pep440_key,
    "npm": semver_key,
    "crates.io": semver_key,
    "Go": go_key,
    "Pub": semver_key,
    "Hex": semver_key,
    "Maven": maven_key,
    "RubyGems": rubygems_key,
    "Packagist": composer_key,
    "NuGet": nuget_key,
}


def key_for(ecosystem: str) -> Callable[[str], Key]:
    try:
        return KEYS[ecosystem]
    except KeyError as exc:
        raise VersionError(f"unknown ecosystem {ecosystem!r}") from exc


def compare(ecosystem: str, a: str, b: str) -> int:
    key = key_for(ecosystem)
    ka, kb = key(a), key(b)
    return (ka > kb) - (ka < kb)


def _event_key(key: Callable[[str], Key], kind: str, value: str) -> Key | None:
    """``introduced: "0"`` means "from the very first version"; None stands for that."""
    if kind == "introduced" and value in ("0", "0.0.0-0"):
        return None
    return key(value)


CompiledRange = tuple[tuple[tuple[int, Key], str], ...]


def compile_range(key: Callable[[str], Key], events: Sequence[Mapping[str, str]]) -> CompiledRange:
    """Events with parsed versions, sorted: the walk below then only compares tuples."""
    parsed: list[tuple[tuple[int, Key], str]] = []
    for event in events:
        for kind, value in event.items():
            if kind not in ("introduced", "fixed", "last_affected", "limit"):
                continue
            k = _event_key(key, kind, str(value))
            parsed.append(((0, ()) if k is None else (1, k), kind))
    parsed.sort(key=lambda item: item[0])
    return tuple(parsed)


def in_compiled_range(version: Key, compiled: CompiledRange) -> bool:
    """OSV range evaluation: walk the sorted events, tracking whether ``version`` is affected."""
    affected = False
    for (_, ek), kind in compiled:
        below = ek == () or ek <= version
        if kind == "introduced" and below:
            affected = True
        elif (kind == "fixed" and below) or (kind == "last_affected" and ek < version):
            affected = False
        elif kind == "limit" and below:
            return False
    return affected


def in_range(key: Callable[[str], Key], version: Key, events: Sequence[Mapping[str, str]]) -> bool:
    return in_compiled_range(version, compile_range(key, events))


@dataclass(frozen=True, slots=True)
class CompiledEntry:
    """One OSV ``affected`` entry ready for fast evaluation (ranges that cannot be ordered,
    GIT ones and those with unparseable events, are dropped: only ``versions`` place them)."""

    versions: frozenset[str]
    ranges: tuple[CompiledRange, ...]

    def matches(self, version: str, vkey: Key) -> bool:
        return version in self.versions or any(in_compiled_range(vkey, r) for r in self.ranges)


def compile_entry(ecosystem: str, entry: Mapping[str, Any]) -> CompiledEntry:
    key = key_for(ecosystem)
    ranges = []
    for rng in entry.get("ranges") or ():
        if rng.get("type") not in ("ECOSYSTEM", "SEMVER"):
            continue
        try:
            ranges.append(compile_range(key, rng.get("events") or ()))
        except VersionError:
            continue  # a range with an unorderable event cannot place any version
    return CompiledEntry(frozenset(map(str, entry.get("versions") or ())), tuple(ranges))


def affected_entry_matches(ecosystem: str, version: str, entry: Mapping[str, Any]) -> bool:
    """Whether one OSV ``affected`` entry covers ``version`` (``versions`` list or ranges).

    GIT ranges are commit hashes and cannot place a release version; they count only
    through the entry's ``versions`` list, as OSV itself does. So does a range whose event
    versions do not parse (``2019-09-12`` in a PyPI range).
    """
    compiled = compile_entry(ecosystem, entry)
    if version in compiled.versions:
        return True
    return any(in_compiled_range(key_for(ecosystem)(version), r) for r in compiled.ranges)


def event_versions(entry: Mapping[str, Any]) -> Iterable[tuple[str, str]]:
    """``(kind, version)`` of every range event of an affected entry (GIT ranges excluded)."""
    for rng in entry.get("ranges") or ():
        if rng.get("type") == "GIT":
            continue
        for event in rng.get("events") or ():
            yield from ((str(k), str(v)) for k, v in event.items())


# --- Requirement ranges (what an unpinned manifest entry still allows) -----------------

Comparator = tuple[str, Key]
_NPM_PART = re.compile(
    r"^(<=|>=|<|>|=|\^|~>?|)\s*v?([0-9xX*]+(?:\.[0-9xX*]+){0,2})(-[0-9A-Za-z.-]+)?$"
)


def _partial(text: str) -> tuple[list[int | None], str | None]:
    """``1.x`` → [1, None, None]; wildcards and missing parts are None."""
    m = re.match(r"^v?([0-9xX*]+)(?:\.([0-9xX*]+))?(?:\.([0-9xX*]+))?(?:-([0-9A-Za-z.-]+))?", text)
    if m is None:
        raise VersionError(f"not a version in a range: {text!r}")
    nums = [None if g is None or g in "xX*" else int(g) for g in m.group(1, 2, 3)]
    if None in nums:  # everything after a wildcard is a wildcard too (``1.x.3`` is ``1.x``)
        first = nums.index(None)
        nums = nums[:first] + [None] * (3 - first)
    return nums, m.group(4)


def _v(nums: list[int], pre: str | None = None) -> Key:
    return (nums[0], nums[1], nums[2], _prerelease_key(pre))


def _bump(nums: list[int | None], index: int, pre: str | None = "0") -> Key:
    """The version after incrementing part ``index``: with ``-0`` as an exclusive upper
    bound (``^0.2`` → ``<0.3.0-0``), as the release itself for a lower one (``>1`` →
    ``>=2.0.0``)."""
    base = [n or 0 for n in nums]
    base[index] += 1
    for i in range(index + 1, 3):
        base[i] = 0
    return _v(base, pre)


def _caret(nums: list[int | None], pre: str | None) -> list[Comparator]:
    filled = [n or 0 for n in nums]
    lower = ("\u2265", _v(filled, pre))
    if nums[0] is None:
        return [lower]
    if nums[0] != 0 or nums[1] is None:
        return [lower, ("<", _bump(nums, 0))]
    if nums[1] != 0 or nums[2] is None:
        return [lower, ("<", _bump(nums, 1))]
    return [lower, ("<", _bump(nums, 2))]


def _tilde(nums: list[int | None], pre: str | None) -> list[Comparator]:
    filled = [n or 0 for n in nums]
    lower = ("\u2265", _v(filled, pre))
    if nums[0] is None:
        return [lower]
    return [lower, ("<", _bump(nums, 0 if nums[1] is None else 1))]


def _simple(op: str, text: str, default_caret: bool) -> list[Comparator]:
    nums, pre = _partial(text)
    filled = [n or 0 for n in nums]
    wild = None in nums
    if op == "^" or (op == "" and default_caret):
        return _caret(nums, pre)
    if op in ("~", "~>"):
        return _tilde(nums, pre)
    if op in ("", "=") and wild:
        return _tilde(nums, pre) if nums[1] is not None else _caret(nums, pre)
    if op in ("", "="):
        return [("=", _v(filled, pre))]
    if op == ">" and wild:  # ">1" is ">=2.0.0": the release, not its pre-releases (no "-0")
        return (
            [("\u2265", _bump(nums, nums.index(None) - 1, None))]
            if nums[0] is not None
            else [("<", ())]
        )
    if op == "<=" and wild:
        return [("<", _bump(nums, nums.index(None) - 1))] if nums[0] is not None else []
    return [({">=": "\u2265", "<=": "\u2264"}.get(op, op), _v(filled, pre))]


def _satisfies(version: Key, comparators: Sequence[Comparator]) -> bool:
    for op, bound in comparators:
        ok = {
            "=": version == bound,
            "<": bound != () and version < bound,
            ">": version > bound,
            "\u2265": version >= bound,
            "\u2264": version <= bound,
        }[op]
        if not ok:
            return False
    return True


def _npm_set(text: str) -> list[Comparator]:
    text = text.strip()
    hyphen = re.match(r"^(\S+)\s+-\s+(\S+)$", text)
    if hyphen:
        lo, lo_pre = _partial(hyphen.group(1))
        hi_nums, hi_pre = _partial(hyphen.group(2))
        upper: list[Comparator] = (
            [("<", _bump(hi_nums, hi_nums.index(None) - 1))]
            if None in hi_nums and hi_nums[0] is not None
            else [("\u2264", _v([n or 0 for n in hi_nums], hi_pre))]
        )
        return [("\u2265", _v([n or 0 for n in lo], lo_pre)), *upper]
    comparators: list[Comparator] = []
    for part in re.sub(r"(<=|>=|<|>|=|\^|~)\s+", r"\1", text).split():
        m = _NPM_PART.match(part)
        if m is None:
            raise VersionError(f"not an npm range: {text!r}")
        comparators += _simple(m.group(1), m.group(2) + (m.group(3) or ""), default_caret=False)
    return comparators


def _has_prerelease(comparators: Sequence[Comparator], version: Key) -> bool:
    """npm: a pre-release satisfies a range only if a comparator of the same
    major.minor.patch carries a pre-release too."""
    return any(b != () and b[:3] == version[:3] and b[3] != (1,) for _, b in comparators)


def npm_range_allows(spec: str, version: str) -> bool:
    """npm semantics (node-semver): ``||`` sets, hyphen ranges, x-ranges, ``^``, ``~``;
    pre-releases only when the range names one on the same release."""
    vkey = semver_key(version)
    if spec.strip() in ("", "*", "latest", "x"):
        return bool(vkey[3] == (1,))
    for alternative in spec.split("||"):
        comparators = _npm_set(alternative) if alternative.strip() else []
        if _satisfies(vkey, comparators) and (
            vkey[3] == (1,) or _has_prerelease(comparators, vkey)
        ):
            return True
    return False


def cargo_range_allows(spec: str, version: str) -> bool:
    """Cargo semantics: comma-separated comparators, a bare version means ``^``;
    pre-releases match only a comparator naming the same release with a pre-release."""
    vkey = semver_key(version)
    comparators: list[Comparator] = []
    for part in spec.split(","):
        m = _NPM_PART.match(part.strip())
        if m is None:
            raise VersionError(f"not a Cargo version requirement: {spec!r}")
        comparators += _simple(m.group(1), m.group(2) + (m.group(3) or ""), default_caret=True)
    return _satisfies(vkey, comparators) and (vkey[3] == (1,) or _has_prerelease(comparators, vkey))


def range_allows(ecosystem: str, spec: str, version: str) -> bool:
    """Whether the manifest requirement ``spec`` admits ``version``, by the ecosystem's own
    resolver rules; VersionError for ecosystems whose ranges are not evaluated."""
    if ecosystem == "PyPI":
        from packaging.specifiers import InvalidSpecifier, SpecifierSet

        try:
            return SpecifierSet(spec).contains(version, prereleases=True)
        except (InvalidSpecifier, InvalidVersion) as exc:
            raise VersionError(str(exc)) from exc
    if ecosystem == "npm":
        return npm_range_allows(spec, version)
    if ecosystem == "crates.io":
        return cargo_range_allows(spec, version)
    raise VersionError(f"ranges of {ecosystem} are not evaluated")
