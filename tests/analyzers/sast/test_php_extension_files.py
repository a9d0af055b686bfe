"""Drupal's PHP files (``.module``, ``.install``, ``.theme``, ``.inc``) are analysed as PHP;
an include file of another language parses as plain text and yields nothing."""

from __future__ import annotations

from pathlib import Path

from stockade.scan import ScanOptions, run_scan


def test_drupal_module_files_are_php_and_foreign_includes_are_quiet(tmp_path: Path) -> None:
    (tmp_path / "shop.module").write_text(
        "<?php\nfunction shop_page() {\n  return shell_exec('convert ' . $_GET['file']);\n}\n",
        encoding="utf-8",
    )
    (tmp_path / "shop.install").write_text(
        "<?php\nfunction shop_install() {\n  shell_exec('true');\n}\n", encoding="utf-8"
    )
    (tmp_path / "vector.inc").write_text(
        "#define SIZE 16\nstatic int table[SIZE];\nsystem(argv[1]);\n", encoding="utf-8"
    )
    result = run_scan(tmp_path, ScanOptions(modules=("sast",), jobs=1))
    found = {(f.location.path, f.location.line) for f in result.findings}
    assert ("shop.module", 3) in found
    assert not [f for f in result.findings if f.location.path != "shop.module"]
    assert not [i for i in result.issues if i.kind == "error"], result.issues
