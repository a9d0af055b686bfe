"""Django and Django REST framework: ``urlpatterns`` of ``path()`` / ``re_path()`` /
``url()`` entries, ``include('app.urls')`` and ``include(router.urls)``, and DRF routers
(``router.register('users', UserViewSet)`` serves ``users/`` and ``users/{pk}/``).

A Django view answers whichever methods it implements, so these routes are ``ANY``.
"""

from __future__ import annotations

from stockade.scan.routes.model import ANY, FileFacts, LocalRoute, Mount, RouterDecl
from stockade.scan.routes.py_common import Call, assignments, call_parts
from stockade.scan.routes.syntax import Node, string_value, text, walk

FRAMEWORK = "Django REST"
MARKERS = (b"urlpatterns", b"DefaultRouter", b"SimpleRouter")
URLCONF = "urlpatterns"
_PATH_CALLS = frozenset({"path", "re_path", "url"})
_ROUTERS = frozenset(
    {"DefaultRouter", "SimpleRouter", "ExtendedSimpleRouter", "NestedSimpleRouter"}
)


def extract(root: Node, facts: FileFacts, consts: dict[str, str]) -> None:
    for name, call in assignments(root):
        if call.callee.rsplit(".", 1)[-1] in _ROUTERS:
            facts.routers[name] = RouterDecl("", FRAMEWORK)
    has_urlconf = False
    for node in walk(root, frozenset({"assignment", "augmented_assignment"})):
        left = node.child_by_field_name("left")
        if text(left) != URLCONF:
            continue
        has_urlconf = True
        _patterns(node.child_by_field_name("right"), facts, consts)
    if has_urlconf:
        facts.routers.setdefault(URLCONF, RouterDecl("", FRAMEWORK))
    for node in walk(root, frozenset({"call"})):
        site = call_parts(node)
        if site is None or not site.callee.endswith(".register") or len(site.args) < 2:
            continue
        receiver = site.callee.rsplit(".", 1)[0]
        base = string_value(site.args[0], consts)
        if receiver not in facts.routers or base is None:
            continue
        row = node.start_point.row + 1
        facts.routes.append(LocalRoute(receiver, ANY, base, row))
        facts.routes.append(LocalRoute(receiver, ANY, base.rstrip("/") + "/{pk}", row))


def _patterns(value: Node | None, facts: FileFacts, consts: dict[str, str]) -> None:
    """The entries of a urlpatterns list (``+ router.urls`` and ``+= [...]`` too)."""
    if value is None:
        return
    if value.type == "binary_operator":
        for side in value.named_children:
            _patterns(side, facts, consts)
        return
    if value.type == "attribute" and text(value).endswith(".urls"):
        facts.mounts.append(Mount(URLCONF, text(value)[: -len(".urls")], None))
        return
    if value.type not in ("list", "tuple"):
        return
    for entry in value.named_children:
        call = call_parts(entry)
        if call is not None and call.callee.rsplit(".", 1)[-1] in _PATH_CALLS and call.args:
            _entry(call, facts, consts)


def _entry(call: Call, facts: FileFacts, consts: dict[str, str]) -> None:
    route = string_value(call.args[0], consts)
    if route is None or call.node is None:
        return
    if call.callee.endswith(("re_path", "url")):
        route = route.removeprefix("^").removesuffix("$")
    target = call.args[1] if len(call.args) > 1 else call.kwargs.get("view")
    included = call_parts(target) if target is not None else None
    if included is not None and included.callee.rsplit(".", 1)[-1] == "include":
        child = _include_target(included, consts)
        if child is not None:
            facts.mounts.append(Mount(URLCONF, child, route))
        return
    facts.routes.append(LocalRoute(URLCONF, ANY, route, call.node.start_point.row + 1))


def _include_target(call: Call, consts: dict[str, str]) -> str | None:
    if not call.args:
        return None
    arg = call.args[0]
    module = string_value(arg, consts)
    if module is not None:
        return f"={module}.{URLCONF}"
    if arg.type == "tuple" and arg.named_children:  # include(('app.urls', 'app'))
        module = string_value(arg.named_children[0], consts)
        return f"={module}.{URLCONF}" if module is not None else None
    if text(arg).endswith(".urls"):
        return text(arg)[: -len(".urls")]
    return None
