"""Through the real scan pipeline: inline YAML comments suppress findings on the line they
point at, ``[api] disable`` in ``.stockade.toml`` reaches the analyzer, fingerprints use the
JSON pointer."""

from __future__ import annotations

from pathlib import Path

from stockade.scan.runner import ScanOptions, run_scan

SPEC = """openapi: 3.0.3
info: {title: t, version: "1"}
servers: [{url: "https://api.example.com", description: production, x-internal: false}]
security: [{basic: []}, {key: []}]
paths: {}
components:
  securitySchemes:
    basic: {type: http, scheme: basic}  # stockade:ignore[api.http-basic]
    # stockade:ignore-next-line
    key: {type: apiKey, in: query, name: key}
    other: {type: apiKey, in: query, name: other}
    digest: {type: http, scheme: digest}
"""


def _scan(tmp_path: Path, toml: str = "") -> list[tuple[str, str]]:
    (tmp_path / "api").mkdir()
    (tmp_path / "api" / "spec.yaml").write_text(SPEC)
    if toml:
        (tmp_path / ".stockade.toml").write_text(toml)
    result = run_scan(tmp_path, ScanOptions(modules=("api",), jobs=1))
    assert not [i for i in result.issues if i.kind == "error"], result.issues
    return [(f.rule_id, f.metadata["pointer"]) for f in result.findings]


def test_inline_comments_suppress_at_the_finding_line(tmp_path: Path) -> None:
    found = _scan(tmp_path)
    assert ("api.http-basic", "/components/securitySchemes/basic") not in found
    assert ("api.apikey-in-url", "/components/securitySchemes/key") not in found
    assert ("api.apikey-in-url", "/components/securitySchemes/other") in found


def test_disable_from_project_config(tmp_path: Path) -> None:
    found = _scan(tmp_path, '[api]\ndisable = ["api.apikey-in-url"]\n')
    assert not [f for f in found if f[0] == "api.apikey-in-url"]
    assert (
        "api.weak-auth-scheme",
        "/components/securitySchemes/digest",
    ) in found  # others still run
