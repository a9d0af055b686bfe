"""FastAPI: ``FastAPI()`` apps and ``APIRouter(prefix=...)`` routers, ``@x.get(path)`` /
``@x.api_route(path, methods=[...])`` decorators, ``include_router(r, prefix=...)`` and
``mount(path, app)`` (a router's own prefix follows the include's)."""

from __future__ import annotations

from stockade.scan.routes.model import UNKNOWN_PREFIX, FileFacts, LocalRoute, Mount, RouterDecl
from stockade.scan.routes.py_common import (
    assignments,
    call_parts,
    decorated_calls,
    strings,
)
from stockade.scan.routes.syntax import Node, string_value, text, walk

FRAMEWORK = "FastAPI"
HTTP_METHODS = ("get", "post", "put", "delete", "patch", "options", "head", "trace")
MARKERS = (b"fastapi", b"APIRouter", b"include_router", b"@app.", b"@router.")


def extract(root: Node, facts: FileFacts, consts: dict[str, str]) -> None:
    for name, call in assignments(root):
        ctor = call.callee.rsplit(".", 1)[-1]
        if ctor == "FastAPI":
            facts.routers[name] = RouterDecl("", FRAMEWORK)
        elif ctor == "APIRouter":
            facts.routers[name] = RouterDecl(prefix(call.kwargs.get("prefix"), consts), FRAMEWORK)
    for node in walk(root, frozenset({"call"})):
        site = call_parts(node)
        if site is None or "." not in site.callee:
            continue
        receiver, attr = site.callee.rsplit(".", 1)
        if attr == "include_router" and site.args:
            given = site.kwargs.get("prefix")
            mounted = prefix(given, consts) if given is not None else None
            facts.mounts.append(Mount(receiver, text(site.args[0]), mounted))
        elif attr == "mount" and len(site.args) >= 2 and _is_ours(facts, receiver):
            facts.mounts.append(Mount(receiver, text(site.args[1]), prefix(site.args[0], consts)))
    for call, receiver, line in decorated_calls(root):
        if not _is_ours(facts, receiver):
            continue
        attr = call.callee.rsplit(".", 1)[1]
        paths = strings(call.args[0] if call.args else call.kwargs.get("path"), consts)
        if paths is None:
            continue
        if attr in HTTP_METHODS:
            methods = [attr.upper()]
        elif attr == "api_route":
            methods = [m.upper() for m in strings(call.kwargs.get("methods"), consts) or ["GET"]]
        else:
            continue
        facts.routes.extend(LocalRoute(receiver, m, p, line) for m in methods for p in paths)


def _is_ours(facts: FileFacts, receiver: str) -> bool:
    """A router of this file made by FastAPI, or a name from elsewhere (the graph decides)."""
    decl = facts.routers.get(receiver)
    return decl.framework == FRAMEWORK if decl is not None else True


def prefix(node: Node | None, consts: dict[str, str]) -> str:
    """A prefix argument's value; one computed at run time is unknown, not empty."""
    if node is None:
        return ""
    value = string_value(node, consts)
    return UNKNOWN_PREFIX if value is None else value
