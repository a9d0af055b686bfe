"""Flask: ``Flask()`` apps and ``Blueprint(..., url_prefix=...)``, ``@x.route(rule,
methods=[...])`` and ``@x.get(rule)``, ``add_url_rule``, ``register_blueprint(bp,
url_prefix=...)`` (which replaces the blueprint's own prefix) and Flask-RESTful's
``Api(app, prefix=...)`` / ``api.add_resource(Resource, '/a', '/b')``."""

from __future__ import annotations

from stockade.scan.routes.model import ANY, FileFacts, LocalRoute, Mount, RouterDecl
from stockade.scan.routes.py_common import Call, assignments, call_parts, decorated_calls, strings
from stockade.scan.routes.py_fastapi import HTTP_METHODS, prefix
from stockade.scan.routes.syntax import Node, text, walk

FRAMEWORK = "Flask"
MARKERS = (b"flask", b"Blueprint", b"register_blueprint", b".route(")


def extract(root: Node, facts: FileFacts, consts: dict[str, str]) -> None:
    for name, call in assignments(root):
        ctor = call.callee.rsplit(".", 1)[-1]
        if ctor == "Flask":
            facts.routers[name] = RouterDecl("", FRAMEWORK)
        elif ctor == "Blueprint":
            own = prefix(call.kwargs.get("url_prefix"), consts)
            facts.routers[name] = RouterDecl(own, FRAMEWORK)
        elif ctor == "Api" and b"flask_restful" in (root.text or b""):
            facts.routers[name] = RouterDecl(prefix(call.kwargs.get("prefix"), consts), FRAMEWORK)
            parent = call.args[0] if call.args else call.kwargs.get("app")
            if parent is not None:
                facts.mounts.append(Mount(text(parent), name, None))
    for node in walk(root, frozenset({"call"})):
        site = call_parts(node)
        if site is None or "." not in site.callee:
            continue
        receiver, attr = site.callee.rsplit(".", 1)
        if attr == "register_blueprint" and site.args:
            given = site.kwargs.get("url_prefix")
            mounted = prefix(given, consts) if given is not None else None
            facts.mounts.append(Mount(receiver, text(site.args[0]), mounted, replaces=True))
        elif attr == "add_url_rule" and _is_ours(facts, receiver):
            _add_url_rule(site, receiver, facts, consts)
        elif attr == "add_resource" and _is_ours(facts, receiver):
            for path in strings_of(site.args[1:], consts):
                facts.routes.append(LocalRoute(receiver, ANY, path, node.start_point.row + 1))
    for call, receiver, line in decorated_calls(root):
        attr = call.callee.rsplit(".", 1)[1]
        if not _is_ours(facts, receiver) or attr not in ("route", *HTTP_METHODS):
            continue
        paths = strings(call.args[0] if call.args else call.kwargs.get("rule"), consts)
        if paths is None:
            continue
        methods = [attr.upper()] if attr != "route" else _methods(call, consts)
        facts.routes.extend(LocalRoute(receiver, m, p, line) for m in methods for p in paths)


def _add_url_rule(call: Call, receiver: str, facts: FileFacts, consts: dict[str, str]) -> None:
    paths = strings(call.args[0] if call.args else call.kwargs.get("rule"), consts)
    if paths is None or call.node is None:
        return
    view = call.kwargs.get("view_func") or (call.args[2] if len(call.args) > 2 else None)
    methods = _methods(call, consts)
    if "methods" not in call.kwargs and "as_view" in text(view):
        methods = [ANY]  # a MethodView answers the methods it defines
    line = call.node.start_point.row + 1
    facts.routes.extend(LocalRoute(receiver, m, p, line) for m in methods for p in paths)


def _methods(call: Call, consts: dict[str, str]) -> list[str]:
    return [m.upper() for m in strings(call.kwargs.get("methods"), consts) or ["GET"]]


def strings_of(nodes: list[Node], consts: dict[str, str]) -> list[str]:
    out = []
    for node in nodes:
        out.extend(strings(node, consts) or [])
    return out


def _is_ours(facts: FileFacts, receiver: str) -> bool:
    decl = facts.routers.get(receiver)
    return decl.framework == FRAMEWORK if decl is not None else True
