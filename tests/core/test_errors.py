"""The exception tree: one root, and core/errors.py's docstring draws all of it.

Callers tell "Stockade refused this" from a bug by catching ``StockadeError``; a class that
forgets the root escapes that, and a docstring that lags behind misleads whoever reads it.
Both are found by importing every module and comparing what is defined with what is drawn.
"""

from __future__ import annotations

import builtins
import importlib
import pkgutil
import re
from dataclasses import dataclass
from types import ModuleType

import pytest

import stockade
from stockade.core import errors
from stockade.core.errors import StockadeError

# Alembic's env script runs only inside `alembic upgrade` (it reads alembic.context.config).
NOT_IMPORTABLE = {"stockade.store.migrations.env"}
# Raised by an alarm inside analyzer code; a BaseException so `except Exception` misses it.
CONTROL_FLOW = {"stockade.scan.worker.FileTimeoutError"}
_TREE_LINE = re.compile(r"^    (?P<branch>[│├└─ ]*)(?P<name>\w+)(?: \([^)]*\))?\s+(?P<module>\S+)")


@dataclass(frozen=True)
class Drawn:
    """One line of the drawn tree: the class named, its module and the class above it."""

    name: str
    module: str
    parent: str | None


def _all_modules() -> list[ModuleType]:
    names = [m.name for m in pkgutil.walk_packages(stockade.__path__, "stockade.")]
    return [importlib.import_module(n) for n in sorted(names) if n not in NOT_IMPORTABLE]


def _defined_exceptions() -> dict[str, type[BaseException]]:
    """``module.Class`` -> class, for every exception class defined in stockade."""
    found: dict[str, type[BaseException]] = {}
    for module in _all_modules():
        for obj in vars(module).values():
            if (
                isinstance(obj, type)
                and issubclass(obj, BaseException)
                and obj.__module__ == module.__name__
            ):
                found[f"{obj.__module__}.{obj.__qualname__}"] = obj
    return found


def _drawn_tree() -> list[Drawn]:
    """Parse the indented tree in the docstring; a line's depth is where its name starts."""
    doc = errors.__doc__ or ""
    drawn: list[Drawn] = []
    stack: list[str] = []
    for line in doc.split("::", 1)[1].splitlines():
        match = _TREE_LINE.match(line)
        if not match:
            continue
        depth = len(match["branch"]) // 4
        del stack[depth:]
        drawn.append(Drawn(match["name"], match["module"], stack[-1] if stack else None))
        stack.append(match["name"])
    return drawn


@pytest.fixture(scope="module")
def defined() -> dict[str, type[BaseException]]:
    return _defined_exceptions()


def test_the_walk_sees_the_known_classes(defined: dict[str, type[BaseException]]) -> None:
    # Guards the test itself: an empty or partial walk would make the checks below vacuous.
    for name in (
        "stockade.core.errors.RuleError",
        "stockade.cli.errors.AuthRequiredError",
        "stockade.server.problems.ProblemError",
        "stockade.scan.worker.FileTimeoutError",
    ):
        assert name in defined


def test_every_exception_derives_from_the_root(defined: dict[str, type[BaseException]]) -> None:
    stray = [
        name
        for name, cls in defined.items()
        if not issubclass(cls, StockadeError) and name not in CONTROL_FLOW
    ]
    assert stray == [], f"derive these from stockade.core.errors.StockadeError: {stray}"


def test_control_flow_is_invisible_to_except_exception(
    defined: dict[str, type[BaseException]],
) -> None:
    for name in CONTROL_FLOW:
        assert not issubclass(defined[name], Exception), name


def test_the_docstring_draws_every_class_with_its_module(
    defined: dict[str, type[BaseException]],
) -> None:
    drawn = {(d.name, d.module) for d in _drawn_tree()}
    expected = {
        (cls.__qualname__, cls.__module__.removeprefix("stockade.")) for cls in defined.values()
    }
    assert expected - drawn == set(), "add these to the tree in core/errors.py"
    stale = drawn - expected - {("BaseException", "(Python)")}
    assert stale == set(), "these are drawn but not defined (renamed or removed?)"


def test_the_drawn_parent_is_a_real_base(defined: dict[str, type[BaseException]]) -> None:
    by_name = {cls.__qualname__: cls for cls in defined.values()}
    by_name["BaseException"] = builtins.BaseException
    for line in _drawn_tree():
        if line.parent is None:
            continue
        cls = by_name[line.name]
        assert by_name[line.parent] in cls.__bases__, f"{line.name} is drawn under {line.parent}"
