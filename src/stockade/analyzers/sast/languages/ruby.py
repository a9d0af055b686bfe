"""Ruby: Rails controllers and Sinatra routes as people write them.

In Ruby a method call without arguments looks like an attribute read (``request.body``), so
every ``call`` node is a call and names are rendered without parentheses for argument-less
calls (``request.body.read``); sources are written with ``()`` as the engine looks them up
(``request.body.read()``); backticks are the call ``subshell``. ``params``, ``cookies`` and ``session`` are bare identifiers.
Blocks (``do ... end``, ``{ |x| ... }``) are functions; the engine analyses them with the
environment at their definition point, which covers Sinatra routes (``get '/' do ... end``)
and iterators inside actions. ``unless`` is an ``if`` with its branches swapped; statement
modifiers (``x if cond``) are branches too. Symbols are constants (``:id`` is ``"id"``), so
``params[:id]`` and ``params["id"]`` denote the same element.

ERB views (``.erb``) are read as the Ruby they run (``erb.py``), so the same rules see what a
template prints unescaped. A Sinatra route block's parameters (``get "/n/:id" do |id|``) are
request input; any other block's parameters are bound where the block is passed data.
"""

from __future__ import annotations

import re
from typing import Any, cast

import tree_sitter as ts
import tree_sitter_ruby

from stockade.analyzers.sast.languages.base import (
    NOT_CONSTANT,
    CallParts,
    FunctionParts,
    LanguageAdapter,
    Node,
)
from stockade.analyzers.sast.languages.erb import ErbParser

_STRING_PARTS = frozenset({"string_content", "escape_sequence"})
_NEGATED = frozenset({"unless", "unless_modifier"})
# ActiveRecord methods whose array argument is [sql, *bind_values]
ARRAY_CONDITIONS = frozenset(
    {"where", "find_by_sql", "count_by_sql", "having", "order", "select", "joins", "not", "exists?"}
)
# a path resolved to its absolute, normalised form: a prefix check on it confines the path
_RESOLVED = re.compile(
    r"^(?:File\.(?:expand_path|realpath|absolute_path)\b|.*\.(?:realpath|expand_path|cleanpath)\b)"
)
# Sinatra (and Padrino/Hanami-style) route blocks: ``get "/items/:id" do |id|`` receives the
# path's named captures as block parameters
_ROUTE_VERBS = frozenset({"get", "post", "put", "patch", "delete", "options", "link", "unlink"})
# a route that answers something other than HTML (Sinatra's default type is text/html)
_NOT_HTML_ROUTE = re.compile(r"content_type\s*\(?\s*(?::(?!html)\w+|[\"'](?!text/html))|\bjson\b")
# what a route block's last expression must be to be the page: text being built
_RETURNED_TEXT = frozenset({"string", "binary", "chained_string", "heredoc_beginning"})


class RubyAdapter(LanguageAdapter):
    def parser_for(self, file_language: str) -> ts.Parser:
        """ERB views are parsed as the Ruby they run (``languages/erb.py``); the wrapper
        offers the one method the analyzer calls, ``parse``."""
        parser = super().parser_for(file_language)
        return cast(ts.Parser, ErbParser(parser)) if file_language == "erb" else parser

    def dotted_name(self, node: Node) -> str | None:
        t = node.type
        if t in (
            "identifier",
            "constant",
            "instance_variable",
            "self",
            "class_variable",
            "global_variable",
        ):
            return self.text(node)
        if t == "scope_resolution":
            return self.text(node).replace("::", ".")
        if t == "call":
            parts = self.call_parts(node, {})
            if parts is None:
                return None
            bare = node.child_by_field_name("arguments") is None
            return parts.name if bare else f"{parts.name}()"
        if t == "parenthesized_statements" and node.named_children:
            return self.dotted_name(node.named_children[0])
        return None

    def call_parts(self, node: Node, imports: dict[str, str]) -> CallParts | None:
        if node.type == "subshell":  # `cmd #{x}` and %x(cmd #{x}) run a shell
            parts = tuple(self.string_interpolations(node) or ())
            return CallParts("subshell", None, parts, {}, node, "subshell")
        method = node.child_by_field_name("method")
        receiver = node.child_by_field_name("receiver")
        if method is None:
            return None
        name = self.text(method)
        if receiver is not None:
            name = f"{self.dotted_name(receiver) or '?'}.{name}"
        args, kwargs = self.arguments(node.child_by_field_name("arguments"))
        if self.text(method) in ARRAY_CONDITIONS and args and args[0].type == "array":
            # where(["name = ?", x]): Rails binds every element after the first
            first = args[0].named_children[:1]
            args = (*first, *args[1:])
        conditions = kwargs.get("conditions")
        if conditions is not None and conditions.type in ("array", "hash"):
            # find(:all, conditions: ["name = ?", x]): the SQL is the first element, the rest
            # are bound; a hash of conditions is bound entirely
            kwargs = {k: v for k, v in kwargs.items() if k != "conditions"}
            if conditions.type == "array" and conditions.named_children:
                kwargs["conditions"] = conditions.named_children[0]
        block = node.child_by_field_name("block")
        if block is not None:
            kwargs = {**kwargs, "&block": block}
        return CallParts(name, receiver, args, kwargs, node, name)

    def arguments(self, node: Node | None) -> tuple[tuple[Node, ...], dict[str, Node]]:
        if node is None:
            return (), {}
        args: list[Node] = []
        kwargs: dict[str, Node] = {}
        for child in node.named_children:
            if child.type == "pair":
                key, value = child.child_by_field_name("key"), child.child_by_field_name("value")
                constant = self.constant(key) if key is not None else NOT_CONSTANT
                if isinstance(constant, str) and value is not None:
                    kwargs[constant] = value
                    continue
                if key is not None and value is not None:
                    # where(column => value): a hash entry, never positional text (Rails
                    # binds the value and quotes the column)
                    kwargs[f"=>{self.text(key)}"] = value
                    continue
            if child.type == "block_argument":
                # instance_eval(&block), map(&:name): a proc handed over, never text; it
                # runs as the call's block would
                if child.named_children:
                    kwargs["&block"] = child.named_children[0]
                continue
            if child.type not in self.comment:
                args.append(child)
        return tuple(args), kwargs

    def assignment_parts(self, node: Node) -> tuple[list[Node], Node | None]:
        left = node.child_by_field_name("left")
        right = node.child_by_field_name("right")
        if left is not None and left.type in (
            "left_assignment_list",
            "destructured_left_assignment",
        ):
            return list(left.named_children), right
        return ([left] if left is not None else []), right

    def if_parts(self, node: Node) -> tuple[Node | None, list[Node], list[Node]]:
        cond = node.child_by_field_name("condition")
        if node.type in ("if_modifier", "unless_modifier"):
            body = node.child_by_field_name("body")
            then, alts = ([body] if body is not None else []), []
        else:
            consequence = node.child_by_field_name("consequence")
            alternative = node.child_by_field_name("alternative")
            then = [consequence] if consequence is not None else []
            alts = [alternative] if alternative is not None else []
        if node.type in _NEGATED:
            return cond, alts, then
        return cond, then, alts

    def function_parts(self, node: Node) -> FunctionParts | None:
        name_node = node.child_by_field_name("name")
        params = node.child_by_field_name("parameters")
        names: list[str] = []
        for param in params.named_children if params is not None else ():
            ident = param if param.type == "identifier" else param.child_by_field_name("name")
            if ident is not None:
                names.append(self.text(ident))
        name = self.text(name_node) if name_node is not None else "<block>"
        body = node.child_by_field_name("body")
        return FunctionParts(name, tuple(names), body, self.framework_sources(node, tuple(names)))

    def guard(self, cond: Node) -> tuple[str, bool] | None:
        """Besides the generic guards, ``path.start_with?(base)`` where ``path`` was
        assigned ``File.expand_path(...)``/``realpath`` in the same method: the resolved
        path stays under ``base`` (a prefix check on an unresolved path proves nothing, as
        ``uploads/../../etc/passwd`` starts with ``uploads/``)."""
        found = super().guard(cond)
        if found is not None:
            return found
        node = cond
        while node.type == "parenthesized_statements" and node.named_children:
            node = node.named_children[-1]
        if node.type != "call":
            return None
        method = node.child_by_field_name("method")
        receiver = node.child_by_field_name("receiver")
        if (
            method is None
            or self.text(method) != "start_with?"
            or receiver is None
            or receiver.type != "identifier"
        ):
            return None
        name = self.text(receiver)
        return (name, True) if self._assigned_resolved_path(node, name) else None

    def _assigned_resolved_path(self, node: Node, name: str) -> bool:
        scope = node.parent
        while scope is not None and scope.type not in self.function:
            scope = scope.parent
        if scope is None:
            return False
        stack = [scope]
        while stack:
            current = stack.pop()
            if current.type == "assignment":
                left = current.child_by_field_name("left")
                right = current.child_by_field_name("right")
                if (
                    left is not None
                    and right is not None
                    and self.text(left) == name
                    and _RESOLVED.match(self.text(right))
                ):
                    return True
            stack.extend(current.named_children)
        return False

    def entry_point(self, node: Node) -> bool:
        """A block's parameters are what its method yields (``each``, ``map``, a route's
        captures): the engine binds them where the block is passed with data, so on its
        own a block is not a function some caller hands arbitrary arguments to."""
        return node.type in ("block", "do_block", "lambda")

    def framework_sources(self, node: Node, params: tuple[str, ...]) -> frozenset[str]:
        """A Sinatra route block's parameters are the URL's captures (``|id|``)."""
        return frozenset(params) if self._route_block(node) else frozenset()

    def _route_block(self, node: Node) -> bool:
        """``get "/path" do … end``: a block given to a receiver-less route verb whose first
        argument is the path (a string or a regex)."""
        call = node.parent
        if node.type not in ("block", "do_block") or call is None or call.type != "call":
            return False
        method = call.child_by_field_name("method")
        args = call.child_by_field_name("arguments")
        return not (
            call.child_by_field_name("receiver") is not None
            or method is None
            or self.text(method) not in _ROUTE_VERBS
            or args is None
            or not args.named_children
            or args.named_children[0].type not in ("string", "regex")
        )

    def return_sink(self, fn: Node) -> str | None:
        """A Sinatra route block's value is the response body, text/html unless the block
        sets another ``content_type`` or answers JSON."""
        if not self._route_block(fn) or _NOT_HTML_ROUTE.search(self.text(fn)):
            return None
        return "<return-html>"

    def returned_body(self, node: Node) -> Node | None:
        """Only text being built is the page; a rendered template (``erb :view``), a
        redirect's value or a variable of unknown kind is not judged here."""
        while node.type == "parenthesized_statements" and node.named_children:
            node = node.named_children[-1]
        return node if node.type in _RETURNED_TEXT else None

    def return_value(self, node: Node) -> Node | None:
        values = node.named_children[0] if node.named_children else None
        if (
            values is not None
            and values.type == "argument_list"
            and len(values.named_children) == 1
        ):
            return values.named_children[0]
        return values

    def subscript_parts(self, node: Node) -> tuple[Node | None, Node | None]:
        obj = node.child_by_field_name("object")
        rest = [c for c in node.named_children if c != obj and c.type not in self.comment]
        return obj, rest[0] if rest else None

    def container_elements(self, node: Node) -> list[tuple[Any, Node]] | None:
        if node.type == "array":
            items = [c for c in node.named_children if c.type not in self.comment]
            return [(float(i), c) for i, c in enumerate(items)]
        if node.type != "hash":
            return None
        pairs: list[tuple[Any, Node]] = []
        for pair in node.named_children:
            key, value = pair.child_by_field_name("key"), pair.child_by_field_name("value")
            if pair.type != "pair" or key is None or value is None:
                return None
            pairs.append((self.constant(key), value))
        return pairs

    def string_interpolations(self, node: Node) -> list[Node] | None:
        inner = [
            grandchild
            for child in node.named_children
            if child.type == "interpolation"
            for grandchild in child.named_children
        ]
        return inner or None

    def string_value(self, node: Node) -> Any:
        return "".join(self.text(c) for c in node.named_children if c.type in _STRING_PARTS)

    def constant(self, node: Node) -> Any:
        t = node.type
        if t == "simple_symbol":
            return self.text(node)[1:]
        if t == "hash_key_symbol":
            return self.text(node)
        if t == "delimited_symbol":
            return self.string_value(node)
        if t == "integer":
            try:
                return float(self.text(node).replace("_", ""))
            except ValueError:
                return NOT_CONSTANT
        return super().constant(node)


RUBY = RubyAdapter(
    name="ruby",
    guard_calls=(("*.include?", 0), ("*.key?", 0), ("*.has_key?", 0), ("*.member?", 0)),
    implicit_return=True,
    file_languages=("ruby", "erb"),
    loader=tree_sitter_ruby.language,
    identifier=frozenset(
        {"identifier", "constant", "instance_variable", "class_variable", "global_variable"}
    ),
    attribute=frozenset(),
    call=frozenset({"call", "subshell"}),
    assignment=frozenset({"assignment"}),
    augmented_assignment=frozenset({"operator_assignment"}),
    subscript=frozenset({"element_reference"}),
    if_statement=frozenset({"if", "unless", "elsif", "if_modifier", "unless_modifier"}),
    conditional=frozenset({"conditional"}),
    loop=frozenset({"while", "until", "for", "while_modifier", "until_modifier"}),
    function=frozenset({"method", "singleton_method", "block", "do_block", "lambda"}),
    class_def=frozenset({"class", "module"}),
    return_statement=frozenset({"return"}),
    try_statement=frozenset({"begin"}),
    catch_clause=frozenset({"rescue"}),
    finally_clause=frozenset({"ensure"}),
    block_types=frozenset({"then", "body_statement"}),
    string=frozenset({"string", "heredoc_body"}),
    true_literals=frozenset({"true"}),
    false_literals=frozenset({"false"}),
    null_literals=frozenset({"nil"}),
    number=frozenset({"float"}),
    self_names=frozenset({"self"}),
)
