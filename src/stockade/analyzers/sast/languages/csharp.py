"""C#: ASP.NET Core MVC, minimal APIs and classic ASP.NET as people write them.

Like Java, C# code calls methods on variables whose declared type says what they are, so
declared types of parameters, fields and locals (``var x = new T(...)`` included) are
reported as import aliases: ``cmd.ExecuteReader()`` on ``SqlCommand cmd`` is
``SqlCommand.ExecuteReader``. Constructor calls are ``new <Type>``; generic arguments are
dropped (``conn.Query<User>(sql)`` is ``conn.Query``).

Request data arrives as action parameters: in a class whose name ends in ``Controller`` (or
that carries ``[ApiController]``), public methods' parameters of string-like or model types
are sources unless bound from services (``[FromServices]``); lambda parameters of minimal
API routes (``app.MapGet("/x", (string name) => ...)``) likewise.
``Content(x, "text/html")`` is renamed ``Content#html`` so only HTML content is an XSS sink.
"""

from __future__ import annotations

from typing import Any, cast

import tree_sitter as ts
import tree_sitter_c_sharp

from stockade.analyzers.sast.languages.base import (
    NOT_CONSTANT,
    NUMERIC_OPERATORS,
    CallParts,
    FunctionParts,
    LanguageAdapter,
    Node,
    descendants,
    resolve_import,
)
from stockade.analyzers.sast.languages.razor import MarkupParser

SAFE_TYPES = frozenset(
    {
        "int",
        "long",
        "short",
        "byte",
        "uint",
        "ulong",
        "double",
        "float",
        "decimal",
        "bool",
        "Guid",
        "DateTime",
        "DateTimeOffset",
        "CancellationToken",
        "int?",
        "long?",
        "bool?",
        "Guid?",
        "HttpContext",
        "ILogger",
    }
)
# parameter types whose values are never text an attacker shapes into a query or a path
VALUE_TYPES = frozenset(SAFE_TYPES - {"HttpContext", "ILogger", "CancellationToken"})
SERVICE_ATTRIBUTES = frozenset({"FromServices"})
# interfaces the model binder fills from the request (uploads, forms, query, lists of values),
# unlike the I-named services actions are injected with
REQUEST_INTERFACES = frozenset(
    {
        "IFormFile",
        "IFormFileCollection",
        "IFormCollection",
        "IQueryCollection",
        "IHeaderDictionary",
        "IRequestCookieCollection",
        "IEnumerable",
        "IList",
        "ICollection",
        "IReadOnlyList",
        "IReadOnlyCollection",
        "IDictionary",
        "IReadOnlyDictionary",
    }
)
BINDING_ATTRIBUTES = frozenset(
    {
        "BindProperty",
        "FromQuery",
        "FromForm",
        "FromRoute",
        "FromBody",
        "FromHeader",
        "SupplyParameterFromQuery",
        "SupplyParameterFromForm",
    }
)
# base classes whose public methods the framework calls with client data: MVC controllers,
# Razor Pages (OnGet/OnPost handlers), SignalR hubs
ACTION_BASES = frozenset({"Controller", "ControllerBase", "ApiController", "Hub", "PageModel"})
MINIMAL_API = frozenset(
    {"MapGet", "MapPost", "MapPut", "MapDelete", "MapPatch", "MapMethods", "Map"}
)
TEXT_FORMATTERS = frozenset(
    {
        "string.Format",
        "String.Format",
        "string.Join",
        "String.Join",
        "string.Concat",
        "String.Concat",
    }
)
DYNAMIC_LINQ = frozenset({"Where", "OrderBy", "OrderByDescending", "Select", "ThenBy", "GroupBy"})
_STRING_PARTS = frozenset({"string_content", "string_literal_content", "escape_sequence"})


class CSharpAdapter(LanguageAdapter):
    def parser_for(self, file_language: str) -> ts.Parser:
        """Razor views and web.config files are read as the C# they are rewritten into
        (``languages/razor.py``); the wrapper offers the one method the analyzer calls."""
        return cast(ts.Parser, MarkupParser(super().parser_for(file_language), file_language))

    # -- names and declared types ----------------------------------------------------------------

    def attribute_parts(self, node: Node) -> tuple[Node | None, str | None]:
        obj = node.child_by_field_name("expression")
        name = node.child_by_field_name("name")
        return obj, _simple_name(name, self) if name is not None else None

    def dotted_name(self, node: Node) -> str | None:
        t = node.type
        if t == "generic_name":
            return _simple_name(node, self)
        if t in ("this_expression", "this"):
            return "this"
        if t == "base_expression":
            return "base"
        if t in ("parenthesized_expression", "cast_expression") and node.named_children:
            inner = node.child_by_field_name("value") or node.named_children[-1]
            return self.dotted_name(inner)
        if t in ("qualified_name", "predefined_type"):  # int.Parse, string.Format
            return self.text(node)
        return super().dotted_name(node)

    def imports(self, root: Node) -> dict[str, str]:
        aliases: dict[str, str] = {}
        for node in descendants(root, "parameter", "variable_declaration"):
            kind = _type_name(node.child_by_field_name("type"), self)
            if node.type == "parameter":
                name = node.child_by_field_name("name")
                if name is not None and kind:
                    aliases[self.text(name)] = kind
                continue
            for declarator in (c for c in node.named_children if c.type == "variable_declarator"):
                name = declarator.child_by_field_name("name")
                value = _declarator_value(declarator)
                declared = kind
                if kind in ("", "var") and value is not None:
                    declared = _type_name(value.child_by_field_name("type"), self)
                if name is not None and declared and declared != "var":
                    aliases[self.text(name)] = declared
        return aliases

    # -- calls ---------------------------------------------------------------------------------

    def call_parts(self, node: Node, imports: dict[str, str]) -> CallParts | None:
        args, kwargs = self.arguments(node.child_by_field_name("arguments"))
        if node.type == "object_creation_expression":
            # an object initializer's properties are named arguments: a sink may name them
            # (new ProcessStartInfo { Arguments = ... }, new SqlCommand { CommandText = ... })
            kwargs = {**kwargs, **self._initializer(node.child_by_field_name("initializer"))}
            raw = "new " + _type_name(node.child_by_field_name("type"), self)
            content_type = self.constant(kwargs["ContentType"]) if "ContentType" in kwargs else None
            if isinstance(content_type, str) and "html" in content_type.lower():
                raw += "#html"  # new ContentResult { ContentType = "text/html" }
            name = "new " + resolve_import(raw[4:], imports)
            return CallParts(name, None, args, kwargs, node, raw)
        fn = node.child_by_field_name("function")
        if fn is None:
            return None
        raw = self.dotted_name(fn) or "?"
        receiver = (
            fn.child_by_field_name("expression") if fn.type == "member_access_expression" else None
        )
        if raw.rsplit(".", 1)[-1] == "Content" and len(args) > 1:
            content_type = self.constant(args[1])
            if isinstance(content_type, str) and "html" in content_type.lower():
                raw += "#html"
        if raw in TEXT_FORMATTERS and args and self.constant(args[0]) is not NOT_CONSTANT:
            # the engine's view of a format method on constant text ("… {0}".format(x)):
            # what the other arguments fill in is pasted into text, as with "…" + x
            return CallParts(raw + ".format", args[0], args, kwargs, node, raw)
        method = raw.rsplit(".", 1)[-1]
        if (
            method in ("FromSql", "ExecuteSql", "ExecuteSqlAsync")
            and args
            and args[0].type != "interpolated_string_expression"
        ):
            raw += "#text"  # a string, not the FormattableString EF turns into parameters
        if method in DYNAMIC_LINQ and args and _is_text(args[0], self):
            raw += "#dynamic"  # System.Linq.Dynamic: the string is parsed as an expression
        return CallParts(resolve_import(raw, imports), receiver, args, kwargs, node, raw)

    def _initializer(self, node: Node | None) -> dict[str, Node]:
        found: dict[str, Node] = {}
        for item in node.named_children if node is not None else ():
            left, right = item.child_by_field_name("left"), item.child_by_field_name("right")
            if left is not None and right is not None and left.type == "identifier":
                found[self.text(left)] = right
        return found

    def arguments(self, node: Node | None) -> tuple[tuple[Node, ...], dict[str, Node]]:
        if node is None:
            return (), {}
        args: list[Node] = []
        kwargs: dict[str, Node] = {}
        for arg in node.named_children:
            if arg.type != "argument":
                continue
            name = arg.child_by_field_name("name")
            value = arg.named_children[-1] if arg.named_children else None
            if value is None:
                continue
            if name is not None and value != name:
                kwargs[self.text(name)] = value
            else:
                args.append(value)
        return tuple(args), kwargs

    # -- functions -----------------------------------------------------------------------------

    def function_parts(self, node: Node) -> FunctionParts | None:
        name_node = node.child_by_field_name("name")
        params = node.child_by_field_name("parameters")
        names: list[str] = []
        for param in params.named_children if params is not None else ():
            pname = param.child_by_field_name("name")
            if param.type == "parameter" and pname is not None:
                # a number, flag, id or date cannot carry text: the name no expression reads
                typed = _type_name(param.child_by_field_name("type"), self) in VALUE_TYPES
                names.append(("#" if typed else "") + self.text(pname))
            elif param.type == "identifier":  # x => ... lambdas
                names.append(self.text(param))
        if params is None and node.type == "lambda_expression":
            single = next((c for c in node.named_children if c.type == "identifier"), None)
            if single is not None:
                names.append(self.text(single))
        name = self.text(name_node) if name_node is not None else "<lambda>"
        body = node.child_by_field_name("body")
        sources = self._sources(node, params)
        if self._is_action(node):
            # Razor Pages / MVC [BindProperty] properties: filled from the request before the
            # handler runs, read in it as plain names (extra parameters no caller passes)
            bound = [p for p in _bound_properties(node, self) if p not in names]
            names.extend(bound)
            sources = sources | frozenset(bound)
        return FunctionParts(name, tuple(names), body, sources)

    def _sources(self, node: Node, params: Node | None) -> frozenset[str]:
        if params is None or not (self._is_action(node) or self._is_route_lambda(node)):
            return frozenset()
        found = set()
        for param in params.named_children:
            name = param.child_by_field_name("name")
            if param.type != "parameter" or name is None:
                continue
            kind = _type_name(param.child_by_field_name("type"), self)
            if kind in SAFE_TYPES or _attributes(param, self) & SERVICE_ATTRIBUTES:
                continue
            if kind.startswith("I") and kind[1:2].isupper() and kind not in REQUEST_INTERFACES:
                continue  # injected services
            found.add(self.text(name))
        return frozenset(found)

    def guard(self, cond: Node) -> tuple[str, bool] | None:
        """Besides the defaults: ``full.StartsWith(root)`` confines ``full`` where it holds
        (a resolved path kept under its base directory, a URL under an allowed prefix);
        a constant prefix (``url.StartsWith("/")``) proves nothing."""
        node = cond
        while node.type == "parenthesized_expression" and node.named_children:
            node = node.named_children[-1]
        if node.type == "invocation_expression":
            fn = node.child_by_field_name("function")
            args, _ = self.arguments(node.child_by_field_name("arguments"))
            if (
                fn is not None
                and fn.type == "member_access_expression"
                and self.text(fn).endswith(".StartsWith")
                and args
                and args[0].type not in self.string
            ):
                receiver = fn.child_by_field_name("expression")
                if receiver is not None and self._guardable(receiver):
                    return self._guard_name(receiver), True
        return super().guard(cond)

    def _is_action(self, node: Node) -> bool:
        if node.type != "method_declaration":
            return False
        modifiers = {self.text(c) for c in node.named_children if c.type == "modifier"}
        if "public" not in modifiers or "static" in modifiers:
            return False
        cls = node.parent.parent if node.parent is not None else None
        if cls is None or cls.type != "class_declaration":
            return False
        name = cls.child_by_field_name("name")
        named_controller = name is not None and self.text(name).endswith("Controller")
        if named_controller or "ApiController" in _attributes(cls, self):
            return True
        bases = _bases(cls, self)
        method = node.child_by_field_name("name")
        if "PageModel" in bases:  # Razor Pages: only the OnGet/OnPostX handlers
            return method is not None and self.text(method).startswith("On")
        # gRPC services derive from the generated Service.ServiceBase
        return bool(bases & ACTION_BASES) or any(b.endswith(".") for b in bases)

    def _is_route_lambda(self, node: Node) -> bool:
        if node.type != "lambda_expression":
            return False
        arg_list = node.parent.parent if node.parent is not None else None
        call = arg_list.parent if arg_list is not None else None
        if call is None or call.type != "invocation_expression":
            return False
        fn = call.child_by_field_name("function")
        name = self.dotted_name(fn) if fn is not None else None
        return bool(name) and name.rsplit(".", 1)[-1] in MINIMAL_API  # type: ignore[union-attr]

    # -- statements and values ---------------------------------------------------------------

    def assignment_parts(self, node: Node) -> tuple[list[Node], Node | None]:
        if node.type == "variable_declarator":
            name = node.child_by_field_name("name")
            return ([name] if name is not None else []), _declarator_value(node)
        return super().assignment_parts(node)

    def switch_parts(
        self, node: Node
    ) -> tuple[Node | None, list[tuple[list[Node], list[Node]]]] | None:
        body = node.child_by_field_name("body")
        cases: list[tuple[list[Node], list[Node]]] = []
        for section in body.named_children if body is not None else ():
            if section.type != "switch_section":
                continue
            labels = [c for c in section.named_children if c.type.endswith("pattern")]
            values = [c.named_children[0] if c.named_children else c for c in labels]
            statements = [c for c in section.named_children if c not in labels]
            cases.append((values, [c for c in statements if c.type not in self.comment]))
        return node.child_by_field_name("value"), cases

    def subscript_parts(self, node: Node) -> tuple[Node | None, Node | None]:
        obj = node.child_by_field_name("expression")
        sub = node.child_by_field_name("subscript")
        arg = sub.named_children[0] if sub is not None and sub.named_children else None
        if arg is not None and arg.type == "argument" and arg.named_children:
            arg = arg.named_children[-1]
        return obj, arg

    def container_elements(self, node: Node) -> list[tuple[Any, Node]] | None:
        if node.type not in ("implicit_array_creation_expression", "array_creation_expression"):
            return None
        init = next((c for c in node.named_children if c.type == "initializer_expression"), None)
        if init is None:
            return None
        items = [c for c in init.named_children if c.type not in self.comment]
        return [(float(i), c) for i, c in enumerate(items)]

    def string_interpolations(self, node: Node) -> list[Node] | None:
        if node.type != "interpolated_string_expression":
            return None
        inner = [
            grandchild
            for child in node.named_children
            if child.type == "interpolation"
            for grandchild in child.named_children
            if grandchild.type not in ("interpolation_brace", "interpolation_format_clause")
        ]
        return inner or None

    def string_value(self, node: Node) -> Any:
        if not node.named_children:  # verbatim @"..." literals keep their text unsplit
            return super().string_value(node)
        return "".join(self.text(c) for c in node.named_children if c.type in _STRING_PARTS)

    def constant(self, node: Node) -> Any:
        if node.type == "boolean_literal":
            return self.text(node) == "true"
        if node.type == "integer_literal":
            try:
                return float(self.text(node).rstrip("uUlL").replace("_", ""))
            except ValueError:
                return NOT_CONSTANT
        return super().constant(node)


def _is_text(node: Node, adapter: LanguageAdapter) -> bool:
    """A string expression: a literal, an interpolation, or ``+`` with a literal side."""
    if node.type in adapter.string:
        return True
    if node.type == "binary_expression" and node.child_count == 3:
        return node.children[1].type == "+" and any(
            _is_text(c, adapter) for c in (node.children[0], node.children[2])
        )
    return False


def _simple_name(node: Node, adapter: LanguageAdapter) -> str:
    if node.type == "generic_name" and node.named_children:
        return adapter.text(node.named_children[0])
    return adapter.text(node)


def _declarator_value(node: Node) -> Node | None:
    name = node.child_by_field_name("name")
    rest = [c for c in node.named_children if c != name and c.type != "bracketed_argument_list"]
    return rest[-1] if rest else None


def _type_name(node: Node | None, adapter: LanguageAdapter) -> str:
    if node is None:
        return ""
    if node.type == "generic_name":
        return _simple_name(node, adapter)
    if node.type == "qualified_name":
        return adapter.text(node).rsplit(".", 1)[-1]
    return adapter.text(node)


def _bound_properties(method: Node, adapter: LanguageAdapter) -> list[str]:
    """Properties of the method's class the model binder sets from the request:
    ``[BindProperty]`` (or every property under ``[BindProperties]``), ``[FromQuery]``..."""
    body = method.parent
    cls = body.parent if body is not None else None
    if body is None or cls is None or cls.type != "class_declaration":
        return []
    bind_all = "BindProperties" in _attributes(cls, adapter)
    found = []
    for prop in (c for c in body.named_children if c.type == "property_declaration"):
        name = prop.child_by_field_name("name")
        kind = _type_name(prop.child_by_field_name("type"), adapter)
        if name is None or kind in VALUE_TYPES:
            continue
        if bind_all or _attributes(prop, adapter) & BINDING_ATTRIBUTES:
            found.append(adapter.text(name))
    return found


def _bases(cls: Node, adapter: LanguageAdapter) -> set[str]:
    """Base class names (generic arguments dropped); a generated gRPC base
    (``Greeter.GreeterBase``) is reported as ``"Greeter."`` so callers can tell it apart."""
    found: set[str] = set()
    for base_list in (c for c in cls.named_children if c.type == "base_list"):
        for base in base_list.named_children:
            if base.type == "qualified_name" and adapter.text(base).endswith("Base"):
                found.add(adapter.text(base).split(".", 1)[0] + ".")
            else:
                found.add(_type_name(base, adapter))
    return found


def _attributes(node: Node, adapter: LanguageAdapter) -> set[str]:
    names = set()
    for attr_list in (c for c in node.named_children if c.type == "attribute_list"):
        for attr in attr_list.named_children:
            name = attr.child_by_field_name("name")
            if name is not None:
                names.add(adapter.text(name).rsplit(".", 1)[-1].removesuffix("Attribute"))
    return names


CSHARP = CSharpAdapter(
    name="csharp",
    guard_calls=(
        ("*.IsLocalUrl", 0),
        ("*.Contains", 0),
        ("*.ContainsKey", 0),
        ("Enum.IsDefined", 1),
    ),
    file_languages=("csharp", "razor", "dotnet-config"),
    loader=tree_sitter_c_sharp.language,
    clean_operators=NUMERIC_OPERATORS,
    attribute=frozenset({"member_access_expression"}),
    call=frozenset({"invocation_expression", "object_creation_expression"}),
    assignment=frozenset({"assignment_expression", "variable_declarator"}),
    subscript=frozenset({"element_access_expression"}),
    conditional=frozenset({"conditional_expression"}),
    switch=frozenset({"switch_statement"}),
    switch_fallthrough=False,
    loop=frozenset({"for_statement", "foreach_statement", "while_statement", "do_statement"}),
    function=frozenset(
        {
            "method_declaration",
            "constructor_declaration",
            "local_function_statement",
            "lambda_expression",
            "anonymous_method_expression",
        }
    ),
    class_def=frozenset(
        {
            "class_declaration",
            "struct_declaration",
            "record_declaration",
            "namespace_declaration",
        }
    ),
    string=frozenset(
        {
            "string_literal",
            "verbatim_string_literal",
            "raw_string_literal",
            "interpolated_string_expression",
        }
    ),
    true_literals=frozenset(),
    false_literals=frozenset(),
    null_literals=frozenset({"null_literal"}),
    number=frozenset({"real_literal"}),
    self_names=frozenset({"this"}),
)
