"""What a secrets finding carries: severity by kind, confidence, preview, hash, fingerprint."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

from analyzers.secrets.helpers import ANALYZER, fake, findings
from stockade.analyzers.secrets.analyzer import redact
from stockade.core.finding import Finding
from stockade.core.severity import Confidence, Severity
from stockade.report import render
from stockade.scan import ScanOptions, run_scan

B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


def _aws_id(seed: str) -> str:
    return "AKIA" + fake(16, seed, B32)


def _scan(root: Path) -> list[Finding]:
    return run_scan(root, ScanOptions(modules=("secrets",), jobs=1)).findings


def test_severity_follows_the_kind_of_secret() -> None:
    by_rule = {r.id: r for r in ANALYZER.rules()}
    for cloud_root in ("aws-access-key-id", "aws-secret-access-key", "azure-storage-account-key"):
        assert by_rule[cloud_root].severity is Severity.CRITICAL, cloud_root
    assert by_rule["private-key"].severity is Severity.CRITICAL
    assert by_rule["generic-secret"].severity is Severity.HIGH
    assert by_rule["jwt"].severity is Severity.MEDIUM
    (f,) = findings(f'KEY = "{_aws_id("sev")}"\n')
    assert f.severity is Severity.CRITICAL


def test_confidence_separates_generic_guesses_from_provider_formats() -> None:
    (prov,) = findings(f'x = "{_aws_id("conf")}"\n')
    assert prov.confidence is Confidence.HIGH
    secret = fake(32, "conf-generic")
    (gen,) = findings(f'client_secret = "{secret}"\n', "src/app.py")
    assert gen.rule_id == "generic-secret" and gen.confidence is Confidence.MEDIUM
    (in_tests,) = findings(f'client_secret = "{secret}"\n', "tests/test_app.py")
    assert in_tests.confidence is Confidence.LOW
    (weak,) = findings('db_password = "zq7kx9pm"\n', "src/app.py")
    assert weak.rule_id == "generic-password" and weak.confidence is Confidence.LOW


def test_preview_never_reveals_the_secret() -> None:
    for n in (1, 3, 8, 20, 40, 200):
        secret = fake(n, f"redact{n}")
        preview = redact(secret)
        shown = preview.split("…")[0]
        assert len(shown) <= n // 4 and secret.startswith(shown)
        assert preview == f"{shown}…({n} chars)"


def test_report_holds_only_previews_and_hashes(tmp_path: Path) -> None:
    aws = _aws_id("report")
    pw = fake(14, "report-pw") + "!7"
    (tmp_path / "app.py").write_text(f'KEY = "{aws}"\nDB_PASSWORD = "{pw}"\n')
    result = run_scan(tmp_path, ScanOptions(modules=("secrets",), jobs=1))
    assert {f.rule_id for f in result.findings} == {"aws-access-key-id", "generic-password"}
    for fmt in ("json", "sarif", "table"):
        text = render(result, fmt)
        assert aws not in text and pw not in text, fmt
    for f in result.findings:
        secret = aws if f.rule_id == "aws-access-key-id" else pw
        assert f.metadata["secret_hash"] == hashlib.sha256(secret.encode()).hexdigest()
        assert f.location.snippet == f.metadata["secret_preview"]


def test_same_secret_reported_at_every_place(tmp_path: Path) -> None:
    aws = _aws_id("dup")
    (tmp_path / "a.py").write_text(f'A = "{aws}"\nB = "{aws}"\n')
    (tmp_path / "b.yaml").write_text(f"key: {aws}\n")
    found = _scan(tmp_path)
    assert sorted((f.location.path, f.location.line) for f in found) == [
        ("a.py", 1),
        ("a.py", 2),
        ("b.yaml", 1),
    ]
    assert len({f.metadata["secret_hash"] for f in found}) == 1
    assert len({f.fingerprint for f in found}) == 3


def test_fingerprint_survives_moved_code_and_changes_with_the_secret(tmp_path: Path) -> None:
    aws = _aws_id("fp")
    src = tmp_path / "app.py"
    src.write_text(f'KEY = "{aws}"\n')
    (before,) = _scan(tmp_path)
    filler = "".join(f"x{i} = {i}\n" for i in range(random.Random(3).randrange(5, 30)))
    src.write_text("import os\n" + filler + f'def f():\n    return "{aws}"\n')
    (moved,) = _scan(tmp_path)
    assert moved.location.line != before.location.line
    assert moved.fingerprint == before.fingerprint
    src.write_text(f'KEY = "{_aws_id("other")}"\n')
    (changed,) = _scan(tmp_path)
    assert changed.fingerprint != before.fingerprint


def test_positions_are_one_based_lines_and_character_columns() -> None:
    aws = _aws_id("pos")
    (f,) = findings(f'# é ü\n  name = "{aws}"\n')
    assert (f.location.line, f.location.column) == (2, 11)
    assert (f.location.end_line, f.location.end_column) == (2, 11 + len(aws))


def test_metadata_is_json_serialisable() -> None:
    (f,) = findings(f'KEY = "{_aws_id("meta")}"\n')
    json.dumps(dict(f.metadata))
