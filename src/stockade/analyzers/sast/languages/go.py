"""Go: net/http, Gin and Echo as people write them.

Go handlers receive the request as a typed parameter (``r *http.Request``, ``c *gin.Context``,
``c echo.Context``), so the adapter reports declared parameter and variable types as import
aliases (``r`` → ``http.Request``): sources and sinks are then named by type
(``http.Request.FormValue()``, ``gin.Context.Redirect``) whatever the variable is called.
Package imports resolve to their import path (``exec`` → ``os/exec``).

Two Go idioms need help from the adapter:

- *out-parameters*: ``json.NewDecoder(r.Body).Decode(&u)``, ``c.ShouldBindJSON(&u)``,
  ``json.Unmarshal(body, &u)`` fill ``u``. A call statement is reported to the engine as an
  assignment whose targets are the ``&x`` arguments of such calls (none for other calls).
- *method receivers*: ``s.render(x)`` inside the file calls the method ``render``; receiver
  names are aliased to ``this`` so same-file summaries apply.

``exec.Command`` whose first argument is a constant shell and second ``-c`` is renamed
``os/exec.Command#shell`` so rules can treat the script argument differently from plain
arguments (argument lists without a shell do not run a shell).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import tree_sitter_go

from stockade.analyzers.sast.languages.base import (
    NUMERIC_OPERATORS,
    CallParts,
    FunctionParts,
    LanguageAdapter,
    Node,
    descendants,
    resolve_import,
)

# Calls that write into the variables whose address they are given.
OUT_PARAM_CALLS = frozenset(
    {
        "Decode",
        "Unmarshal",
        "Bind",
        "BindJSON",
        "BindQuery",
        "BindXML",
        "BindYAML",
        "BindUri",
        "BindHeader",
        "ShouldBind",
        "ShouldBindJSON",
        "ShouldBindQuery",
        "ShouldBindXML",
        "ShouldBindYAML",
        "ShouldBindUri",
        "ShouldBindHeader",
        "ShouldBindWith",
        "BindWith",
        "Scan",
        "Sscanf",
        "Sscan",
        "Fscan",
        "ReadJSON",
    }
)
SHELLS = frozenset({"sh", "bash", "zsh", "/bin/sh", "/bin/bash", "cmd", "cmd.exe", "powershell"})
SHELL_FLAGS = frozenset({"-c", "/c", "/C", "-Command"})
_WRITERS = frozenset({"fmt.Fprintf", "fmt.Fprint", "fmt.Fprintln", "io.WriteString"})


class GoAdapter(LanguageAdapter):
    # -- names, imports and declared types -------------------------------------------------

    def attribute_parts(self, node: Node) -> tuple[Node | None, str | None]:
        obj = node.child_by_field_name("operand")
        attr = node.child_by_field_name("field")
        return obj, self.text(attr) if attr is not None else None

    def dotted_name(self, node: Node) -> str | None:
        if node.type == "parenthesized_expression" and node.named_children:
            return self.dotted_name(node.named_children[0])
        if node.type == "unary_expression":
            operand = node.child_by_field_name("operand")
            return self.dotted_name(operand) if operand is not None else None
        return super().dotted_name(node)

    def imports(self, root: Node) -> dict[str, str]:
        aliases: dict[str, str] = {}
        for spec in descendants(root, "import_spec"):
            path_node = spec.child_by_field_name("path")
            if path_node is None:
                continue
            path = self.string_value(path_node)
            if not isinstance(path, str):
                continue
            alias = spec.child_by_field_name("name")
            short = self.text(alias) if alias is not None else _package_name(path)
            if short not in ("_", "."):
                aliases[short] = path
        for name, kind in self._declarations(root):
            aliases[name] = kind
        for name in self._receivers(root):
            aliases[name] = "this"
        return aliases

    def _declarations(self, root: Node) -> Iterator[tuple[str, str]]:
        for node in descendants(root, "parameter_declaration", "var_spec"):
            kind = _type_name(node.child_by_field_name("type"), self)
            if not kind or "." not in kind:
                continue
            for name in node.children_by_field_name("name"):
                yield self.text(name), kind

    def _receivers(self, root: Node) -> Iterator[str]:
        for method in descendants(root, "method_declaration"):
            receiver = method.child_by_field_name("receiver")
            for param in receiver.named_children if receiver is not None else ():
                name = param.child_by_field_name("name")
                if name is not None:
                    yield self.text(name)

    # -- calls -------------------------------------------------------------------------------

    def call_parts(self, node: Node, imports: dict[str, str]) -> CallParts | None:
        fn = node.child_by_field_name("function")
        if fn is None:
            return None
        args, _ = self.arguments(node.child_by_field_name("arguments"))
        raw = self.dotted_name(fn) or "?"
        name = resolve_import(raw, imports)
        receiver = fn.child_by_field_name("operand") if fn.type == "selector_expression" else None
        if raw in _WRITERS and args and self._is_response_writer(args[0], imports):
            name = "http.ResponseWriter." + raw.rsplit(".", 1)[1]
        elif name in ("os/exec.Command", "os/exec.CommandContext") and self._shell(args, name):
            name += "#shell"
        return CallParts(name, receiver, args, {}, node, raw)

    def _is_response_writer(self, node: Node, imports: dict[str, str]) -> bool:
        name = self.dotted_name(node)
        if name is None:
            return False
        resolved = resolve_import(name, imports)
        return resolved.endswith(
            ("ResponseWriter", "gin.Context.Writer", "echo.Context.Response()")
        )

    def _shell(self, args: tuple[Node, ...], name: str) -> bool:
        start = 1 if name.endswith("CommandContext") else 0
        if len(args) < start + 2:
            return False
        program = self.constant(args[start])
        flag = self.constant(args[start + 1])
        return isinstance(program, str) and program in SHELLS and flag in SHELL_FLAGS

    # -- statements --------------------------------------------------------------------------

    def assignment_parts(self, node: Node) -> tuple[list[Node], Node | None]:
        if node.type == "call_expression":
            return self._out_params(node), node
        if node.type == "var_spec":
            return list(node.children_by_field_name("name")), node.child_by_field_name("value")
        left = node.child_by_field_name("left")
        right = node.child_by_field_name("right")
        targets = list(left.named_children) if left is not None else []
        if right is not None and right.type == "expression_list" and len(right.named_children) == 1:
            right = right.named_children[0]
        if right is not None and right.type == "call_expression":
            targets.extend(self._out_params(right))  # err := json.Unmarshal(b, &u)
        return targets, right

    def _out_params(self, call: Node) -> list[Node]:
        fn = call.child_by_field_name("function")
        method = fn.child_by_field_name("field") if fn is not None else None
        if method is None or self.text(method) not in OUT_PARAM_CALLS:
            return []
        args, _ = self.arguments(call.child_by_field_name("arguments"))
        targets = []
        for arg in args:
            operand = arg.child_by_field_name("operand")
            if (
                arg.type == "unary_expression"
                and operand is not None
                and operand.type in self.identifier
            ):
                targets.append(operand)
        return targets

    def if_parts(self, node: Node) -> tuple[Node | None, list[Node], list[Node]]:
        cond, then, alts = super().if_parts(node)
        init = node.child_by_field_name("initializer")
        if init is not None:
            return cond, [init, *then], [init, *alts]
        return cond, then, alts

    def switch_parts(
        self, node: Node
    ) -> tuple[Node | None, list[tuple[list[Node], list[Node]]]] | None:
        cases: list[tuple[list[Node], list[Node]]] = []
        for case in node.named_children:
            if case.type not in ("expression_case", "default_case"):
                continue
            values = case.child_by_field_name("value")
            body = [c for c in case.named_children if c != values and c.type != "comment"]
            cases.append((list(values.named_children) if values is not None else [], body))
        return node.child_by_field_name("value"), cases

    def function_parts(self, node: Node) -> FunctionParts | None:
        name_node = node.child_by_field_name("name")
        params = node.child_by_field_name("parameters")
        names: list[str] = []
        for param in params.named_children if params is not None else ():
            names.extend(self.text(n) for n in param.children_by_field_name("name"))
        name = self.text(name_node) if name_node is not None else "<anonymous>"
        return FunctionParts(name, tuple(names), node.child_by_field_name("body"))

    def return_value(self, node: Node) -> Node | None:
        values = node.named_children[0] if node.named_children else None
        if values is not None and values.type == "expression_list" and values.named_children:
            return values.named_children[0]
        return values

    def subscript_parts(self, node: Node) -> tuple[Node | None, Node | None]:
        return node.child_by_field_name("operand"), node.child_by_field_name("index")

    def container_elements(self, node: Node) -> list[tuple[Any, Node]] | None:
        if node.type != "composite_literal":
            return None
        body = node.child_by_field_name("body")
        kind = node.child_by_field_name("type")
        if (
            body is None
            or kind is None
            or kind.type not in ("map_type", "slice_type", "array_type")
        ):
            return None
        pairs: list[tuple[Any, Node]] = []
        for index, element in enumerate(c for c in body.named_children if c.type != "comment"):
            if element.type == "keyed_element":
                key, value = (
                    element.child_by_field_name("key"),
                    element.child_by_field_name("value"),
                )
                if key is None or value is None:
                    return None
                pairs.append((self.constant(_unwrap(key)), value))
            else:
                pairs.append((float(index), element))
        return pairs

    def constant(self, node: Node) -> Any:
        if node.type == "literal_element" and node.named_children:
            return self.constant(node.named_children[0])
        if node.type == "interpreted_string_literal":
            parts = [
                c for c in node.named_children if c.type != "interpreted_string_literal_content"
            ]
            if parts:  # escape sequences: not worth decoding, the value is still constant text
                return self.text(node)[1:-1]
        return super().constant(node)


def _unwrap(node: Node) -> Node:
    return (
        node.named_children[0] if node.type == "literal_element" and node.named_children else node
    )


def _package_name(path: str) -> str:
    last = path.rstrip("/").rsplit("/", 1)[-1]
    if last.startswith("v") and last[1:].isdigit() and "/" in path:  # gopkg.in/x/v2 style
        last = path.rstrip("/").rsplit("/", 2)[-2]
    return last.split(".", 1)[0].replace("-", "_")


def _type_name(node: Node | None, adapter: GoAdapter) -> str:
    while node is not None and node.type == "pointer_type" and node.named_children:
        node = node.named_children[0]
    return adapter.text(node) if node is not None and node.type == "qualified_type" else ""


GO = GoAdapter(
    name="go",
    guard_calls=(("slices.Contains", 1), ("filepath.IsLocal", 0)),
    file_languages=("go",),
    loader=tree_sitter_go.language,
    clean_operators=NUMERIC_OPERATORS,
    attribute=frozenset({"selector_expression"}),
    call=frozenset({"call_expression"}),
    assignment=frozenset(
        {
            "short_var_declaration",
            "assignment_statement",
            "var_spec",
            "range_clause",
            "call_expression",
        }
    ),
    subscript=frozenset({"index_expression"}),
    switch=frozenset({"expression_switch_statement"}),
    switch_fallthrough=False,
    loop=frozenset({"for_statement"}),
    function=frozenset({"function_declaration", "method_declaration", "func_literal"}),
    string=frozenset({"interpreted_string_literal", "raw_string_literal"}),
    true_literals=frozenset({"true"}),
    false_literals=frozenset({"false"}),
    null_literals=frozenset({"nil"}),
    number=frozenset({"int_literal", "float_literal"}),
    self_names=frozenset({"this"}),
)
