"""Python syntax shared by the FastAPI, Flask and Django extractors: imports, module-level
string constants and the parts of a call."""

from __future__ import annotations

from dataclasses import dataclass, field

from stockade.scan.routes.syntax import Node, string_value, text, walk

_IMPORTS = frozenset({"import_statement", "import_from_statement"})


@dataclass
class Call:
    callee: str
    args: list[Node] = field(default_factory=list)
    kwargs: dict[str, Node] = field(default_factory=dict)
    node: Node | None = None


def call_parts(node: Node) -> Call | None:
    if node.type != "call":
        return None
    out = Call(text(node.child_by_field_name("function")), node=node)
    arguments = node.child_by_field_name("arguments")
    for arg in arguments.named_children if arguments is not None else ():
        if arg.type == "keyword_argument":
            out.kwargs[text(arg.child_by_field_name("name"))] = (
                arg.child_by_field_name("value") or arg
            )
        elif arg.type not in ("comment", "list_splat", "dictionary_splat"):
            out.args.append(arg)
    return out


def imports(root: Node) -> dict[str, str]:
    """Local name -> dotted path of what it names (leading dots kept for relative imports)."""
    found: dict[str, str] = {}
    for node in walk(root, _IMPORTS):
        if node.type == "import_statement":
            for name in node.named_children:
                if name.type == "aliased_import":
                    alias = text(name.child_by_field_name("alias"))
                    found[alias] = text(name.child_by_field_name("name"))
                elif name.type == "dotted_name":
                    head = text(name).split(".")[0]
                    found[head] = head
            continue
        module = text(node.child_by_field_name("module_name"))
        base = module if module.endswith(".") else module + "."
        for name in node.children_by_field_name("name"):
            if name.type == "aliased_import":
                found[text(name.child_by_field_name("alias"))] = base + text(
                    name.child_by_field_name("name")
                )
            else:
                found[text(name)] = base + text(name)
    return found


def constants(root: Node) -> dict[str, str]:
    """Module-level ``NAME = "literal"`` assignments (prefixes are often kept in one)."""
    found: dict[str, str] = {}
    for stmt in root.named_children:
        if stmt.type != "expression_statement" or not stmt.named_children:
            continue
        assign = stmt.named_children[0]
        if assign.type != "assignment":
            continue
        left = assign.child_by_field_name("left")
        value = string_value(assign.child_by_field_name("right"))
        if left is not None and left.type == "identifier" and value is not None:
            found[text(left)] = value
    return found


def assignments(root: Node) -> list[tuple[str, Call]]:
    """``name = call(...)`` anywhere in the file (apps and routers are made this way)."""
    out = []
    for assign in walk(root, frozenset({"assignment"})):
        left = assign.child_by_field_name("left")
        right = assign.child_by_field_name("right")
        if left is None or right is None or left.type != "identifier":
            continue
        call = call_parts(right)
        if call is not None:
            out.append((text(left), call))
    return out


def strings(node: Node | None, consts: dict[str, str]) -> list[str] | None:
    """A string, or a list/tuple/set of strings, as a list; None when not literal."""
    if node is None:
        return None
    if node.type in ("list", "tuple", "set"):
        values = [string_value(c, consts) for c in node.named_children]
        return None if any(v is None for v in values) else [v or "" for v in values]
    value = string_value(node, consts)
    return None if value is None else [value]


def decorated_calls(root: Node) -> list[tuple[Call, str, int]]:
    """Every ``@receiver.attr(...)`` decorator call: the call, its receiver text, its line."""
    out = []
    for deco in walk(root, frozenset({"decorator"})):
        expr = deco.named_children[0] if deco.named_children else None
        call = call_parts(expr) if expr is not None else None
        if call is None or "." not in call.callee:
            continue
        out.append((call, call.callee.rsplit(".", 1)[0], deco.start_point.row + 1))
    return out
