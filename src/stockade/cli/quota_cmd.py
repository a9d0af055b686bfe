"""``stockade quota``: the local daily request counter next to the server's monthly token
pool as last synced, and ``stockade quota sync`` which fetches that pool
(``GET /api/v1/quota``) and makes it the CLI's view."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

import typer

from stockade.cli import credentials
from stockade.cli.client import ServerClient
from stockade.cli.errors import AuthRequiredError
from stockade.cli.quota import LocalQuota, ServerQuota, limit_for

app = typer.Typer(help="Show the local request quota and the server's token pool.")


def _server_line(view: ServerQuota | None, server_url: str, now: datetime) -> str:
    """How the last sync reads today: current, from a past period, or for another server."""
    if view is None:
        return "server tokens: not synced; run `stockade quota sync`"
    where = f"{view.plan} at {view.server_url}"
    if not view.current(now):
        return (
            f"server tokens ({where}): the last sync ({view.synced_at}) is from a past period "
            "and is ignored; run `stockade quota sync`"
        )
    note = "" if view.server_url == server_url.rstrip("/") else " (not the current server)"
    return (
        f"server tokens ({where}): {view.tokens_used}/{view.tokens_limit} used, "
        f"{view.tokens_remaining} remaining, resets at {view.resets_at:%Y-%m-%d %H:%M} UTC "
        f"(synced {view.synced_at}){note}"
    )


@app.callback(invoke_without_command=True)
def show(
    ctx: typer.Context,
    server: Annotated[str | None, typer.Option("--server", help="Server URL.")] = None,
) -> None:
    """Show today's local quota (10 requests a day without an API key, 40 with one) and the
    server's monthly tokens as last synced."""
    if ctx.invoked_subcommand is not None:
        return
    creds = credentials.load(server)
    quota = LocalQuota()
    st = quota.status(limit_for(bool(creds.api_key)))
    kind = "with API key" if creds.api_key else "unauthenticated"
    typer.echo(f"local quota ({kind}): {st.used}/{st.limit} used today, {st.remaining} remaining")
    typer.echo(f"resets at {st.resets_at:%Y-%m-%d %H:%M} UTC")
    typer.echo(_server_line(quota.server(), creds.server_url, datetime.now(UTC)))


@app.command()
def sync(
    server: Annotated[str | None, typer.Option("--server", help="Server URL.")] = None,
    organization: Annotated[
        str | None,
        typer.Option("--organization", help="An organization's pool (its id); default yours."),
    ] = None,
) -> None:
    """Fetch the server's token pool (GET /api/v1/quota) and adopt it as the local view."""
    creds = credentials.load(server)
    if not creds.api_key:
        raise AuthRequiredError("quota sync needs authentication")
    params = {"organization_id": organization} if organization else None
    with ServerClient(creds, timeout=15) as client:
        data = client.request("GET", "/api/v1/quota", params=params)
    view = LocalQuota().record_sync(data, creds.server_url)
    typer.echo(_server_line(view, creds.server_url, datetime.now(UTC)))
