"""``.stockade.toml`` path options: resolved against the project for the CLI, and confined to
the project when the tree is someone else's (a server job)."""

from __future__ import annotations

from pathlib import Path

import pytest

from stockade.core.errors import ConfigError
from stockade.scan.project import ProjectConfig


def _project(root: Path, config: str) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / ".stockade.toml").write_text(config)
    (root / "rules").mkdir(exist_ok=True)
    return root


def test_relative_paths_resolve_against_the_project(tmp_path: Path) -> None:
    root = _project(tmp_path / "p", '[sast]\nrules_dirs = ["rules"]\n')
    for confined in (False, True):
        loaded = ProjectConfig.load(root, confined=confined)
        assert Path(loaded.modules["sast"]["rules_dirs"][0]).resolve() == (root / "rules").resolve()


def test_the_cli_may_name_files_anywhere(tmp_path: Path) -> None:
    root = _project(tmp_path / "p", '[secrets]\nrules_files = ["/etc/stockade/rules.toml"]\n')
    loaded = ProjectConfig.load(root)
    assert loaded.modules["secrets"]["rules_files"] == ["/etc/stockade/rules.toml"]


@pytest.mark.parametrize("item", ["/etc/passwd", "../outside", "rules/../../outside", "link/x"])
def test_a_confined_project_names_only_its_own_files(tmp_path: Path, item: str) -> None:
    (tmp_path / "outside").mkdir()
    root = _project(tmp_path / "p", f'[secrets]\nrules_files = ["{item}"]\n')
    (root / "link").symlink_to(tmp_path / "outside")
    with pytest.raises(ConfigError, match="is outside the project"):
        ProjectConfig.load(root, confined=True)
