"""The JavaScript/TypeScript adapter on its own: grammars per file language, import
resolution, JSX attributes as sinks, and bad input that must not crash or hang."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from stockade.analyzers.sast.analyzer import SastAnalyzer
from stockade.analyzers.sast.languages.javascript import JAVASCRIPT

Analyze = Callable[..., tuple[list[Any], list[Any]]]
ANALYZER = SastAnalyzer()  # rules load once for the module


def _root(code: str, language: str = "javascript") -> Any:
    return JAVASCRIPT.parser_for(language).parse(code.encode()).root_node


def test_require_and_import_bindings_resolve_to_module_names() -> None:
    root = _root(
        'const cp = require("child_process");\n'
        'const { exec: run, spawn } = require("child_process");\n'
        'import { createHash as ch } from "crypto";\n'
        'import * as fs from "fs";\n'
        'import axios from "axios";\n'
    )
    aliases = JAVASCRIPT.imports(root)
    assert aliases["cp"] == "child_process"
    assert aliases["run"] == "child_process.exec"
    assert aliases["spawn"] == "child_process.spawn"
    assert aliases["ch"] == "crypto.createHash"
    assert aliases["fs"] == "fs" and aliases["axios"] == "axios"


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("a.ts", "const q: string = (req.query.q as string);\nexec(`ls ${q}`);\n"),
        ("a.tsx", "export const A = () => <div title={String(1)}>{x!}</div>;\n"),
        ("a.jsx", "export const A = () => <div>{x}</div>;\n"),
    ],
)
def test_typescript_and_jsx_parse_without_errors(name: str, code: str) -> None:
    language = {"ts": "typescript", "tsx": "tsx", "jsx": "javascript"}[name.split(".")[1]]
    assert not _root(code, language).has_error


def test_aliased_sink_found_through_require(analyze_files: Analyze) -> None:
    code = (
        'const cp = require("child_process");\n'
        'app.get("/x", (req, res) => { cp.execSync("git log " + req.query.ref); });\n'
    )
    findings, _ = analyze_files(ANALYZER, {"app.js": code})
    assert [f.rule_id for f in findings] == ["javascript.command-injection"]
    assert findings[0].trace[0].kind == "source" and findings[0].trace[-1].kind == "sink"


def test_pattern_rules_run_on_typescript_trees(analyze_files: Analyze) -> None:
    code = 'import { createHash } from "crypto";\nexport const h = (s: string) => createHash("md5").update(s);\n'
    findings, _ = analyze_files(ANALYZER, {"h.ts": code, "h.tsx": code})
    assert sorted(f.location.path for f in findings if f.rule_id == "javascript.weak-hash") == [
        "h.ts",
        "h.tsx",
    ]


def test_dead_branch_and_constant_switch_are_not_reported(analyze_files: Analyze) -> None:
    code = (
        'app.get("/x", (req, res) => {\n'
        '  let where = "1 = 1";\n'
        "  const DEBUG = false;\n"
        '  if (DEBUG) { where = "name = \'" + req.query.n + "\'"; }\n'
        '  const mode = "b";\n'
        "  let col = 'id';\n"
        "  switch (mode) { case 'a': col = req.query.c; break; default: col = 'name'; }\n"
        '  db.query("SELECT * FROM t WHERE " + where + " ORDER BY " + col);\n'
        "});\n"
    )
    findings, _ = analyze_files(ANALYZER, {"dead.js": code})
    assert findings == []


@pytest.mark.parametrize(
    "body",
    [
        "function (" * 200 + "\n",  # does not parse
        "x = " + "(" * 3000 + "1" + ")" * 3000 + ";\n",  # deeply nested
        "a=" + "+".join(["b"] * 20000) + ";",  # long generated line
    ],
)
def test_bad_input_is_analysed_or_skipped_never_a_crash(analyze_files: Analyze, body: str) -> None:
    findings, issues = analyze_files(ANALYZER, {"bad.js": body})
    assert isinstance(findings, list)
    assert all(i.kind != "error" for i in issues)


@pytest.mark.parametrize(
    ("check", "flagged"),
    [
        ("if (ALLOWED.includes(c)) { db.query('SELECT ' + c); }", False),
        ("if (!/^[a-z_]+$/.test(c)) { return res.end(); }\n  db.query('SELECT ' + c);", False),
        ("if (c === 'name') { db.query('SELECT ' + c); }", False),
        ("if (c !== 'name') { db.query('SELECT ' + c); }", True),
        ("if (/^[a-z].*$/.test(c)) { db.query('SELECT ' + c); }", True),
        ("if (ALLOWED.includes(other)) { db.query('SELECT ' + c); }", True),
    ],
)
def test_validation_guards(analyze_files: Analyze, check: str, flagged: bool) -> None:
    code = f'app.get("/a", (req, res) => {{\n  const c = req.query.c;\n  {check}\n}});\n'
    findings, _ = analyze_files(ANALYZER, {"g.js": code})
    assert any(f.rule_id == "javascript.sql-injection" for f in findings) is flagged


NEST = """import { Controller, Get, Param, Query, Res, ParseIntPipe } from '@nestjs/common';
import { Response } from 'express';
import { DataSource } from 'typeorm';

@Controller('items')
export class ItemsController {
  constructor(private readonly dataSource: DataSource) {}

  @Get('search')
  search(@Query('q') q: string) {
    return this.dataSource.query(`SELECT * FROM items WHERE name LIKE '%${q}%'`);
  }

  @Get('by-rank')
  byRank(@Query('rank', ParseIntPipe) rank: number) {
    return this.dataSource.query(`SELECT * FROM items WHERE rank = ${rank}`);
  }

  @Get('limit')
  limit(@Query('n') n: number) {
    return this.dataSource.query('SELECT * FROM items LIMIT ' + n);
  }

  @Get(':id/view')
  view(@Param('id') id: string, @Res() res: Response) {
    res.send(`<p>Item ${id}</p>`);
  }

  @Get(':id/json')
  json(@Param('id') id: string, @Res() res: Response) {
    res.json({ id });
  }
}
"""


def test_nestjs_decorated_parameters_are_sources(analyze_files: Analyze) -> None:
    findings, _ = analyze_files(ANALYZER, {"items.controller.ts": NEST})
    lines = {line: n for n, line in enumerate(NEST.splitlines(), start=1)}
    found = sorted((f.location.line, f.rule_id) for f in findings)
    search = lines[
        "    return this.dataSource.query(`SELECT * FROM items WHERE name LIKE '%${q}%'`);"
    ]
    view = lines["    res.send(`<p>Item ${id}</p>`);"]
    assert found == [(search, "javascript.sql-injection"), (view, "javascript.xss")]


def test_spawn_runs_a_shell_only_when_the_program_is_one(analyze_files: Analyze) -> None:
    code = (
        'const { spawn, execFile } = require("child_process");\n'
        'app.post("/a", (req, res) => { spawn("sh", ["-c", req.body.cmd]); });\n'
        'app.post("/b", (req, res) => { spawn("ls", ["-la", req.body.dir]); });\n'
        'app.post("/c", (req, res) => { execFile(req.body.prog, ["-v"]); });\n'
    )
    findings, _ = analyze_files(ANALYZER, {"run.js": code})
    assert sorted(f.location.line for f in findings) == [2, 4]
