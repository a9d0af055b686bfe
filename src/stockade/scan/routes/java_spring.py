"""Spring MVC / WebFlux: ``@RequestMapping`` on a class (or an interface, as generated from
OpenAPI) and ``@GetMapping`` / ``@PostMapping`` / … / ``@RequestMapping(method=...)`` on
its methods; ``value``/``path`` may be one string or an array."""

from __future__ import annotations

from stockade.scan.routes.model import ANY, UNKNOWN_PREFIX, FileFacts, LocalRoute, RouterDecl
from stockade.scan.routes.syntax import Node, string_value, text, walk

FRAMEWORK = "Spring"
MARKERS = (b"Mapping",)
_VERBS = {
    "GetMapping": "GET",
    "PostMapping": "POST",
    "PutMapping": "PUT",
    "DeleteMapping": "DELETE",
    "PatchMapping": "PATCH",
    "RequestMapping": ANY,
}
_CLIENTS = frozenset({"FeignClient", "HttpExchange", "RegisterRestClient"})
_TYPES = frozenset({"class_declaration", "interface_declaration"})


def extract(root: Node, facts: FileFacts) -> None:
    for cls in walk(root, _TYPES):
        prefixes = [""]
        annotations = _annotations(cls)
        if any(name in _CLIENTS for name, _ in annotations):
            continue  # a declarative HTTP client calls these routes, it does not serve them
        for name, args in annotations:
            if name == "RequestMapping":
                prefixes = _paths(args) or [UNKNOWN_PREFIX]
        body = cls.child_by_field_name("body")
        if body is None:
            continue
        keys = []
        class_name = text(cls.child_by_field_name("name"))
        for i, prefix in enumerate(prefixes):
            keys.append(f"{class_name}#{i}")
            facts.routers[keys[-1]] = RouterDecl(prefix, FRAMEWORK)
        for method in body.named_children:
            if method.type == "method_declaration":
                _method(method, keys, facts)


def _method(method: Node, keys: list[str], facts: FileFacts) -> None:
    for name, args in _annotations(method):
        verb = _VERBS.get(name)
        if verb is None:
            continue
        verbs = [verb]
        if name == "RequestMapping":
            verbs = _request_methods(args) or [ANY]
        paths = _paths(args)
        if not paths and _argument(args, "value", "path") is not None:
            continue  # a path the code computes (a constant of another class): not comparable
        for path in paths or [""]:
            for v in verbs:
                for key in keys:
                    facts.routes.append(LocalRoute(key, v, path, method.start_point.row + 1))


def _annotations(decl: Node) -> list[tuple[str, Node | None]]:
    modifiers = next((c for c in decl.children if c.type == "modifiers"), None)
    out: list[tuple[str, Node | None]] = []
    for ann in modifiers.named_children if modifiers is not None else ():
        if ann.type in ("annotation", "marker_annotation"):
            name = text(ann.child_by_field_name("name")).rsplit(".", 1)[-1]
            out.append((name, ann.child_by_field_name("arguments")))
    return out


def _values(node: Node | None) -> list[Node]:
    if node is None:
        return []
    if node.type == "element_value_array_initializer":
        return list(node.named_children)
    return [node]


def _argument(args: Node | None, *keys: str) -> list[Node] | None:
    """The nodes of a named argument, or of the unnamed one when ``value`` is asked for."""
    if args is None:
        return None
    for child in args.named_children:
        if child.type == "element_value_pair":
            if text(child.child_by_field_name("key")) in keys:
                return _values(child.child_by_field_name("value"))
        elif "value" in keys:
            return _values(child)
    return None


def _paths(args: Node | None) -> list[str]:
    """The literal paths of a mapping; [] when it names none or only computed ones."""
    nodes = _argument(args, "value", "path")
    if nodes is None:
        return []
    values = [string_value(n) for n in nodes]
    return [v for v in values if v is not None]


def _request_methods(args: Node | None) -> list[str]:
    nodes = _argument(args, "method") or []
    return [text(n).rsplit(".", 1)[-1].upper() for n in nodes]
