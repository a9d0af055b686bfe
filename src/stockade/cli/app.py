"""The ``stockade`` application: command registration and error-to-exit-code mapping."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from typing import Annotated, Any

import typer

from stockade import __version__
from stockade.cli import console
from stockade.cli.errors import CliError, ExitCode
from stockade.core.errors import StockadeError

# Name → (module, attribute, kind): "command" registers a function, "group" a Typer app.
# Modules are imported only for the command being run (all of them for help or a usage
# error): importing every command's dependencies (settings models, HTTP clients, the advisory
# store, the LLM verifier) cost ~0.3 s at each start, a third of a typical `analyze`.
COMMANDS: dict[str, tuple[str, str, str]] = {
    "analyze": ("stockade.cli.analyze", "analyze", "command"),
    "auth": ("stockade.cli.auth", "app", "group"),
    "quota": ("stockade.cli.quota_cmd", "app", "group"),
    "server": ("stockade.cli.server", "serve", "command"),
    "db": ("stockade.cli.server", "db_app", "group"),
    "config": ("stockade.cli.server", "config_app", "group"),
    "deps": ("stockade.cli.deps", "deps", "command"),
    "sast": ("stockade.cli.llm_cmds", "sast", "command"),
    "generate-fix": ("stockade.cli.llm_cmds", "generate_fix", "command"),
    "advisories": ("stockade.cli.advisories", "app", "group"),
    "worker": ("stockade.cli.worker", "worker", "command"),
}


def build_app(only: str | None = None) -> typer.Typer:
    """The application with every command, or with only ``only`` when it names one."""
    app = typer.Typer(
        name="stockade",
        help="Stockade: find security problems in code, secrets, API specs and dependencies.",
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
        add_completion=False,
    )
    app.callback()(_root)
    for name, (module, attribute, kind) in COMMANDS.items():
        if only in COMMANDS and name != only:
            continue
        target: Any = getattr(importlib.import_module(module), attribute)
        if kind == "group":
            app.add_typer(target, name=name)
        else:
            app.command(name)(target)
    return app


def _command_named(argv: Sequence[str]) -> str | None:
    """The subcommand of a command line: its first argument that is not an option."""
    return next((a for a in argv if not a.startswith("-")), None)


VERSION_LINE = f"stockade {__version__}"


def _version(value: bool) -> None:
    if value:
        typer.echo(VERSION_LINE)
        raise typer.Exit()


def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Print the version."),
    ] = False,
) -> None:
    """Stockade command line."""


def main(argv: list[str] | None = None) -> int:
    """Entry point: run the app and turn every expected error into one line and an exit code."""
    args = sys.argv[1:] if argv is None else list(argv)
    command = _command_named(args)
    if command is None and "--version" in args:  # eager, like the option, with no command loaded
        typer.echo(VERSION_LINE)
        return 0
    app = build_app(command)
    try:
        outcome = app(args=args, standalone_mode=False)
    except typer.Exit as exc:
        return int(exc.exit_code or 0)
    except typer.Abort:
        console.error("aborted")
        return 130
    except typer.TyperException as exc:  # usage errors: unknown option, missing argument, …
        if type(exc).__name__ == "NoArgsIsHelpError":
            print(getattr(exc, "ctx").get_help(), file=sys.stderr)  # noqa: B009
            return int(ExitCode.USAGE)
        fmt = getattr(exc, "format_message", None)
        message = fmt() if callable(fmt) else str(exc)
        console.error(f"{message} (see `stockade --help`)")
        return int(getattr(exc, "exit_code", ExitCode.USAGE))
    except CliError as exc:
        console.error(str(exc))
        return int(exc.exit_code)
    except StockadeError as exc:
        console.error(str(exc))
        return int(ExitCode.USAGE)
    except KeyboardInterrupt:
        console.error("interrupted")
        return 130
    return outcome if isinstance(outcome, int) else 0


if __name__ == "__main__":
    sys.exit(main())
