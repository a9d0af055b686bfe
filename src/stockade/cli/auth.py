"""``stockade auth``: store, check and forget the CLI's API key."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from stockade.cli import console, credentials
from stockade.cli.client import ServerClient
from stockade.cli.errors import AuthRequiredError, NetworkError
from stockade.core import apikey

app = typer.Typer(help="Authenticate the CLI against a Stockade server.", no_args_is_help=True)


@app.command()
def login(
    api_key: Annotated[str | None, typer.Option("--api-key", help="An API key (stk_…).")] = None,
    server: Annotated[str | None, typer.Option("--server", help="Server URL.")] = None,
) -> None:
    """Verify an API key against the server and store it (mode 0600)."""
    key = api_key or _read_key()
    if not apikey.is_valid(key):
        raise AuthRequiredError("that is not a valid Stockade API key (stk_…, checksum mismatch)")
    creds = credentials.load(server)
    creds = credentials.Credentials(key, creds.server_url, "flag")
    try:
        with ServerClient(creds, timeout=15) as client:
            user = client.me()
    except NetworkError as exc:
        path = credentials.save(key, creds.server_url)
        console.note(f"warning: key stored in {path} but not verified: {exc}")
        return
    email = str(user.get("email", "")) or None
    path = credentials.save(key, creds.server_url, email)
    console.note(
        f"logged in to {creds.server_url} as {email or 'unknown user'}; key stored in {path}"
    )


def _read_key() -> str:
    """Prompt without echo on a terminal; otherwise take the first line of standard input.

    ``echo KEY | stockade auth login`` is the scriptable way to pass a key without putting
    it on the command line; getpass would warn there (it cannot turn off echo on a pipe).
    """
    if sys.stdin.isatty():
        return str(typer.prompt("API key", hide_input=True))
    key = sys.stdin.readline().strip()
    if not key:
        raise AuthRequiredError("no API key on standard input")
    return key


@app.command()
def status(
    server: Annotated[str | None, typer.Option("--server", help="Server URL.")] = None,
) -> None:
    """Show whether the CLI is authenticated, as whom and against which server."""
    creds = credentials.load(server)
    if not creds.api_key:
        typer.echo(f"not authenticated (server {creds.server_url})")
        typer.echo("run `stockade auth login --api-key <KEY>` or set STOCKADE_API_KEY")
        raise typer.Exit(5)
    masked = creds.api_key[:8] + "…" + creds.api_key[-4:]
    typer.echo(f"API key {masked} from {creds.source}, server {creds.server_url}")
    try:
        with ServerClient(creds, timeout=10) as client:
            user = client.me()
    except NetworkError as exc:
        typer.echo(f"server not reachable: {exc}")
        return
    typer.echo(f"authenticated as {user.get('email', '?')}")


@app.command()
def logout() -> None:
    """Forget the stored API key."""
    removed = credentials.remove()
    typer.echo("stored credentials removed" if removed else "no stored credentials")
