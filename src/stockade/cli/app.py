"""The ``stockade`` application: command registration and error-to-exit-code mapping."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from stockade import __version__
from stockade.cli import advisories as advisories_cmd
from stockade.cli import analyze as analyze_cmd
from stockade.cli import auth, console, llm_cmds, quota_cmd
from stockade.cli import deps as deps_cmd
from stockade.cli import server as server_cmd
from stockade.cli import worker as worker_cmd
from stockade.cli.errors import CliError, ExitCode
from stockade.core.errors import StockadeError

app = typer.Typer(
    name="stockade",
    help="Stockade: find security problems in code, secrets, API specs and dependencies.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    add_completion=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"stockade {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Print the version."),
    ] = False,
) -> None:
    """Stockade command line."""


app.command("analyze")(analyze_cmd.analyze)
app.add_typer(auth.app, name="auth")
app.add_typer(quota_cmd.app, name="quota")
app.command("server")(server_cmd.serve)
app.add_typer(server_cmd.db_app, name="db")
app.add_typer(server_cmd.config_app, name="config")
app.command("deps")(deps_cmd.deps)
app.command("sast")(llm_cmds.sast)
app.command("generate-fix")(llm_cmds.generate_fix)
app.add_typer(advisories_cmd.app, name="advisories")
app.command("worker")(worker_cmd.worker)


def main(argv: list[str] | None = None) -> int:
    """Entry point: run the app and turn every expected error into one line and an exit code."""
    try:
        outcome = app(args=argv, standalone_mode=False)
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
