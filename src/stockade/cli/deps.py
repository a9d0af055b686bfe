"""``stockade deps <path>``: dependency analysis through the server.

The advisory store lives on the server, so this command needs the network and an API key;
it consumes one request of the local daily quota, like every server-backed command.
"""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import Annotated

import typer

from stockade.analyzers import registry
from stockade.analyzers.target import Target
from stockade.cli import console, credentials
from stockade.cli.errors import AuthRequiredError, CliError, ExitCode
from stockade.cli.quota import LocalQuota, limit_for
from stockade.cli.remote_deps import analyze_remote
from stockade.core.errors import ConfigError
from stockade.core.severity import Severity
from stockade.report import CLI_FORMATS, render
from stockade.report.formats import choices
from stockade.scan import ModuleRun, ScanResult


def deps(
    path: Annotated[Path, typer.Argument(help="Project directory (or one lockfile) to check.")],
    fmt: Annotated[str, typer.Option("--format", "-f", help=f"{choices(CLI_FORMATS)}.")] = "table",
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write the report here.")
    ] = None,
    severity: Annotated[
        str, typer.Option(help="Minimum severity shown and that makes the exit code 1.")
    ] = "low",
    server: Annotated[str | None, typer.Option("--server", help="Server URL.")] = None,
) -> None:
    """Check manifests and lockfiles for known-vulnerable dependencies (through the server)."""
    if fmt not in CLI_FORMATS:
        raise ConfigError(f"unknown format {fmt!r}; expected one of: {', '.join(CLI_FORMATS)}")
    threshold = Severity.parse(severity)
    if not path.exists():
        raise CliError(f"{path}: no such file or directory")
    creds = credentials.load(server)
    if not creds.api_key:
        raise AuthRequiredError("dependency analysis runs on the server and needs authentication")
    LocalQuota().consume(limit_for(True), server_url=creds.server_url)
    started = time.monotonic()
    findings, files = analyze_remote(Target.open(path), creds)
    rules = registry.available()["dependencies"]().rules()
    result = ScanResult(
        root=path,
        findings=sorted(findings, key=lambda f: (f.location.path, f.location.line, f.rule_id)),
        issues=[],
        modules=[ModuleRun("dependencies", rules, files, len(findings))],
        files_total=files,
        duration_seconds=time.monotonic() - started,
    )
    if files == 0:
        console.note("no manifest or lockfile found")
    shown = replace(result, findings=[f for f in result.findings if f.severity >= threshold])
    text = render(shown, fmt, color=False)
    if output is None:
        typer.echo(text, nl=False)
    else:
        output.write_text(text, encoding="utf-8")
    raise typer.Exit(ExitCode.FINDINGS if shown.findings else ExitCode.OK)
