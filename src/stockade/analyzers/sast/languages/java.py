"""Java: Servlets, Spring MVC and JAX-RS as people write them.

Java code calls methods on variables whose declared type says what they are: a
``Statement st`` makes ``st.executeQuery(sql)`` the call ``java.sql.Statement.executeQuery``
when ``java.sql.Statement`` is imported. The adapter therefore reports declared variable
types (fields, parameters, locals — per file, last declaration wins) as import aliases, so
rules can name sinks by type (``*Statement.executeQuery``) while the name as written
(``st.executeQuery``) stays available for looser globs. Constructor calls are named
``new <Type>``. Handler parameters that Spring or JAX-RS fill from the request
(``@RequestParam``, ``@PathVariable``, ``@RequestBody``, ``@QueryParam``, …) are sources.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import tree_sitter_java

from stockade.analyzers.sast.languages.base import (
    NOT_CONSTANT,
    NUMERIC_OPERATORS,
    CallParts,
    LanguageAdapter,
    Node,
    resolve_import,
    unparenthesized,
)

# a string literal holding an HTML tag ("<h1>Hello " + name)
_MARKUP_LITERAL = re.compile(r'"[^"\n]*<[A-Za-z][^"\n]*"')
# calls after which a path has no ``..`` left for startsWith to miss
_NORMALIZERS = ("normalize()", "toRealPath(", "getCanonicalPath()", "getCanonicalFile()")
# calls that build a list from their arguments, element by element
_LIST_FACTORIES = frozenset({("Arrays", "asList"), ("List", "of"), ("Set", "of"), ("Stream", "of")})

REQUEST_ANNOTATIONS = frozenset(
    {
        "RequestParam",
        "PathVariable",
        "RequestBody",
        "RequestHeader",
        "CookieValue",
        "ModelAttribute",
        "MatrixVariable",
        "RequestPart",
        "QueryParam",
        "PathParam",
        "FormParam",
        "HeaderParam",
        "CookieParam",
        "MatrixParam",
        "BeanParam",
    }
)
# JAX-RS resource methods take the request entity as their one unannotated parameter.
ENTITY_METHODS = frozenset({"POST", "PUT", "PATCH"})
# Parameter types that cannot carry an injection payload.
SAFE_TYPES = frozenset(
    {
        "int",
        "long",
        "short",
        "byte",
        "double",
        "float",
        "boolean",
        "char",
        "Integer",
        "Long",
        "Short",
        "Double",
        "Float",
        "Boolean",
        "UUID",
        "java.util.UUID",
        "LocalDate",
        "Date",
    }
)
HANDLER_ANNOTATIONS = frozenset(
    {
        "GetMapping",
        "PostMapping",
        "PutMapping",
        "DeleteMapping",
        "PatchMapping",
        "RequestMapping",
        "GET",
        "POST",
        "PUT",
        "DELETE",
        "PATCH",
    }
)
# handler return types whose value becomes the response body (or a view name)
RESPONSE_TYPES = frozenset({"String", "Response", "ResponseEntity", "Object", "ModelAndView"})
_STRING_METHODS: dict[str, Any] = {
    "charAt": lambda s, i: s[int(i)],
    "substring": lambda s, *a: s[int(a[0]) : int(a[1])] if len(a) > 1 else s[int(a[0]) :],
    "toUpperCase": str.upper,
    "toLowerCase": str.lower,
    "trim": str.strip,
    "length": lambda s: float(len(s)),
    "equals": lambda s, o: s == o,
}


def _strict_pattern(pattern: Any) -> bool:
    """A whole-value pattern without ``.``: String.matches anchors it, so it validates."""
    return isinstance(pattern, str) and "." not in pattern.replace("\\.", "") and bool(pattern)


class JavaAdapter(LanguageAdapter):
    # -- names, imports and declared types -----------------------------------------------------

    def attribute_parts(self, node: Node) -> tuple[Node | None, str | None]:
        obj = node.child_by_field_name("object")
        attr = node.child_by_field_name("field")
        return obj, self.text(attr) if attr is not None else None

    def dotted_name(self, node: Node) -> str | None:
        if node.type == "this":
            return "this"
        if node.type in ("parenthesized_expression", "cast_expression"):
            inner = node.child_by_field_name("value") or (
                node.named_children[-1] if node.named_children else None
            )
            return self.dotted_name(inner) if inner is not None else None
        if node.type == "scoped_identifier":
            return self.text(node)
        return super().dotted_name(node)

    def imports(self, root: Node) -> dict[str, str]:
        imported: dict[str, str] = {}
        for node in root.named_children:
            if node.type == "import_declaration" and not any(
                c.type == "asterisk" for c in node.named_children
            ):
                names = [c for c in node.named_children if c.type == "scoped_identifier"]
                if names:
                    full = self.text(names[0])
                    imported[full.rsplit(".", 1)[-1]] = full
        aliases = dict(imported)
        local_classes = self._local_classes(root)
        for name, type_name, constructed in self._declarations(root):
            # an object this file constructs runs this file's methods; a parameter of a local
            # class type (a request DTO) carries the caller's data in its fields
            local = constructed and type_name in local_classes
            aliases[name] = "this" if local else resolve_import(type_name, imported)
        for name in local_classes:  # `new Helper().run(x)` calls a method of this file
            aliases[f"new {name}()"] = "this"
        return aliases

    def _local_classes(self, root: Node) -> set[str]:
        names: set[str] = set()
        stack = [root]
        while stack:
            node = stack.pop()
            if node.type in self.class_def:
                name = node.child_by_field_name("name")
                if name is not None:
                    names.add(self.text(name))
            stack.extend(node.named_children)
        return names

    def _declarations(self, root: Node) -> Iterator[tuple[str, str, bool]]:
        """(name, declared type, initialised with ``new``) of every declaration."""
        stack = [root]
        while stack:
            node = stack.pop()
            if node.type in (
                "formal_parameter",
                "catch_formal_parameter",
                "spread_parameter",
                "enhanced_for_statement",
                "resource",  # try (Statement st = c.createStatement()) { ... }
            ):
                name = node.child_by_field_name("name")
                kind = self._type_name(node.child_by_field_name("type"))
                if name is not None and kind:
                    yield self.text(name), kind, False
            elif node.type in ("local_variable_declaration", "field_declaration"):
                kind = self._type_name(node.child_by_field_name("type"))
                for declarator in node.children_by_field_name("declarator"):
                    name = declarator.child_by_field_name("name")
                    value = declarator.child_by_field_name("value")
                    built = value is not None and value.type == "object_creation_expression"
                    if name is not None and kind and kind != "var":
                        yield self.text(name), kind, built
            stack.extend(node.named_children)

    def _type_name(self, node: Node | None) -> str:
        if node is None:
            return ""
        if node.type == "generic_type":
            return self._type_name(node.named_children[0]) if node.named_children else ""
        if node.type == "array_type":
            return self._type_name(node.child_by_field_name("element")) + "[]"
        return self.text(node)

    # -- calls ---------------------------------------------------------------------------------

    def call_parts(self, node: Node, imports: dict[str, str]) -> CallParts | None:
        args, _ = self.arguments(node.child_by_field_name("arguments"))
        if node.type == "object_creation_expression":
            raw = "new " + self._type_name(node.child_by_field_name("type"))
            name = "new " + resolve_import(raw[4:], imports)
            return CallParts(name, None, args, {}, node, raw)
        method = node.child_by_field_name("name")
        if method is None:
            return None
        receiver = node.child_by_field_name("object")
        base = self.dotted_name(receiver) if receiver is not None else None
        if receiver is not None and base is None:
            base = "?"
        raw = f"{base}.{self.text(method)}" if base else self.text(method)
        return CallParts(resolve_import(raw, imports), receiver, args, {}, node, raw)

    # -- functions -----------------------------------------------------------------------------

    def param_names(self, params: Node) -> Iterator[str]:
        for child in params.named_children:
            name = child.child_by_field_name("name")
            if name is None:  # spread_parameter: `String... args`
                declarator = next(
                    (c for c in child.named_children if c.type == "variable_declarator"), None
                )
                name = declarator.child_by_field_name("name") if declarator else None
            if name is not None:
                yield self.text(name)

    def framework_sources(self, node: Node, params: tuple[str, ...]) -> frozenset[str]:
        plist = node.child_by_field_name("parameters")
        if plist is None:
            return frozenset()
        method_annotations = self._annotations(node)
        found: set[str] = set()
        for param in plist.named_children:
            name = param.child_by_field_name("name")
            if name is None or self._safe_type(param):
                continue
            marks = self._annotations(param)
            if marks & REQUEST_ANNOTATIONS or (
                not marks and method_annotations & ENTITY_METHODS and self._entity_type(param)
            ):
                found.add(self.text(name))
        return frozenset(found)

    def _annotations(self, node: Node) -> set[str]:
        modifiers = next((c for c in node.named_children if c.type == "modifiers"), None)
        if modifiers is None:
            return set()
        names = set()
        for mark in modifiers.named_children:
            if mark.type in ("annotation", "marker_annotation"):
                name = mark.child_by_field_name("name")
                if name is not None:
                    names.add(self.text(name).rsplit(".", 1)[-1])
        return names

    def _safe_type(self, param: Node) -> bool:
        return self._type_name(param.child_by_field_name("type")) in SAFE_TYPES

    def _entity_type(self, param: Node) -> bool:
        kind = self._type_name(param.child_by_field_name("type"))
        return kind in ("String", "InputStream", "java.io.InputStream", "byte[]", "Reader")

    # -- statements and values ---------------------------------------------------------------------

    def assignment_parts(self, node: Node) -> tuple[list[Node], Node | None]:
        if node.type == "variable_declarator":
            name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
            return ([name] if name is not None else []), value
        return super().assignment_parts(node)

    def subscript_parts(self, node: Node) -> tuple[Node | None, Node | None]:
        return node.child_by_field_name("array"), node.child_by_field_name("index")

    def container_elements(self, node: Node) -> list[tuple[Any, Node]] | None:
        """``{a, b}``, ``new String[] {a, b}``, ``Arrays.asList(a, b)``, ``List.of(a, b)``."""
        if node.type == "array_creation_expression":
            init = node.child_by_field_name("value")
            return self.container_elements(init) if init is not None else None
        if node.type == "method_invocation":
            name = self.text(node.child_by_field_name("name") or node)
            owner = node.child_by_field_name("object")
            owner_name = self.text(owner).rsplit(".", 1)[-1] if owner is not None else ""
            if (owner_name, name) not in _LIST_FACTORIES:
                return None
            args = node.child_by_field_name("arguments")
            items = [c for c in args.named_children if c.type not in self.comment] if args else []
            return [(float(i), c) for i, c in enumerate(items)]
        if node.type != "array_initializer":
            return None
        items = [c for c in node.named_children if c.type not in self.comment]
        return [(float(i), c) for i, c in enumerate(items)]

    def string_value(self, node: Node) -> Any:
        if any(c.type == "string_interpolation" for c in node.named_children):
            return NOT_CONSTANT
        return "".join(
            self.text(c)
            for c in node.named_children
            if c.type in ("string_fragment", "escape_sequence", "multiline_string_fragment")
        )

    def constant(self, node: Node) -> Any:
        if node.type == "character_literal":
            return self.text(node)[1:-1]
        if node.type == "method_invocation":
            return self._string_method(node)
        if node.type in ("parenthesized_expression", "cast_expression") and node.named_children:
            return self.constant(node.named_children[-1])
        return super().constant(node)

    def _string_method(self, node: Node) -> Any:
        """``"ABC".charAt(2)`` and friends on a constant string (or an effectively final
        local initialised with one), as Benchmark-style code computes switch targets."""
        receiver, method = node.child_by_field_name("object"), node.child_by_field_name("name")
        if receiver is None or method is None or self.text(method) not in _STRING_METHODS:
            return NOT_CONSTANT
        text = self.constant(self._initializer(receiver) or receiver)
        args, _ = self.arguments(node.child_by_field_name("arguments"))
        values = [self.constant(a) for a in args]
        if not isinstance(text, str) or any(v is NOT_CONSTANT for v in values):
            return NOT_CONSTANT
        try:
            return _STRING_METHODS[self.text(method)](text, *values)
        except (KeyError, IndexError, TypeError, ValueError):
            return NOT_CONSTANT

    def _initializer(self, name: Node) -> Node | None:
        """The initialiser of a local that is never reassigned in its method."""
        if name.type != "identifier":
            return None
        body = name.parent
        while body is not None and body.type not in self.function:
            body = body.parent
        if body is None:
            return None
        found: Node | None = None
        stack = [body]
        while stack:
            node = stack.pop()
            if node.type == "variable_declarator" and self._names(node, name):
                if found is not None:
                    return None
                found = node.child_by_field_name("value")
            elif node.type == "assignment_expression" and self._names(node, name, "left"):
                return None
            stack.extend(node.named_children)
        return found

    def _names(self, node: Node, name: Node, field: str = "name") -> bool:
        target = node.child_by_field_name(field)
        return target is not None and self.text(target) == self.text(name)

    # -- validation guards ---------------------------------------------------------------------

    def guard(self, cond: Node) -> tuple[str, bool] | None:
        """``ALLOWED.contains(x)``, ``x.matches("[a-z]+")``, ``"lit".equals(x)``: ``x`` is safe
        where the condition holds (negations flip)."""
        node = unparenthesized(cond)
        operand = self._bang_operand(node)
        if operand is not None:
            return self._negated_guard(operand)
        if node.type != "method_invocation":
            return None
        method = self.text(node.child_by_field_name("name") or node)
        receiver = node.child_by_field_name("object")
        args, _ = self.arguments(node.child_by_field_name("arguments"))
        first = args[0] if args else None
        if (
            method in ("contains", "containsKey")
            and first is not None
            and first.type == "identifier"
        ):
            return self.text(first), True
        if receiver is None or first is None:
            return None
        if method in ("equals", "equalsIgnoreCase"):
            for var, lit in ((receiver, first), (first, receiver)):
                if var.type == "identifier" and lit.type == "string_literal":
                    return self.text(var), True
        pattern = self.constant(first)
        if method == "matches" and receiver.type == "identifier" and _strict_pattern(pattern):
            return self.text(receiver), True
        if (
            method == "startsWith"
            and receiver.type == "identifier"
            and first.type in ("identifier", "field_access", "method_invocation")
            and self._normalized(receiver)
        ):
            return self.text(receiver), True  # base.resolve(name).normalize() inside base
        return None

    def _normalized(self, variable: Node) -> bool:
        """Whether the method declares ``variable`` from a normalized or canonical path, the
        precondition for ``path.startsWith(base)`` to confine it (``../`` is gone)."""
        name = self.text(variable)
        scope = variable.parent
        while scope is not None and scope.type not in (
            "method_declaration",
            "constructor_declaration",
        ):
            scope = scope.parent
        if scope is None:
            return False
        stack = [scope]
        while stack:
            current = stack.pop()
            if current.type == "variable_declarator":
                target, value = (
                    current.child_by_field_name("name"),
                    current.child_by_field_name("value"),
                )
                if target is not None and value is not None and self.text(target) == name:
                    return any(m in self.text(value) for m in _NORMALIZERS)
            stack.extend(current.named_children)
        return False

    # -- switch, returns -------------------------------------------------------------------------

    def switch_parts(
        self, node: Node
    ) -> tuple[Node | None, list[tuple[list[Node], list[Node]]]] | None:
        subject = node.child_by_field_name("condition")
        body = node.child_by_field_name("body")
        if body is None:
            return None
        inner = (
            subject.named_children[0] if subject is not None and subject.named_children else None
        )
        if inner is not None and inner.type == "identifier":
            subject = self._initializer(inner) or subject
        cases: list[tuple[list[Node], list[Node]]] = []
        for group in body.named_children:
            labels = [c for c in group.named_children if c.type == "switch_label"]
            statements = [c for c in group.named_children if c.type != "switch_label"]
            values = [v for label in labels for v in label.named_children]
            if any(not label.named_children for label in labels):
                values = []  # `default:` (possibly shared with cases) runs when nothing matches
            cases.append((values, statements))
        return subject, cases

    def return_sink(self, fn: Node) -> str | None:
        """What a handler's returned String becomes: an HTML body (``<return-html>``), another
        response body (``<return-body>``) or a Spring view name (``<return-view>``)."""
        if fn.type != "method_declaration":
            return None
        marks = self._annotations(fn)
        if not marks & HANDLER_ANNOTATIONS:
            return None
        if self._type_name(fn.child_by_field_name("type")) not in RESPONSE_TYPES:
            return None
        owner = fn.parent.parent if fn.parent is not None else None
        owner_marks = self._annotations(owner) if owner is not None else set()
        if (
            marks & {"GET", "POST", "PUT", "DELETE", "PATCH"}
            or "ResponseBody" in marks
            or (owner_marks & {"RestController", "ResponseBody", "Path"})
        ):
            # ``produces = "text/html"``, or a String body assembled from markup: Spring
            # negotiates text/html for a browser's Accept header
            body = fn.child_by_field_name("body")
            html = "html" in self._annotation_text(fn).lower() or bool(
                body is not None and _MARKUP_LITERAL.search(self.text(body))
            )
            return "<return-html>" if html else "<return-body>"
        return "<return-view>" if "Controller" in owner_marks else None

    def _annotation_text(self, node: Node) -> str:
        modifiers = next((c for c in node.named_children if c.type == "modifiers"), None)
        return self.text(modifiers) if modifiers is not None else ""


JAVA = JavaAdapter(
    name="java",
    file_languages=("java",),
    loader=tree_sitter_java.language,
    clean_operators=NUMERIC_OPERATORS,
    attribute=frozenset({"field_access"}),
    call=frozenset({"method_invocation", "object_creation_expression"}),
    assignment=frozenset({"assignment_expression", "variable_declarator"}),
    augmented_assignment=frozenset(),
    subscript=frozenset({"array_access"}),
    loop=frozenset({"for_statement", "enhanced_for_statement", "while_statement", "do_statement"}),
    function=frozenset({"method_declaration", "constructor_declaration", "lambda_expression"}),
    class_def=frozenset(
        {"class_declaration", "interface_declaration", "enum_declaration", "record_declaration"}
    ),
    string=frozenset({"string_literal"}),
    comment=frozenset({"line_comment", "block_comment"}),
    true_literals=frozenset({"true"}),
    false_literals=frozenset({"false"}),
    null_literals=frozenset({"null_literal"}),
    number=frozenset(
        {"decimal_integer_literal", "decimal_floating_point_literal", "hex_integer_literal"}
    ),
    self_names=frozenset({"this"}),
    conditional=frozenset({"ternary_expression"}),
    switch=frozenset({"switch_expression", "switch_statement"}),
    integer_division=True,
    # `break`/`continue` leave the loop or iteration with their state; only throw ends a path
    jump_statements=frozenset({"throw_statement"}),
)
