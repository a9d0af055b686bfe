"""The taint engine's source gate (``TaintEngine._may_hold_sources``): a file whose text has
the prefilter's generic words (``context``, ``message``, ``args``) but no expression the rules
call a source, and no parameter a framework fills, skips the data-flow pass. These cases
check that it skips such library code and still reports every kind of source: member paths,
calls through import aliases (the source's name only in the module path), framework
decorators and ``parameter_sources`` headers; and that on every JavaScript/TypeScript rule
case and corpus file the findings are the same with the gate as without it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import tree_sitter as ts

from stockade.analyzers.sast.ruleset import LanguageRules, load_all
from stockade.analyzers.sast.taint.engine import TaintEngine

RULES: LanguageRules = load_all()["javascript"]
CORPORA = Path(__file__).parents[2] / "corpus" / "sast"
FILE_LANGUAGES = {".js": "javascript", ".jsx": "javascript", ".ts": "typescript", ".tsx": "tsx"}


def _engine(code: str, file_language: str = "javascript") -> TaintEngine:
    tree = RULES.adapter.parser_for(file_language).parse(code.encode())
    return TaintEngine(RULES, tree.root_node, "case.js", file_language)


def _found(code: str, file_language: str = "javascript", gate: bool = True) -> list[tuple]:
    engine = _engine(code, file_language)
    if not gate:
        engine._may_hold_sources = lambda: True  # type: ignore[method-assign]
    return sorted((f.rule_id, f.location.line, f.location.column) for f in engine.run())


LIBRARY = """
export function run(context, message, args) {
  const program = context.program(args);
  return new Promise((resolve) => resolve(eval(program + message.text)));
}
"""


def test_library_code_with_generic_words_skips_the_pass() -> None:
    assert not _engine(LIBRARY)._may_hold_sources()
    assert _found(LIBRARY) == _found(LIBRARY, gate=False) == []


SOURCES = {
    "member path": """
const express = require("express");
const cp = require("child_process");
const app = express();
app.get("/run", (req, res) => {
  const context = { message: "args" };
  cp.exec("ls " + req.query.dir);
});
""",
    "member path behind a TypeScript wrapper": """
export function handle(req: any) {
  const context = 1;
  eval((req as any).body.code);
}
""",
    "call through an import alias": """
import parse from "minimist";
import { exec } from "child_process";
const context = parse();
exec("convert " + context.file);
""",
    "call through a renamed named import": """
import { useSearchParams as params } from "next/navigation";
export default function Page() {
  const context = params();
  document.body.innerHTML = context.get("q");
}
""",
    "parameter_sources header (socket.io)": """
const { exec } = require("child_process");
socket.on("run", (data) => { exec("ls " + data); });
""",
    "framework decorator (NestJS)": """
import { Controller, Get, Query } from "@nestjs/common";
import { exec } from "child_process";
@Controller()
export class Files {
  @Get()
  list(@Query("dir") dir: string) {
    exec("ls " + dir);
  }
}
""",
}


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_files_with_a_source_keep_their_findings(name: str) -> None:
    code = SOURCES[name]
    file_language = "typescript" if "TypeScript" in name or "NestJS" in name else "javascript"
    assert _engine(code, file_language)._may_hold_sources()
    found = _found(code, file_language)
    assert found, "the case must produce a finding"
    assert found == _found(code, file_language, gate=False)


def _cases() -> Iterator[tuple[str, str, str]]:
    for rule_id, tests in sorted(RULES.tests.items()):
        for verdict in ("vulnerable", "safe"):
            for index, code in enumerate(tests[verdict]):
                yield f"{rule_id}:{verdict}:{index}", code, "javascript"
    for corpus in ("javascript", "javascript-holdout", "js-apps"):
        for path in sorted((CORPORA / corpus).rglob("*")):
            file_language = FILE_LANGUAGES.get(path.suffix)
            if file_language is not None:
                yield str(path.relative_to(CORPORA)), path.read_text("utf-8"), file_language


def test_gate_changes_no_finding_on_rule_cases_and_corpora() -> None:
    """Every JavaScript rule's own cases and the JS/TS corpora: the same findings with the
    gate as with the data-flow pass always run (and the gate opens wherever there are any)."""
    changed = []
    for label, code, file_language in _cases():
        gated = _found(code, file_language)
        full = _found(code, file_language, gate=False)
        if gated != full:
            changed.append((label, gated, full))
    assert not changed


def test_gate_needs_no_parse_of_its_own() -> None:
    """The gate reads the tree the pattern pass parsed; the definitions it queries are
    reused by the analysis (one query per file)."""
    engine = _engine(SOURCES["parameter_sources header (socket.io)"])
    assert engine._may_hold_sources()
    first = engine._definitions(engine.root)
    assert engine._definitions(engine.root) is first
    assert isinstance(engine.root, ts.Node)
