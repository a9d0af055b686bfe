"""PHP: plain superglobals and Laravel as people write them.

Names are rendered with ``.`` whatever the PHP operator: ``$pdo->query`` is ``$pdo.query``,
``DB::raw`` is ``DB.raw``; variables keep their ``$`` so superglobals (``$_GET``) are sources
by name. Typed parameters and ``$x = new Foo(...)`` are reported as import aliases, so
``$request->input()`` with ``Request $request`` is ``Request.input`` and ``$xp->query()``
after ``$xp = new DOMXPath($doc)`` is ``DOMXPath.query``.

Language constructs that behave like calls are calls here: ``echo``/``print``/``<?=``
(named ``echo``; ``<?=`` is ``php.echo``), ``include``/``require`` (``include``), backticks (``shell``), ``exit``
(``exit``), ``throw`` (``throw``) and casts (``(int)``), so rules and sanitizers can name them.
A few calls are renamed by their constant arguments: ``header("Location: ..." . $x)`` is
``header#location``, ``curl_setopt($ch, CURLOPT_URL, $x)`` is ``curl_setopt#url``, and
``unserialize($x, ['allowed_classes' => false])`` is ``unserialize#restricted``, reads of
standard input are ``#stdin`` (``fgets#stdin``, ``fopen#stdin``) and of the raw request body
``#input`` (``file_get_contents('php://input')``), and a header
call naming ``Access-Control-Allow-Origin`` (``header("Access-Control-Allow-Origin: " . $o)``,
``$response->headers->set('Access-Control-Allow-Origin', $o)``) gains ``#cors`` (one naming
``Location``: ``$response->withHeader('Location', $url)``, ``#location``).

Controller actions are entry points: a method with a route attribute or annotation
(``#[Route('/posts/{slug}')]``, ``@Route``), or a public method of a ``*Controller`` class
(Laravel's router passes route segments by name). Their untyped, ``string`` and ``mixed``
parameters are route segments (request sources); ``int``/``bool`` ones were converted and
class-typed ones are injected services, bound models or the request object.

Blade templates (``*.blade.php``) are read as the PHP they compile to (:func:`blade_to_php`),
so PHP's rules see which output skips escaping.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, cast

import tree_sitter as ts
import tree_sitter_php

from stockade.analyzers.sast.languages.base import (
    NOT_CONSTANT,
    NUMERIC_OPERATORS,
    CallParts,
    FunctionParts,
    LanguageAdapter,
    Node,
    descendants,
    resolve_import,
    unparenthesized,
)

_CONSTRUCTS = {
    "echo_statement": "echo",
    "print_intrinsic": "echo",
    "include_expression": "include",
    "include_once_expression": "include",
    "require_expression": "include",
    "require_once_expression": "include",
    "shell_command_expression": "shell",
    "exit_statement": "exit",
    "throw_expression": "throw",
}
_STRING_PARTS = frozenset({"string_content", "escape_sequence", "string_value", "heredoc_body"})
# route attributes of Symfony and of spatie/laravel-route-attributes
_ROUTE_ATTRIBUTES = frozenset({"Route", "Get", "Post", "Put", "Patch", "Delete", "Any"})
# calls whose closure's returned string is sent as the page: Laravel routes (a string becomes a
# text/html response) and WordPress shortcodes (the returned markup replaces the shortcode)
_HTML_RETURNING_CALLS = re.compile(
    r"^(?:\\?Route::(?:get|post|put|patch|delete|any|match)|add_shortcode)$"
)
# what a returned expression must be to be the page: text being built, not a view object, an
# array (Laravel answers it as JSON) or a variable of unknown kind
_RETURNED_TEXT = frozenset({"encapsed_string", "string", "heredoc", "binary_expression"})
_ROUTE_ANNOTATION = re.compile(r"@(?:Route|Get|Post|Put|Patch|Delete)\(")
# parameter types the router fills with the segment's text unconverted
_TEXT_TYPES = frozenset({"string", "mixed"})
_CORS_HEADER = "access-control-allow-origin"
# constants naming a directory of the server (folded as absolute paths, so a path built on
# them cannot be a URL or a stream wrapper)
_DIRECTORY_CONSTANTS = frozenset(
    {"__DIR__", "__FILE__", "ABSPATH", "WP_CONTENT_DIR", "WP_PLUGIN_DIR", "BASEPATH", "APPPATH"}
)
_MAX_JOINED = 16
# reads of the STDIN stream (``fgets(STDIN)``, named ``fgets#stdin``) and opens of
# ``php://stdin`` / ``php://input`` (the raw request body: ``file_get_contents#input``)
_STREAM_READS = frozenset(
    {"fgets", "fgetc", "fgetcsv", "fread", "fscanf", "stream_get_contents", "stream_get_line"}
)
_STREAM_OPENS = frozenset({"file_get_contents", "fopen", "file", "new SplFileObject"})


# ---- Blade -------------------------------------------------------------------------------

BLADE_OUTPUT = b"__blade_out__"
BLADE_RAW = b"__blade_raw__"
BLADE_URL = b"__blade_url__"
# what only a Blade template holds: raw echoes, Blade comments, the directives of layouts,
# loops and conditions (a Vue or Angular template inside a PHP page has ``{{ x }}`` too, but
# none of these). Directives that take arguments count with their "(": PHPDoc's ``@method``
# and PHPStan's ``@extends Collection<int, User>`` are no Blade.
_BLADE_MARKERS = re.compile(
    rb"\{!!|\{\{--|@(?:extends|section|yield|foreach|forelse|if|unless|isset|auth|can|include"
    rb"|push|stack|props|component|slot|method)\s*\(|@(?:endsection|endforeach|endforelse|endif"
    rb"|endunless|endisset|endauth|endguest|endcan|endpush|endcomponent|endslot|php|endphp"
    rb"|csrf|show|stop|parent)\b"
)
_BLADE_TAGS = re.compile(rb"@?\{\{--|@?\{!!|@?\{\{|@php\s*\(|@php\b|<\?(?:php\b|=)?")
_BLADE_CLOSE = {b"{{--": b"--}}", b"{!!": b"!!}", b"{{": b"}}", b"@php": b"@endphp"}
# HTML just before an echo that makes it the start of a URL attribute's value
_BLADE_URL_ATTRIBUTE = re.compile(rb"""\b(?:href|src|action|formaction)\s*=\s*["']?$""", re.I)
_BLADE_LOOK_BACK = 64


def blade_to_php(data: bytes) -> bytes:
    """The PHP a Blade template runs, with the template's line breaks (findings keep its
    line numbers); other PHP comes back unchanged.

    Blade echoes are HTML text to PHP's grammar, so rules would never see them. In the
    template's text (not inside ``<?php ... ?>``): ``{!! x !!}`` (printed raw) becomes
    ``<?php __blade_raw__(x); ?>``, ``{{ x }}`` (escaped) ``__blade_out__(x)``, or
    ``__blade_url__(x)`` when it opens an ``href``/``src``/``action`` value, where escaping
    does not stop a ``javascript:`` URL; ``{{-- comments --}}`` become their newlines and
    ``@php ... @endphp`` the PHP inside (``@php($x = 1)`` stays text). ``@{{ x }}`` is
    literal text. The scan goes from tag to tag with ``re.search``/``bytes.find``, so its
    cost is linear in the file's size.
    """
    if not _BLADE_MARKERS.search(data):
        return data
    out: list[bytes] = []
    pos = 0
    while True:
        tag = _BLADE_TAGS.search(data, pos)
        if tag is None:
            break
        opener = tag.group()
        text = data[pos : tag.start()]
        if opener.startswith(b"<?"):  # PHP the template holds: copied as it is
            end = data.find(b"?>", tag.end())
            stop = len(data) if end < 0 else end + 2
            out.append(text + data[tag.start() : stop])
            pos = stop
            continue
        if opener.startswith(b"@php"):
            if opener.endswith(b"("):  # @php($x = 1): one expression, kept as text
                out.append(text + opener)
                pos = tag.end()
                continue
            opener = b"@php"
        elif opener.startswith(b"@"):  # @{{ x }}: a literal "{{ x }}"
            out.append(text + opener[1:])
            pos = tag.end()
            continue
        end = data.find(_BLADE_CLOSE[opener], tag.end())
        if end < 0:
            break  # an unclosed tag: the rest is text
        body = data[tag.end() : end]
        pos = end + len(_BLADE_CLOSE[opener])
        out.append(text)
        if opener == b"{{--":
            out.append(b"\n" * body.count(b"\n"))
        elif opener == b"@php":
            out.append(b"<?php " + body + b" ?>")
        else:
            marker = BLADE_RAW
            if opener == b"{{":
                url = _BLADE_URL_ATTRIBUTE.search(text[-_BLADE_LOOK_BACK:])
                marker = BLADE_URL if url else BLADE_OUTPUT
            out.append(b"<?php " + marker + b"(" + body + b"); ?>")
    out.append(data[pos:])
    return b"".join(out)


class BladeAwareParser:
    """A PHP parser that reads Blade templates as their PHP: the analyzer only calls
    ``parse`` on it."""

    def __init__(self, php: ts.Parser) -> None:
        self._php = php

    def parse(self, data: bytes) -> ts.Tree:
        return self._php.parse(blade_to_php(data))


class PhpAdapter(LanguageAdapter):
    def parser_for(self, file_language: str) -> ts.Parser:
        """A Blade template is a ``.php`` file too (``show.blade.php``), and the analyzer
        hands the parser bytes without a path: the wrapper tells a template by its markers
        and leaves other PHP alone."""
        return cast(ts.Parser, BladeAwareParser(super().parser_for(file_language)))

    # -- names ---------------------------------------------------------------------------------

    def attribute_parts(self, node: Node) -> tuple[Node | None, str | None]:
        obj = node.child_by_field_name("object") or node.child_by_field_name("scope")
        attr = node.child_by_field_name("name")
        return obj, self.text(attr) if attr is not None else None

    def dotted_name(self, node: Node) -> str | None:
        t = node.type
        if t == "throw_expression":
            return "exit"  # leaves the function: a guard branch ending in it does not fall through
        if t in ("variable_name", "name", "qualified_name", "relative_scope"):
            return self.text(node).lstrip("\\")
        if t == "parenthesized_expression" and node.named_children:
            return self.dotted_name(node.named_children[0])
        if t in self.attribute or t == "class_constant_access_expression":
            obj, attr = self.attribute_parts(node)
            if t == "class_constant_access_expression" and len(node.named_children) == 2:
                obj, attr = node.named_children[0], self.text(node.named_children[1])
            base = self.dotted_name(obj) if obj is not None else None
            return f"{base or '?'}.{attr}" if attr else None
        if t in self.call:
            parts = self.call_parts(node, {})
            return f"{parts.name}()" if parts else None
        return None

    def imports(self, root: Node) -> dict[str, str]:
        aliases: dict[str, str] = {}
        for node in descendants(root, "simple_parameter", "property_promotion_parameter"):
            kind, name = node.child_by_field_name("type"), node.child_by_field_name("name")
            if kind is not None and name is not None:
                aliases[self.text(name)] = self.text(kind).lstrip("?\\").rsplit("\\", 1)[-1]
        for node in descendants(root, "assignment_expression"):
            left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
            if (
                left is not None
                and right is not None
                and left.type == "variable_name"
                and right.type == "object_creation_expression"
                and right.named_children
            ):
                cls = self.text(right.named_children[0]).lstrip("\\").rsplit("\\", 1)[-1]
                aliases[self.text(left)] = cls
        return aliases

    # -- calls -----------------------------------------------------------------------------------

    def call_parts(self, node: Node, imports: dict[str, str]) -> CallParts | None:
        t = node.type
        if t in _CONSTRUCTS:
            return CallParts(
                _CONSTRUCTS[t], None, tuple(self._construct_args(node)), {}, node, _CONSTRUCTS[t]
            )
        if t == "expression_statement":
            return self._short_echo(node)
        if t == "cast_expression":
            kind = node.child_by_field_name("type")
            value = node.child_by_field_name("value")
            name = f"({self.text(kind).lower()})" if kind is not None else "(cast)"
            return CallParts(name, None, (value,) if value is not None else (), {}, node, name)
        args = self._args(node.child_by_field_name("arguments") or _child(node, "arguments"))
        if t == "object_creation_expression":
            cls = node.named_children[0] if node.named_children else None
            raw = "new " + (self.text(cls).lstrip("\\").rsplit("\\", 1)[-1] if cls else "?")
            return CallParts(raw, None, args, {}, node, raw)
        receiver = node.child_by_field_name("object") or node.child_by_field_name("scope")
        fn = node.child_by_field_name("function") or node.child_by_field_name("name")
        if fn is None:
            return None
        method = self.dotted_name(fn) or "?"
        raw = f"{self.dotted_name(receiver) or '?'}.{method}" if receiver is not None else method
        variant = self._variant(raw, args)
        if variant:  # the raw name must not match the plain call's sinks either
            raw += variant
        return CallParts(resolve_import(raw, imports), receiver, args, {}, node, raw)

    def _args(self, node: Node | None) -> tuple[Node, ...]:
        if node is None:
            return ()
        out = []
        for arg in node.named_children:
            if arg.type == "argument" and arg.named_children:
                out.append(arg.named_children[-1])
            elif arg.type not in self.comment:
                out.append(arg)
        return tuple(out)

    def _construct_args(self, node: Node) -> Iterator[Node]:
        for child in node.named_children:
            if child.type == "sequence_expression":
                yield from (c for c in child.named_children if c.type not in self.comment)
            elif child.type not in self.comment and child.type not in _STRING_PARTS:
                yield child

    def _short_echo(self, node: Node) -> CallParts | None:
        previous = node.prev_sibling
        if previous is None or previous.type != "text_interpolation":
            return None
        if not self.text(previous).rstrip().endswith("<?="):
            return None
        return CallParts("php.echo", None, tuple(node.named_children), {}, node, "php.echo")

    def _variant(self, raw: str, args: tuple[Node, ...]) -> str:
        if raw == "header" and args and self._leading_text(args[0]).lower().startswith("location:"):
            return "#location"
        if raw == "curl_setopt" and len(args) > 1 and self.text(args[1]) == "CURLOPT_URL":
            return "#url"
        if raw == "unserialize" and len(args) > 1 and "allowed_classes" in self.text(args[1]):
            return "#restricted"
        if raw in _STREAM_READS and args and self.text(args[0]) == "STDIN":
            return "#stdin"
        if raw in _STREAM_OPENS and args:
            stream = self._leading_text(args[0]).lower()
            if stream in ("php://stdin", "php://input"):
                return "#" + stream[6:]
        if (
            raw == "header"
            and args
            and self._leading_text(args[0]).lower().startswith(_CORS_HEADER + ":")
        ):
            return "#cors"
        if "." in raw and args and self._leading_text(args[0]).lower() == _CORS_HEADER:
            return "#cors"  # $response->headers->set('Access-Control-Allow-Origin', $origin)
        if "." in raw and len(args) > 1 and self._leading_text(args[0]).lower() == "location":
            return "#location"  # $response->withHeader('Location', $url)
        return ""

    def _leading_text(self, node: Node) -> str:
        while node.type == "binary_expression" and node.child_by_field_name("left") is not None:
            node = node.child_by_field_name("left")  # type: ignore[assignment]
        if node.type in self.string:
            return "".join(self.text(c) for c in node.named_children if c.type in _STRING_PARTS)
        return ""

    # -- statements --------------------------------------------------------------------------

    def assignment_parts(self, node: Node) -> tuple[list[Node], Node | None]:
        if node.type == "pair":  # foreach ($rows as $key => $row)
            loop = node.parent
            source = loop.named_children[0] if loop is not None and loop.named_children else None
            return list(node.named_children[1:]), source
        left = node.child_by_field_name("left")
        right = node.child_by_field_name("right")
        if left is not None and left.type == "list_literal":
            return list(left.named_children), right
        return ([left] if left is not None else []), right

    def if_parts(self, node: Node) -> tuple[Node | None, list[Node], list[Node]]:
        cond = node.child_by_field_name("condition")
        body = node.child_by_field_name("body")
        alts = node.children_by_field_name("alternative")
        return cond, [body] if body is not None else [], list(alts)

    def conditional_parts(self, node: Node) -> tuple[Node | None, Node | None, Node | None]:
        return (
            node.child_by_field_name("condition"),
            node.child_by_field_name("body"),
            node.child_by_field_name("alternative"),
        )

    def switch_parts(
        self, node: Node
    ) -> tuple[Node | None, list[tuple[list[Node], list[Node]]]] | None:
        block = node.child_by_field_name("body")
        cases: list[tuple[list[Node], list[Node]]] = []
        for case in block.named_children if block is not None else ():
            if case.type not in ("case_statement", "default_statement"):
                continue
            value = case.child_by_field_name("value")
            body = [c for c in case.named_children if c != value and c.type not in self.comment]
            cases.append(([value] if value is not None else [], body))
        return node.child_by_field_name("condition"), cases

    def function_parts(self, node: Node) -> FunctionParts | None:
        name_node = node.child_by_field_name("name")
        params = node.child_by_field_name("parameters")
        names = []
        for param in params.named_children if params is not None else ():
            param_name = param.child_by_field_name("name")
            if param_name is not None:
                names.append(self.text(param_name))
        name = self.text(name_node) if name_node is not None else "<anonymous>"
        body = node.child_by_field_name("body")
        return FunctionParts(name, tuple(names), body, self.framework_sources(node, tuple(names)))

    def framework_sources(self, node: Node, params: tuple[str, ...]) -> frozenset[str]:
        if not self.entry_point(node):
            return frozenset()
        plist = node.child_by_field_name("parameters")
        found: set[str] = set()
        for param in plist.named_children if plist is not None else ():
            name, kind = param.child_by_field_name("name"), param.child_by_field_name("type")
            if param.type != "simple_parameter" or name is None:
                continue
            if kind is None or self.text(kind).lstrip("?").lower() in _TEXT_TYPES:
                found.add(self.text(name))
        return frozenset(found)

    def entry_point(self, node: Node) -> bool:
        if node.type != "method_declaration":
            return False
        if self._route_attribute(node) or self._route_annotation(node):
            return True
        name = node.child_by_field_name("name")
        method = self.text(name) if name is not None else ""
        if method.startswith("__") and method != "__invoke":
            return False
        visibility = _child(node, "visibility_modifier")
        if visibility is not None and self.text(visibility) != "public":
            return False
        cls = node.parent.parent if node.parent is not None else None
        base = _child(cls, "base_clause") if cls is not None else None
        parent = base.named_children[-1] if base is not None and base.named_children else None
        return parent is not None and self.text(parent).endswith("Controller")

    def _route_attribute(self, node: Node) -> bool:
        attributes = node.child_by_field_name("attributes")
        for attribute in descendants(attributes, "attribute") if attributes is not None else ():
            name = attribute.named_children[0] if attribute.named_children else None
            if name is not None and self.text(name).rsplit("\\", 1)[-1] in _ROUTE_ATTRIBUTES:
                return True
        return False

    def _route_annotation(self, node: Node) -> bool:
        doc = node.prev_named_sibling
        return (
            doc is not None
            and doc.type in self.comment
            and bool(_ROUTE_ANNOTATION.search(self.text(doc)))
        )

    def return_value(self, node: Node) -> Node | None:
        named = [c for c in node.named_children if c.type not in self.comment]
        return named[0] if named else None

    def return_sink(self, fn: Node) -> str | None:
        """Functions whose returned string is the HTML page (``<return-html>``): a public
        action of a class extending a ``Controller`` (Laravel, Yii, CodeIgniter send a
        returned string as text/html), and the closure of a Laravel route or a WordPress
        shortcode."""
        if fn.type == "method_declaration":
            visibility = next(
                (c for c in fn.named_children if c.type == "visibility_modifier"), None
            )
            if visibility is not None and self.text(visibility) != "public":
                return None
            owner = fn.parent.parent if fn.parent is not None else None
            base = (
                next((c for c in owner.named_children if c.type == "base_clause"), None)
                if owner is not None and owner.type == "class_declaration"
                else None
            )
            return "<return-html>" if base is not None and "Controller" in self.text(base) else None
        if fn.type != "anonymous_function":
            return None
        holder = fn.parent.parent.parent if fn.parent and fn.parent.parent else None
        if holder is None or holder.type not in (
            "function_call_expression",
            "scoped_call_expression",
        ):
            return None
        arguments = holder.child_by_field_name("arguments")
        if arguments is None:
            return None
        callee = self.text(holder)[: arguments.start_byte - holder.start_byte].strip()
        return "<return-html>" if _HTML_RETURNING_CALLS.match(callee) else None

    def returned_body(self, node: Node) -> Node | None:
        """Only text being built is the page: a view, a response object, an array (JSON) or a
        variable of unknown kind is not judged here."""
        node = unparenthesized(node)
        return node if node.type in _RETURNED_TEXT else None

    def subscript_parts(self, node: Node) -> tuple[Node | None, Node | None]:
        named = [c for c in node.named_children if c.type not in self.comment]
        return (named[0] if named else None), (named[1] if len(named) > 1 else None)

    def container_elements(self, node: Node) -> list[tuple[Any, Node]] | None:
        if node.type != "array_creation_expression":
            return None
        pairs: list[tuple[Any, Node]] = []
        index = 0
        for element in node.named_children:
            if element.type != "array_element_initializer" or not element.named_children:
                continue
            kids = element.named_children
            if len(kids) == 2:
                pairs.append((self.constant(kids[0]), kids[1]))
            else:
                pairs.append((float(index), kids[0]))
                index += 1
        return pairs

    def string_interpolations(self, node: Node) -> list[Node] | None:
        if node.type == "string":
            return None
        inner = [c for c in node.named_children if c.type not in _STRING_PARTS]
        return inner or None

    def string_value(self, node: Node) -> Any:
        return "".join(self.text(c) for c in node.named_children if c.type in _STRING_PARTS)

    def constant(self, node: Node) -> Any:
        if node.type == "boolean":
            return self.text(node).lower() == "true"
        if node.type == "null":
            return None
        if node.type == "name" and self.text(node) in _DIRECTORY_CONSTANTS:
            return "/" + self.text(node)  # an absolute directory of this host, never a URL
        if node.type == "binary_expression":
            return self._joined(node)
        return super().constant(node)

    def _joined(self, node: Node) -> Any:
        """``__DIR__ . '/views/'``: a concatenation of constants, walked down its left side
        without recursion and given up past a few operands (every prefix of a long chain is
        asked again)."""
        parts: list[Any] = []
        while node.type == "binary_expression" and len(parts) < _MAX_JOINED:
            operator = node.child_by_field_name("operator")
            right = node.child_by_field_name("right")
            if operator is None or operator.type != "." or right is None:
                return NOT_CONSTANT
            parts.append(self.constant(right) if right.type != "binary_expression" else None)
            left = node.child_by_field_name("left")
            if left is None:
                return NOT_CONSTANT
            node = left
        if node.type == "binary_expression":
            return NOT_CONSTANT
        parts.append(self.constant(node))
        if not all(isinstance(p, str) for p in parts):
            return NOT_CONSTANT
        return "".join(reversed(parts))


def _child(node: Node, kind: str) -> Node | None:
    return next((c for c in node.named_children if c.type == kind), None)


PHP = PhpAdapter(
    name="php",
    guard_calls=(
        ("in_array", 0),
        ("array_key_exists", 0),
        ("ctype_digit", 0),
        ("ctype_alnum", 0),
        ("ctype_alpha", 0),
        ("is_numeric", 0),
        ("is_int", 0),
    ),
    file_languages=("php",),
    loader=tree_sitter_php.language_php,
    clean_operators=NUMERIC_OPERATORS,
    identifier=frozenset({"variable_name"}),
    attribute=frozenset(
        {
            "member_access_expression",
            "nullsafe_member_access_expression",
            "scoped_property_access_expression",
        }
    ),
    call=frozenset(
        {
            "function_call_expression",
            "member_call_expression",
            "nullsafe_member_call_expression",
            "scoped_call_expression",
            "object_creation_expression",
            "cast_expression",
            "expression_statement",
            *_CONSTRUCTS,
        }
    ),
    assignment=frozenset({"assignment_expression", "reference_assignment_expression", "pair"}),
    augmented_assignment=frozenset({"augmented_assignment_expression"}),
    subscript=frozenset({"subscript_expression"}),
    if_statement=frozenset({"if_statement", "else_if_clause"}),
    conditional=frozenset({"conditional_expression"}),
    switch=frozenset({"switch_statement"}),
    loop=frozenset({"foreach_statement", "for_statement", "while_statement", "do_statement"}),
    function=frozenset(
        {"function_definition", "method_declaration", "anonymous_function", "arrow_function"}
    ),
    class_def=frozenset({"class_declaration", "trait_declaration"}),
    string=frozenset({"string", "encapsed_string", "heredoc", "nowdoc"}),
    true_literals=frozenset(),
    false_literals=frozenset(),
    null_literals=frozenset({"null"}),
    number=frozenset({"integer", "float"}),
    self_names=frozenset({"$this", "self", "static"}),
    # ``exit;`` / ``exit(1);`` end the script: a guard branch holding one does not fall through
    jump_statements=frozenset(
        {"exit_statement", "continue_statement", "break_statement", "throw_statement"}
    ),
)

__all__ = ["NOT_CONSTANT", "PHP"]
