"""What the engine needs to know about a language's syntax tree.

The taint engine is generic: it asks the adapter whether a node is an assignment, a call,
a branch, a function, …, and what its parts are. An adapter is mostly a table of
tree-sitter node types plus a few small methods where a grammar is irregular. Anything the
adapter does not recognise is treated as an expression whose taint is the union of its
children's, which is the safe default for operators, literals with interpolation,
parentheses, arrays and the like.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import tree_sitter as ts

Node = ts.Node


class NotConstant:
    """Marker for "this expression has no value known at analysis time"."""

    def __repr__(self) -> str:
        return "NOT_CONSTANT"


NOT_CONSTANT: Any = NotConstant()
_EQUALITY = frozenset({"==", "===", "!=", "!=="})


@dataclass(frozen=True)
class CallParts:
    """A call: its dotted callee name (imports resolved), receiver, arguments."""

    name: str
    receiver: Node | None
    args: tuple[Node, ...]
    kwargs: dict[str, Node]
    node: Node
    raw_name: str = ""  # as written, before import resolution


@dataclass(frozen=True)
class FunctionParts:
    name: str
    params: tuple[str, ...]
    body: Node | None
    source_params: frozenset[str] = frozenset()  # parameters that are untrusted by framework


@dataclass
class LanguageAdapter:
    """Base adapter; subclasses fill in node types and override where needed."""

    name: str
    file_languages: tuple[str, ...]
    loader: Callable[[], Any]
    identifier: frozenset[str] = frozenset({"identifier"})
    attribute: frozenset[str] = frozenset()
    call: frozenset[str] = frozenset()
    assignment: frozenset[str] = frozenset()
    augmented_assignment: frozenset[str] = frozenset()
    subscript: frozenset[str] = frozenset()
    if_statement: frozenset[str] = frozenset({"if_statement"})
    loop: frozenset[str] = frozenset()
    function: frozenset[str] = frozenset()
    class_def: frozenset[str] = frozenset()
    return_statement: frozenset[str] = frozenset({"return_statement"})
    string: frozenset[str] = frozenset()
    comment: frozenset[str] = frozenset({"comment"})
    true_literals: frozenset[str] = frozenset({"true"})
    false_literals: frozenset[str] = frozenset({"false"})
    null_literals: frozenset[str] = frozenset()
    number: frozenset[str] = frozenset()
    self_names: frozenset[str] = frozenset({"self", "this"})
    conditional: frozenset[str] = frozenset()  # ternary expressions
    switch: frozenset[str] = frozenset()
    try_statement: frozenset[str] = frozenset({"try_statement"})
    catch_clause: frozenset[str] = frozenset(
        {"except_clause", "except_group_clause", "catch_clause"}
    )
    finally_clause: frozenset[str] = frozenset({"finally_clause"})
    break_statement: frozenset[str] = frozenset({"break_statement"})
    integer_division: bool = False
    # binary operators whose result is a number or a Boolean whatever the operands hold
    # (``page - 1``, ``a === b``): no text of the input survives them
    clean_operators: frozenset[str] = frozenset({"==", "!=", "<", ">", "<=", ">="})
    switch_fallthrough: bool = True  # C-family switch; False for Go, Ruby, PHP match
    # a function returns the value of its last statement (Ruby), or an expression body
    implicit_return: bool = False
    # every source is a name written in the file (no framework-filled parameters), so a file
    # without any source's first word skips the data-flow pass
    source_prefilter: bool = False
    # text without which ``framework_sources`` finds nothing (``@Query(`` for
    # ``@Query('q') q``): the source prefilter looks for it too
    framework_source_markers: frozenset[str] = frozenset()
    # words the adapter writes into dotted names without the file holding them (JavaScript's
    # ``jsx.<attribute>`` calls): the taint engine's source gate must not look for them in
    # the text
    synthetic_name_words: frozenset[str] = frozenset()
    # calls that validate one of their arguments where they return true, for the generic
    # ``guard``: callee glob → position of the validated argument (``in_array($x, $ok)``: 0,
    # ``slices.Contains(ok, x)``: 1, ``ALLOWED.include?(x)``: 0)
    guard_calls: tuple[tuple[str, int], ...] = ()
    opaque: frozenset[str] = field(default_factory=frozenset)  # never descend (lambdas…)
    # statements after which a branch does not fall through to the code after the ``if``
    jump_statements: frozenset[str] = frozenset(
        {"raise_statement", "throw_statement", "continue_statement", "break_statement"}
    )
    constructor_names: frozenset[str] = frozenset({"__init__", "constructor", "initialize"})
    block_types: frozenset[str] = frozenset(
        {"block", "statement_block", "compound_statement", "block_statement"}
    )

    @cached_property
    def language(self) -> ts.Language:
        return ts.Language(self.loader())

    def language_for(self, file_language: str) -> ts.Language:
        """The grammar of one file language (an adapter may cover several, e.g. TS and TSX,
        whose node-type ids differ: queries must be compiled per grammar)."""
        return self.language

    def parser_for(self, file_language: str) -> ts.Parser:
        return ts.Parser(self.language_for(file_language))

    # -- names -----------------------------------------------------------------------

    def text(self, node: Node) -> str:
        return (node.text or b"").decode("utf-8", "replace")

    def dotted_name(self, node: Node) -> str | None:
        """``a.b.c`` for identifier/attribute chains, ``f()`` segments for calls."""
        if node.type in self.identifier:
            return self.text(node)
        if node.type in self.attribute:
            obj, attr = self.attribute_parts(node)
            if attr is None:
                return None
            base = self.dotted_name(obj) if obj is not None else None
            return f"{base or '?'}.{attr}"
        if node.type in self.call:
            parts = self.call_parts(node, {})
            return f"{parts.name}()" if parts else None
        return None

    def attribute_parts(self, node: Node) -> tuple[Node | None, str | None]:
        obj = node.child_by_field_name("object")
        attr = node.child_by_field_name("attribute") or node.child_by_field_name("property")
        return obj, self.text(attr) if attr is not None else None

    # -- calls -----------------------------------------------------------------------

    def call_parts(self, node: Node, imports: dict[str, str]) -> CallParts | None:
        fn = node.child_by_field_name("function")
        args_node = node.child_by_field_name("arguments")
        if fn is None:
            return None
        raw = self.dotted_name(fn) or "?"
        receiver = fn.child_by_field_name("object") if fn.type in self.attribute else None
        args, kwargs = self.arguments(args_node)
        return CallParts(resolve_import(raw, imports), receiver, args, kwargs, node, raw)

    def arguments(self, node: Node | None) -> tuple[tuple[Node, ...], dict[str, Node]]:
        if node is None:
            return (), {}
        args = tuple(c for c in node.named_children if c.type not in self.comment)
        return args, {}

    # -- statements ----------------------------------------------------------------------

    def assignment_parts(self, node: Node) -> tuple[list[Node], Node | None]:
        left = node.child_by_field_name("left")
        right = node.child_by_field_name("right")
        return ([left] if left is not None else []), right

    def if_parts(self, node: Node) -> tuple[Node | None, list[Node], list[Node]]:
        """Condition, the nodes of the then-branch, and the nodes of the else-branch."""
        cond = node.child_by_field_name("condition")
        then = node.child_by_field_name("consequence")
        alt = node.child_by_field_name("alternative")
        return cond, [then] if then is not None else [], [alt] if alt is not None else []

    def conditional_parts(self, node: Node) -> tuple[Node | None, Node | None, Node | None]:
        """(condition, value if true, value if false) of a ternary expression."""
        return (
            node.child_by_field_name("condition"),
            node.child_by_field_name("consequence"),
            node.child_by_field_name("alternative"),
        )

    def switch_parts(
        self, node: Node
    ) -> tuple[Node | None, list[tuple[list[Node], list[Node]]]] | None:
        """(subject, [(case value nodes, body nodes)]); an empty value list is ``default``."""
        return None

    def guard(self, cond: Node) -> tuple[str, bool] | None:
        """A condition that validates a variable: (name, True) when the variable is safe in
        the branch where the condition holds (``x in ALLOWED``, ``x.isdigit()``), (name,
        False) when it is safe where the condition fails (``x not in ALLOWED``).

        This default serves grammars without an override: parentheses, ``!``/``not``
        negation, equality with a literal, and the adapter's ``guard_calls``."""
        node = _inside_parentheses(cond)
        first = node.children[0] if node.children else None
        if first is not None and first.type in ("!", "not") and node.named_children:
            return self._negated_guard(node.named_children[-1])
        if node.child_count == 3 and node.children[1].type in _EQUALITY:
            op = node.children[1].type
            for var, lit in (
                (node.children[0], node.children[2]),
                (node.children[2], node.children[0]),
            ):
                if self._guardable(var) and self.constant(lit) is not NOT_CONSTANT:
                    return self._guard_name(var), op in ("==", "===")
            return None
        if node.type in self.call and self.guard_calls:
            parts = self.call_parts(node, {})
            position = self._guard_position(parts.name) if parts is not None else None
            if parts is not None and position is not None and position < len(parts.args):
                arg = parts.args[position]
                if self._guardable(arg):
                    return self._guard_name(arg), True
        return None

    def _negated_guard(self, operand: Node) -> tuple[str, bool] | None:
        """The guard of ``!operand`` / ``not operand``: what ``operand`` validates, but on
        the other branch."""
        inner = self.guard(operand)
        return (inner[0], not inner[1]) if inner else None

    def _bang_operand(self, node: Node) -> Node | None:
        """The operand of ``!x`` where the grammar calls it a ``unary_expression`` (Java,
        JavaScript), for their own ``guard``; None when ``node`` is no such negation."""
        if (
            node.type == "unary_expression"
            and self.text(node).startswith("!")
            and node.named_children
        ):
            return node.named_children[0]
        return None

    def begin_file(self) -> None:
        """Called before a file's data flow: adapters drop what they cached per tree."""

    def guards(self, cond: Node) -> list[tuple[str, bool]]:
        """Every variable a condition validates. ``a && b`` validates, where it holds, what
        each side validates where that side holds; ``a || b``, where it fails, what each side
        validates where that side fails (``if (!u || !Url.IsLocalUrl(u)) return;``);
        ``!(…)`` swaps the branches. Other operands' guards are not used: the other branch
        knows nothing about them."""
        node = _inside_parentheses(cond)
        negated = self._bang_operand(node) or self._not_operand(node)
        negated = _inside_parentheses(negated) if negated is not None else None
        if negated is not None and self._logical(negated) is not None:
            return [(name, not holds) for name, holds in self.guards(negated)]
        logical = self._logical(node)
        if logical is not None:
            op, left, right = logical
            sides = [g for side in (left, right) for g in self.guards(side)]
            return [g for g in sides if g[1] == (op in ("&&", "and"))]
        single = self.guard(cond)
        return [single] if single is not None else []

    def _logical(self, node: Node) -> tuple[str, Node, Node] | None:
        """``(operator, left, right)`` of an ``&&``/``||``/``and``/``or`` expression."""
        operator = node.child_by_field_name("operator")
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        if operator is None or left is None or right is None:
            return None
        op = self.text(operator)
        return (op, left, right) if op in ("&&", "||", "and", "or") else None

    def _not_operand(self, node: Node) -> Node | None:
        """The operand of a ``!x``/``not x`` the grammar writes as a prefix token."""
        first = node.children[0] if node.children else None
        if first is not None and first.type in ("!", "not") and node.named_children:
            return node.named_children[-1]
        return None

    def _guardable(self, node: Node) -> bool:
        return node.type in self.identifier or node.type in self.attribute

    def _guard_name(self, node: Node) -> str:
        """The environment key of a guarded variable or member path."""
        if node.type in self.identifier:
            return self.text(node)
        return self.dotted_name(node) or self.text(node)

    def _guard_position(self, name: str) -> int | None:
        for glob, position in self.guard_calls:
            if fnmatch.fnmatchcase(name, glob):
                return position
        return None

    def returned_body(self, node: Node) -> Node | None:
        """The part of a returned expression that becomes the response body for a
        ``return_sink`` (None: nothing the client renders as HTML)."""
        return node

    def return_sink(self, fn: Node) -> str | None:
        """A pseudo-callee for values a framework handler returns to the client (e.g.
        ``<return>`` for a Spring ``@ResponseBody`` method); rules list it as a sink."""
        return None

    def function_parts(self, node: Node) -> FunctionParts | None:
        name_node = node.child_by_field_name("name")
        params = node.child_by_field_name("parameters")
        body = node.child_by_field_name("body")
        names = tuple(self.param_names(params)) if params is not None else ()
        name = self.text(name_node) if name_node is not None else "<anonymous>"
        return FunctionParts(name, names, body, self.framework_sources(node, names))

    def param_names(self, params: Node) -> Iterator[str]:
        for child in params.named_children:
            ident = (
                child
                if child.type in self.identifier
                else _first_identifier(child, self.identifier)
            )
            if ident is not None:
                yield self.text(ident)

    def framework_sources(self, node: Node, params: tuple[str, ...]) -> frozenset[str]:
        """Parameters a web framework fills from the request (route handlers)."""
        return frozenset()

    def entry_point(self, node: Node) -> bool:
        """Whether a framework calls this function with request data (a route handler): its
        parameters that ``framework_sources`` left out were validated by the framework
        (``<int:pk>``, ``item_id: int``) and are not a caller's arbitrary values."""
        return False

    def function_header(self, node: Node, body: Node | None) -> str:
        """The function's text before its body, decorators included (Python's
        ``decorated_definition`` wraps them; annotations are inside the node elsewhere):
        what the rule data's ``parameter_sources`` match against."""
        parent = node.parent
        start = parent if parent is not None and parent.type == "decorated_definition" else node
        end = body.start_byte if body is not None else node.end_byte
        return (start.text or b"")[: max(end - start.start_byte, 0)].decode("utf-8", "replace")

    def return_value(self, node: Node) -> Node | None:
        return node.named_children[0] if node.named_children else None

    def subscript_parts(self, node: Node) -> tuple[Node | None, Node | None]:
        return node.child_by_field_name("value") or node.child_by_field_name("object"), (
            node.child_by_field_name("subscript") or node.child_by_field_name("index")
        )

    def container_elements(self, node: Node) -> list[tuple[Any, Node]] | None:
        """For a list/dict/tuple literal: (constant key or index, element node) pairs."""
        return None

    def string_interpolations(self, node: Node) -> list[Node] | None:
        """Expressions embedded in a string literal; None when the literal is plain."""
        return None

    def constant(self, node: Node) -> Any:
        """The literal value of ``node`` or NOT_CONSTANT."""
        t = node.type
        if t in self.true_literals:
            return True
        if t in self.false_literals:
            return False
        if t in self.null_literals:
            return None
        if t in self.number:
            try:
                return float(self.text(node).replace("_", ""))
            except ValueError:
                return NOT_CONSTANT
        if t in self.string and self.string_interpolations(node) is None:
            return self.string_value(node)
        return NOT_CONSTANT

    def string_value(self, node: Node) -> Any:
        raw = self.text(node)
        for quote in ('"""', "'''", '"', "'", "`"):
            if raw.endswith(quote) and quote in raw:
                start = raw.find(quote)
                return raw[start + len(quote) : -len(quote)]
        return NOT_CONSTANT

    def imports(self, root: Node) -> dict[str, str]:
        """Local alias → qualified name (``sp`` → ``subprocess``)."""
        return {}


def _first_identifier(node: Node, kinds: frozenset[str]) -> Node | None:
    stack = [node]
    while stack:
        current = stack.pop(0)
        if current.type in kinds:
            return current
        stack.extend(current.named_children)
    return None


def _inside_parentheses(node: Node) -> Node:
    """What any grammar's parentheses (``parenthesized_expression``, Ruby's
    ``parenthesized_statements``) hold, the last of it where they hold several."""
    while "parenthesized" in node.type and node.named_children:
        node = node.named_children[-1]
    return node


def unparenthesized(node: Node) -> Node:
    """``node`` without the ``parenthesized_expression`` nodes around it (``((x))`` → ``x``)."""
    while node.type == "parenthesized_expression" and node.named_children:
        node = node.named_children[0]
    return node


def resolve_import(name: str, imports: dict[str, str]) -> str:
    head, dot, rest = name.partition(".")
    if head in imports:
        return imports[head] + (dot + rest if dot else "")
    return name


def descendants(root: Node, *types: str) -> Iterator[Node]:
    """Named descendants of ``root`` (itself included) of the given types, without recursion:
    generated code nests deeper than Python's stack."""
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type in types:
            yield node
        stack.extend(node.named_children)


# C-family languages without operator overloading on strings: arithmetic, shifts, bitwise
# operators and comparisons all yield numbers or Booleans
NUMERIC_OPERATORS = frozenset(
    {"-", "*", "/", "%", "**", "<<", ">>", ">>>", "&", "|", "^", "==", "===", "!=", "!==", "<",
     ">", "<=", ">=", "instanceof"}
)  # fmt: skip
