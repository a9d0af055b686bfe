"""Source errors. Messages are shown to users, so they never contain credentials."""

from __future__ import annotations

from stockade.core.errors import StockadeError


class SourceRejectedError(StockadeError):
    """The source is invalid as submitted (answered 4xx before any job is queued)."""

    def __init__(self, message: str, *, field: str = "source", status: int = 422) -> None:
        super().__init__(message)
        self.field = field
        self.status = status


class SourceError(StockadeError):
    """Fetching the source failed in the worker (the job fails with this message)."""
