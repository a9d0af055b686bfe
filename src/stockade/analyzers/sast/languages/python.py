"""Python: Flask, Django and FastAPI as people write them."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import tree_sitter_python

from stockade.analyzers.sast.languages.base import (
    NOT_CONSTANT,
    CallParts,
    LanguageAdapter,
    Node,
    resolve_import,
)

ROUTE_DECORATORS = (
    ".route",
    ".get",
    ".post",
    ".put",
    ".delete",
    ".patch",
    ".api_route",
    ".websocket",
    ".head",
    ".options",
)
# FastAPI validates these annotations before the handler runs: such parameters are not strings.
SAFE_ANNOTATIONS = frozenset(
    {"int", "float", "bool", "UUID", "uuid.UUID", "datetime", "date", "Decimal"}
)
# Flask/Werkzeug converters that only match numbers or UUIDs: ``/items/<int:item_id>``.
TYPED_CONVERTER = re.compile(r"<(?:int|float|uuid)(?:\([^)]*\))?:(\w+)>")
PINNING_PREFIX = re.compile(r"[a-z][a-z0-9+.-]*://[^/]+/|/[^/]+/?")
VALIDATORS = frozenset(
    {"url_has_allowed_host_and_scheme", "is_safe_url", "is_safe_path", "is_valid_url"}
)
VALIDATING_METHODS = frozenset(
    {"startswith", "isdigit", "isdecimal", "isnumeric", "isalnum", "isalpha", "isidentifier"}
)
# calls after which a path has no ``..`` left (``is_relative_to`` compares names only)
SEQUENCES = ("list", "tuple")
NORMALIZERS = (".resolve(", "realpath(", "abspath(", "normpath(")
# Django URL captures whose names say they come from an ``<int:…>`` converter
_INT_CAPTURE = re.compile(r"pk|id|\w+_(?:id|pk)|year|month|day|page|num|\w+_num|version|count")
DJANGO = re.compile("django")
JSON_FRAMEWORKS = re.compile(r"\b(?:fastapi|starlette|flask_restful|flask_restx)\b")
NON_INPUT_PARAMS = frozenset({"self", "cls", "request", "req", "db", "session", "background_tasks"})


@dataclass
class PythonAdapter(LanguageAdapter):
    _assignment_index: dict[int, dict[str, list[Node]]] = field(default_factory=dict)

    def imports(self, root: Node) -> dict[str, str]:
        aliases: dict[str, str] = {}
        for node in root.named_children:
            if node.type == "import_statement":
                for item in node.named_children:
                    self._alias(item, "", aliases)
            elif node.type == "import_from_statement":
                module = node.child_by_field_name("module_name")
                prefix = self.text(module) + "." if module is not None else ""
                for item in node.children_by_field_name("name"):
                    self._alias(item, prefix, aliases)
        return aliases

    def _alias(self, item: Node, prefix: str, aliases: dict[str, str]) -> None:
        if item.type == "aliased_import":
            name, alias = item.child_by_field_name("name"), item.child_by_field_name("alias")
            if name is not None and alias is not None:
                aliases[self.text(alias)] = prefix + self.text(name)
        elif item.type == "dotted_name" and prefix:
            full = self.text(item)
            aliases[full.split(".")[-1]] = prefix + full

    def call_parts(self, node: Node, imports: dict[str, str]) -> CallParts | None:
        fn = node.child_by_field_name("function")
        if fn is None:
            return None
        raw = self.dotted_name(fn) or "?"
        name = resolve_import(raw, imports)
        receiver = fn.child_by_field_name("object") if fn.type == "attribute" else None
        args: list[Node] = []
        kwargs: dict[str, Node] = {}
        arg_list = node.child_by_field_name("arguments")
        for child in arg_list.named_children if arg_list is not None else ():
            if child.type == "keyword_argument":
                key, value = child.child_by_field_name("name"), child.child_by_field_name("value")
                if key is not None and value is not None:
                    kwargs[self.text(key)] = value
            elif child.type not in self.comment:
                args.append(child)
                if child.type == "dictionary_splat":  # ``f(**data)``: rules may name "**"
                    kwargs["**"] = child
        return CallParts(name, receiver, tuple(args), kwargs, node, raw)

    def if_parts(self, node: Node) -> tuple[Node | None, list[Node], list[Node]]:
        cond = node.child_by_field_name("condition")
        then = node.child_by_field_name("consequence")
        alts = node.children_by_field_name("alternative")
        return cond, [then] if then is not None else [], list(alts)

    def conditional_parts(self, node: Node) -> tuple[Node | None, Node | None, Node | None]:
        named = [c for c in node.named_children if c.type not in self.comment]
        if len(named) != 3:
            return None, None, None
        then, cond, alt = named
        return cond, then, alt

    def switch_parts(
        self, node: Node
    ) -> tuple[Node | None, list[tuple[list[Node], list[Node]]]] | None:
        """``match``: literal patterns (and ``|`` unions of them) can be folded against a
        constant subject; ``_`` and bare captures are the default; other patterns never
        compare equal to a constant, so they only run when the subject is unknown."""
        body = node.child_by_field_name("body")
        if body is None:
            return None
        cases: list[tuple[list[Node], list[Node]]] = []
        for clause in body.named_children:
            if clause.type != "case_clause":
                continue
            block = clause.child_by_field_name("consequence")
            statements = list(block.named_children) if block is not None else []
            cases.append((_case_values(clause), statements))
        return node.child_by_field_name("subject"), cases

    def guard(self, cond: Node) -> tuple[str, bool] | None:
        found = self.guards(cond)
        return found[0] if found else None

    def guards(self, cond: Node) -> list[tuple[str, bool]]:
        return self._guards(cond, follow_flags=True)

    def _guards(self, cond: Node, follow_flags: bool) -> list[tuple[str, bool]]:
        if cond.type == "parenthesized_expression" and cond.named_children:
            return self._guards(cond.named_children[0], follow_flags)
        if cond.type == "not_operator":
            arg = cond.child_by_field_name("argument")
            inner = self._guards(arg, follow_flags) if arg is not None else []
            return [(name, not holds) for name, holds in inner]
        if cond.type == "boolean_operator":
            return self._boolean_guards(cond, follow_flags)
        if cond.type == "identifier":
            return self._flag_guards(cond) if follow_flags else []
        found: tuple[str, bool] | None = None
        if cond.type == "comparison_operator":
            found = self._comparison_guard(cond) or self._path_guard(cond)
        elif cond.type == "call":
            found = self._call_guard(cond) or self._validator_guard(cond)
        return [found] if found is not None else []

    def _boolean_guards(self, cond: Node, follow_flags: bool) -> list[tuple[str, bool]]:
        """``if not x or bad(x): raise``: the branch where an ``or`` fails has every operand
        false, and the branch where an ``and`` holds has every operand true, so the guards
        of that polarity in every operand carry over."""
        operator = cond.child_by_field_name("operator")
        conjunction = operator is not None and self.text(operator) == "and"
        operands = [cond.child_by_field_name(side) for side in ("left", "right")]
        found: list[tuple[str, bool]] = []
        for operand in operands:
            inner = self._guards(operand, follow_flags) if operand is not None else []
            for name, holds in inner:
                if holds == conjunction:
                    found.append((name, holds))
                elif conjunction and any(
                    other is not operand and self._differs_from_base(other, name)
                    for other in operands
                ):
                    # ``p != BASE and BASE not in p.parents``: false only when p is BASE
                    # itself or lies under it
                    found.append((name, holds))
        return found

    def _differs_from_base(self, node: Node | None, name: str) -> bool:
        children = node.children if node is not None else []
        return (
            node is not None
            and node.type == "comparison_operator"
            and len(children) == 3
            and self.text(children[1]) == "!="
            and self.text(children[0]) == name
            and children[2].type == "identifier"
        )

    def _flag_guards(self, flag: Node) -> list[tuple[str, bool]]:
        """``inside = os.path.commonpath([base, p]) == base`` (``except ValueError: inside =
        False``) then ``if not inside: return``: a flag holding one check, whose other
        assignments are constants on the check's failing side, validates what it checks."""
        name = self.text(flag)
        checks: list[Node] = []
        fallbacks: list[Any] = []
        for right in self._assigned(flag).get(name, []):
            value = self.constant(right)
            if value is NOT_CONSTANT:
                checks.append(right)
            else:
                fallbacks.append(value)
        if len(checks) != 1:
            return []
        found = self._guards(checks[0], follow_flags=False)  # one level: no cycles
        return [(n, holds) for n, holds in found if all(bool(v) != holds for v in fallbacks)]

    def _path_guard(self, cond: Node) -> tuple[str, bool] | None:
        """``os.path.commonpath([BASE, p]) == BASE`` on a resolved ``p`` and
        ``os.path.basename(p) == p``: both prove ``p`` cannot leave the directory."""
        children = cond.children
        operator = " ".join(self.text(c) for c in children[1:-1])
        if operator in ("in", "not in") and children[-1].type == "attribute":
            # ``BASE in p.parents`` on a resolved ``p``
            owner = children[-1].child_by_field_name("object")
            attribute = children[-1].child_by_field_name("attribute")
            if (
                owner is not None
                and owner.type == "identifier"
                and attribute is not None
                and self.text(attribute) == "parents"
                and self._normalized(owner)
            ):
                return self.text(owner), operator == "in"
            return None
        if len(children) != 3 or self.text(children[1]) not in ("==", "!="):
            return None
        equal = self.text(children[1]) == "=="
        for call, other in ((children[0], children[2]), (children[2], children[0])):
            if call.type != "call":
                continue
            fn = call.child_by_field_name("function")
            args = call.child_by_field_name("arguments")
            name = (self.dotted_name(fn) or "") if fn is not None else ""
            named = list(args.named_children) if args is not None else []
            if (
                name.endswith("basename")
                and len(named) == 1
                and named[0].type == "identifier"
                and self.text(named[0]) == self.text(other)
            ):
                return self.text(other), equal
            if name.endswith("commonpath") and len(named) == 1 and named[0].type in SEQUENCES:
                paths = [p for p in named[0].named_children if self.text(p) != self.text(other)]
                if (
                    len(paths) == 1
                    and len(named[0].named_children) == 2
                    and paths[0].type == "identifier"
                    and self._normalized(paths[0])
                ):
                    return self.text(paths[0]), equal
        return None

    def _comparison_guard(self, cond: Node) -> tuple[str, bool] | None:
        """``x in ALLOWED`` / ``x not in ALLOWED`` / ``x == "literal"`` / ``x != "literal"``."""
        children = cond.children
        if len(children) < 3 or children[0].type != "identifier":
            return None
        op = " ".join(self.text(c) for c in children[1:-1])
        other = children[-1]
        if op in ("in", "not in") and other.type in ("identifier", "set", "list", "tuple"):
            if other.type == "identifier" and not self.text(other).isupper():
                return None  # only module constants (ALLOWED_HOSTS) read as allow-lists
            return self.text(children[0]), op == "in"
        if op in ("==", "!=") and self.constant(other) is not NOT_CONSTANT:
            return self.text(children[0]), op == "=="
        return None

    def _call_guard(self, cond: Node) -> tuple[str, bool] | None:
        """``x.isdigit()`` / ``x.isalnum()`` / ``re.fullmatch(pattern, x)``."""
        fn = cond.child_by_field_name("function")
        args = cond.child_by_field_name("arguments")
        if fn is None or fn.type != "attribute":
            return None
        # ``path.startswith(BASE)`` after normalising; ``url.startswith("https://host/")``
        obj, attr = (
            fn.child_by_field_name("object"),
            self.text(fn.child_by_field_name("attribute") or fn),
        )
        named = list(args.named_children) if args is not None else []
        if attr == "startswith" and named and not self._pinning_prefix(named[0]):
            return None
        text_of = self._str_argument(obj) if attr == "startswith" and obj is not None else None
        if text_of is not None:
            return self.text(text_of), True
        if attr in VALIDATING_METHODS and obj is not None and obj.type == "identifier":
            return self.text(obj), True
        if (
            attr == "is_relative_to"
            and obj is not None
            and obj.type == "identifier"
            and self._normalized(obj)
        ):
            return self.text(obj), True  # (BASE / name).resolve().is_relative_to(BASE)
        if attr == "fullmatch" and len(named) >= 2 and named[1].type == "identifier":
            return self.text(named[1]), True
        return None

    def _str_argument(self, node: Node) -> Node | None:
        """``p`` of ``str(p)``: a path's text, checked in its place
        (``str(p).startswith(str(base))``)."""
        if node.type != "call":
            return None
        fn, args = node.child_by_field_name("function"), node.child_by_field_name("arguments")
        named = list(args.named_children) if args is not None else []
        if fn is None or self.text(fn) != "str" or len(named) != 1:
            return None
        return named[0] if named[0].type == "identifier" else None

    def _normalized(self, variable: Node) -> bool:
        """Whether the enclosing function assigns ``variable`` from a resolved path, the
        precondition for ``is_relative_to(BASE)`` to confine it (no ``..`` left)."""
        values = self._assigned(variable).get(self.text(variable), [])
        return bool(values) and any(m in self.text(values[0]) for m in NORMALIZERS)

    def begin_file(self) -> None:
        self._assignment_index.clear()

    def _assigned(self, node: Node) -> dict[str, list[Node]]:
        """What each name is assigned in the function holding ``node``, in source order
        (indexed once per function and file: guards ask for every ``if flag:``)."""
        scope = node.parent
        while scope is not None and scope.type != "function_definition":
            scope = scope.parent
        if scope is None:
            return {}
        index = self._assignment_index.get(scope.id)
        if index is None:
            index = {}
            stack = [scope]
            found: list[tuple[int, str, Node]] = []
            while stack:
                current = stack.pop()
                if current.type == "assignment":
                    left = current.child_by_field_name("left")
                    right = current.child_by_field_name("right")
                    if left is not None and right is not None:
                        found.append((current.start_byte, self.text(left), right))
                stack.extend(current.named_children)
            for _start, name, right in sorted(found, key=lambda item: item[0]):
                index.setdefault(name, []).append(right)
            self._assignment_index[scope.id] = index
        return index

    def _pinning_prefix(self, node: Node) -> bool:
        """A prefix check pins a URL's host or a directory (``"https://host/"``, ``BASE``);
        ``startswith("/")`` or ``"http"`` do not (``//evil.example``, ``https://evil``)."""
        value = self.constant(node)
        if not isinstance(value, str):
            return True
        return bool(PINNING_PREFIX.match(value))

    def _validator_guard(self, cond: Node) -> tuple[str, bool] | None:
        """``url_has_allowed_host_and_scheme(x, …)``: a validator taking the value first."""
        fn = cond.child_by_field_name("function")
        args = cond.child_by_field_name("arguments")
        name = (self.dotted_name(fn) or "") if fn is not None else ""
        named = list(args.named_children) if args is not None else []
        if name.rsplit(".", 1)[-1] in VALIDATORS and named and named[0].type == "identifier":
            return self.text(named[0]), True
        return None

    def assignment_parts(self, node: Node) -> tuple[list[Node], Node | None]:
        if node.type == "named_expression":  # ``(x := value)``
            name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
            return ([name] if name is not None else []), value
        if node.type == "as_pattern":  # ``with httpx.Client() as client:``
            named = node.named_children
            alias = node.child_by_field_name("alias")
            target = alias.named_children[0] if alias is not None and alias.named_children else None
            if target is None or not named or node.parent is None:
                return [], None
            if node.parent.type != "with_item":
                return [], None
            return [target], named[0]
        return super().assignment_parts(node)

    def returned_body(self, node: Node) -> Node | None:
        """Flask serialises a returned dict or list as JSON; ``return body, 200`` (a tuple)
        sends its first element."""
        if node.type in ("dictionary", "list", "dictionary_comprehension", "list_comprehension"):
            return None
        if node.type in ("tuple", "expression_list", "parenthesized_expression"):
            inner = [c for c in node.named_children if c.type not in self.comment]
            return self.returned_body(inner[0]) if inner else None
        return node

    def return_sink(self, fn: Node) -> str | None:
        """A Flask view's returned string is an HTML body (``<return-html>``); FastAPI turns
        returned values into JSON, so its handlers (files importing fastapi) are excluded
        unless the route declares ``response_class=HTMLResponse``."""
        parent = fn.parent
        if parent is None or parent.type != "decorated_definition":
            return None
        decorators = [self.text(d) for d in parent.children if d.type == "decorator"]
        if not any(_is_route(d) for d in decorators):
            return None
        if any(re.search(r"response_class\s*=\s*[\w.]*HTMLResponse\b", d) for d in decorators):
            return "<return-html>"
        return None if self._imports_matching(fn, JSON_FRAMEWORKS) else "<return-html>"

    def param_names(self, params: Node) -> Iterator[str]:
        for child in params.named_children:
            name = (
                child
                if child.type == "identifier"
                else (child.child_by_field_name("name") or _first(child, "identifier"))
            )
            if name is not None:
                yield self.text(name)

    def framework_sources(self, node: Node, params: tuple[str, ...]) -> frozenset[str]:
        parent = node.parent
        if parent is None or parent.type != "decorated_definition":
            return self._django_captures(node, params)
        decorators = [self.text(d) for d in parent.children if d.type == "decorator"]
        if not any(_is_route(d) for d in decorators):
            return frozenset()
        typed = {m.group(1) for d in decorators for m in TYPED_CONVERTER.finditer(d)}
        plist = node.child_by_field_name("parameters")
        untrusted = set()
        for child in plist.named_children if plist is not None else ():
            name = self._param_if_untrusted(child)
            if name and name not in typed:
                untrusted.add(name)
        return frozenset(untrusted)

    def entry_point(self, node: Node) -> bool:
        parent = node.parent
        if (
            parent is not None
            and parent.type == "decorated_definition"
            and any(_is_route(self.text(d)) for d in parent.children if d.type == "decorator")
        ):
            return True
        parts = self.function_parts(node)
        params = parts.params if parts is not None else ()
        rest = params[1:] if params[:1] == ("self",) else params
        return bool(rest) and rest[0] == "request" and self._imports_matching(node, DJANGO)

    def _django_captures(self, node: Node, params: tuple[str, ...]) -> frozenset[str]:
        """A Django view (``def view(request, slug)``, ``def get(self, request, name)``) gets
        the URL's captured segments as the parameters after ``request``. Names that usually
        come from ``<int:…>`` converters (``pk``, ``id``, ``…_id``, dates, pages) are left
        out: urls.py is another file, and an int capture cannot inject."""
        rest = params[1:] if params[:1] == ("self",) else params
        if len(rest) < 2 or rest[0] != "request" or not self._imports_matching(node, DJANGO):
            return frozenset()
        return frozenset(name for name in rest[1:] if not _INT_CAPTURE.fullmatch(name))

    def _imports_matching(self, node: Node, module: re.Pattern[str]) -> bool:
        """Whether a top-level import of the file holding ``node`` names such a module."""
        root = node
        while root.parent is not None:
            root = root.parent
        return any(
            child.type.startswith("import") and module.search(self.text(child))
            for child in root.named_children
        )

    def _param_if_untrusted(self, param: Node) -> str | None:
        name_node = (
            param
            if param.type == "identifier"
            else (param.child_by_field_name("name") or _first(param, "identifier"))
        )
        if name_node is None:
            return None
        name = self.text(name_node)
        annotation = param.child_by_field_name("type")
        default = param.child_by_field_name("value")
        if name in NON_INPUT_PARAMS:
            return None
        if annotation is not None and self.text(annotation) in SAFE_ANNOTATIONS:
            return None
        if default is not None and "Depends(" in self.text(default):
            return None
        return name

    def container_elements(self, node: Node) -> list[tuple[Any, Node]] | None:
        if node.type in ("list", "tuple"):
            items = [c for c in node.named_children if c.type not in self.comment]
            if any(c.type in ("list_splat", "dictionary_splat") for c in items):
                return None
            return [(float(i), c) for i, c in enumerate(items)]
        if node.type == "dictionary":
            pairs = []
            for child in node.named_children:
                if child.type != "pair":
                    return None
                key, value = child.child_by_field_name("key"), child.child_by_field_name("value")
                if key is None or value is None:
                    return None
                pairs.append((self.constant(key), value))
            return pairs
        return None

    def string_interpolations(self, node: Node) -> list[Node] | None:
        if node.type == "concatenated_string":
            found = [i for s in node.named_children for i in (self.string_interpolations(s) or [])]
            return found or None
        parts = [
            c.child_by_field_name("expression")
            for c in node.named_children
            if c.type == "interpolation"
        ]
        found = [p for p in parts if p is not None]
        return found or None

    def string_value(self, node: Node) -> Any:
        if node.type == "concatenated_string":
            values = [self.string_value(s) for s in node.named_children]
            if any(v is NOT_CONSTANT for v in values):
                return NOT_CONSTANT
            return "".join(values)
        content = [c for c in node.named_children if c.type == "string_content"]
        return "".join(self.text(c) for c in content)


def _is_route(decorator_text: str) -> bool:
    head = decorator_text.lstrip("@").split("(", 1)[0].strip()
    return head.endswith(ROUTE_DECORATORS)


def _case_values(clause: Node) -> list[Node]:
    patterns = [c for c in clause.named_children if c.type == "case_pattern"]
    guarded = any(c.type == "if_clause" for c in clause.named_children)
    if len(patterns) == 1 and not guarded:
        inner = patterns[0].named_children
        if not inner or (len(inner) == 1 and _is_capture(inner[0])):
            return []  # ``case _:`` or ``case name:`` matches anything
        if len(inner) == 1 and inner[0].type == "union_pattern":
            return list(inner[0].named_children)
        return list(inner)
    return list(patterns)


def _is_capture(pattern: Node) -> bool:
    """``case name:`` binds anything; ``case Color.RED:`` (dotted) compares a value."""
    return pattern.type in ("identifier", "dotted_name") and b"." not in (pattern.text or b"")


def _first(node: Node, kind: str) -> Node | None:
    for child in node.named_children:
        if child.type == kind:
            return child
    return None


PYTHON = PythonAdapter(
    name="python",
    file_languages=("python",),
    loader=tree_sitter_python.language,
    attribute=frozenset({"attribute"}),
    call=frozenset({"call"}),
    assignment=frozenset({"assignment", "named_expression", "as_pattern"}),
    augmented_assignment=frozenset({"augmented_assignment"}),
    subscript=frozenset({"subscript"}),
    if_statement=frozenset({"if_statement", "elif_clause"}),
    loop=frozenset({"for_statement", "while_statement"}),
    function=frozenset({"function_definition", "lambda"}),
    class_def=frozenset({"class_definition"}),
    string=frozenset({"string", "concatenated_string"}),
    true_literals=frozenset({"true"}),
    false_literals=frozenset({"false"}),
    null_literals=frozenset({"none"}),
    number=frozenset({"integer", "float"}),
    self_names=frozenset({"self", "cls"}),
    conditional=frozenset({"conditional_expression"}),
    switch=frozenset({"match_statement"}),
    switch_fallthrough=False,
)
