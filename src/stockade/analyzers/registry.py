"""Which analyzers exist and how to build them.

Built-in modules are listed by import path and loaded lazily, so the base install does not
pay for modules it does not run. Third-party analyzers register an entry point in the
``stockade.analyzers`` group whose name is their module name.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Collection, Mapping
from importlib.metadata import entry_points
from typing import Any

from stockade.analyzers.interface import Analyzer
from stockade.core.errors import AnalyzerError, ConfigError
from stockade.core.rule import Rule

BUILTIN: dict[str, str] = {
    "sast": "stockade.analyzers.sast.analyzer:SastAnalyzer",
    "secrets": "stockade.analyzers.secrets.analyzer:SecretsAnalyzer",
    "api": "stockade.analyzers.apispec.analyzer:ApiSpecAnalyzer",
    "dependencies": "stockade.analyzers.deps.analyzer:DependencyAnalyzer",
}
MODULE_ORDER: tuple[str, ...] = ("sast", "secrets", "api", "dependencies")
# Built-ins whose class says ``needs_server``, known without importing them (the dependency
# analyzer's import costs ~0.1 s); tests/analyzers/test_registry.py keeps the two in step.
SERVER_ONLY_BUILTINS = frozenset({"dependencies"})
_RUNTIME: dict[str, type[Analyzer]] = {}


def register(cls: type[Analyzer]) -> type[Analyzer]:
    """Register an analyzer class in this process (programmatic plug-ins and tests).

    Worker processes started by fork inherit the registration; with the spawn start method
    an analyzer must be registered through an entry point instead.
    """
    _RUNTIME[cls.name] = cls
    return cls


def unregister(name: str) -> None:
    _RUNTIME.pop(name, None)


def _load(spec: str) -> type[Analyzer] | None:
    module_name, _, attr = spec.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and module_name.startswith(exc.name):
            return None  # this module is not part of this installation
        raise
    cls = getattr(module, attr, None)
    if not (isinstance(cls, type) and issubclass(cls, Analyzer)):
        raise AnalyzerError(f"{spec} is not an Analyzer subclass")
    return cls


def available(exclude: Collection[str] = ()) -> dict[str, type[Analyzer]]:
    """Name → class of every analyzer installed, built-ins first; the ``exclude``d ones are
    not even imported (a secrets-only run does not load the SAST grammars)."""
    found: dict[str, type[Analyzer]] = {}
    for name in MODULE_ORDER:
        if name in exclude:
            continue
        cls = _load(BUILTIN[name])
        if cls is not None:
            found[name] = cls
    found.update({n: c for n, c in _RUNTIME.items() if n not in found and n not in exclude})
    for ep in entry_points(group="stockade.analyzers"):
        if ep.name not in found and ep.name not in exclude:
            cls = ep.load()
            if isinstance(cls, type) and issubclass(cls, Analyzer):
                found[ep.name] = cls
    return found


def local_names(skip: Collection[str] = ()) -> tuple[str, ...]:
    """The installed analyzers that run without a server, less ``skip``: what a local scan
    runs by default. Neither the skipped nor the server-only built-ins are imported."""
    classes = available({*skip, *SERVER_ONLY_BUILTINS})
    return tuple(name for name, cls in classes.items() if not cls.needs_server)


def create(name: str, options: Mapping[str, Any] | None = None) -> Analyzer:
    """Build the analyzer called ``name``; unknown names are a configuration error.

    A built-in is imported alone: a secrets-only scan does not pay for importing the SAST,
    API and dependency analyzers (tree-sitter grammars, HTTP clients), about 0.1 s.
    """
    cls = _load(BUILTIN[name]) if name in BUILTIN else None
    if cls is None:
        classes = available()
        if name not in classes:
            known = ", ".join(classes) or "none"
            raise ConfigError(f"unknown or unavailable module {name!r} (installed: {known})")
        cls = classes[name]
    return cls(options)


def module_rules(name: str) -> tuple[Rule, ...]:
    """The rule metadata of the installed module ``name`` with default options (``()`` when
    it is not installed), for reports of findings made elsewhere (job exports' SARIF).

    Building an analyzer compiles its rules (hundreds for SAST), so this is done once per
    process and analyzer class, not per request.
    """
    cls = available().get(name)
    return () if cls is None else _class_rules(cls)


@functools.cache
def _class_rules(cls: type[Analyzer]) -> tuple[Rule, ...]:
    return tuple(cls().rules())
