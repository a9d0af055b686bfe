"""JavaScript and TypeScript (with JSX/TSX): Express, Koa, Next.js API routes, React, DOM.

One adapter serves four file languages: the JavaScript grammar parses ``.js``/``.jsx``, the
TypeScript grammar ``.ts`` and its TSX dialect ``.tsx``; their node types agree on
everything the engine asks about. Two JS habits get special treatment:

* ``require``/``import`` bindings become import aliases, so ``const cp =
  require("child_process"); cp.exec(x)`` is the call ``child_process.exec``;
* a JSX attribute with an expression value is presented as a call ``jsx.<attribute>`` so
  that ``dangerouslySetInnerHTML={{__html: x}}`` can be a sink like any call.
"""

from __future__ import annotations

import functools
import re
from typing import Any

import tree_sitter as ts
import tree_sitter_javascript
import tree_sitter_typescript

from stockade.analyzers.sast.languages.base import (
    NOT_CONSTANT,
    NUMERIC_OPERATORS,
    CallParts,
    FunctionParts,
    LanguageAdapter,
    Node,
    resolve_import,
    unparenthesized,
)

_EQUALITY = frozenset({"===", "==", "!==", "!="})
# what a guard can validate: a variable or a member path (``req.params.status``)
_GUARDABLE = frozenset({"identifier", "member_expression"})
# membership and validator checks whose success leaves no injection payload in the argument
_CHECKS = frozenset(
    {
        "includes",
        "has",
        "isEmail",
        "isUUID",
        "isInt",
        "isNumeric",
        "isAlphanumeric",
        "isAlpha",
        "isMongoId",
        "isURL",
        "isHexadecimal",
        "isBoolean",
        "isDate",
        "isIn",
    }
)

# NestJS parameter decorators that bind request data (``@Query('q') q: string``)
_REQUEST_DECORATORS = frozenset({"Query", "Param", "Body", "Headers", "Cookies", "Cookie"})
# a pipe or a TypeScript type that leaves no string behind (``@Param('id', ParseIntPipe)``)
_SAFE_PIPES = re.compile(r"\bParse(?:Int|Float|Bool|UUID|Enum)Pipe\b")
_SAFE_PARAM_TYPES = frozenset({"number", "boolean"})


# nodes whose text before a function names it for ``function_header``; at most this many bytes
# of that text are kept (a call's earlier arguments can be long)
_HEADER_HOLDERS = frozenset(
    {"call_expression", "new_expression", "assignment_expression", "variable_declarator", "pair"}
)
_HEADER_PREFIX = 200
# What names a serverless HTTP handler: ``exports.handler =``, ``module.exports =``, a
# ``handler:`` entry (Azure Functions v4 ``app.http(name, {handler})``, Netlify, SST)
_SERVERLESS_HOLDER = re.compile(r"\b(?:module\.)?exports(?:\.\w+)?\s*=|\bhandler\s*[:=]")
_HTML_TYPE = re.compile(r"[\"'`]text/html")
# text that announces a callback whose parameters the rule data's ``parameter_sources`` make
# sources (socket.io events, queue consumers, serverless handlers): the source prefilter keeps
# files holding one even when no source name is written in them
_PARAMETER_SOURCE_MARKERS = frozenset(
    {
        "socket.on(",
        ".consume(",
        "eachMessage",
        "eachBatch",
        ".process(",
        "exports.handler",
        "app.http(",
        ".subscribe(",
        "Page(",
        "getServerSideProps",
        "FormData",
        "ipcMain.",
        "args",
        "Query: {",
        "Mutation: {",
        "resolve",
    }
)


def _anchored_regex(text: str) -> bool:
    """A regex literal that must match the whole value (``/^[a-z0-9]+$/``)."""
    body = text[1 : text.rfind("/")] if text.startswith("/") else ""
    return body.startswith("^") and body.endswith("$") and "." not in body.replace("\\.", "")


@functools.cache
def _grammar(name: str) -> ts.Language:
    if name == "tsx":
        return ts.Language(tree_sitter_typescript.language_tsx())
    return ts.Language(tree_sitter_typescript.language_typescript())


_WRAPPERS = frozenset(
    {"parenthesized_expression", "non_null_expression", "as_expression", "satisfies_expression"}
)


class JavaScriptAdapter(LanguageAdapter):
    def language_for(self, file_language: str) -> ts.Language:
        """The grammar of one file language; pattern queries must be compiled against it."""
        if file_language == "typescript":
            return _grammar("typescript")
        if file_language == "tsx":
            return _grammar("tsx")
        return self.language

    def parser_for(self, file_language: str) -> ts.Parser:
        return ts.Parser(self.language_for(file_language))

    # -- names and imports -----------------------------------------------------------------

    def dotted_name(self, node: Node) -> str | None:
        if node.type in _WRAPPERS and node.named_children:
            return self.dotted_name(node.named_children[0])
        if node.type == "this":
            return "this"
        return super().dotted_name(node)

    def imports(self, root: Node) -> dict[str, str]:
        aliases: dict[str, str] = {}
        text = root.text or b""
        if b"require(" not in text and b"import(" not in text:
            # only ES import statements, which are always at the top level: no tree walk
            for node in root.named_children:
                if node.type == "import_statement":
                    self._bind_import(node, aliases)
            return aliases
        stack = [root]
        while stack:
            node = stack.pop()
            if node.type == "variable_declarator":
                target = self._required(node.child_by_field_name("value"))
                name = node.child_by_field_name("name")
                if target and name is not None:
                    self._bind_pattern(name, target, aliases)
            elif node.type == "import_statement":
                self._bind_import(node, aliases)
            stack.extend(node.named_children)
        return aliases

    def _required(self, node: Node | None) -> str | None:
        """``require("m")`` → ``m``; ``require("m").x`` → ``m.x``."""
        if node is None:
            return None
        if node.type == "call_expression":
            fn, args = node.child_by_field_name("function"), node.child_by_field_name("arguments")
            if fn is None or self.text(fn) not in ("require", "import") or args is None:
                return None
            first = args.named_children[0] if args.named_children else None
            value = self.constant(first) if first is not None else NOT_CONSTANT
            return value if isinstance(value, str) else None
        if node.type == "member_expression":
            base = self._required(node.child_by_field_name("object"))
            prop = node.child_by_field_name("property")
            return f"{base}.{self.text(prop)}" if base and prop is not None else None
        if node.type == "await_expression" and node.named_children:
            return self._required(node.named_children[0])
        return None

    def _bind_pattern(self, pattern: Node, target: str, aliases: dict[str, str]) -> None:
        if pattern.type == "identifier":
            aliases[self.text(pattern)] = target
        elif pattern.type == "object_pattern":
            for child in pattern.named_children:
                if child.type == "shorthand_property_identifier_pattern":
                    aliases[self.text(child)] = f"{target}.{self.text(child)}"
                elif child.type == "pair_pattern":
                    key, value = (
                        child.child_by_field_name("key"),
                        child.child_by_field_name("value"),
                    )
                    if key is not None and value is not None:
                        self._bind_pattern(value, f"{target}.{self.text(key)}", aliases)

    def _bind_import(self, node: Node, aliases: dict[str, str]) -> None:
        source = node.child_by_field_name("source")
        module = self.constant(source) if source is not None else NOT_CONSTANT
        if not isinstance(module, str):
            return
        for clause in (c for c in node.named_children if c.type == "import_clause"):
            for child in clause.named_children:
                if child.type == "identifier":
                    aliases[self.text(child)] = module
                elif child.type == "namespace_import":
                    names = [c for c in child.named_children if c.type == "identifier"]
                    if names:
                        aliases[self.text(names[-1])] = module
                elif child.type == "named_imports":
                    self._bind_named(child, module, aliases)

    def _bind_named(self, node: Node, module: str, aliases: dict[str, str]) -> None:
        for spec in node.named_children:
            name = spec.child_by_field_name("name")
            alias = spec.child_by_field_name("alias")
            if spec.type == "import_specifier" and name is not None:
                aliases[self.text(alias or name)] = f"{module}.{self.text(name)}"

    # -- calls -------------------------------------------------------------------------------

    def call_parts(self, node: Node, imports: dict[str, str]) -> CallParts | None:
        if node.type == "jsx_attribute":
            return self._jsx_attribute(node)
        field = "constructor" if node.type == "new_expression" else "function"
        fn = node.child_by_field_name(field)
        if fn is None:
            return None
        raw = self.dotted_name(fn) or "?"
        receiver = fn.child_by_field_name("object") if fn.type == "member_expression" else None
        if fn.type not in self.identifier and fn.type not in self.attribute:
            receiver = fn  # `f(a)(b)`, `(cond ? f : g)(x)`: the callee expression runs first
        args, kwargs = self.arguments(node.child_by_field_name("arguments"))
        if args and args[-1].type == "object":
            kwargs = self._options(args[-1])
        return CallParts(resolve_import(raw, imports), receiver, args, kwargs, node, raw)

    def _options(self, obj: Node) -> dict[str, Node]:
        """A trailing options object works like keyword arguments (``{shell: true}``); a
        nested object's entries are there too, under dotted lower-case keys
        (``{headers: {"Content-Type": …}}`` → ``headers.content-type``)."""
        found: dict[str, Node] = {}
        for pair in obj.named_children:
            key, value = pair.child_by_field_name("key"), pair.child_by_field_name("value")
            if pair.type == "pair" and key is not None and value is not None:
                name = self.text(key).strip("'\"")
                found[name] = value
                if value.type == "object":
                    for inner, inner_value in self._options(value).items():
                        found.setdefault(f"{name}.{inner}".lower(), inner_value)
        return found

    def _jsx_attribute(self, node: Node) -> CallParts | None:
        named = node.named_children
        if len(named) < 2 or named[1].type != "jsx_expression":
            return None
        name = f"jsx.{self.text(named[0])}"
        return CallParts(name, None, (named[1],), {}, node, name)

    # -- validation guards ----------------------------------------------------------------------

    def guard(self, cond: Node) -> tuple[str, bool] | None:
        """``ALLOWED.includes(x)``, ``set.has(x)``, ``/^[a-z]+$/.test(x)``, ``x === "lit"``,
        ``validator.isUUID(x)``: ``x`` is safe where the condition holds (negations flip)."""
        node = unparenthesized(cond)
        operand = self._bang_operand(node)
        if operand is not None:
            return self._negated_guard(operand)
        if node.type == "binary_expression":
            return self._equality_guard(node)
        if node.type != "call_expression":
            return None
        fn, args = node.child_by_field_name("function"), node.child_by_field_name("arguments")
        first = args.named_children[0] if args is not None and args.named_children else None
        if fn is None or fn.type != "member_expression" or first is None:
            return None
        method = self.text(fn.child_by_field_name("property") or fn)
        receiver = fn.child_by_field_name("object")
        if first.type not in _GUARDABLE:
            return None
        if method == "test" and receiver is not None and _anchored_regex(self.text(receiver)):
            return self.text(first), True
        if method in _CHECKS:
            return self.text(first), True
        return None

    def _equality_guard(self, node: Node) -> tuple[str, bool] | None:
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        op = node.child_by_field_name("operator")
        if left is None or right is None or op is None or self.text(op) not in _EQUALITY:
            return None
        for var, lit in ((left, right), (right, left)):
            if var.type in _GUARDABLE and self.constant(lit) is not NOT_CONSTANT:
                return self.text(var), self.text(op) in ("===", "==")
        return None

    # -- functions, statements and values ------------------------------------------------------

    def function_parts(self, node: Node) -> FunctionParts | None:
        parts = super().function_parts(node)
        single = node.child_by_field_name("parameter")  # `x => ...`
        if parts is None:
            return None
        params = (self.text(single),) if single is not None else parts.params
        name = parts.name
        parent = node.parent
        if name == "<anonymous>" and parent is not None and parent.type == "variable_declarator":
            declared = parent.child_by_field_name("name")
            name = self.text(declared) if declared is not None else name
        return FunctionParts(name, params, parts.body, parts.source_params)

    def function_header(self, node: Node, body: Node | None) -> str:
        """The function's own text before its body, preceded by what names it: for a callback
        the call up to it (``ws.on("message", ``, ``channel.consume(queue, ``), for a value the
        name it is assigned to (``exports.handler = ``, ``eachMessage: ``). Callers of a
        JavaScript function are where a framework says what its parameters hold."""
        own = super().function_header(node, body)
        parent = node.parent
        holder = parent.parent if parent is not None and parent.type == "arguments" else parent
        if holder is None or holder.type not in _HEADER_HOLDERS:
            return own
        prefix = (holder.text or b"")[: max(node.start_byte - holder.start_byte, 0)]
        return prefix[-_HEADER_PREFIX:].decode("utf-8", "replace") + own

    def return_sink(self, fn: Node) -> str | None:
        """A serverless HTTP handler whose code declares a ``text/html`` Content-Type: the
        ``body`` of the object it returns is the page (``<return-html>``). Without the
        declaration the platforms answer JSON, which no browser renders."""
        body = fn.child_by_field_name("body")
        if body is None or not _HTML_TYPE.search(self.text(body)):
            return None
        return (
            "<return-html>" if _SERVERLESS_HOLDER.search(self.function_header(fn, body)) else None
        )

    def returned_body(self, node: Node) -> Node | None:
        """The ``body`` of a returned ``{statusCode, headers, body}``; anything else a handler
        returns (a string, an array) is serialised as JSON."""
        node = unparenthesized(node)
        if node.type != "object":
            return None
        for member in node.named_children:
            if member.type == "pair":
                key = member.child_by_field_name("key")
                if key is not None and self.text(key).strip("'\"`") == "body":
                    return member.child_by_field_name("value")
            elif member.type == "shorthand_property_identifier" and self.text(member) == "body":
                return member
        return None

    def framework_sources(self, node: Node, params: tuple[str, ...]) -> frozenset[str]:
        """NestJS controller parameters bound to the request by a decorator, unless a parse
        pipe or a ``number``/``boolean`` type turns them into something else."""
        plist = node.child_by_field_name("parameters")
        found: set[str] = set()
        for param in plist.named_children if plist is not None else ():
            decorators = [c for c in param.named_children if c.type == "decorator"]
            if not decorators:
                continue
            text = " ".join(self.text(d) for d in decorators)
            names = {m.group(1) for m in re.finditer(r"@(\w+)", text)}
            pattern = param.child_by_field_name("pattern")
            kind = param.child_by_field_name("type")
            kind_text = self.text(kind).lstrip(": ").strip() if kind is not None else ""
            if (
                names & _REQUEST_DECORATORS
                and pattern is not None
                and pattern.type == "identifier"
                and not _SAFE_PIPES.search(text)
                and kind_text not in _SAFE_PARAM_TYPES
            ):
                found.add(self.text(pattern))
        return frozenset(found)

    def assignment_parts(self, node: Node) -> tuple[list[Node], Node | None]:
        if node.type == "variable_declarator":
            name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
            return ([name] if name is not None else []), value
        return super().assignment_parts(node)

    def switch_parts(
        self, node: Node
    ) -> tuple[Node | None, list[tuple[list[Node], list[Node]]]] | None:
        body = node.child_by_field_name("body")
        if body is None:
            return None
        cases: list[tuple[list[Node], list[Node]]] = []
        for case in body.named_children:
            value = case.child_by_field_name("value")
            statements = case.children_by_field_name("body")
            if case.type == "switch_case" and value is not None:
                cases.append(([value], statements))
            elif case.type == "switch_default":
                cases.append(([], statements))
        return node.child_by_field_name("value"), cases

    def return_value(self, node: Node) -> Node | None:
        named = [c for c in node.named_children if c.type not in self.comment]
        return named[0] if named else None

    def string_interpolations(self, node: Node) -> list[Node] | None:
        if node.type != "template_string":
            return None
        found = [
            c.named_children[0]
            for c in node.named_children
            if c.type == "template_substitution" and c.named_children
        ]
        return found or None

    def constant(self, node: Node) -> Any:
        """A regex literal's value is its source text (``/[<>&]/g``), so sanitizers can ask
        what a ``replace`` call's pattern removes."""
        if node.type == "regex":
            return self.text(node)
        return super().constant(node)

    def string_value(self, node: Node) -> Any:
        if node.type == "template_string":
            return "".join(self.text(c) for c in node.named_children if c.type == "string_fragment")
        return "".join(
            self.text(c)
            for c in node.named_children
            if c.type in ("string_fragment", "escape_sequence")
        )

    def container_elements(self, node: Node) -> list[tuple[Any, Node]] | None:
        if node.type == "array":
            items = [c for c in node.named_children if c.type not in self.comment]
            if any(c.type == "spread_element" for c in items):
                return None
            return [(float(i), c) for i, c in enumerate(items)]
        if node.type == "object":
            return self._object_elements(node)
        return None

    def _object_elements(self, node: Node) -> list[tuple[Any, Node]] | None:
        pairs: list[tuple[Any, Node]] = []
        for child in node.named_children:
            if child.type == "shorthand_property_identifier":
                pairs.append((self.text(child), child))
            elif child.type == "pair":
                key, value = child.child_by_field_name("key"), child.child_by_field_name("value")
                if key is None or value is None:
                    return None
                constant = self.constant(key)
                pairs.append((self.text(key) if constant is NOT_CONSTANT else constant, value))
            elif child.type not in self.comment:
                return None
        return pairs


JAVASCRIPT = JavaScriptAdapter(
    name="javascript",
    source_prefilter=True,
    framework_source_markers=frozenset(f"@{name}(" for name in _REQUEST_DECORATORS)
    | _PARAMETER_SOURCE_MARKERS,
    synthetic_name_words=frozenset({"jsx"}),
    file_languages=("javascript", "typescript", "tsx"),
    loader=tree_sitter_javascript.language,
    clean_operators=NUMERIC_OPERATORS,
    identifier=frozenset(
        {
            "identifier",
            "shorthand_property_identifier",
            "shorthand_property_identifier_pattern",
        }
    ),
    attribute=frozenset({"member_expression"}),
    call=frozenset({"call_expression", "new_expression", "jsx_attribute"}),
    assignment=frozenset({"assignment_expression", "variable_declarator"}),
    augmented_assignment=frozenset({"augmented_assignment_expression"}),
    subscript=frozenset({"subscript_expression"}),
    loop=frozenset({"for_statement", "for_in_statement", "while_statement", "do_statement"}),
    function=frozenset(
        {
            "function_declaration",
            "function_expression",
            "function",
            "arrow_function",
            "method_definition",
            "generator_function_declaration",
            "generator_function",
        }
    ),
    class_def=frozenset({"class_declaration", "class", "abstract_class_declaration"}),
    string=frozenset({"string", "template_string"}),
    comment=frozenset({"comment", "html_comment"}),
    true_literals=frozenset({"true"}),
    false_literals=frozenset({"false"}),
    null_literals=frozenset({"null", "undefined"}),
    number=frozenset({"number"}),
    self_names=frozenset({"this"}),
    conditional=frozenset({"ternary_expression"}),
    switch=frozenset({"switch_statement"}),
    # `break`/`continue` leave the loop or iteration with their state; only throw ends a path
    jump_statements=frozenset({"throw_statement"}),
)
