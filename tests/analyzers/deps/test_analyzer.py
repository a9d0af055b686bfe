"""The analyzer end to end on the real advisories: findings, aliases, upgrades, ignores."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from stockade.analyzers.deps.advisories.local import LocalStore
from stockade.analyzers.deps.analyzer import DependencyAnalyzer
from stockade.core.severity import Severity


def analyzer(store: LocalStore, **options: Any) -> DependencyAnalyzer:
    return DependencyAnalyzer({"advisory_db": str(store.path), **options})


def test_pinned_vulnerable_django_merges_aliases(
    analyze_files: Any, shared_store: LocalStore
) -> None:
    findings, issues = analyze_files(
        analyzer(shared_store), {"requirements.txt": "Django==3.2.0\n"}
    )
    assert issues == []
    assert len(findings) == 25
    f = next(f for f in findings if f.metadata["advisory_id"] == "PYSEC-2021-109")
    assert f.metadata["aliases"] == ["GHSA-xpfp-f569-q3p2", "CVE-2021-35042"]
    all_ids = [i for g in findings for i in (g.metadata["advisory_id"], *g.metadata["aliases"])]
    assert len(all_ids) == len(set(all_ids)), "an alias appears in one finding only"
    assert f.metadata["upgrade_to"] == "3.2.25"
    assert f.metadata["fixed_versions"] == ["3.1.13", "3.2.5"]
    assert f.metadata["manifest"] == "requirements.txt"
    assert f.fingerprint_basis == "PyPI/Django@3.2.0/PYSEC-2021-109"
    assert (f.location.path, f.location.line, f.rule_id) == (
        "requirements.txt",
        1,
        "dependencies.vulnerable-package",
    )


def test_safe_twin_has_no_findings(analyze_files: Any, shared_store: LocalStore) -> None:
    findings, issues = analyze_files(
        analyzer(shared_store), {"requirements.txt": "Django==4.2.16\n"}
    )
    assert (findings, issues) == ([], [])


def test_unpinned_range_is_not_its_lower_bound(
    analyze_files: Any, shared_store: LocalStore
) -> None:
    body = "django>=3.2\nurllib3>=99\n"
    findings, _ = analyze_files(analyzer(shared_store), {"requirements.txt": body})
    assert findings, "versions >=3.2 include vulnerable 3.2.x releases"
    assert {f.rule_id for f in findings} == {"dependencies.unpinned-vulnerable-range"}
    assert {f.metadata["package"] for f in findings} == {"django"}
    assert all(f.metadata["version"] is None for f in findings)
    narrow, _ = analyze_files(
        analyzer(shared_store), {"sub/requirements.txt": "django>=4.2.16,<5\n"}
    )
    assert narrow == []


def test_transitive_path_and_cargo(analyze_files: Any, shared_store: LocalStore) -> None:
    lock = (Path(__file__).parent / "fixtures" / "Cargo.lock").read_text()
    findings, _ = analyze_files(analyzer(shared_store), {"Cargo.lock": lock})
    smallvec = [f for f in findings if f.metadata["package"] == "smallvec"]
    assert smallvec and smallvec[0].metadata["dependency_path"] == ["hyper", "smallvec"]
    assert "pulled in by hyper > smallvec" in smallvec[0].message


CARGO = """version = 3

[[package]]
name = "app"
version = "0.1.0"
dependencies = ["{name}"]

[[package]]
name = "{name}"
version = "{version}"
source = "registry+https://github.com/rust-lang/crates.io-index"
"""


@pytest.mark.parametrize(
    ("name", "version", "rule", "count"),
    [
        ("libusb", "0.3.0", "dependencies.unmaintained-package", 1),
        ("libusb", "0.3.1", None, 0),
        ("dirs", "1.0.0", None, 0),  # RUSTSEC-2020-0053 is withdrawn
    ],
)
def test_informational_and_withdrawn(
    analyze_files: Any,
    shared_store: LocalStore,
    name: str,
    version: str,
    rule: str | None,
    count: int,
) -> None:
    lock = CARGO.format(name=name, version=version)
    findings, _ = analyze_files(analyzer(shared_store), {"Cargo.lock": lock})
    assert len(findings) == count
    if rule:
        assert findings[0].rule_id == rule and findings[0].severity == Severity.LOW
        assert findings[0].type == "unmaintained-dependency"


def test_severity_comes_from_the_cvss_vector(analyze_files: Any, shared_store: LocalStore) -> None:
    lock = CARGO.format(name="openssl", version="0.8.0")
    findings, _ = analyze_files(analyzer(shared_store), {"Cargo.lock": lock})
    f = next(f for f in findings if f.metadata["advisory_id"] == "RUSTSEC-2016-0001")
    assert f.metadata["cvss_score"] == 8.1 and f.severity == Severity.HIGH


def test_ignores_apply_and_expire(analyze_files: Any, shared_store: LocalStore) -> None:
    future = (date.today() + timedelta(days=30)).isoformat()
    ignore = [
        {"id": "CVE-2021-35042", "reason": "not reachable", "until": future},
        {"id": "PYSEC-2021-439", "reason": "old", "until": "2020-01-01"},
    ]
    findings, issues = analyze_files(
        analyzer(shared_store, ignore=ignore), {"requirements.txt": "Django==3.2.0\n"}
    )
    ids = {f.metadata["advisory_id"] for f in findings}
    assert "PYSEC-2021-109" not in ids, "ignored through its CVE alias"
    assert "PYSEC-2021-439" in ids, "an expired ignore stops applying"
    assert [i.message for i in issues] == [
        "ignore of PYSEC-2021-439 expired on 2020-01-01; reported again"
    ]


def test_bad_input_is_reported_and_the_rest_goes_on(
    analyze_files: Any, shared_store: LocalStore
) -> None:
    files = {
        "package-lock.json": "{broken",
        "go.mod": "module x\nrequire github.com/gin-gonic/gin vnot.a.version\n",
        "requirements.txt": "Django==3.2.0\n",
    }
    findings, issues = analyze_files(analyzer(shared_store), files)
    assert findings
    assert {i.path for i in issues} == {"package-lock.json", "go.mod"}


def test_missing_or_empty_store_is_an_error_not_a_skip(analyze_files: Any, tmp_path: Path) -> None:
    """A fresh server has no advisories: the file was never checked, which must not read
    as "no vulnerable packages" (a skip); the module result carries the error."""
    empty = LocalStore(tmp_path / "empty.sqlite")
    empty.path.write_bytes(b"")  # a zero-byte file: SQLite reads it as a database without tables
    for db in (tmp_path / "none.sqlite", empty.path):
        a = DependencyAnalyzer({"advisory_db": str(db)})
        findings, issues = analyze_files(a, {"requirements.txt": "Django==3.2.0\n"})
        assert findings == []
        assert [i.kind for i in issues] == ["error"], issues
        assert "advisories not ready" in issues[0].message
        assert "stockade advisories sync" in issues[0].message


def test_wants_only_manifests() -> None:
    from stockade.analyzers.target import SourceFile

    a = DependencyAnalyzer()
    assert a.name == "dependencies" and a.needs_server
    files = [SourceFile(p, p, 10, None) for p in ("x/poetry.lock", "app.py", "go.mod")]
    assert [a.wants(f) for f in files] == [True, False, True]
