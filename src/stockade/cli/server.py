"""``stockade server``, ``stockade db upgrade`` and ``stockade config show``.

Server packages (FastAPI, SQLAlchemy, uvicorn) are imported inside the commands, so the base
install keeps ``stockade analyze`` working without them.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated

import typer

from stockade.config import CONFIG_ENV, Settings, load_settings, redacted, resolve_jwt_secret
from stockade.core.errors import ConfigError

ConfigOption = Annotated[
    Path | None,
    typer.Option(
        "--config", help="stockade.toml to read (default: $STOCKADE_CONFIG or ./stockade.toml)."
    ),
]

db_app = typer.Typer(help="Database maintenance.", no_args_is_help=True)
config_app = typer.Typer(help="Inspect the configuration.", no_args_is_help=True)


def _settings(config: Path | None, **overrides: object) -> Settings:
    extra = {k: v for k, v in overrides.items() if v is not None}
    server = {k: extra.pop(k) for k in ("host", "port") if k in extra}
    if server:
        extra["server"] = server
    return load_settings(config, overrides=extra or None)


def serve(
    config: ConfigOption = None,
    host: Annotated[str | None, typer.Option("--host", help="Bind address (server.host).")] = None,
    port: Annotated[
        int | None, typer.Option("--port", help="Port (server.port, default 3000).")
    ] = None,
) -> None:
    """Apply migrations and serve the API (SQLite in the data directory by default)."""
    try:
        import uvicorn
    except ImportError as exc:
        raise ConfigError(
            f"the server needs the [server] extra: pip install 'stockade[server]' ({exc})"
        ) from None
    settings = _settings(config, host=host, port=port)
    resolve_jwt_secret(settings)  # refuse a placeholder secret here, with exit code 2
    _export_for_factory(config, host, port)
    typer.echo(
        f"stockade server on http://{settings.server.host}:{settings.server.port} "
        f"(database {_safe_url(settings)})",
        err=True,
    )
    # By import string: the CLI and the server are sibling layers and never import each other.
    uvicorn.run(
        "stockade.server.app:app_from_environment",
        factory=True,
        host=settings.server.host,
        port=settings.server.port,
        proxy_headers=False,
        server_header=False,
        access_log=False,  # the app writes its own JSON access log with the request id
        log_level="info",
    )


def _export_for_factory(config: Path | None, host: str | None, port: int | None) -> None:
    """The app factory reads the same sources, so hand it the command-line choices."""
    if config is not None:
        os.environ[CONFIG_ENV] = str(config.resolve())
    if host is not None:
        os.environ["STOCKADE__SERVER__HOST"] = host
    if port is not None:
        os.environ["STOCKADE__SERVER__PORT"] = str(port)


def _safe_url(settings: Settings) -> str:
    return str(redacted(settings)["database"]["url"] or settings.database_url)


@db_app.command("upgrade")
def db_upgrade(config: ConfigOption = None) -> None:
    """Apply pending database migrations."""
    from stockade.store import Database, upgrade
    from stockade.store.migrate import current

    settings = _settings(config)
    db = Database(settings.database_url)
    try:
        upgrade(db.engine)
        typer.echo(f"database at revision {current(db.engine)} ({_safe_url(settings)})")
    finally:
        db.dispose()


@db_app.command("rotate-keys")
def db_rotate_keys(config: ConfigOption = None) -> None:
    """Re-seal every value sealed at rest with the first of auth.encryption_keys.

    Rotation: put the new key first in auth.encryption_keys (keep the old ones after it),
    restart, run this, then remove the old keys.
    """
    from stockade.config import resolve_encryption_keys
    from stockade.store import Database, sealing, upgrade
    from stockade.store.crypto import SecretBox

    settings = _settings(config)
    box = SecretBox(resolve_encryption_keys(settings))
    db = Database(settings.database_url)
    try:
        upgrade(db.engine)
        with db.session() as session:
            legacy = sealing.seal_legacy(session, box)
            count = sealing.rotate(session, box)
        typer.echo(f"re-sealed {count} value(s); sealed {legacy} legacy plain value(s)")
    finally:
        db.dispose()


@config_app.command("show")
def config_show(
    config: ConfigOption = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print JSON instead of TOML-like text.")
    ] = False,
) -> None:
    """Print the effective settings (file + environment + defaults), secrets redacted."""
    data = redacted(_settings(config))
    if as_json:
        typer.echo(json.dumps(data, indent=2, default=str))
        return
    for line in _flatten(data):
        typer.echo(line)


def _flatten(data: dict[str, object], prefix: str = "") -> list[str]:
    lines: list[str] = []
    for key, value in data.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            lines.extend(_flatten(value, name + "."))
        else:
            lines.append(f"{name} = {json.dumps(value, default=str)}")
    return lines
