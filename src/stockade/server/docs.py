"""Self-hosted Swagger UI assets (shipped by ``fastapi-offline``) — never a CDN."""

from __future__ import annotations

from pathlib import Path

import fastapi_offline
from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from stockade.server.routes.ops import STATIC_PATH

ASSETS = Path(fastapi_offline.__file__).parent / "static"


def mount_assets(app: FastAPI) -> None:
    app.mount(STATIC_PATH, StaticFiles(directory=ASSETS), name="docs-assets")
