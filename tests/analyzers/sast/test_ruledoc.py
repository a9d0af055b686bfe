from __future__ import annotations

from pathlib import Path

from stockade.analyzers.sast.ruledoc import render

DOC = Path(__file__).parents[3] / "docs" / "rules" / "sast.md"


def test_committed_rules_table_is_current() -> None:
    """Regenerate with: python -m stockade.analyzers.sast.ruledoc > docs/rules/sast.md"""
    assert DOC.read_text(encoding="utf-8") == render()
