"""Express: ``express()`` apps and ``express.Router()`` routers, ``x.get('/p', ...)``,
``x.all(...)``, ``x.route('/p').get(...).post(...)``, ``x.use('/api', router)`` (a router
by name, import or inline ``require('./r')``), and the imports and exports that carry a
router from one file to another (``require``, ``import``, ``module.exports``,
``export default``)."""

from __future__ import annotations

from stockade.scan.routes.model import ANY, FileFacts, LocalRoute, Mount, RouterDecl
from stockade.scan.routes.syntax import Node, string_value, text, walk

FRAMEWORK = "Express"
MARKERS = (b"express", b"Router(")
HTTP_METHODS = frozenset({"get", "post", "put", "delete", "patch", "options", "head", "all"})
_CALL = frozenset({"call_expression"})


def extract(root: Node, facts: FileFacts) -> None:
    _declarations(root, facts)
    _imports_exports(root, facts)
    for node in walk(root, _CALL):
        member = node.child_by_field_name("function")
        if member is None or member.type != "member_expression":
            continue
        verb = text(member.child_by_field_name("property"))
        receiver = member.child_by_field_name("object")
        args = _args(node)
        if receiver is None:
            continue
        if verb == "use" and receiver.type == "identifier":
            _use(text(receiver), args, facts)
        elif verb in HTTP_METHODS:
            _route(node, verb, receiver, args, facts)


def _declarations(root: Node, facts: FileFacts) -> None:
    for decl in walk(root, frozenset({"variable_declarator"})):
        name = decl.child_by_field_name("name")
        value = decl.child_by_field_name("value")
        if name is None or value is None or name.type != "identifier":
            continue
        if value.type == "new_expression":
            callee = text(value.child_by_field_name("constructor"))
        elif value.type == "call_expression":
            callee = text(value.child_by_field_name("function"))
        else:
            continue
        if callee in ("express", "express.default") or callee.rsplit(".", 1)[-1] == "Router":
            facts.routers[text(name)] = RouterDecl("", FRAMEWORK)
        elif callee == "require":
            _require(name, value, facts)
    for decl in walk(root, frozenset({"variable_declarator"})):
        pattern = decl.child_by_field_name("name")
        value = decl.child_by_field_name("value")
        if pattern is not None and pattern.type == "object_pattern" and value is not None:
            module = _required(value)
            if module is None:
                continue
            for prop in pattern.named_children:
                if prop.type == "shorthand_property_identifier_pattern":
                    facts.imports[text(prop)] = f"{module}#{text(prop)}"
                elif prop.type == "pair_pattern":
                    key = text(prop.child_by_field_name("key"))
                    facts.imports[text(prop.child_by_field_name("value"))] = f"{module}#{key}"


def _require(name: Node, value: Node, facts: FileFacts) -> None:
    module = _required(value)
    if module is not None:
        facts.imports[text(name)] = f"{module}#default"


def _required(node: Node) -> str | None:
    """The module of ``require('./x')`` (also ``require('./x').router`` is not followed)."""
    if node.type != "call_expression" or text(node.child_by_field_name("function")) != "require":
        return None
    args = _args(node)
    return string_value(args[0]) if args else None


def _imports_exports(root: Node, facts: FileFacts) -> None:
    for stmt in root.named_children:
        if stmt.type == "import_statement":
            module = string_value(stmt.child_by_field_name("source"))
            clause = next((c for c in stmt.named_children if c.type == "import_clause"), None)
            if module is None or clause is None:
                continue
            for part in clause.named_children:
                if part.type == "identifier":
                    facts.imports[text(part)] = f"{module}#default"
                elif part.type == "named_imports":
                    for spec in part.named_children:
                        remote = text(spec.child_by_field_name("name"))
                        local = text(spec.child_by_field_name("alias")) or remote
                        facts.imports[local] = f"{module}#{remote}"
        elif stmt.type == "export_statement":
            value = stmt.child_by_field_name("value")
            if value is not None and value.type == "identifier":
                facts.default_export = text(value)
        elif stmt.type == "expression_statement" and stmt.named_children:
            assign = stmt.named_children[0]
            if assign.type == "assignment_expression":
                left = text(assign.child_by_field_name("left"))
                right = assign.child_by_field_name("right")
                if left == "module.exports" and right is not None and right.type == "identifier":
                    facts.default_export = text(right)


def _args(call: Node) -> list[Node]:
    arguments = call.child_by_field_name("arguments")
    if arguments is None:
        return []
    return [a for a in arguments.named_children if a.type != "comment"]


def _use(receiver: str, args: list[Node], facts: FileFacts) -> None:
    prefix = string_value(args[0]) if args else None
    for arg in args[1:] if prefix is not None else args:
        if arg.type == "identifier":
            facts.mounts.append(Mount(receiver, text(arg), prefix or ""))
        else:
            module = _required(arg)
            if module is not None:
                facts.mounts.append(Mount(receiver, f"={module}#default", prefix or ""))


def _route(node: Node, verb: str, receiver: Node, args: list[Node], facts: FileFacts) -> None:
    method = ANY if verb == "all" else verb.upper()
    line = node.start_point.row + 1
    if receiver.type == "identifier":
        path = string_value(args[0]) if args else None
        if path is not None and len(args) >= 2 and path.startswith(("/", "*")):
            facts.routes.append(LocalRoute(text(receiver), method, path, line))
        return
    # x.route('/p').get(h).post(h): walk down the chain to the route() call
    current: Node | None = receiver
    while current is not None and current.type == "call_expression":
        member = current.child_by_field_name("function")
        if member is None or member.type != "member_expression":
            return
        inner = member.child_by_field_name("object")
        if text(member.child_by_field_name("property")) == "route":
            route_args = _args(current)
            path = string_value(route_args[0]) if route_args else None
            if path is not None and inner is not None and inner.type == "identifier":
                facts.routes.append(LocalRoute(text(inner), method, path, line))
            return
        current = inner
