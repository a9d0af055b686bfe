"""Stored CLI credentials: the API key and the server it belongs to.

The file is created with mode 0600 before anything is written into it, so the key is never
readable by other users, not even for an instant. ``STOCKADE_API_KEY`` and
``STOCKADE_SERVER_URL`` override what is stored.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import orjson

from stockade.cli.errors import CliError
from stockade.cli.paths import config_dir

DEFAULT_SERVER = "http://localhost:3000"
ENV_KEY = "STOCKADE_API_KEY"
ENV_SERVER = "STOCKADE_SERVER_URL"


@dataclass(frozen=True)
class Credentials:
    api_key: str | None
    server_url: str
    source: str  # "environment", "file" or "none"
    user_email: str | None = None


def credentials_path() -> Path:
    return config_dir() / "credentials.json"


def _read_file() -> dict[str, str]:
    path = credentials_path()
    try:
        data = orjson.loads(path.read_bytes())
    except FileNotFoundError:
        return {}
    except (OSError, orjson.JSONDecodeError) as exc:
        raise CliError(f"cannot read {path}: {exc}; remove it and log in again") from None
    return {k: v for k, v in data.items() if isinstance(v, str)} if isinstance(data, dict) else {}


def load(server_override: str | None = None) -> Credentials:
    """The effective credentials: flag, then environment, then the stored file."""
    stored = _read_file()
    env_key = os.environ.get(ENV_KEY) or None
    server = (
        server_override or os.environ.get(ENV_SERVER) or stored.get("server_url") or DEFAULT_SERVER
    ).rstrip("/")
    if env_key:
        return Credentials(env_key, server, "environment")
    key = stored.get("api_key")
    return Credentials(key, server, "file" if key else "none", stored.get("user_email"))


def save(api_key: str, server_url: str, user_email: str | None = None) -> Path:
    path = credentials_path()
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    data: dict[str, str] = {"api_key": api_key, "server_url": server_url.rstrip("/")}
    if user_email:
        data["user_email"] = user_email
    tmp = path.with_suffix(".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as fh:
        fh.write(orjson.dumps(data, option=orjson.OPT_INDENT_2))
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)
    return path


def remove() -> bool:
    path = credentials_path()
    if path.exists():
        path.unlink()
        return True
    return False
