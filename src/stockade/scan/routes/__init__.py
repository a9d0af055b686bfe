"""Routes declared in a project's code, for comparing with its OpenAPI documents.

One module per framework (FastAPI, Flask, Django REST, Express, NestJS, Spring) reads a
file's tree-sitter syntax tree into :class:`~stockade.scan.routes.model.FileFacts`;
:mod:`~stockade.scan.routes.graph` joins them into full paths across files. A cheap byte
search decides which files are parsed at all, so a tree without web code costs a read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from stockade.core.errors import StockadeError
from stockade.scan.routes import (
    java_spring,
    js_express,
    py_django,
    py_fastapi,
    py_flask,
    ts_nest,
)
from stockade.scan.routes.graph import resolve_routes
from stockade.scan.routes.model import ANY, UNKNOWN_PREFIX, FileFacts, Route
from stockade.scan.routes.py_common import constants, imports
from stockade.scan.routes.syntax import LANGUAGES, parse

__all__ = ["ANY", "UNKNOWN_PREFIX", "Route", "extract_routes", "file_facts", "wants"]

_PY_MARKERS = py_fastapi.MARKERS + py_flask.MARKERS + py_django.MARKERS
_JS_MARKERS = js_express.MARKERS + ts_nest.MARKERS
MAX_BYTES = 2 * 1024 * 1024  # generated or bundled files are not where routes are declared


def wants(language: str | None) -> bool:
    return language in LANGUAGES


def file_facts(path: str, language: str, data: bytes) -> FileFacts | None:
    """What ``path`` declares about routes, or None when it declares nothing."""
    if len(data) > MAX_BYTES:
        return None
    if language == "python":
        if not any(m in data for m in _PY_MARKERS):
            return None
        root = parse(language, data)
        facts = FileFacts(path, "python", imports=imports(root))
        consts = constants(root)
        py_fastapi.extract(root, facts, consts)
        py_flask.extract(root, facts, consts)
        if any(m in data for m in py_django.MARKERS):
            py_django.extract(root, facts, consts)
    elif language in ("javascript", "typescript", "tsx"):
        if not any(m in data for m in _JS_MARKERS):
            return None
        root = parse(language, data)
        facts = FileFacts(path, "javascript")
        js_express.extract(root, facts)
        if language != "javascript" or b"@Controller" in data:
            ts_nest.extract(root, facts)
    elif language == "java":
        if not any(m in data for m in java_spring.MARKERS):
            return None
        facts = FileFacts(path, "java")
        java_spring.extract(parse(language, data), facts)
    else:
        return None
    return None if facts.empty else facts


def extract_routes(files: Iterable[tuple[str, str]], read: Callable[[str], bytes]) -> list[Route]:
    """Every route the code of ``files`` (path, language) declares, prefixes joined."""
    facts = []
    for path, language in files:
        if not wants(language):
            continue
        try:
            data = read(path)
        except (OSError, StockadeError):
            continue
        found = file_facts(path, language, data)
        if found is not None:
            facts.append(found)
    return resolve_routes(facts)
