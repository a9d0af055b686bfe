"""``stockade generate-fix`` and ``stockade sast [--fix]``: LLM fixes from the server.

Detection stays local (``sast`` runs the same engine as ``analyze``); only the snippet
around a finding (a window of lines) goes to the server, which asks its LLM provider and
checks the proposed fix with its own analyzers before answering. Fixes are shown as
unified diffs and written only with ``--apply``, after a confirmation (``--yes`` skips it).

Each fix request uses one request of the local daily quota and ``llm`` tokens on the
server. Offline, unauthenticated or over quota: exit codes 3, 5 and 4 (API.md), each with
what to do about it.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Annotated, Any

import typer

from stockade.analyzers.languages import language_of_path
from stockade.cli import console, credentials
from stockade.cli.client import ServerClient
from stockade.cli.credentials import Credentials
from stockade.cli.errors import AuthRequiredError, CliError, ExitCode, NetworkError
from stockade.cli.quota import LocalQuota, limit_for
from stockade.core.finding import Finding
from stockade.core.severity import Severity
from stockade.llm.verify import LANGUAGES
from stockade.report import render
from stockade.scan import ScanOptions, run_scan

LLM_TOKENS = 6  # the ``llm`` cost class (API.md "Quotas and rate limits")
FIX_PATH = "/api/v1/llm/fix"

Server = Annotated[str | None, typer.Option("--server", help="Server URL.")]
Offline = Annotated[
    bool, typer.Option("--offline", help="Never use the network (LLM fixes need it).")
]
ContextLines = Annotated[
    int,
    typer.Option("--context-lines", min=0, max=200, help="Lines sent on each side of the line."),
]


@dataclass(frozen=True)
class Window:
    """Lines ``start``..``end`` (1-based, inclusive) of a file, as sent to the server."""

    path: Path
    start: int
    end: int
    text: str


@dataclass(frozen=True)
class Fix:
    window: Window
    fixed_code: str
    explanation: str
    confidence: float
    verified: bool


def _online(offline: bool, server: str | None, what: str) -> Credentials:
    """Credentials for a server-backed LLM command, or the error that says what to do."""
    if offline:
        raise NetworkError(f"{what} needs the Stockade server: run it without --offline")
    creds = credentials.load(server)
    if not creds.api_key:
        raise AuthRequiredError(f"{what} runs on the server and needs authentication")
    return creds


def language_for(path: Path, given: str | None) -> str:
    """The request's language: ``--language`` or the file's, if the server can check it."""
    name = (given or language_of_path(path.name) or "").lower()
    if name not in LANGUAGES:
        known = ", ".join(sorted(LANGUAGES))
        shown = name or f"unknown for {path.name}"
        raise CliError(f"language {shown!r} cannot be fixed; use --language with one of: {known}")
    return name


def window(path: Path, line: int, context: int) -> Window:
    try:
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    except (OSError, UnicodeDecodeError) as exc:
        raise CliError(f"cannot read {path}: {exc}") from None
    if not 1 <= line <= max(1, len(lines)):
        raise CliError(f"{path} has {len(lines)} lines; --line {line} is outside it")
    start, end = max(1, line - context), min(len(lines), line + context)
    return Window(path, start, end, "".join(lines[start - 1 : end]))


def request_fix(client: ServerClient, vulnerability: str, win: Window, language: str) -> Fix:
    LocalQuota().consume(
        limit_for(True), server_url=client.credentials.server_url, tokens=LLM_TOKENS
    )
    body = {
        "vulnerability_id": vulnerability,
        "vulnerable_code": win.text,
        "language": language,
        "context": win.path.as_posix(),
    }
    data: Any = client.request("POST", FIX_PATH, json=body)
    if not isinstance(data, dict) or not isinstance(data.get("fixed_code"), str):
        raise NetworkError(f"unexpected answer from {FIX_PATH}")
    fixed = data["fixed_code"]
    if win.text.endswith("\n") and not fixed.endswith("\n"):
        fixed += "\n"
    return Fix(
        win,
        fixed,
        str(data.get("explanation", "")),
        float(data.get("confidence", 0.0)),
        bool(data.get("verified", False)),
    )


def unified_diff(fix: Fix) -> str:
    """The fix as a unified diff against the file, with the file's own line numbers."""
    before = fix.window.text.splitlines(keepends=True)
    after = fix.fixed_code.splitlines(keepends=True)
    name = fix.window.path.as_posix()
    diff = list(difflib.unified_diff(before, after, f"a/{name}", f"b/{name}"))
    offset = fix.window.start - 1
    return "".join(_shift(line, offset) for line in diff)


def _shift(line: str, offset: int) -> str:
    """Renumber a hunk header from window lines to file lines."""
    if not line.startswith("@@") or offset == 0:
        return line
    parts = line.split(" ")
    for i in (1, 2):
        sign, rest = parts[i][0], parts[i][1:]
        first, _, count = rest.partition(",")
        parts[i] = f"{sign}{int(first) + offset}" + (f",{count}" if count else "")
    return " ".join(parts)


def show(fix: Fix) -> None:
    verdict = "verified by Stockade's analyzers" if fix.verified else "NOT verified"
    typer.echo(unified_diff(fix) or "(the proposed code is the same as the original)\n", nl=False)
    typer.echo(f"confidence {fix.confidence:.2f}, {verdict}")
    if fix.explanation:
        typer.echo(fix.explanation)


def apply_fix(fix: Fix) -> None:
    """Replace the window's lines with the fixed code (the file must not have changed)."""
    lines = fix.window.path.read_text(encoding="utf-8").splitlines(keepends=True)
    current = "".join(lines[fix.window.start - 1 : fix.window.end])
    if current != fix.window.text:
        raise CliError(f"{fix.window.path} changed since the fix was asked for; not applied")
    lines[fix.window.start - 1 : fix.window.end] = [fix.fixed_code]
    fix.window.path.write_text("".join(lines), encoding="utf-8")


def generate_fix(
    vulnerability: Annotated[
        str, typer.Option("--vulnerability", help="Rule id, CWE or CVE of the vulnerability.")
    ],
    code: Annotated[Path, typer.Option("--code", help="The source file.")],
    line: Annotated[int, typer.Option("--line", min=1, help="The vulnerable line.")],
    language: Annotated[
        str | None, typer.Option("--language", help="Default: from the file name.")
    ] = None,
    context_lines: ContextLines = 15,
    apply: Annotated[bool, typer.Option("--apply", help="Write the fix into the file.")] = False,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Apply without asking.")] = False,
    server: Server = None,
    offline: Offline = False,
) -> None:
    """Ask the server's LLM for a fix of one vulnerable line and show it as a diff."""
    creds = _online(offline, server, "generate-fix")
    win = window(code, line, context_lines)
    lang = language_for(code, language)
    with ServerClient(creds, timeout=180.0) as client:
        fix = request_fix(client, vulnerability, win, lang)
    show(fix)
    if apply and (yes or typer.confirm(f"Apply this fix to {code}?", default=False)):
        apply_fix(fix)
        console.note(f"applied to {code}")


def sast(
    path: Annotated[Path, typer.Argument(help="Directory or file to analyse.")],
    fix: Annotated[bool, typer.Option("--fix", help="Ask the server for LLM fixes.")] = False,
    apply: Annotated[
        bool, typer.Option("--apply", help="With --fix: write fixes after confirmation.")
    ] = False,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Apply without asking.")] = False,
    severity: Annotated[
        str, typer.Option(help="Minimum severity shown, fixed and that makes the exit code 1.")
    ] = "low",
    context_lines: ContextLines = 15,
    server: Server = None,
    offline: Offline = False,
) -> None:
    """Run SAST locally; with --fix, show the server's LLM fix for each finding as a diff."""
    if apply and not fix:
        raise CliError("--apply needs --fix")
    threshold = Severity.parse(severity)
    creds = _online(offline, server, "sast --fix") if fix else None
    if not path.exists():
        raise CliError(f"{path}: no such file or directory")
    result = run_scan(path, ScanOptions(modules=("sast",)))
    shown = [f for f in result.findings if f.severity >= threshold]
    typer.echo(render(replace(result, findings=shown), "table", color=False), nl=False)
    if creds is not None and shown:
        _fix_all(creds, path, shown, context_lines, apply, yes)
    raise typer.Exit(ExitCode.FINDINGS if shown else ExitCode.OK)


def _fix_all(
    creds: Credentials,
    path: Path,
    findings: list[Finding],
    context_lines: int,
    apply: bool,
    yes: bool,
) -> None:
    """Fixes bottom-up per file, so applying one never moves the lines of the next; a
    finding inside a window already rewritten is skipped."""
    base = path if path.is_dir() else path.parent
    ordered = sorted(findings, key=lambda f: (f.location.path, -f.location.line))
    applied: dict[Path, int] = {}  # file → first line of the lowest window rewritten
    with ServerClient(creds, timeout=180.0) as client:
        for finding in ordered:
            file = _file_of(base, path, finding)
            if finding.location.line >= applied.get(file, 1 << 30):
                continue
            typer.echo(f"\n== {finding.rule_id} at {file}:{finding.location.line}")
            win = window(file, finding.location.line, context_lines)
            if win.end >= applied.get(file, 1 << 30):
                win = window(file, finding.location.line, 0)
            answer = request_fix(client, finding.rule_id, win, language_for(file, None))
            show(answer)
            if apply and (yes or typer.confirm(f"Apply this fix to {file}?", default=False)):
                apply_fix(answer)
                applied[file] = win.start
                console.note(f"applied to {file}")


def _file_of(base: Path, path: Path, finding: Finding) -> Path:
    candidate = base / finding.location.path
    return candidate if candidate.is_file() else path
