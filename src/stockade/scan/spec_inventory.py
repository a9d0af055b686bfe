"""The operations an OpenAPI document of the analysed tree documents, with the base paths its
servers put in front of them: what :mod:`stockade.scan.drift` compares the code's routes to.

The API module has already audited these documents in the workers; only the paths, methods
and servers are needed here, read with the module's own loader (positions included, so a
finding points at the operation's line).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

from stockade.analyzers.apispec.loader import LoadError, looks_like_spec, parse
from stockade.analyzers.apispec.model import Spec
from stockade.analyzers.apispec.refs import Workspace
from stockade.analyzers.target import SourceFile
from stockade.core.errors import StockadeError

SPEC_EXTENSIONS = (".json", ".yaml", ".yml")
HEAD_BYTES = 16384
MAX_SPEC_BYTES = 50 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class SpecOperation:
    method: str  # upper-case
    path: str
    line: int
    column: int


@dataclass(frozen=True)
class SpecInventory:
    file: str
    bases: tuple[str, ...]  # path parts of the server URLs ("" always included)
    operations: tuple[SpecOperation, ...]


def spec_candidates(files: Sequence[SourceFile]) -> list[str]:
    """JSON/YAML files that look like OpenAPI documents (the same test the API module uses:
    the head, or for JSON, whose keys come in any order, the whole text). The walk vetted
    these paths; most files are answered by their first 16 KB."""
    found = []
    for f in files:
        if not f.path.lower().endswith(SPEC_EXTENSIONS) or f.size > MAX_SPEC_BYTES:
            continue
        try:
            with open(f.abspath, "rb") as handle:
                head = handle.read(HEAD_BYTES)
                if looks_like_spec(head):
                    found.append(f.path)
                elif head.lstrip()[:1] == b"{":
                    data = head + handle.read()
                    if b'"openapi"' in data or b'"swagger"' in data:
                        found.append(f.path)
        except OSError:
            continue
    return found


def load_inventory(path: str, read: Callable[[str], bytes]) -> SpecInventory | None:
    """The document's operations, or None when it is not a readable OpenAPI document."""
    try:
        doc = parse(path, read(path).decode("utf-8", "replace"))
    except (LoadError, OSError, StockadeError, RecursionError):
        return None
    if not isinstance(doc.data, dict) or not ({"openapi", "swagger"} & doc.data.keys()):
        return None
    spec = Spec(Workspace(doc, read))
    operations = []
    for op in spec.operations:
        line, column = op.node.doc.index.locate(op.node.pointer)
        operations.append(SpecOperation(op.method.upper(), op.path, line, column))
    return SpecInventory(path, _bases(spec), tuple(operations))


def _bases(spec: Spec) -> tuple[str, ...]:
    bases = {""}
    if spec.is_v2:
        base = spec.data.get("basePath")
        if isinstance(base, str):
            bases.add(base)
    else:
        for url, _ in spec.base_urls():
            bases.add(_path_of(url))
    return tuple(sorted(b.rstrip("/") for b in bases))


def _path_of(url: str) -> str:
    """The path part of a server URL (the spec's own base path); a malformed URL (an
    unclosed IPv6 "[") is taken as a path, which simply matches no route."""
    if "://" not in url:
        return url
    try:
        return urlsplit(url).path
    except ValueError:
        return url
