"""Progress events emitted while a scan runs (for progress bars and job heartbeats)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ScanEvent:
    """``kind`` is ``started`` (``total`` files known), ``progress`` or ``finished``."""

    kind: str
    files_done: int = 0
    files_total: int = 0


EventSink = Callable[[ScanEvent], None]


def ignore_events(event: ScanEvent) -> None:
    """The default sink."""
