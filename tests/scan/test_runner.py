from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

import pytest

from stockade.analyzers.target import SourceFile
from stockade.core.errors import BaselineError, ConfigError
from stockade.scan import Baseline, ScanEvent, ScanOptions, run_scan, runner

Tree = Callable[[Mapping[str, str | bytes]], Path]
pytestmark = pytest.mark.usefixtures("demo_analyzer")
DEMO = ScanOptions(modules=("demo",))


def rule_lines(result: runner.ScanResult) -> list[tuple[str, str, int]]:
    return [(f.rule_id, f.location.path, f.location.line) for f in result.findings]


def test_findings_snippets_and_module_summary(write_tree: Tree) -> None:
    root = write_tree({"a.txt": "fine\n  x = DANGER  \nNOTICE\n", "b.txt": "nothing"})
    result = run_scan(root, DEMO)
    assert rule_lines(result) == [("demo.danger", "a.txt", 2), ("demo.notice", "a.txt", 3)]
    danger = result.findings[0]
    assert danger.location.snippet == "x = DANGER"
    assert danger.location.column == 7 and danger.location.end_column == 13
    assert len(danger.fingerprint) == 64
    (module,) = result.modules
    assert (module.name, module.files_scanned, module.findings_count) == ("demo", 2, 2)
    assert {r.id for r in module.rules} == {"demo.danger", "demo.notice", "demo.quiet"}


def test_analyzer_failure_is_reported_and_scan_goes_on(write_tree: Tree) -> None:
    root = write_tree({"boom.txt": "CRASH", "ok.txt": "DANGER"})
    result = run_scan(root, DEMO)
    assert rule_lines(result) == [("demo.danger", "ok.txt", 1)]
    (issue,) = [i for i in result.issues if i.kind == "error"]
    assert issue.path == "boom.txt" and issue.module == "demo"
    assert "crashed on purpose" in issue.message


def test_per_file_time_limit(write_tree: Tree) -> None:
    root = write_tree({"slow.txt": "SLOW", "ok.txt": "DANGER"})
    result = run_scan(root, ScanOptions(modules=("demo",), file_timeout=0.5))
    assert rule_lines(result) == [("demo.danger", "ok.txt", 1)]
    assert any("timed out" in i.message and i.path == "slow.txt" for i in result.issues)


def test_parallel_equals_serial(write_tree: Tree, monkeypatch: pytest.MonkeyPatch) -> None:
    files = {f"d{i % 7}/f{i}.txt": ("pad\n" * i) + "DANGER\nNOTICE\n" for i in range(120)}
    files["boom.txt"] = "CRASH"
    root = write_tree(files)
    serial = run_scan(root, ScanOptions(modules=("demo",), jobs=1))
    monkeypatch.setattr(runner, "SERIAL_BYTES", 0)
    monkeypatch.setattr(runner, "BATCH_FILES", 5)
    parallel = run_scan(root, ScanOptions(modules=("demo",), jobs=2))
    assert len(serial.findings) == 240
    assert [f.fingerprint for f in parallel.findings] == [f.fingerprint for f in serial.findings]
    assert [i.path for i in parallel.issues] == [i.path for i in serial.issues] == ["boom.txt"]


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("DANGER  # stockade:ignore", 0),
        ("DANGER  // stockade:ignore[demo.danger]", 0),
        ("DANGER  /* stockade:ignore[demo.notice] */", 1),
        ("DANGER  <!-- stockade:ignore[other, demo.danger] -->", 0),
        ("# stockade:ignore-next-line\nDANGER", 0),
        ("-- stockade:ignore-next-line[demo.danger]\nDANGER", 0),
        ("# stockade:ignore-next-line[demo.notice]\nDANGER", 1),
        ("# stockade:ignore\n\nDANGER", 1),
        ("DANGER # stockade:ignore-next-line", 1),
    ],
)
def test_inline_suppressions(write_tree: Tree, text: str, kept: int) -> None:
    result = run_scan(write_tree({"a.txt": text}), DEMO)
    assert len(result.findings) == kept
    assert result.suppressed == 1 - kept


def test_fingerprints_survive_line_moves_and_distinguish_duplicates(
    write_tree: Tree, tmp_path: Path
) -> None:
    root = write_tree({"a.txt": "DANGER one\nDANGER one\n"})
    before = [f.fingerprint for f in run_scan(root, DEMO).findings]
    assert len(set(before)) == 2
    (root / "a.txt").write_text("new line\n\n  DANGER one\nDANGER one\n")
    after = [f.fingerprint for f in run_scan(root, DEMO).findings]
    assert after == before


def test_baseline_roundtrip_keeps_audit_labels(write_tree: Tree, tmp_path: Path) -> None:
    root = write_tree({"a.txt": "DANGER old\n"})
    first = run_scan(root, DEMO)
    path = tmp_path / "baseline.json"
    Baseline.from_findings(first.findings).save(path)
    raw = path.read_text().replace(
        '"line": 1', '"line": 1, "audit": {"label": "false_positive", "reason": "test data"}'
    )
    path.write_text(raw)
    (root / "a.txt").write_text("DANGER old\nDANGER new\n")
    base = Baseline.load(path)
    second = run_scan(root, ScanOptions(modules=("demo",), baseline=base))
    assert [f.location.snippet for f in second.findings] == ["DANGER new"]
    assert len(second.baselined) == 1
    Baseline.from_findings(second.findings + second.baselined, base).save(path)
    again = Baseline.load(path)
    labels = [e.audit for e in again.entries.values()]
    assert {"label": "false_positive", "reason": "test data"} in labels and None in labels


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        ('{"version": 9, "findings": []}', "not a version 1"),
        ('{"version": 1, "findings": {}}', "must be a list"),
        ('{"version": 1, "findings": [{"rule_id": "x"}]}', "fingerprint"),
        (
            '{"version": 1, "findings": [{"fingerprint": "x", "audit": {"label": "maybe"}}]}',
            "audit.label",
        ),
    ],
)
def test_corrupt_baselines_are_clear_errors(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "b.json"
    path.write_text(content)
    with pytest.raises(BaselineError, match=message):
        Baseline.load(path)


def test_project_config_excludes_and_module_options(write_tree: Tree) -> None:
    root = write_tree(
        {
            ".stockade.toml": '[scan]\nexclude = ["gen/"]\n[demo]\nflag = 1\n',
            "gen/a.txt": "DANGER",
            "a.txt": "DANGER",
        }
    )
    result = run_scan(root, DEMO)
    assert rule_lines(result) == [("demo.danger", "a.txt", 1)]
    (root / ".stockade.toml").write_text("[scan\n")
    with pytest.raises(ConfigError, match=r"\.stockade\.toml"):
        run_scan(root, DEMO)


def test_binary_files_skipped_with_reason_and_sensitive_snippets_not_copied(
    write_tree: Tree,
) -> None:
    root = write_tree({"img.bin": b"\x00\x01DANGER\x00", "env.txt": "TOKEN=abcdef0123456789\n"})
    result = run_scan(root, ScanOptions(modules=("demo", "secretdemo")))
    assert any(i.path == "img.bin" and i.message == "binary file" for i in result.issues)
    (secret,) = result.findings
    assert secret.rule_id == "secretdemo.token" and secret.location.snippet is None


def test_progress_events(write_tree: Tree) -> None:
    root = write_tree({f"f{i}.txt": "x" for i in range(5)})
    events: list[ScanEvent] = []
    run_scan(root, DEMO, events.append)
    assert events[0] == ScanEvent("started", 0, 5)
    assert events[-1] == ScanEvent("finished", 5, 5)
    assert any(e.kind == "progress" and e.files_done == 5 for e in events)


def test_unknown_module_is_a_config_error(write_tree: Tree) -> None:
    with pytest.raises(ConfigError, match="unknown or unavailable module 'nope'"):
        run_scan(write_tree({"a.txt": ""}), ScanOptions(modules=("nope",)))


def test_huge_single_line_file_and_invalid_utf8(write_tree: Tree) -> None:
    root = write_tree({"min.js": "a" * 3_000_000 + "DANGER", "bad.txt": b"ok \xffDANGER\xc3"})
    result = run_scan(root, DEMO)
    assert sorted(f.location.path for f in result.findings) == ["bad.txt", "min.js"]


def test_batches_split_large_files_so_no_worker_gets_most_of_the_bytes() -> None:
    """Largest first, and a byte cap per batch: ten 1 MB files and many small ones make
    batches no bigger than the cap, covering every file once."""
    files = [SourceFile(f"big{n}.ts", f"/x/big{n}.ts", 1 << 20, "typescript") for n in range(10)]
    files += [SourceFile(f"s{n}.ts", f"/x/s{n}.ts", 1000, "typescript") for n in range(300)]
    cap = 2 << 20
    batches = list(runner._batches(files, cap))
    assert sorted(f.path for b in batches for f in b) == sorted(f.path for f in files)
    assert all(sum(f.size for f in b) < cap + (1 << 20) for b in batches)
    assert len(batches) >= 5
    assert batches[0][0].size == 1 << 20  # the largest files go out first
    assert all(len(b) <= runner.BATCH_FILES for b in batches)
