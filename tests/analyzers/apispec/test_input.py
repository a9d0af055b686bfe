"""Bad and unusual input: never a crash or a hang, always a reason; specs found by content."""

from __future__ import annotations

import time

import orjson

from stockade.analyzers.apispec.analyzer import ApiSpecAnalyzer
from stockade.analyzers.apispec.loader import LoadError, looks_like_spec, parse

MINI = 'openapi: 3.0.3\ninfo: {title: t, version: "1"}\npaths: {}\n'


def _rules(findings: list) -> set[str]:  # type: ignore[type-arg]
    return {f.rule_id for f in findings}


def test_spec_found_by_content_not_name(analyze_files) -> None:  # type: ignore[no-untyped-def]
    body = MINI + "security: [{}]\n"
    findings, issues = analyze_files(
        ApiSpecAnalyzer(), {"conf/settings.yml": body, "a/b.json": '{"a": 1}'}
    )
    assert "api.optional-auth" in _rules(findings)
    assert {f.location.path for f in findings} == {"conf/settings.yml"}
    assert issues == []


def test_json_that_is_not_openapi_is_ignored(analyze_files) -> None:  # type: ignore[no-untyped-def]
    files = {
        "package.json": '{"name": "x", "openapi_note": "openapi: 3"}',
        "data.yaml": "swagger_like: 1\n",
    }
    findings, issues = analyze_files(ApiSpecAnalyzer(), files)
    assert findings == [] and issues == []


def test_openapi_key_not_at_top_level_is_ignored(analyze_files) -> None:  # type: ignore[no-untyped-def]
    findings, issues = analyze_files(ApiSpecAnalyzer(), {"x.yaml": "meta:\n  openapi: 3.0.0\n"})
    assert findings == [] and issues == []


def test_wants_only_json_and_yaml() -> None:
    from stockade.analyzers.target import SourceFile

    a = ApiSpecAnalyzer()
    assert a.wants(SourceFile("api/openapi.YML", "/x", 1, None))
    assert not a.wants(SourceFile("src/app.py", "/x", 1, "python"))


def test_invalid_yaml_is_a_scan_error_with_reason(analyze_files) -> None:  # type: ignore[no-untyped-def]
    findings, issues = analyze_files(
        ApiSpecAnalyzer(), {"api.yaml": "openapi: 3.0.0\npaths: [\n  - : :\n"}
    )
    assert findings == []
    assert len(issues) == 1 and issues[0].kind == "error" and "invalid YAML" in issues[0].message


def test_invalid_json_is_a_scan_error(analyze_files) -> None:  # type: ignore[no-untyped-def]
    findings, issues = analyze_files(
        ApiSpecAnalyzer(), {"api.json": '{"openapi": "3.0.0", "paths": {'}
    )
    assert findings == [] and "invalid JSON" in issues[0].message


def test_yaml_bomb_is_refused_quickly(analyze_files) -> None:  # type: ignore[no-untyped-def]
    lines = [
        "openapi: 3.0.0",
        'a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]',
    ]
    for i in range(1, 10):
        ref = ", ".join([f"*a{i - 1}"] * 9)
        lines.append(f"a{i}: &a{i} [{ref}]")
    start = time.perf_counter()
    findings, issues = analyze_files(ApiSpecAnalyzer(), {"bomb.yaml": "\n".join(lines) + "\n"})
    assert time.perf_counter() - start < 5
    assert findings == [] and "billion laughs" in issues[0].message


def test_recursive_alias_is_refused() -> None:
    try:
        parse("r.yaml", "openapi: 3.0.0\na: &a [*a]\n")
    except LoadError as exc:
        assert "recursive" in str(exc)
    else:
        raise AssertionError("recursive alias accepted")


def test_deep_nesting_is_an_error_not_a_crash(analyze_files) -> None:  # type: ignore[no-untyped-def]
    deep = '{"openapi": "3.0.0", "x": ' + "[" * 50_000 + "]" * 50_000 + "}"
    findings, issues = analyze_files(ApiSpecAnalyzer(), {"deep.json": deep})
    assert findings == [] and issues and issues[0].kind == "error"


def test_oversized_spec_is_skipped_with_reason(analyze_files) -> None:  # type: ignore[no-untyped-def]
    body = MINI + "x-pad: " + "a" * 5000 + "\n"
    findings, issues = analyze_files(ApiSpecAnalyzer({"max_bytes": 1000}), {"big.yaml": body})
    assert findings == [] and issues[0].kind == "skipped" and "larger than" in issues[0].message


def test_json_duplicate_keys_are_findings_located_at_the_duplicate() -> None:
    doc = parse("d.json", '{"openapi": "3.0.0",\n "info": {"title": "a",\n  "title": "b"}}')
    assert doc.duplicates == [("/info/title", (3, 3))]


def test_json_positions_follow_pointers() -> None:
    text = '{\n  "openapi": "3.0.0",\n  "paths": {\n    "/a/{id}": {\n      "get": {"x": [1, {"y": 2}]}\n    }\n  }\n}'
    doc = parse("p.json", text)
    assert doc.data == orjson.loads(text)
    assert doc.index.locate("/paths/~1a~1{id}/get") == (5, 7)
    assert doc.index.locate("/paths/~1a~1{id}/get/x/1/y") == (5, 25)
    assert doc.index.locate("/paths/~1a~1{id}/get/missing") == (5, 7)


def test_sniffing_head_bytes() -> None:
    assert looks_like_spec(b'{"swagger": "2.0"}')
    assert looks_like_spec(b"# comment\nopenapi: 3.1.0\n")
    assert not looks_like_spec(b'{"name": "openapi-thing"}')


def test_url_ref_is_reported_not_fetched(analyze_files) -> None:  # type: ignore[no-untyped-def]
    body = MINI.replace("paths: {}", "paths:\n  /a: {$ref: 'http://127.0.0.1:9/never.yaml'}")
    findings, _ = analyze_files(ApiSpecAnalyzer(), {"r.yaml": body})
    ext = [f for f in findings if f.rule_id == "api.external-ref"]
    assert ext and ext[0].metadata["pointer"] == "/paths/~1a" and ext[0].location.line == 4


def test_json_spec_with_version_key_after_the_head(analyze_files) -> None:  # type: ignore[no-untyped-def]
    pad = ", ".join(f'"x-{i}": "{"a" * 100}"' for i in range(300))
    body = (
        '{"info": {"title": "t", "version": "1"}, '
        + pad
        + ', "openapi": "3.0.0", "security": [{}], "paths": {}}'
    )
    findings, issues = analyze_files(ApiSpecAnalyzer(), {"late.json": body})
    assert "api.optional-auth" in _rules(findings) and issues == []


def test_yaml_nesting_that_would_crash_libyaml_is_refused() -> None:
    """libyaml's composer overflows the C stack at ~50 000 levels; we refuse long before."""
    flow = "openapi: 3.0.0\nx: " + "[" * 60_000 + "]" * 60_000 + "\n"
    block = "openapi: 3.0.0\nx:\n" + "".join(" " * i + "- \n" for i in range(1, 9000))
    for text in (flow, block):
        try:
            parse("deep.yaml", text)
        except LoadError as exc:
            assert "nested too deeply" in str(exc)
        else:
            raise AssertionError("deep nesting accepted")


def test_yaml_flow_mapping_document_is_not_mistaken_for_json() -> None:
    doc = parse("flow.yaml", '{openapi: 3.0.0, info: {title: t, version: "1"},\n paths: {}}')
    assert doc.data["openapi"] == "3.0.0" and doc.index.locate("/paths") == (2, 2)
