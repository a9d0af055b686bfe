"""The state the parts of the taint engine share, and the seams between them.

The engine is one abstract interpreter split by the kind of syntax each part interprets
(statements, expressions, calls, sinks). The parts call each other recursively (an
expression holds a call whose summary runs statements that reach a sink), so each one is a
mixin over ``EngineBase``: it holds the fields every part reads and writes (the
environment of the current function in ``frame``, summaries, findings) and declares the
methods one part calls on another, so each part type-checks on its own and
``TaintEngine`` only has to list them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from dataclasses import dataclass, field

from stockade.analyzers.sast.languages.base import CallParts, Node
from stockade.analyzers.sast.ruleset import LanguageRules, ParameterSource, TaintRule
from stockade.analyzers.sast.taint.values import CLEAN, Taint, Value
from stockade.core.finding import Finding

Env = dict[str, Value]
MAX_DEPTH = 150


@dataclass
class SinkHit:
    """Inside a function: parameter ``param`` reaches a sink of ``rule`` at ``node``."""

    param: int
    rule: TaintRule
    node: Node
    callee: str
    taint: Taint


@dataclass
class Summary:
    returns_params: frozenset[int] = frozenset()
    returns: Value = CLEAN
    sink_hits: list[SinkHit] = field(default_factory=list)
    # sanitizer kinds applied to a parameter on every path by which it is returned
    returns_sanitized: dict[int, frozenset[str]] = field(default_factory=dict)


@dataclass
class _Frame:
    params: tuple[str, ...] = ()
    returns: list[Value] = field(default_factory=list)
    hits: list[SinkHit] = field(default_factory=list)
    return_sink: str | None = None
    # variable → the constructor call it was built by (``client`` → ``httpx.Client()``), so
    # rules can name methods of library objects held in local variables
    types: dict[str, str] = field(default_factory=dict)
    in_function: bool = False


class EngineBase(ABC):
    """The analysis state of one file. The methods below the fields are implemented by the
    parts (``Statements``, ``Expressions``, ``Calls``, ``Sinks``); they are declared here,
    abstract, so a part can call another one's methods with their real types, and a class
    that forgot one cannot be built."""

    def __init__(
        self, rules: LanguageRules, root: Node, path: str, file_language: str | None = None
    ) -> None:
        self.rules = rules
        rules.adapter.begin_file()
        self.file_language = file_language or rules.adapter.file_languages[0]
        self.conditions = rules.taint_conditions_for(self.file_language)
        self.a = rules.adapter
        self.root = root
        self.path = path
        self.imports = self.a.imports(root)
        self.functions: dict[str, Node] = {}
        # method name → how many classes of the file define it: ``this.service.byEmail(x)``
        # resolves to the file's method when exactly one class has that name
        self.method_counts: dict[str, int] = {}
        self.constructors: dict[str, Node] = {}  # class name → its constructor method
        self.summaries: dict[int, Summary] = {}
        self.in_progress: set[int] = set()
        self.fields: Env = {}
        self.findings: dict[tuple[str, int, int], Finding] = {}
        self.only_if_held: dict[str, bool] = {}
        # per function (node id): the parameter sources its header declares; a route handler
        self.header_sources: dict[int, tuple[ParameterSource, ...]] = {}
        self.entry_points: dict[int, bool] = {}  # rule id → its only_if query matched the file
        self.module_env: Env = {}
        self.closures: dict[int, Env] = {}  # nested function → environment where it is defined
        self.frame = _Frame()
        # root node id → its function and class nodes, found once (the source gate and the
        # collection of functions both read them)
        self._definitions_of: dict[int, list[Node]] = {}

    # -- implemented by the parts (TaintEngine composes all four) --------------------

    @abstractmethod
    def _in_class(self, node: Node) -> bool: ...

    @abstractmethod
    def summary(self, fn: Node) -> Summary: ...

    @abstractmethod
    def _exec_body(self, body: Node, env: Env) -> None: ...

    @abstractmethod
    def _exec_block(self, nodes: Iterable[Node], env: Env, depth: int) -> None: ...

    @abstractmethod
    def _exec(self, node: Node, env: Env, depth: int) -> None: ...

    @abstractmethod
    def _remember_closure(self, fn: Node, env: Env) -> None: ...

    @abstractmethod
    def _assign(self, node: Node, env: Env, depth: int) -> Value: ...

    @abstractmethod
    def _eval(self, node: Node | None, env: Env, depth: int) -> Value: ...

    @abstractmethod
    def _source_value(self, node: Node, name: str) -> Value | None: ...

    @abstractmethod
    def _eval_call(self, node: Node, env: Env, depth: int) -> Value: ...

    @abstractmethod
    def _check_sinks(
        self,
        parts: CallParts,
        receiver: Value,
        args: list[Value],
        kwargs: dict[str, Value],
        env: Env,
    ) -> None: ...

    @abstractmethod
    def _check_assign_sinks(self, target: Node, value: Value) -> None: ...

    @abstractmethod
    def _remember_type(self, target: Node, value_node: Node | None) -> None: ...

    @abstractmethod
    def _sink_reached(self, rule: TaintRule, node: Node, callee: str, value: Value) -> None: ...


def _sanitized(value: Value, kinds: frozenset[str]) -> Value:
    """``value`` after the sanitizers a called function applies to its parameter."""
    if not kinds or not value.taints:
        return value
    return Value(frozenset(t.sanitize(kinds) for t in value.taints), value.const, value.elements)
