"""``stockade worker``: a Celery worker that runs analysis jobs (``jobs.backend = "celery"``)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from stockade.config import load_settings
from stockade.core.errors import ConfigError


def worker(
    config: Annotated[
        Path | None,
        typer.Option(
            "--config", help="stockade.toml (default: $STOCKADE_CONFIG or ./stockade.toml)."
        ),
    ] = None,
    concurrency: Annotated[
        int | None, typer.Option("--concurrency", "-c", help="Jobs at once (jobs.max_concurrent).")
    ] = None,
) -> None:
    """Run jobs delivered by the broker; the database must be the API servers' database."""
    try:
        from stockade.jobs.celery import worker_app
        from stockade.store import Database, upgrade
    except ImportError as exc:
        raise ConfigError(
            f"the worker needs the [scale] extra: pip install 'stockade[scale]' ({exc})"
        ) from None
    settings = load_settings(config)
    db = Database(settings.database_url)
    try:
        upgrade(db.engine)
    finally:
        db.dispose()
    app = worker_app(settings)
    # Threads, not prefork: each job already runs its analysis in a child process of its own.
    app.worker_main(
        [
            "worker",
            "--pool=threads",
            # A node name per process: several workers on one host must not share one (their
            # exclusive remote-control queues would collide on RabbitMQ).
            f"--hostname=stockade-{os.getpid()}@%h",
            f"--concurrency={concurrency or settings.jobs.max_concurrent}",
            "--loglevel=INFO",
            "--without-gossip",
            "--without-mingle",
        ]
    )
