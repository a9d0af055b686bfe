"""``stockade quota``: the local daily request counter, and its sync with the server."""

from __future__ import annotations

from typing import Annotated

import typer

from stockade.cli import credentials
from stockade.cli.client import ServerClient
from stockade.cli.errors import AuthRequiredError
from stockade.cli.quota import LocalQuota, limit_for

app = typer.Typer(help="Show the local request quota.", invoke_without_command=True)


@app.callback()
def show(ctx: typer.Context) -> None:
    """Show today's local quota (10 requests a day without an API key, 40 with one)."""
    if ctx.invoked_subcommand is not None:
        return
    creds = credentials.load()
    st = LocalQuota().status(limit_for(bool(creds.api_key)))
    kind = "with API key" if creds.api_key else "unauthenticated"
    typer.echo(f"local quota ({kind}): {st.used}/{st.limit} used today, {st.remaining} remaining")
    typer.echo(f"resets at {st.resets_at:%Y-%m-%d %H:%M} UTC")


@app.command()
def sync(
    server: Annotated[str | None, typer.Option("--server", help="Server URL.")] = None,
) -> None:
    """Fetch the server-side quota (GET /api/v1/quota) and remember it locally."""
    creds = credentials.load(server)
    if not creds.api_key:
        raise AuthRequiredError("quota sync needs authentication")
    with ServerClient(creds, timeout=15) as client:
        data = client.request("GET", "/api/v1/quota")
    if isinstance(data, dict):
        LocalQuota().record_sync(data)
        used, limit = data.get("tokens_used", "?"), data.get("tokens_limit", "?")
        typer.echo(f"server quota ({data.get('plan', '?')}): {used}/{limit} tokens used")
