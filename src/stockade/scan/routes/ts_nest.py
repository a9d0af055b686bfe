"""NestJS: ``@Controller('users')`` (or ``{path: 'users'}``) classes whose methods carry
``@Get(':id')``, ``@Post()``, …, and ``app.setGlobalPrefix('api')`` when the code shows it."""

from __future__ import annotations

from stockade.scan.routes.model import ANY, UNKNOWN_PREFIX, FileFacts, LocalRoute, RouterDecl
from stockade.scan.routes.syntax import Node, string_value, text, walk

FRAMEWORK = "NestJS"
MARKERS = (b"@nestjs", b"@Controller", b"setGlobalPrefix")
_VERBS = {
    "Get": "GET",
    "Post": "POST",
    "Put": "PUT",
    "Delete": "DELETE",
    "Patch": "PATCH",
    "Options": "OPTIONS",
    "Head": "HEAD",
    "All": ANY,
}


def extract(root: Node, facts: FileFacts) -> None:
    for cls in walk(root, frozenset({"class_declaration", "class"})):
        decorators = [c for c in cls.children if c.type == "decorator"]
        if cls.parent is not None and cls.parent.type == "export_statement":
            decorators += [c for c in cls.parent.children if c.type == "decorator"]
        prefixes = None
        for deco in decorators:
            name, args = _decorator(deco)
            if name == "Controller":
                prefixes = _paths(args) or [UNKNOWN_PREFIX]
        body = cls.child_by_field_name("body")
        if prefixes is None or body is None:
            continue
        class_name = text(cls.child_by_field_name("name")) or f"controller@{cls.start_point.row}"
        keys = []
        for i, prefix in enumerate(prefixes):
            key = f"{class_name}#{i}"
            facts.routers[key] = RouterDecl(prefix, FRAMEWORK)
            keys.append(key)
        pending: list[Node] = []
        for member in body.named_children:
            if member.type == "decorator":
                pending.append(member)
                continue
            if member.type == "method_definition":
                pending += [c for c in member.children if c.type == "decorator"]
                _method(pending, keys, facts)
            pending = []
    for call in walk(root, frozenset({"call_expression"})):
        fn = call.child_by_field_name("function")
        if fn is not None and text(fn).endswith(".setGlobalPrefix"):
            args = _call_args(call)
            value = string_value(args[0]) if args else None
            if value is not None:
                facts.global_prefix = value


def _method(decorators: list[Node], keys: list[str], facts: FileFacts) -> None:
    for deco in decorators:
        name, args = _decorator(deco)
        method = _VERBS.get(name)
        if method is None:
            continue
        for path in _paths(args):
            for key in keys:
                facts.routes.append(LocalRoute(key, method, path, deco.start_point.row + 1))


def _decorator(deco: Node) -> tuple[str, list[Node]]:
    expr = deco.named_children[0] if deco.named_children else None
    if expr is None:
        return "", []
    if expr.type == "call_expression":
        return text(expr.child_by_field_name("function")), _call_args(expr)
    return text(expr), []


def _call_args(call: Node) -> list[Node]:
    arguments = call.child_by_field_name("arguments")
    return list(arguments.named_children) if arguments is not None else []


def _paths(args: list[Node]) -> list[str]:
    """A decorator's path argument: a string, an array of them, or ``{path: ...}``."""
    if not args:
        return [""]
    first = args[0]
    if first.type == "object":
        for pair in first.named_children:
            if pair.type == "pair" and text(pair.child_by_field_name("key")) == "path":
                return _paths([pair.child_by_field_name("value") or first])
        return [""]
    if first.type == "array":
        values = [string_value(c) for c in first.named_children]
        return [v for v in values if v is not None]
    value = string_value(first)
    return [value] if value is not None else []
