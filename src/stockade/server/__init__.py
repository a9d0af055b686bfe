"""The Stockade HTTP API. Build it with :func:`create_app`; see ``deps`` for route helpers."""

from stockade.server.app import create_app

__all__ = ["create_app"]
