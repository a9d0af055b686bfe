"""Abstract values of the taint analysis: where untrusted data came from, and constants."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from stockade.analyzers.sast.languages.base import NOT_CONSTANT
from stockade.core.severity import Confidence

MAX_STEPS = 8


@dataclass(frozen=True)
class Taint:
    """One origin of untrusted data. ``param`` marks the synthetic taint of a function's
    parameter, used to compute that function's summary."""

    line: int
    column: int
    label: str
    kind: str = "web"
    confidence: Confidence = Confidence.HIGH
    param: int | None = None
    steps: tuple[tuple[int, int, str], ...] = ()
    sanitized: frozenset[str] = frozenset()
    # a parameter's taint that went into text assembled around it (f-string, +, %, format):
    # rules with ``parameters: built`` report only these (a wrapper passing its argument
    # through whole, ``def query(sql): cur.execute(sql)``, is an API, not an injection)
    built: bool = False

    def step(self, line: int, column: int, note: str) -> Taint:
        # Parameters' synthetic taints need no trace; capped traces stop growing.
        if (
            self.param is not None
            or len(self.steps) >= MAX_STEPS
            or (self.steps and self.steps[-1][0] == line)
        ):
            return self
        return Taint(
            self.line,
            self.column,
            self.label,
            self.kind,
            self.confidence,
            self.param,
            (*self.steps, (line, column, note)),
            self.sanitized,
        )

    def sanitize(self, kinds: frozenset[str]) -> Taint:
        if kinds <= self.sanitized:
            return self
        return replace(self, sanitized=self.sanitized | kinds)


@dataclass(frozen=True)
class Value:
    """What an expression may hold: its taints, its constant value, and for containers
    built from literals the value of each constant key or index."""

    taints: frozenset[Taint] = frozenset()
    const: Any = NOT_CONSTANT
    elements: tuple[tuple[Any, Value], ...] | None = None

    @property
    def tainted(self) -> bool:
        return bool(self.taints)

    def element(self, key: Any) -> Value | None:
        if self.elements is None:
            return None
        if isinstance(key, float) and key < 0:  # ``items[-1]``
            key += sum(1 for k, _ in self.elements if isinstance(k, float))
        for k, v in self.elements:
            if k == key:
                return v
        return Value()

    def step(self, line: int, column: int, note: str) -> Value:
        if not self.taints:
            return self
        return Value(
            frozenset(t.step(line, column, note) for t in self.taints), self.const, self.elements
        )


CLEAN = Value()


def union(values: list[Value] | tuple[Value, ...]) -> Value:
    taints: frozenset[Taint] = frozenset()
    for v in values:
        if v.taints:
            taints = taints | v.taints
    return Value(taints) if taints else CLEAN


def join(a: Value, b: Value) -> Value:
    """The value after two branches meet."""
    if a is b or a == b:
        return a
    const = a.const if (a.const is not NOT_CONSTANT and a.const == b.const) else NOT_CONSTANT
    return Value(a.taints | b.taints, const, None)


def built(value: Value) -> Value:
    """``value`` assembled into larger text: its parameter taints are marked ``built``."""
    if not any(t.param is not None and not t.built for t in value.taints):
        return value
    taints = frozenset(replace(t, built=True) if t.param is not None else t for t in value.taints)
    return Value(taints, value.const, value.elements)
