"""Calls in the taint engine's abstract interpretation.

What a call returns: a source, a sanitized or clean result, an element taken out of a
tracked container, the summary of a function of the same file applied to the actual
arguments, or else its inputs passing through. Every function of the file is analysed once,
with its framework-filled parameters as real sources and its other parameters as synthetic
taints; what reaches its return value and its sinks from each parameter becomes its summary,
which call sites apply. Callbacks and constructors run on the actual arguments.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from stockade.analyzers.sast.languages.base import NOT_CONSTANT, CallParts, FunctionParts, Node
from stockade.analyzers.sast.ruleset import ParameterSource
from stockade.analyzers.sast.taint.base import EngineBase, Env, Summary, _Frame, _sanitized
from stockade.analyzers.sast.taint.fold import fold
from stockade.analyzers.sast.taint.values import CLEAN, Taint, Value, built, union

# methods of a string constant that assemble text around their arguments
TEXT_BUILDERS = frozenset({"format", "format_map", "join"})


class Calls(EngineBase):
    """Evaluates calls: callbacks, container methods, sanitizers and same-file functions
    through their summaries."""

    def _construct(self, ctor: Node, parts: CallParts, args: list[Value], kw: Env) -> None:
        """``Pinger(host)``: run the constructor on the actual arguments so the fields it
        sets (``self.host = host``) carry their taint into the class's other methods."""
        if ctor.id in self.in_progress or not any(v.tainted for v in (*args, *kw.values())):
            return
        fparts = self.a.function_parts(ctor)
        if fparts is None or fparts.body is None:
            return
        params = list(fparts.params)
        if params and params[0] in self.a.self_names:
            params = params[1:]
        env: Env = {**self.module_env, **dict(zip(params, args, strict=False))}
        env.update({k: v for k, v in kw.items() if k in params})
        outer, self.frame = self.frame, _Frame(fparts.params, in_function=True)
        self.in_progress.add(ctor.id)
        try:
            self._exec(fparts.body, env, 0)
        finally:
            self.frame = outer
            self.in_progress.discard(ctor.id)

    def summary(self, fn: Node) -> Summary:
        cached = self.summaries.get(fn.id)
        if cached is not None:
            return cached
        if fn.id in self.in_progress:
            return Summary()
        self.in_progress.add(fn.id)
        try:
            result = self._analyze_function(fn)
        finally:
            self.in_progress.discard(fn.id)
        self.summaries[fn.id] = result
        return result

    def _analyze_function(self, fn: Node) -> Summary:
        parts = self.a.function_parts(fn)
        if parts is None or parts.body is None:
            return Summary()
        env: Env = {**self.module_env, **self.closures.get(fn.id, {})}
        for index, name in enumerate(parts.params):
            env[name] = self._param_value(fn, parts, index, name)
        outer, self.frame = (
            self.frame,
            _Frame(parts.params, return_sink=self.a.return_sink(fn), in_function=True),
        )
        try:
            self._exec_body(parts.body, env)
            frame = self.frame
        finally:
            self.frame = outer
        returned = union(frame.returns)
        params = frozenset(t.param for t in returned.taints if t.param is not None)
        real = Value(frozenset(t for t in returned.taints if t.param is None))
        sanitized: dict[int, frozenset[str]] = {}
        for t in returned.taints:
            if t.param is not None:
                before = sanitized.get(t.param)
                sanitized[t.param] = t.sanitized if before is None else before & t.sanitized
        return Summary(params, real, frame.hits, sanitized)

    def _param_value(self, fn: Node, parts: FunctionParts, index: int, name: str) -> Value:
        if name in parts.source_params:
            line, col = fn.start_point
            return Value(frozenset({Taint(line + 1, col + 1, f"request parameter '{name}'")}))
        if name in self.a.self_names:
            return CLEAN
        declared = self._parameter_source(fn, parts, name)
        if declared is not None:
            return declared
        if self._entry_point(fn):
            return CLEAN  # a route's other parameters: converted or typed by the framework
        return Value(frozenset({Taint(0, 0, name, kind="param", param=index)}))

    def _parameter_source(self, fn: Node, parts: FunctionParts, name: str) -> Value | None:
        """A parameter the rule data declares a source from the function's header (a
        Celery task's argument, a Lambda handler's ``event``)."""
        specs = self._header_sources(fn, parts)
        for spec in specs:
            if name not in spec.exclude and spec.params.match(name):
                line, col = fn.start_point
                label = f"parameter '{name}'"
                return Value(
                    frozenset({Taint(line + 1, col + 1, label, spec.kind, spec.confidence)})
                )
        return None

    def _entry_point(self, fn: Node) -> bool:
        known = self.entry_points.get(fn.id)
        if known is None:
            known = self.entry_points[fn.id] = self.a.entry_point(fn)
        return known

    def _header_sources(self, fn: Node, parts: FunctionParts) -> tuple[ParameterSource, ...]:
        """The parameter sources whose header pattern this function's header matches
        (computed once per function: every parameter asks)."""
        cached = self.header_sources.get(fn.id)
        if cached is None:
            specs = self.rules.parameter_sources
            header = self.a.function_header(fn, parts.body) if specs else ""
            cached = tuple(spec for spec in specs if spec.header.search(header))
            self.header_sources[fn.id] = cached
        return cached

    def _eval_call(self, node: Node, env: Env, depth: int) -> Value:
        parts = self.a.call_parts(node, self.imports)
        if parts is None:
            return union([self._eval(c, env, depth + 1) for c in node.named_children])
        source = self._source_value(node, parts.name + "()") or (
            self._source_value(node, parts.raw_name + "()")
            if parts.raw_name != parts.name
            else None
        )
        receiver = (
            self._eval(parts.receiver, env, depth + 1) if parts.receiver is not None else CLEAN
        )
        args = [self._eval(arg, env, depth + 1) for arg in parts.args]
        kwargs = {k: self._eval(v, env, depth + 1) for k, v in parts.kwargs.items()}
        self._check_sinks(parts, receiver, args, kwargs, env)
        self._run_callbacks(parts, receiver, args, kwargs, env)
        if source is not None:
            return source
        if (
            not parts.args
            and self.rules.empty_containers is not None
            and self.rules.empty_containers.match(parts.name)
        ):
            return Value(elements=())
        taken = self._store_into_container(parts, args, env)
        if taken is not None:
            return taken
        result = self._call_result(parts, receiver, args, kwargs, env, depth)
        if isinstance(receiver.const, str) and parts.name.rpartition(".")[2] in TEXT_BUILDERS:
            return built(result)  # "SELECT ... {}".format(x), ", ".join(names)
        return result

    def _run_callbacks(
        self, parts: CallParts, receiver: Value, args: list[Value], kwargs: Env, env: Env
    ) -> None:
        """``hosts.forEach(h => exec(h))``, ``dirs.each { |d| system(d) }``,
        ``body.then(b => ...)``, ``map(lambda n: os.system(n), names)``: a function passed to
        a method of untrusted data (or to ``map``/``filter``) runs with that data in each of
        its parameters. Other callbacks get results, not inputs: ``execFile(cmd, [x],
        (err, out) => ...)`` hands ``out`` the program's output."""
        function = self.a.function
        callbacks = [n for n in (*parts.args, *parts.kwargs.values()) if n.type in function]
        if not callbacks:
            return
        given = [receiver]
        if parts.name in _FUNCTIONAL:
            given += [v for v, n in zip(args, parts.args, strict=False) if n.type not in function]
        fed = union(given)
        if not fed.tainted:
            return
        line, col = parts.node.start_point
        fed = fed.step(line + 1, col + 1, f"passed to a callback of {parts.name}()")
        for fn in callbacks:
            fparts = self.a.function_parts(fn)
            if fn.id in self.in_progress or fparts is None or fparts.body is None:
                continue
            inner: Env = {**env, **dict.fromkeys(fparts.params, fed)}
            outer, self.frame = self.frame, _Frame(fparts.params, in_function=True)
            self.in_progress.add(fn.id)
            try:
                self._exec(fparts.body, inner, 0)
            finally:
                self.frame = outer
                self.in_progress.discard(fn.id)

    def _store_into_container(self, parts: CallParts, args: list[Value], env: Env) -> Value | None:
        """``map.put(k, v)`` / ``list.add(v)``: the receiver variable now holds ``v``.
        Returns the element a removing method (``list.pop(0)``) takes out."""
        method = self.rules.container_method(parts.name)
        receiver = parts.receiver
        if method is None or receiver is None or receiver.type not in self.a.identifier:
            return None
        if method.remove:
            return self._take_from_container(self.a.text(receiver), parts, env)
        if method.value >= len(args):
            return None
        name = self.a.text(receiver)
        old = env.get(name, CLEAN)
        value = args[method.value]
        key: Any = NOT_CONSTANT
        if len(method.keys) > 1:
            key = self._composite_key(parts, method.keys, env)
        elif method.key is not None and method.key < len(parts.args):
            key = fold(parts.args[method.key], env, self.a)
        elif method.append and old.elements is not None:
            key = float(len(old.elements))
        if old.elements is not None and key is not NOT_CONSTANT:
            elements = (*((k, v) for k, v in old.elements if k != key), (key, value))
            env[name] = Value(old.taints | value.taints, NOT_CONSTANT, elements)
        else:
            env[name] = Value(old.taints | value.taints)
        return None

    def _composite_key(self, parts: CallParts, positions: tuple[int, ...], env: Env) -> Any:
        if max(positions) >= len(parts.args):
            return NOT_CONSTANT
        key = tuple(fold(parts.args[i], env, self.a) for i in positions)
        return NOT_CONSTANT if NOT_CONSTANT in key else key

    def _take_from_container(self, name: str, parts: CallParts, env: Env) -> Value | None:
        """``items.pop(0)`` shifts the later indices down; ``pop()`` takes the last one."""
        old = env.get(name)
        if old is None or old.elements is None:
            return None
        indices = sorted(k for k, _ in old.elements if isinstance(k, float))
        if parts.args:
            key = fold(parts.args[0], env, self.a)
        else:
            key = indices[-1] if indices else NOT_CONSTANT
        if key is NOT_CONSTANT:
            env[name] = Value(old.taints)
            return None
        if isinstance(key, float) and key < 0:
            key += len(indices)
        taken = old.element(key)
        kept = tuple(
            (k - 1.0 if isinstance(k, float) and isinstance(key, float) and k > key else k, v)
            for k, v in old.elements
            if k != key
        )
        env[name] = Value(frozenset(t for _, v in kept for t in v.taints), NOT_CONSTANT, kept)
        return taken

    def _call_result(
        self,
        parts: CallParts,
        receiver: Value,
        args: list[Value],
        kwargs: dict[str, Value],
        env: Env,
        depth: int,
    ) -> Value:
        name = parts.name
        if self.rules.clean_calls is not None and self.rules.clean_calls.match(name):
            return CLEAN
        everything = union([receiver, *args, *kwargs.values()])
        cleared: set[str] = set()
        sanitized = False
        for san in self.rules.sanitizers:  # every matching entry counts (``replace`` has several)
            if san.calls.match(name) and _args_match(san.args, args):
                if san.kinds is None:
                    return CLEAN
                cleared |= san.kinds
                sanitized = True
        if sanitized:
            kinds = frozenset(cleared)
            return Value(frozenset(t.sanitize(kinds) for t in everything.taints))
        for rule in self.rules.taint_rules:
            if rule.sanitizers is not None and rule.sanitizers.match(name):
                everything = Value(
                    frozenset(t.sanitize(frozenset({rule.kind})) for t in everything.taints)
                )
        local = self._local_function(name)
        if local is not None:
            result = self._apply_summary(local, parts, args, kwargs)
            head, dot, _ = name.partition(".")
            if dot and head not in self.a.self_names and receiver.taints:
                # another object's method: what it returns may be that object's own data
                # (``req.getSortColumn()`` on a request body), which the summary cannot see
                return union([result, receiver])
            return result
        ctor = self.constructors.get(name)
        if ctor is not None:
            self._construct(ctor, parts, args, kwargs)
        if receiver.elements is not None and name.endswith(".get") and parts.args:
            key = self._getter_key(parts, receiver, env)
            if key is not NOT_CONSTANT:
                return receiver.element(key) or CLEAN
        line, col = parts.node.start_point
        return (
            everything.step(line + 1, col + 1, f"through {name}()") if everything.taints else CLEAN
        )

    def _getter_key(self, parts: CallParts, receiver: Value, env: Env) -> Any:
        """``d.get(k)``, or ``config.get(section, option)`` when stored under a composite key."""
        arity = next((len(k) for k, _ in receiver.elements or () if isinstance(k, tuple)), 1)
        if arity > 1:
            return self._composite_key(parts, tuple(range(arity)), env)
        return fold(parts.args[0], env, self.a)

    def _local_function(self, name: str) -> Node | None:
        head, _, rest = name.partition(".")
        if not rest:
            return self.functions.get(name)
        if head in self.a.self_names and "." not in rest:
            return self.functions.get(rest)
        method = rest.rsplit(".", 1)[-1]
        if self.method_counts.get(method) == 1 and self.functions.get(method) is not None:
            fn = self.functions[method]
            return fn if self._in_class(fn) else None
        return None

    def _map_args(
        self, fn: Node, parts: CallParts, args: list[Value], kwargs: dict[str, Value]
    ) -> dict[int, Value]:
        fparts = self.a.function_parts(fn)
        if fparts is None:
            return {}
        offset = 1 if fparts.params and fparts.params[0] in self.a.self_names else 0
        mapped = {i + offset: v for i, v in enumerate(args)}
        for key, value in kwargs.items():
            if key in fparts.params:
                mapped[fparts.params.index(key)] = value
        return mapped

    def _apply_summary(
        self, fn: Node, parts: CallParts, args: list[Value], kwargs: dict[str, Value]
    ) -> Value:
        summary = self.summary(fn)
        mapped = self._map_args(fn, parts, args, kwargs)
        line, col = parts.node.start_point
        for hit in summary.sink_hits:
            value = mapped.get(hit.param)
            if value is not None and hit.taint.sanitized:
                value = _sanitized(value, hit.taint.sanitized)
            if value is not None and value.tainted:
                stepped = value.step(line + 1, col + 1, f"passed to {parts.name}()")
                self._sink_reached(hit.rule, hit.node, hit.callee, stepped)
        result = [summary.returns] + [
            _sanitized(mapped[i], summary.returns_sanitized.get(i, frozenset()))
            for i in summary.returns_params
            if i in mapped
        ]
        return union(result).step(line + 1, col + 1, f"returned by {parts.name}()")


# functions that call their function argument with the elements of their other arguments
_FUNCTIONAL = frozenset({"map", "filter", "functools.reduce", "reduce", "sorted", "min", "max"})


def _args_match(required: Mapping[int, re.Pattern[str]], args: list[Value]) -> bool:
    """Whether each required positional argument is a string constant its regex matches."""
    for index, regex in required.items():
        const = args[index].const if index < len(args) else NOT_CONSTANT
        if not isinstance(const, str) or not regex.fullmatch(const):
            return False
    return True
