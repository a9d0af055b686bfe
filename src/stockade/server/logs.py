"""Structured JSON logs carrying the request id of the request being served.

The request id lives in a context variable set by the request middleware, so any log line
written while serving a request (routes, store, jobs code called from them) carries it.
"""

from __future__ import annotations

import logging
import sys
from contextvars import ContextVar
from datetime import UTC, datetime

import orjson

request_id_var: ContextVar[str | None] = ContextVar("stockade_request_id", default=None)
ACCESS_LOGGER = "stockade.access"


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, request_id and extras."""

    _STANDARD = frozenset(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message"}

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat().replace("+00:00", "Z"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        request_id = request_id_var.get()
        if request_id:
            entry["request_id"] = request_id
        entry.update({k: v for k, v in vars(record).items() if k not in self._STANDARD})
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return orjson.dumps(entry, default=str).decode()


def configure(level: int = logging.INFO) -> None:
    """Send the ``stockade`` loggers to stderr as JSON (idempotent; for ``stockade server``)."""
    root = logging.getLogger("stockade")
    if any(isinstance(h.formatter, JsonFormatter) for h in root.handlers):
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    root.addHandler(handler)
    root.setLevel(level)
    root.propagate = False
