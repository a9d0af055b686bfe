"""Parsed rule files are kept as JSON in the cache directory: a second load reads the copy,
a damaged copy is replaced, and what comes back equals what tomllib parses."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest

from stockade.analyzers.secrets import ruleset
from stockade.core.errors import RuleError

RULES = (
    "[[rule]]\n"
    'id = "cache-test-token"\n'
    'title = "A test token"\n'
    'regex = """\\b(ctt_[a-z0-9]{24})\\b"""\n'
    'keywords = ["ctt_"]\n'
    "true_positives = [\"t = 'ctt_{a:24}'\"]\n"
)


def _copies() -> list[Path]:
    # the cache directory is private to each test (tests/conftest.py)
    return sorted(Path(os.environ["XDG_CACHE_HOME"]).glob("stockade/secret-rules-*.json"))


def test_a_second_load_reads_the_copy_and_equals_the_toml(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(RULES, encoding="utf-8")
    first = ruleset.load_file(path)
    (copy,) = _copies()
    stamp = copy.stat().st_mtime_ns
    second = ruleset.load_file(path)
    assert copy.stat().st_mtime_ns == stamp  # read, not rewritten
    assert [r.id for r in first] == [r.id for r in second] == ["cache-test-token"]
    assert second[0].pattern == tomllib.loads(RULES)["rule"][0]["regex"]


@pytest.mark.parametrize("damage", [b"", b"{not json", b"[1, 2]"])
def test_a_damaged_copy_is_replaced(tmp_path: Path, damage: bytes) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(RULES, encoding="utf-8")
    ruleset.load_file(path)
    (copy,) = _copies()
    copy.write_bytes(damage)
    assert [r.id for r in ruleset.load_file(path)] == ["cache-test-token"]
    assert copy.read_bytes() != damage


def test_a_changed_file_gets_its_own_copy_and_bad_toml_is_still_an_error(
    tmp_path: Path,
) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(RULES, encoding="utf-8")
    ruleset.load_file(path)
    path.write_text(RULES.replace("A test token", "Another title"), encoding="utf-8")
    assert ruleset.load_file(path)[0].rule.title == "Another title"
    assert len(_copies()) == 2
    path.write_text("[[rule]\n", encoding="utf-8")
    with pytest.raises(RuleError, match="cannot read rule file"):
        ruleset.load_file(path)
