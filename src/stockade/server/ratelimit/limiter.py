"""Counting requests in the ``limits`` library's moving windows, on ``memory://`` or Redis.

Why moving windows: the spec promises limits that hold exactly, on one process and across
many. ``MovingWindowRateLimiter`` keeps one timestamp per cost unit and admits a request only
if the window's last ``amount`` units leave room; its Redis acquire is one Lua script, so two
API instances sharing Redis can never admit more than ``amount`` units in any ``seconds``-long
interval. The sliding-window *counter* is cheaper (two integers per key) but estimates the
previous window's share and admits a few percent more at window edges; that is not "exact".

One request is checked against three windows: all three are read first, and only when each
has room is the cost taken from each (shortest window first). A refused request therefore
consumes nothing. Two instances racing between the read and the take can still be refused
by a later window after an earlier one took its units (the take is atomic per window, never
over the limit); the few units lost that way come back when that window slides on.

When the storage fails (Redis down), :meth:`RateLimiter.check` answers ``UNAVAILABLE`` and
stops asking the storage for a short cool-down, so a dead Redis costs one failed connection
every few seconds, not one per request; the HTTP layer decides what passes.
"""

from __future__ import annotations

import bisect
import logging
import math
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from limits import RateLimitItemPerSecond
from limits.errors import StorageError
from limits.storage import MemoryStorage, RedisStorage, Storage
from limits.strategies import MovingWindowRateLimiter

from stockade.config import Settings
from stockade.core.errors import ConfigError
from stockade.server.metrics import Metrics
from stockade.server.ratelimit.policy import Caller, Policy, Window

log = logging.getLogger("stockade.server")

DEFAULT_PREFIX = "stockade:ratelimit"
_NAMESPACE = "rl"
# A Redis that does not answer within this long counts as down (loopback answers in well
# under a millisecond); without a timeout a black-holed Redis would hang every request.
REDIS_TIMEOUT_SECONDS = 0.5
COOLDOWN_SECONDS = 5.0
LOG_EVERY_SECONDS = 30.0

StorageKind = Literal["memory", "redis"]
StorageState = Literal["ok", "degraded"]


# Redis stores the timestamps as Lua prints them (14 significant digits, 0.1 ms here): a
# reset that falls a fraction of a millisecond past a whole second is that whole second.
_TOLERANCE_SECONDS = 0.001


def whole_seconds(duration: float) -> int:
    """``duration`` rounded up to whole seconds (a client that waits that long is past it),
    ignoring the storage's sub-millisecond rounding."""
    return max(0, math.ceil(duration - _TOLERANCE_SECONDS))


class Outcome(StrEnum):
    ALLOWED = "allowed"
    LIMITED = "limited"
    UNAVAILABLE = "unavailable"


@dataclass(frozen=True)
class WindowState:
    """A window as this request leaves it: ``remaining`` cost units (after the request when
    it was allowed) and ``reset_at``, when the oldest counted unit slides out (epoch s)."""

    window: Window
    remaining: int
    reset_at: float


@dataclass(frozen=True)
class Decision:
    """The verdict on one request; ``refused_by`` is the window that must slide the longest
    before the request fits, and ``retry_after`` that wait in whole seconds."""

    outcome: Outcome
    cost: int
    states: tuple[WindowState, ...] = ()
    refused_by: WindowState | None = None
    retry_after: int = 0
    now: float = 0.0

    @property
    def binding(self) -> WindowState | None:
        """The most constrained window: the refusing one, else the one with the fewest units
        left (the longer window on a tie, since it takes longer to recover)."""
        if self.refused_by is not None:
            return self.refused_by
        if not self.states:
            return None
        return min(self.states, key=lambda s: (s.remaining, -s.window.seconds))


class _Item(RateLimitItemPerSecond):
    """A ``limits`` item whose storage key leaves out the amount (``limits`` puts it in by
    default): a caller in an organization context (a larger amount) or after a tier change
    keeps counting in the same window instead of opening a second, fresh one."""

    def key_for(self, *identifiers: bytes | str | int | float) -> str:
        return "/".join([self.namespace, *(str(i) for i in identifiers)])


class SweepingMemoryStorage(MemoryStorage):
    """``limits``' memory storage with a cheaper clean-up of expired entries.

    The stock storage sweeps every key every 10 ms while requests arrive, and keeps a key
    (with an empty list) forever once its entries expired: with 10,000 callers (an hour of
    distinct client addresses) the sweep alone takes most of a CPU core, and the keys of
    callers seen once pile up. Here the sweep runs every ``SWEEP_SECONDS`` and drops empty
    keys. It only frees memory (a window's count ignores expired entries anyway), so no answer
    changes. One lock orders the sweep against the moving-window calls, and the timer is a
    daemon, so a pending sweep never holds up the process's exit.
    """

    SWEEP_SECONDS = 5.0

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self._gate = threading.Lock()
        self.clock = clock  # must agree with the one ``limits`` stamps entries with
        super().__init__()

    def acquire_entry(self, key: str, limit: int, expiry: int, amount: int = 1) -> bool:
        with self._gate:
            return super().acquire_entry(key, limit, expiry, amount)

    def get_moving_window(self, key: str, limit: int, expiry: int) -> tuple[float, int]:
        with self._gate:
            return super().get_moving_window(key, limit, expiry)

    def clear(self, key: str) -> None:
        with self._gate:
            super().clear(key)

    def sweep(self) -> None:
        """Drop expired entries, and the keys left without any."""
        now = self.clock()
        with self._gate:
            for key, entries in list(self.events.items()):
                # Newest first, so the live entries are a prefix (expiry decreasing).
                live = bisect.bisect_left(entries, -now, key=lambda entry: -entry.expiry)
                if live:
                    self.events[key] = entries[:live]
                else:
                    del self.events[key]
                    self.locks.pop(key, None)

    def _MemoryStorage__schedule_expiry(self) -> None:  # noqa: N802 - the base's hook
        if not self.timer.is_alive():
            self.timer = threading.Timer(self.SWEEP_SECONDS, self.sweep)
            self.timer.daemon = True
            self.timer.start()


def build_storage(url: str | None, key_prefix: str = DEFAULT_PREFIX) -> Storage:
    """``memory://`` without ``redis.url``; Redis (short timeouts, errors wrapped in
    :class:`limits.errors.StorageError`) with it. Nothing connects until the first request,
    so a server starts while Redis is down."""
    if not url:
        return SweepingMemoryStorage()
    try:
        return RedisStorage(
            url,
            key_prefix=key_prefix,
            wrap_exceptions=True,
            socket_connect_timeout=REDIS_TIMEOUT_SECONDS,
            socket_timeout=REDIS_TIMEOUT_SECONDS,
        )
    except (ValueError, TypeError) as exc:
        raise ConfigError(f"redis.url: {exc}") from None


class _Breaker:
    """Remembers a storage failure for ``cooldown`` seconds and logs failures at most once
    per ``LOG_EVERY_SECONDS`` (a dead Redis under load must not flood the log)."""

    def __init__(self, cooldown: float) -> None:
        self.cooldown = cooldown
        self._open_until = 0.0
        self._down = False
        self._suppressed = 0
        self._last_log = -math.inf
        self._lock = threading.Lock()

    def is_open(self) -> bool:
        return time.monotonic() < self._open_until

    def wait(self) -> int:
        return max(1, math.ceil(self._open_until - time.monotonic()))

    def trip(self, exc: BaseException) -> None:
        now = time.monotonic()
        with self._lock:
            self._open_until = now + self.cooldown
            self._down = True
            self._suppressed += 1
            if now - self._last_log < LOG_EVERY_SECONDS:
                return
            count, self._suppressed, self._last_log = self._suppressed, 0, now
        log.warning(
            "rate limiter storage unavailable (%d failure(s) since the last report): %s; "
            "reads pass unlimited, writes answer 503 until it is back",
            count,
            exc,
        )

    def close(self) -> bool:
        """Mark the storage healthy; True when it had been down (worth one log line)."""
        if not self._down:
            return False
        with self._lock:
            was_down, self._down = self._down, False
        if was_down:
            log.warning("rate limiter storage is answering again")
        return was_down

    @property
    def down(self) -> bool:
        return self._down


class RateLimiter:
    """Checks requests against a :class:`Policy` in a ``limits`` storage.

    ``clock`` is the time the headers' resets are computed from; it must agree with the
    storage's own clock (``time.time``), which tests move together with it.
    """

    def __init__(
        self,
        policy: Policy,
        storage: Storage,
        *,
        metrics: Metrics | None = None,
        clock: Callable[[], float] = time.time,
        cooldown: float = COOLDOWN_SECONDS,
    ) -> None:
        self.policy = policy
        self.storage = storage
        self.kind: StorageKind = "redis" if isinstance(storage, RedisStorage) else "memory"
        self.metrics = metrics
        self._clock = clock
        self._strategy = MovingWindowRateLimiter(storage)
        self._items: dict[Window, _Item] = {}
        # One process owns a memory storage: a lock makes read-then-take one step, so no
        # unit is ever lost to a race. Redis instances cannot share it (see module doc).
        self._lock = threading.Lock() if self.kind == "memory" else None
        self._breaker = _Breaker(cooldown)
        self._set_up(True)

    @classmethod
    def from_settings(
        cls, settings: Settings, metrics: Metrics | None = None, *, key_prefix: str = DEFAULT_PREFIX
    ) -> RateLimiter:
        policy = Policy.from_settings(settings.server.rate_limit)
        return cls(policy, build_storage(settings.redis.url, key_prefix), metrics=metrics)

    def check(self, caller: Caller, cost: int) -> Decision:
        """Count ``cost`` units for ``caller`` in each of its windows, or refuse without
        counting anything; ``UNAVAILABLE`` when the storage cannot be asked."""
        if self._breaker.is_open():
            return self._unavailable(caller, cost)
        try:
            with self._exclusive():
                decision = self._count(caller, cost)
        except StorageError as exc:
            self._breaker.trip(exc.storage_error)
            self._set_up(False)
            return self._unavailable(caller, cost)
        if self._breaker.close():
            self._set_up(True)
        self._record(decision.outcome, caller)
        return decision

    def storage_state(self) -> StorageState:
        """``degraded`` while the storage fails; asks Redis (one PING, bounded by the
        timeout) when no recent request did, so ``/health`` is right on an idle server."""
        if self._breaker.is_open():
            return "degraded"
        if self.storage.check():
            if self._breaker.close():
                self._set_up(True)
            return "ok"
        self._breaker.trip(ConnectionError("PING failed"))
        self._set_up(False)
        return "degraded"

    def clear(self, caller: Caller) -> None:
        """Forget ``caller``'s windows (operators lifting a limit by hand; tests)."""
        for window in self.policy.windows(caller):
            self._strategy.clear(self._item(window), caller.key, window.name)

    def _count(self, caller: Caller, cost: int) -> Decision:
        now = self._clock()
        windows = self.policy.windows(caller)
        plan = [(w, self._item(w), min(cost, w.amount)) for w in windows]
        stats = [self._stats(w, item, caller, now) for w, item, _ in plan]
        refused = [s for s, (_, _, need) in zip(stats, plan, strict=True) if s.remaining < need]
        if refused:
            return self._limited(cost, stats, refused, now)
        if cost > 0:
            for i, (window, item, need) in enumerate(plan):
                if not self._strategy.hit(item, caller.key, window.name, cost=need):
                    # Another instance took the room between our read and our take.
                    lost = self._stats(window, item, caller, now)
                    stats[i] = lost
                    return self._limited(cost, stats, [lost], now)
        taken = tuple(
            WindowState(s.window, max(0, s.remaining - need), s.reset_at)
            for s, (_, _, need) in zip(stats, plan, strict=True)
        )
        return Decision(Outcome.ALLOWED, cost, taken, now=now)

    def _stats(self, window: Window, item: _Item, caller: Caller, now: float) -> WindowState:
        reset, remaining = self._strategy.get_window_stats(item, caller.key, window.name)
        if remaining >= window.amount or reset <= now:
            # An empty window: its first unit (this request's) slides out a window from now.
            reset = now + window.seconds
        return WindowState(window, max(0, int(remaining)), float(reset))

    @staticmethod
    def _limited(
        cost: int, stats: Sequence[WindowState], refused: Sequence[WindowState], now: float
    ) -> Decision:
        waits = [(max(1, whole_seconds(s.reset_at - now)), s) for s in refused]
        wait, worst = max(waits, key=lambda pair: (pair[0], pair[1].window.seconds))
        return Decision(Outcome.LIMITED, cost, tuple(stats), worst, wait, now)

    def _unavailable(self, caller: Caller, cost: int) -> Decision:
        self._record(Outcome.UNAVAILABLE, caller)
        return Decision(Outcome.UNAVAILABLE, cost, retry_after=self._breaker.wait())

    def _item(self, window: Window) -> _Item:
        item = self._items.get(window)
        if item is None:
            item = self._items[window] = _Item(window.amount, window.seconds, _NAMESPACE)
        return item

    @contextmanager
    def _exclusive(self) -> Iterator[None]:
        if self._lock is None:
            yield
            return
        with self._lock:
            yield

    def _record(self, outcome: Outcome, caller: Caller) -> None:
        if self.metrics is not None:
            self.metrics.ratelimit_decisions.labels(outcome.value, caller.tier.value).inc()

    def _set_up(self, up: bool) -> None:
        if self.metrics is not None:
            self.metrics.ratelimit_storage_up.set(1 if up else 0)
