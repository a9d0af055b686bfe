"""Where the CLI writes: results to stdout (or ``--output``), everything else to stderr."""

from __future__ import annotations

import sys

from rich.console import Console

stderr = Console(stderr=True, highlight=False, soft_wrap=True)


def error(message: str) -> None:
    """One line, no traceback: ``stockade: error: …``."""
    print(f"stockade: error: {message}", file=sys.stderr)


def note(message: str) -> None:
    print(f"stockade: {message}", file=sys.stderr)
