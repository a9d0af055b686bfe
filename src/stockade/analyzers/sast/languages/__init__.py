"""Languages the SAST engine knows, keyed by the file language of :mod:`..languages`.

To add a language: write ``languages/<name>.py`` with a ``LanguageAdapter`` instance and
add one line to ``ADAPTERS`` below (module path and attribute), plus rule files under
``rules/<name>/``. Adapters are imported lazily so a missing grammar only disables its
language.
"""

from __future__ import annotations

import importlib

from stockade.analyzers.sast.languages.base import LanguageAdapter

# rule-set language → "module:attribute" of its adapter
ADAPTERS: dict[str, str] = {
    "python": "stockade.analyzers.sast.languages.python:PYTHON",
    "javascript": "stockade.analyzers.sast.languages.javascript:JAVASCRIPT",
    "java": "stockade.analyzers.sast.languages.java:JAVA",
    "go": "stockade.analyzers.sast.languages.go:GO",
    "php": "stockade.analyzers.sast.languages.php:PHP",
    "ruby": "stockade.analyzers.sast.languages.ruby:RUBY",
    "csharp": "stockade.analyzers.sast.languages.csharp:CSHARP",
}


def load_adapter(name: str) -> LanguageAdapter | None:
    spec = ADAPTERS.get(name)
    if spec is None:
        return None
    module_name, _, attr = spec.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError:
        return None
    adapter = getattr(module, attr)
    return adapter if isinstance(adapter, LanguageAdapter) else None
