"""Prometheus metrics with a per-application registry (no module-level collectors).

Requests are labelled by route *template* (``/api/v1/api-keys/{key_id}``), never the raw
path, so label cardinality stays bounded.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator, Mapping

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    Info,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from stockade import __version__
from stockade.server.logs import ACCESS_LOGGER

access = logging.getLogger(ACCESS_LOGGER)


class Metrics:
    """The collectors of one application instance."""

    content_type = CONTENT_TYPE_LATEST

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.requests = Counter(
            "stockade_http_requests",
            "HTTP requests by method, route template and status.",
            ["method", "route", "status"],
            registry=self.registry,
        )
        self.latency = Histogram(
            "stockade_http_request_duration_seconds",
            "HTTP request latency by method and route template.",
            ["method", "route"],
            registry=self.registry,
        )
        self.in_flight = Gauge(
            "stockade_http_requests_in_flight",
            "HTTP requests being served.",
            registry=self.registry,
        )
        build = Info("stockade_build", "Stockade build information.", registry=self.registry)
        build.info({"version": __version__})
        self.jobs_finished = Counter(
            "stockade_jobs_finished",
            "Jobs this instance's runners finished, by final status.",
            ["status"],
            registry=self.registry,
        )
        self.job_duration = Histogram(
            "stockade_job_duration_seconds",
            "Wall time of a job from claim to result (fetch and analysis).",
            buckets=(0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800),
            registry=self.registry,
        )
        self.module_duration = Histogram(
            "stockade_job_module_duration_seconds",
            "Analysis time of one module within a job.",
            ["module"],
            buckets=(0.1, 0.5, 1, 2, 5, 10, 30, 60, 300, 1800),
            registry=self.registry,
        )
        self.source_failures = Counter(
            "stockade_job_source_failures",
            "Jobs that failed while fetching their source (git, archive, directory).",
            registry=self.registry,
        )
        self.ratelimit_decisions = Counter(
            "stockade_ratelimit_decisions",
            "Rate-limit verdicts by outcome (allowed, limited, unavailable) and caller tier.",
            ["outcome", "tier"],
            registry=self.registry,
        )
        self.ratelimit_storage_up = Gauge(
            "stockade_ratelimit_storage_up",
            "1 while the rate limiter's storage answers; 0 while it fails (reads pass, "
            "writes and analyses answer 503).",
            registry=self.registry,
        )

        self.webhook_attempts = Counter(
            "stockade_webhook_attempts",
            "Webhook delivery attempts by outcome (delivered, http_error, no_answer).",
            ["outcome"],
            registry=self.registry,
        )
        self.webhook_latency = Histogram(
            "stockade_webhook_delivery_duration_seconds",
            "Time a receiver took to answer a delivery attempt.",
            buckets=(0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10),
            registry=self.registry,
        )

        self.chat_attempts = Counter(
            "stockade_chat_attempts",
            "Chat message attempts by outcome (delivered, http_error, no_answer).",
            ["outcome"],
            registry=self.registry,
        )
        self.chat_latency = Histogram(
            "stockade_chat_delivery_duration_seconds",
            "Time a chat service took to answer a message attempt.",
            buckets=(0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10),
            registry=self.registry,
        )

    def observe_delivery(self, status_code: int | None, duration_ms: int | None) -> None:
        """One webhook attempt: a 2xx delivered, another status, or no answer at all."""
        self.webhook_attempts.labels(_outcome(status_code)).inc()
        if duration_ms is not None:
            self.webhook_latency.observe(duration_ms / 1000)

    def observe_chat(self, status_code: int | None, duration_ms: int | None) -> None:
        """One chat message attempt, counted like a webhook attempt."""
        self.chat_attempts.labels(_outcome(status_code)).inc()
        if duration_ms is not None:
            self.chat_latency.observe(duration_ms / 1000)

    def track_chat_messages(self, pending: Callable[[], Mapping[str, int]]) -> None:
        """The chat outbox by state, read from the database at each scrape."""
        self.registry.register(_Deliveries(pending, "chat", "chat messages", "messages_failed"))

    def track_deliveries(self, pending: Callable[[], Mapping[str, int]]) -> None:
        """The webhook outbox by state, read from the database at each scrape."""
        self.registry.register(_Deliveries(pending))

    def track_jobs(self, count_by_state: Callable[[], Mapping[str, int]]) -> None:
        """Jobs by state and the queue depth, read from the database at each scrape."""
        self.registry.register(_JobStates(count_by_state))

    def render(self) -> bytes:
        return generate_latest(self.registry)


class _JobStates(Collector):
    def __init__(self, count_by_state: Callable[[], Mapping[str, int]]) -> None:
        self._count = count_by_state

    def collect(self) -> Iterator[Metric]:
        try:
            counts = self._count()
        except Exception:  # a scrape must not fail because the database hiccuped
            logging.getLogger("stockade.server").warning("job counts unavailable", exc_info=True)
            return
        states = GaugeMetricFamily("stockade_jobs", "Jobs by state.", labels=["state"])
        for state in ("queued", "running", "completed", "failed", "cancelled"):
            states.add_metric([state], counts.get(state, 0))
        yield states
        yield GaugeMetricFamily(
            "stockade_jobs_queue_depth", "Jobs waiting for a runner.", value=counts.get("queued", 0)
        )


def _outcome(status_code: int | None) -> str:
    if status_code is None:
        return "no_answer"
    return "delivered" if 200 <= status_code < 300 else "http_error"


class _Deliveries(Collector):
    """An outbox's depth: ``stockade_<name>_queue_depth`` and friends."""

    def __init__(
        self,
        count: Callable[[], Mapping[str, int]],
        name: str = "webhook",
        noun: str = "webhook deliveries",
        failed: str = "deliveries_failed",
    ) -> None:
        self._count = count
        self._name = name
        self._noun = noun
        self._failed = f"stockade_{name}_{failed}"

    def collect(self) -> Iterator[Metric]:
        try:
            counts = self._count()
        except Exception:  # a scrape must not fail because the database hiccuped
            logging.getLogger("stockade.server").warning("delivery counts unavailable")
            return
        name, noun = self._name, self._noun
        yield GaugeMetricFamily(
            f"stockade_{name}_queue_depth",
            f"{noun.capitalize()} waiting to be sent (first attempt or retry).",
            value=counts.get("pending", 0),
        )
        yield GaugeMetricFamily(
            f"stockade_{name}_retry_queue_depth",
            f"Pending {noun} that already failed at least once.",
            value=counts.get("retrying", 0),
        )
        yield GaugeMetricFamily(
            self._failed,
            f"{noun.capitalize()} that used up their retries (kept, listed).",
            value=counts.get("failed", 0),
        )


class MetricsMiddleware:
    def __init__(self, app: ASGIApp, *, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        status = 500
        start = time.perf_counter()

        async def recording_send(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            await send(message)

        self.metrics.in_flight.inc()
        try:
            await self.app(scope, receive, recording_send)
        finally:
            self.metrics.in_flight.dec()
            route = getattr(scope.get("route"), "path", None) or "<unmatched>"
            method = scope["method"]
            self.metrics.requests.labels(method, route, str(status)).inc()
            elapsed = time.perf_counter() - start
            self.metrics.latency.labels(method, route).observe(elapsed)
            access.info(
                "%s %s %d",
                method,
                scope["path"],
                status,
                extra={"route": route, "status": status, "duration_ms": round(elapsed * 1000, 2)},
            )
