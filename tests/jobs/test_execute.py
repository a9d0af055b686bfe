from __future__ import annotations

import pytest

from stockade.jobs.execute import run_analysis, validate_modules
from stockade.jobs.sources import SourceLimits, parse_source

pytestmark = pytest.mark.usefixtures("demo_analyzer")


def test_validate_modules() -> None:
    assert validate_modules(None) == ("sast", "secrets", "api", "dependencies")
    assert validate_modules(["secrets", "sast", "secrets"]) == ("secrets", "sast")
    with pytest.raises(ValueError, match="unknown module"):
        validate_modules(["sast", "magic"])
    with pytest.raises(ValueError, match="empty"):
        validate_modules([])


def test_run_analysis_on_inline_files() -> None:
    source = parse_source(
        {
            "type": "files",
            "files": [
                {"path": "a.txt", "content": "DANGER\n"},
                {"path": "b.txt", "content": "CRASH"},
            ],
        }
    )
    outcome = run_analysis(source, ["demo", "nonexistent"], SourceLimits())
    assert not outcome.failed and outcome.result is not None
    assert [f.rule_id for f in outcome.result.findings] == ["demo.danger"]
    demo, missing = outcome.modules
    assert (demo.module, demo.status, demo.files_scanned, demo.findings_count) == (
        "demo",
        "completed",
        2,
        1,
    )
    assert demo.error is not None and "b.txt" in demo.error
    assert (missing.status, missing.error) == ("unavailable", "module not installed on this server")


def test_bad_source_fails_the_job_without_raising() -> None:
    source = parse_source(
        {"type": "archive", "filename": "x.zip", "content_base64": "UEsDBGdhcmJhZ2U="}
    )
    outcome = run_analysis(source, ["demo"], SourceLimits())
    assert (
        outcome.failed
        and outcome.error is not None
        and outcome.error.startswith("source: not a valid zip")
    )
