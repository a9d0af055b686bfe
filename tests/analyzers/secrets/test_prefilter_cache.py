"""The compiled prefilter is cached on disk: a second build loads it, a damaged cache is
rebuilt, and a loaded database finds exactly what a freshly compiled one finds."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from stockade.analyzers.secrets.prefilter import Prefilter

KEYWORDS = [["ghp_", "github"], ["akia"], ["password", "passwd"]]
REGEXES = {1: r"AKIA[0-9A-Z]{16}"}
TEXT = b"x = 1\nGITHUB_TOKEN = ...\nid = AKIA" + b"Q3EGRZ7XKW4PLM2V" + b"\n"


def _xdg_cache() -> str:
    return os.environ["XDG_CACHE_HOME"]  # private to each test (tests/conftest.py)


def test_a_second_build_loads_the_cached_database() -> None:
    first = Prefilter(KEYWORDS, REGEXES)
    cached = list(Path(_xdg_cache()).glob("stockade/prefilter-*.hsdb"))
    assert len(cached) == 1 and cached[0].stat().st_size > 0
    stamp = cached[0].stat().st_mtime_ns
    second = Prefilter(KEYWORDS, REGEXES)
    assert cached[0].stat().st_mtime_ns == stamp  # loaded, not rewritten
    assert first.detectors_hit(TEXT) == second.detectors_hit(TEXT) == {0, 1}
    assert second.detectors_hit(b"nothing here") == set()


def test_other_keywords_get_their_own_entry() -> None:
    Prefilter(KEYWORDS, REGEXES)
    Prefilter([["stripe"]])
    assert len(list(Path(_xdg_cache()).glob("stockade/prefilter-*.hsdb"))) == 2


@pytest.mark.parametrize("damage", [b"", b"garbage", b"\x00" * 4096])
def test_a_damaged_cache_is_rebuilt(damage: bytes) -> None:
    Prefilter(KEYWORDS, REGEXES)
    (cached,) = Path(_xdg_cache()).glob("stockade/prefilter-*.hsdb")
    cached.write_bytes(damage)
    rebuilt = Prefilter(KEYWORDS, REGEXES)
    assert rebuilt.detectors_hit(TEXT) == {0, 1}
    assert cached.stat().st_size > len(damage)


def test_an_unwritable_cache_directory_only_costs_time() -> None:
    blocked = Path(_xdg_cache()) / "stockade"
    blocked.parent.mkdir(parents=True, exist_ok=True)
    blocked.write_text("a file where the directory should be")
    assert Prefilter(KEYWORDS, REGEXES).detectors_hit(TEXT) == {0, 1}
