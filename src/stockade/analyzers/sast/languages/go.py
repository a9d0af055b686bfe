"""Go: net/http, Gin, Echo, Fiber, chi and their libraries as people write them.

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

Some calls are renamed with a ``#`` suffix so rules can tell apart what one name does:

- ``exec.Command`` whose first argument is a constant shell and second ``-c`` becomes
  ``os/exec.Command#shell``, so rules treat the script argument differently from plain
  arguments (argument lists without a shell do not run a shell);
- ``Query``/``QueryRow``/``Exec``/``Prepare`` with a context first (pgx) become ``…#ctx``,
  with a destination first (go-pg ``Query(&rows, sql)``) ``…#model``: the SQL text is the
  next argument, where database/sql takes it first;
- Fiber's ``SendString``/``Send`` in a handler that declares HTML become ``…#html`` (Fiber
  sends text/plain otherwise); ``filepath.Clean("/" + x)`` becomes ``…#rooted`` (``..``
  cannot climb above the root, a path-traversal sanitizer);
- ``fmt.Sprintf`` with a constant format is a ``format`` method of that text, so what it
  fills in counts as pasted into text (the ``parameters: built`` audit rules).

The data flow gets Go's own checks as guards: ``strings.HasPrefix`` against a directory or
``scheme://host/``, a local-path check (``/`` but not ``//``), ``u.Host``/``u.Hostname()``
compared with a constant, ``allowed[x]`` map look-ups (and ``_, ok := allowed[x]``),
``strings.Contains(x, "..")``, a
match against a regular expression anchored at both ends (compiled in the file), and a
``switch`` whose case lists constants (the subject holds one of them in that case).
Parameters of number, boolean and time types carry no text; ``err`` variables hold no input.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import tree_sitter_go

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
        "BodyParser",
        "QueryParser",
        "ParamsParser",
        "ReqHeaderParser",
        "ShouldBindBodyWith",
        "Scanln",
        "Scanf",
        "Fscanf",
        "Fscanln",
        "StringVar",
        "StringSliceVar",
        "StringVarP",
        "DecodeElement",
    }
)
# SQL methods whose first argument may be a context (pgx) or a destination model (go-pg):
# the call is renamed ``…#ctx`` / ``…#model`` so rules can name the text argument that
# follows, where database/sql's same-named methods take the text first.
SHIFTED_SQL_METHODS = frozenset({"Query", "QueryRow", "Exec", "QueryOne", "ExecOne", "Prepare"})
# Parameter types that cannot carry injected text (``func Page(limit, offset int)``).
TEXTLESS_TYPES = frozenset(
    {
        "bool",
        "int",
        "int8",
        "int16",
        "int32",
        "int64",
        "uint",
        "uint8",
        "uint16",
        "uint32",
        "uint64",
        "float32",
        "float64",
        "time.Duration",
        "time.Time",
        "uuid.UUID",
    }
)
# Parameter types a web framework hands its handlers: a function taking one is a route
# handler, whose request data the source patterns already name.
HANDLER_TYPES = frozenset(
    {"http.Request", "http.ResponseWriter", "gin.Context", "echo.Context", "fiber.Ctx"}
)
REQUEST_TYPES = HANDLER_TYPES | {"fasthttp.RequestCtx", "iris.Context", "buffalo.Context"}
# Composite literals of these named map types hold their elements by key (``bson.M``,
# ``gin.H``), like ``map[string]any{…}``; ``bson.D`` holds ``{key, value}`` pairs.
MAP_TYPES = frozenset({"bson.M", "primitive.M", "gin.H", "fiber.Map", "echo.Map"})
PAIR_TYPES = frozenset({"bson.D", "primitive.D"})
SHELLS = frozenset({"sh", "bash", "zsh", "/bin/sh", "/bin/bash", "cmd", "cmd.exe", "powershell"})
SHELL_FLAGS = frozenset({"-c", "/c", "/C", "-Command"})
_WRITERS = frozenset({"fmt.Fprintf", "fmt.Fprint", "fmt.Fprintln", "io.WriteString", "io.Copy"})
_FIBER_BODY_WRITERS = frozenset(
    {"fiber.Ctx.SendString", "fiber.Ctx.Send", "fiber.Ctx.Write", "fiber.Ctx.WriteString"}
)
_HTML_TYPE = re.compile(r'MIMETextHTML|"text/html|\.Type\("\.?html"\)')
_CLEANERS = frozenset({"path/filepath.Clean", "path.Clean"})
# responses of an HTTP-triggered Lambda (API Gateway, ALB, function URLs): their Body is the page
_LAMBDA_RESPONSE = re.compile(
    r"\bevents\.(?:APIGatewayProxyResponse|APIGatewayV2HTTPResponse|ALBTargetGroupResponse"
    r"|LambdaFunctionURLResponse)\b"
)
_ORIGIN = re.compile(r"^[a-z][a-z0-9+.-]*://[^/]+/")


@dataclass
class GoAdapter(LanguageAdapter):
    # per file: function node id → whether it declares an HTML response (``begin_file``)
    _html_functions: dict[int, bool] = field(default_factory=dict)
    # per file: variable name → the pattern a regexp.MustCompile assigned to it
    _file_patterns: dict[int, dict[str, Any]] = field(default_factory=dict)

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
            # one name, several types in the file (``r *http.Request`` in handlers,
            # ``r *sql.Rows`` in a scan helper): the request type wins, its reads are sources
            if aliases.get(name) in REQUEST_TYPES and kind not in REQUEST_TYPES:
                continue
            aliases[name] = kind
        for name in self._receivers(root):
            # a name also declared as a typed parameter (a resolver's ``r`` next to handlers'
            # ``r *http.Request``) keeps its type: request sources matter more than summaries
            aliases.setdefault(name, "this")
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
        elif name in _FIBER_BODY_WRITERS and self._declares_html(node):
            name += "#html"  # Fiber sends text/plain unless the handler says HTML
        elif name in _CLEANERS and len(args) == 1 and self._rooted(args[0]):
            name += "#rooted"  # filepath.Clean("/" + name): ".." cannot climb above the root
        elif name == "fmt.Sprintf" and args and self.constant(args[0]) is not NOT_CONSTANT:
            # the engine's view of a format method on constant text ("… {}".format(x)): what
            # the arguments fill in is pasted into text, as with "…" + x
            return CallParts("fmt.Sprintf.format", args[0], args, {}, node, raw)
        elif (
            args
            and raw.rsplit(".", 1)[-1] in SHIFTED_SQL_METHODS
            and "." in raw
            and not (name.startswith("this.") and name.count(".") == 1)  # the file's own method
        ):
            name += self._leading_argument(args[0], imports)
        return CallParts(name, receiver, args, {}, node, raw)

    def _declares_html(self, node: Node) -> bool:
        """Whether the function holding ``node`` sets an HTML content type
        (``c.Type("html")``, ``fiber.MIMETextHTML…``, ``"text/html"``)."""
        fn = node.parent
        while fn is not None and fn.type not in self.function:
            fn = fn.parent
        if fn is None:
            return False
        known = self._html_functions.get(fn.id)
        if known is None:
            known = self._html_functions[fn.id] = bool(_HTML_TYPE.search(self.text(fn)))
        return known

    def begin_file(self) -> None:
        self._html_functions.clear()
        self._file_patterns.clear()

    def _rooted(self, arg: Node) -> bool:
        """``"/" + x`` (or ``string(filepath.Separator) + x``): a path made absolute first."""
        arg = unparenthesized(arg)
        left = arg.child_by_field_name("left") if arg.type == "binary_expression" else None
        if left is None:
            return False
        return self.constant(left) == "/" or "Separator" in self.text(left)

    def _leading_argument(self, arg: Node, imports: dict[str, str]) -> str:
        """``#ctx`` when a SQL method's first argument is a context (pgx ``Query(ctx, sql)``),
        ``#model`` when it is a destination (go-pg ``Query(&rows, sql)``), else nothing."""
        if arg.type == "unary_expression" and self.text(arg).startswith("&"):
            return "#model"
        name = self.dotted_name(arg) or ""
        if arg.type in self.call:
            fn = arg.child_by_field_name("function")
            callee = resolve_import(self.dotted_name(fn) or "", imports) if fn is not None else ""
            if callee.rsplit(".", 1)[-1] in ("Scan", "Model") and "pg" in callee:
                return "#model"
            if callee.startswith("context.") or callee.endswith(("Context", "Ctx")):
                return "#ctx"  # context.Background(), r.Context(), c.UserContext()
            return ""
        resolved = resolve_import(name, imports)
        if resolved.startswith("context.") or name.lower().endswith("ctx"):
            return "#ctx"
        return ""

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
        if node.type == "expression_case":
            return self._case_binding(node)
        if node.type == "var_spec":
            return list(node.children_by_field_name("name")), node.child_by_field_name("value")
        left = node.child_by_field_name("left")
        right = node.child_by_field_name("right")
        targets = list(left.named_children) if left is not None else []
        if right is not None and right.type == "expression_list" and len(right.named_children) == 1:
            right = right.named_children[0]
        if right is not None and right.type == "call_expression":
            targets.extend(self._out_params(right))  # err := json.Unmarshal(b, &u)
        # the error a call returns is not the input it was given: ``if err :=
        # c.ShouldBindJSON(&req); err != nil { log.Printf("bind: %v", err) }`` logs no input
        # (error text is clean already through ``*.Error``)
        return [t for t in targets if not self._error_variable(t)], right

    def _error_variable(self, node: Node) -> bool:
        if node.type not in self.identifier:
            return False
        name = self.text(node)
        return name == "err" or name.endswith("Err")

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

    def _case_binding(self, case: Node) -> tuple[list[Node], Node | None]:
        """Inside ``case "name", "price":`` of ``switch column`` the subject holds one of the
        constants: the case runs first, as an assignment of its first value to the subject
        (so a switch over allowed values validates it, as a guard would)."""
        switch = case.parent
        subject = switch.child_by_field_name("value") if switch is not None else None
        values = case.child_by_field_name("value")
        items = list(values.named_children) if values is not None else []
        if (
            subject is None
            or subject.type not in self.identifier
            or not items
            or any(self.constant(v) is NOT_CONSTANT for v in items)
        ):
            return [], None
        return [subject], items[0]

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
            if values is not None:
                body.insert(0, case)  # binds the subject to the case's constant (_case_binding)
            cases.append((list(values.named_children) if values is not None else [], body))
        return node.child_by_field_name("value"), cases

    def function_parts(self, node: Node) -> FunctionParts | None:
        """A parameter of a number, boolean or time type is listed under a name no code can
        read (its position kept for summaries), so it carries no caller's text: the value
        of ``func Page(limit int)`` in ``"LIMIT " + fmt.Sprint(limit)`` cannot inject."""
        name_node = node.child_by_field_name("name")
        params = node.child_by_field_name("parameters")
        names: list[str] = []
        for param in params.named_children if params is not None else ():
            kind = param.child_by_field_name("type")
            textless = kind is not None and self.text(kind) in TEXTLESS_TYPES
            names.extend(
                ("\x00" if textless else "") + self.text(n)
                for n in param.children_by_field_name("name")
            )
        name = self.text(name_node) if name_node is not None else "<anonymous>"
        return FunctionParts(name, tuple(names), node.child_by_field_name("body"))

    def entry_point(self, node: Node) -> bool:
        """A function taking only what a web framework hands a handler (``w, r``, ``c``):
        the request data it reads are sources already, its parameters no caller's value."""
        params = node.child_by_field_name("parameters")
        kinds = [
            _type_name(p.child_by_field_name("type"), self)
            for p in (params.named_children if params is not None else ())
            if p.type == "parameter_declaration"
        ]
        return bool(kinds) and all(k in HANDLER_TYPES for k in kinds)

    # -- guards ------------------------------------------------------------------------------

    def guards(self, cond: Node) -> list[tuple[str, bool]]:
        """``a && b`` validates what each side validates where it holds; ``a || b`` what each
        side validates where it fails."""
        node = unparenthesized(cond)
        operator = node.child_by_field_name("operator")
        if node.type == "binary_expression" and operator is not None:
            op = self.text(operator)
            if op in ("&&", "||"):
                sides = [node.child_by_field_name("left"), node.child_by_field_name("right")]
                found = [g for side in sides if side is not None for g in self.guards(side)]
                kept = [g for g in found if g[1] == (op == "&&")]
                kept += [(name, op == "&&") for name in self._local_paths(node, op)]
                return _with_url_objects(kept)
        single = self.guard(node)
        return _with_url_objects([single] if single is not None else [])

    def _anchored_match(self, node: Node) -> tuple[str, bool] | None:
        """``re.MatchString(x)`` where ``re`` is compiled in the file from a pattern anchored
        at both ends, ``regexp.MustCompile("^…$").MatchString(x)``, or
        ``regexp.MatchString("^…$", x)``: ``x`` is valid where the match holds."""
        if node.type not in self.call:
            return None
        fn = node.child_by_field_name("function")
        args, _ = self.arguments(node.child_by_field_name("arguments"))
        if fn is None or fn.type not in self.attribute or not args:
            return None
        obj, method = self.attribute_parts(fn)
        if method not in ("MatchString", "Match") or obj is None:
            return None
        if obj.type in self.identifier and self.text(obj) == "regexp" and len(args) == 2:
            pattern, subject = self.constant(args[0]), args[1]
        else:
            pattern, subject = self._compiled_pattern(obj), args[0]
        if not _anchored(pattern) or not self._guardable(subject):
            return None
        return self._guard_name(subject), True

    def _comma_ok(self, node: Node) -> tuple[str, bool] | None:
        """``if _, ok := allowed[x]; !ok { return }`` (or ``_, ok := allowed[x]`` just before
        the ``if``): ``ok`` holds where ``x`` is one of the map's keys."""
        if node.type not in self.identifier:
            return None
        name = self.text(node)
        statement = node.parent
        while statement is not None and statement.type != "if_statement":
            statement = statement.parent
        if statement is None:
            return None
        candidates = [statement.child_by_field_name("initializer")]
        sibling = statement.prev_named_sibling
        while sibling is not None and len(candidates) < 4:
            candidates.append(sibling)
            sibling = sibling.prev_named_sibling
        for candidate in candidates:
            if candidate is None or candidate.type not in self.assignment:
                continue
            left, right = (
                candidate.child_by_field_name("left"),
                candidate.child_by_field_name("right"),
            )
            targets = left.named_children if left is not None else []
            if not targets or self.text(targets[-1]) != name:
                continue
            value = right.named_children[0] if right is not None and right.named_children else None
            if len(targets) != 2 or value is None or value.type != "index_expression":
                return None  # ``ok`` comes from something else
            _, index = self.subscript_parts(value)
            if index is None or not self._guardable(index):
                return None
            return self._guard_name(index), True
        return None

    def _compiled_pattern(self, obj: Node) -> Any:
        """The pattern of ``regexp.MustCompile("…")`` written here or assigned to ``obj``'s
        name somewhere in the file (a package-level validator)."""
        if obj.type in self.call:
            args, _ = self.arguments(obj.child_by_field_name("arguments"))
            callee = self.dotted_name(obj.child_by_field_name("function") or obj) or ""
            if callee in ("regexp.MustCompile", "regexp.Compile") and args:
                return self.constant(args[0])
            return NOT_CONSTANT
        if obj.type not in self.identifier:
            return NOT_CONSTANT
        root = obj
        while root.parent is not None:
            root = root.parent
        patterns = self._file_patterns.get(root.id)
        if patterns is None:
            patterns = self._file_patterns[root.id] = self._regex_assignments(root)
        return patterns.get(self.text(obj), NOT_CONSTANT)

    def _regex_assignments(self, root: Node) -> dict[str, Any]:
        found: dict[str, Any] = {}
        for spec in descendants(root, "var_spec", "short_var_declaration"):
            targets, value = self.assignment_parts(spec)
            if len(targets) == 1 and value is not None and value.type == "expression_list":
                value = value.named_children[0] if value.named_children else None
            if len(targets) == 1 and value is not None and value.type in self.call:
                found[self.text(targets[0])] = self._compiled_pattern(value)
        return found

    def _local_paths(self, chain: Node, op: str = "&&") -> set[str]:
        """Values a ``&&`` chain proves to be a local path where it holds:
        ``strings.HasPrefix(x, "/")`` together with ``!strings.HasPrefix(x, "//")`` (not
        protocol-relative); an ``||`` chain, its negation, proves it where it fails."""
        positive = op == "&&"
        rooted: set[str] = set()
        not_relative: set[str] = set()
        stack = [chain]
        while stack:
            node = unparenthesized(stack.pop())
            operator = node.child_by_field_name("operator")
            if (
                node.type == "binary_expression"
                and operator is not None
                and self.text(operator) == op
            ):
                stack.extend(c for c in node.named_children if c != operator)
                continue
            left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
            if (  # u.Host == "": a parsed URL without a host, so u.Path stays on this site
                node.type == "binary_expression"
                and operator is not None
                and self.text(operator) == ("==" if positive else "!=")
                and left is not None
                and right is not None
                and left.type in self.attribute
                and self.constant(right) == ""
            ):
                obj, attr = self.attribute_parts(left)
                if obj is not None and attr == "Host" and self._guardable(obj):
                    not_relative.add(self._guard_name(obj) + ".Path")
                continue
            negated = node.type == "unary_expression" and self.text(node).startswith("!")
            call = (
                unparenthesized(node.named_children[-1])
                if negated and node.named_children
                else node
            )
            parts = self.call_parts(call, {}) if call.type in self.call else None
            if parts is None or parts.name != "strings.HasPrefix" or len(parts.args) != 2:
                continue
            if not self._guardable(parts.args[0]):
                continue
            prefix = self.constant(parts.args[1])
            name = self._guard_name(parts.args[0])
            if prefix == "/" and negated != positive:
                rooted.add(name)
            elif prefix == "//" and negated == positive:
                not_relative.add(name)
        return rooted & not_relative

    def guard(self, cond: Node) -> tuple[str, bool] | None:
        """Beyond the defaults: ``strings.HasPrefix(p, base)`` confines ``p`` to a directory
        or origin (a non-constant base, a constant directory or ``scheme://host/``),
        ``allowed[x]`` on a map of allowed values validates ``x``, and so does a match
        against a regular expression anchored at both ends (``validSKU.MatchString(x)``)."""
        found = super().guard(cond)
        if found is not None:
            return found
        node = unparenthesized(cond)
        matched = self._anchored_match(node) or self._comma_ok(node)
        if matched is not None:
            return matched
        operator = node.child_by_field_name("operator")
        if node.type == "binary_expression" and operator is not None:
            if self.text(operator) not in ("==", "!="):
                return None
            sides = (node.child_by_field_name("left"), node.child_by_field_name("right"))
            for call, other in (sides, sides[::-1]):
                # u.Hostname() == "api.example.com": the whole parsed URL is pinned
                if call is None or other is None or call.type not in self.call:
                    continue
                fn = call.child_by_field_name("function")
                if fn is None or fn.type not in self.attribute:
                    continue
                obj, method = self.attribute_parts(fn)
                if (
                    method == "Hostname"
                    and obj is not None
                    and self._guardable(obj)
                    and self.constant(other) is not NOT_CONSTANT
                ):
                    return self._guard_name(obj), self.text(operator) == "=="
            return None
        if node.type in self.call:
            parts = self.call_parts(node, {})
            if (  # strings.Contains(name, ".."): a path check, the name is safe where it fails
                parts is not None
                and parts.name in ("strings.Contains", "strings.ContainsAny")
                and len(parts.args) == 2
                and self._guardable(parts.args[0])
                and _path_characters(self.constant(parts.args[1]), parts.name)
            ):
                return self._guard_name(parts.args[0]), False
            if (
                parts is not None
                and parts.name == "strings.HasPrefix"
                and len(parts.args) == 2
                and self._guardable(parts.args[0])
                and _confining(self.constant(parts.args[1]))
            ):
                return self._guard_name(parts.args[0]), True
        if node.type == "index_expression":
            operand, index = self.subscript_parts(node)
            if (
                operand is not None
                and operand.type in self.identifier
                and index is not None
                and self._guardable(index)
            ):
                return self._guard_name(index), True
        return None

    def return_sink(self, fn: Node) -> str | None:
        """An HTTP-triggered Lambda handler (it returns an API Gateway, ALB or function-URL
        response) whose code declares ``text/html``: the response's ``Body`` is the page."""
        result, body = fn.child_by_field_name("result"), fn.child_by_field_name("body")
        if result is None or body is None or not _LAMBDA_RESPONSE.search(self.text(result)):
            return None
        return "<return-html>" if _HTML_TYPE.search(self.text(body)) else None

    def returned_body(self, node: Node) -> Node | None:
        """The ``Body`` field of a returned response literal; nothing else is the page."""
        literal = node.child_by_field_name("body") if node.type == "composite_literal" else None
        for element in literal.named_children if literal is not None else ():
            key, value = element.child_by_field_name("key"), element.child_by_field_name("value")
            if element.type != "keyed_element" or key is None or value is None:
                continue
            if self.text(key) == "Body":
                inner = value.named_children
                return inner[0] if value.type == "literal_element" and inner else value
        return None

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
        if body is None or kind is None:
            return None
        named = self.text(kind) if kind.type == "qualified_type" else ""
        if named in PAIR_TYPES:
            return self._pairs(body)
        if kind.type not in ("map_type", "slice_type", "array_type") and named not in MAP_TYPES:
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

    def _pairs(self, body: Node) -> list[tuple[Any, Node]] | None:
        """``bson.D{{"$where", code}, {Key: "owner", Value: v}}`` as (key, value) pairs."""
        pairs: list[tuple[Any, Node]] = []
        for element in (c for c in body.named_children if c.type != "comment"):
            inner = element.named_children[0] if element.named_children else None
            if inner is None or inner.type != "literal_value":
                return None
            items = [c for c in inner.named_children if c.type != "comment"]
            fields = {
                self.text(k): v
                for item in items
                if item.type == "keyed_element"
                for k, v in [(item.child_by_field_name("key"), item.child_by_field_name("value"))]
                if k is not None and v is not None
            }
            if "Key" in fields and "Value" in fields:
                pairs.append((self.constant(_unwrap(fields["Key"])), fields["Value"]))
            elif len(items) == 2 and not fields:
                pairs.append((self.constant(_unwrap(items[0])), items[1]))
            else:
                return None
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


def _with_url_objects(guards: list[tuple[str, bool]]) -> list[tuple[str, bool]]:
    """A check of ``u.Host`` against allowed values validates the parsed URL ``u`` too (its
    scheme and path cannot leave that host)."""
    extra = [(name[: -len(".Host")], holds) for name, holds in guards if name.endswith(".Host")]
    return guards + extra


def _anchored(pattern: Any) -> bool:
    """A pattern that must match the whole value: ``^…$`` or ``\\A…\\z``, no alternation at
    the top level (``^a|b$`` anchors each side only once)."""
    if not isinstance(pattern, str) or len(pattern) < 2:
        return False
    starts = pattern.startswith(("^", "\\A"))
    ends = pattern.endswith(("$", "\\z")) and not pattern.endswith("\\$")
    depth, escaped = 0, False
    for char in pattern:
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "|" and depth == 0:
            return False
    return starts and ends


def _path_characters(text: Any, call: str) -> bool:
    """Whether ``strings.Contains(x, text)`` / ``ContainsAny`` rejects traversal: ``..``, or
    any of a set of characters holding ``.`` and ``/``."""
    if not isinstance(text, str):
        return False
    if call == "strings.Contains":
        return ".." in text
    return "." in text and "/" in text


def _confining(prefix: Any) -> bool:
    """Whether ``strings.HasPrefix(x, prefix)`` keeps ``x`` inside something: a computed base
    (``root + string(os.PathSeparator)``), a constant directory, or ``scheme://host/``."""
    if prefix is NOT_CONSTANT:
        return True
    if not isinstance(prefix, str):
        return False
    return (prefix.startswith("/") and len(prefix) > 1 and not prefix.startswith("//")) or bool(
        _ORIGIN.match(prefix)
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
    block_types=frozenset({"block", "statement_list"}),
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
            "expression_case",
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
