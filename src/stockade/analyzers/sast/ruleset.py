"""SAST rules as data: loading and validating the YAML rule files of each language.

A language directory holds ``_taint.yaml`` (sources, sanitizers and calls that do not
propagate taint, shared by all taint rules of the language) and any number of rule files
``{language: python, rules: [...]}``. Each rule carries its metadata and its own test cases
(``tests: {vulnerable: [...], safe: [...]}``), which the test suite runs for every rule.
"""

from __future__ import annotations

import bisect
import fnmatch
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

import tree_sitter as ts
import yaml

from stockade.analyzers.sast.languages import load_adapter
from stockade.analyzers.sast.languages.base import LanguageAdapter
from stockade.core.errors import RuleError
from stockade.core.rule import Rule, rule_from_mapping, string_tuple
from stockade.core.severity import Confidence

# libyaml parses the rule files about ten times faster than the pure-Python loader; the
# rules load once per process, but every job starts a process.
_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

RULES_DIR = Path(__file__).parent / "rules"
# identifier characters of the languages with a source prefilter (JavaScript: ``$`` too)
_IDENTIFIER_RUN = re.compile(r"[A-Za-z0-9_$]+")


def glob_regex(patterns: Iterable[str]) -> re.Pattern[str] | None:
    """One regex for many ``fnmatch`` globs (``*.execute``, ``os.system``)."""
    parts = [fnmatch.translate(p) for p in patterns]
    return re.compile("|".join(parts)) if parts else None


@dataclass(frozen=True)
class SinkSpec:
    calls: re.Pattern[str]
    args: tuple[int, ...] | None  # None: every positional argument
    kwargs: tuple[str, ...] = ()
    receiver: bool = False
    when: Mapping[str, Any] = field(default_factory=dict)  # keyword → required constant
    assign: bool = False  # the sink is an assignment to ``calls`` (``resp.headers[...] = x``)
    # argument (keyword name or position) → globs over its dotted name or constant: a call
    # passing a matching argument is no sink (``yaml.load(x, Loader=yaml.SafeLoader)``)
    unless: Mapping[str, re.Pattern[str]] = field(default_factory=dict)
    exclude: re.Pattern[str] | None = None  # callees the ``calls`` globs must not cover
    # For a literal dict argument: only elements under these keys matter (``$where``)…
    keys: re.Pattern[str] | None = None
    # …plus, under any key, data from sources with these labels (parsed JSON objects)
    object_sources: re.Pattern[str] | None = None
    # the first argument (or, with several, the arguments) is an argument vector: only the
    # program at index 0 matters, unless that program is a shell (``{"sh", "-c", cmd}``)
    argv: bool = False


@dataclass(frozen=True)
class PatternRule:
    meta: Rule
    query: str
    unless: str | None = None  # a query that, matching in the enclosing function, clears it
    unless_scope: str = "function"  # or "file": the clearing query may match anywhere
    # calls in the same function that use what the query found (an XML factory's
    # ``parse``, the line that reads the input): reported too, next to the query's node
    report_at: str | None = None


@dataclass(frozen=True)
class ContainerMethod:
    """A method that stores into its receiver (``map.put(k, v)``, ``list.add(v)``)."""

    calls: re.Pattern[str]
    value: int
    key: int | None = None
    append: bool = False
    keys: tuple[int, ...] = ()  # a composite key (``config.set(section, option, value)``)
    remove: bool = False  # ``list.pop(i)`` / ``dict.pop(k)``: takes the element out


@dataclass(frozen=True)
class TaintRule:
    meta: Rule
    sinks: tuple[SinkSpec, ...]
    kind: str
    sanitizers: re.Pattern[str] | None = None
    source_kinds: frozenset[str] | None = None
    # a query that, matching in the function holding the sink, clears its findings: a
    # response whose Content-Type the handler set to JSON or plain text renders no HTML
    unless: str | None = None
    # a query that must match in the file for the sink to count: an XML parser configured
    # to resolve external entities (resolve_entities=True, setFeature(external_ges, True))
    only_if: str | None = None
    # a function's own parameters count as untrusted for this rule (yaml.load(text,
    # Loader=yaml.Loader) in a library function), while constants still do not
    parameters: bool = False
    # ``parameters: built``: only parameters assembled into text inside the function count
    built_only: bool = False


@dataclass(frozen=True)
class SourceSpec:
    pattern: str
    kind: str = "web"
    confidence: Confidence = Confidence.HIGH
    # sink kinds this source cannot feed (a Fetch API ``request.url`` is absolute and names
    # the server's own origin: no open redirect or SSRF through it)
    safe_for: frozenset[str] = frozenset()


@dataclass(frozen=True)
class ParameterSource:
    """Parameters a framework fills with outside data, known from the function's header
    (decorators, signature): a Celery task's arguments, an AWS Lambda handler's ``event``,
    a click command's options. ``header`` is searched in the text before the body; the
    parameters whose names match ``params`` become sources of ``kind``."""

    header: re.Pattern[str]
    params: re.Pattern[str]
    kind: str = "web"
    confidence: Confidence = Confidence.MEDIUM
    exclude: frozenset[str] = frozenset()  # parameter names that are not the data (``info``)


@dataclass(frozen=True)
class Sanitizer:
    """Calls whose result is safe for ``kinds`` (None: for every kind); with ``args``, only
    when each listed positional argument is a string constant its regex matches: a
    ``replace`` whose replacement is ``\\$&`` escapes a regular expression, others do not."""

    calls: re.Pattern[str]
    kinds: frozenset[str] | None = None
    args: Mapping[int, re.Pattern[str]] = field(default_factory=dict)


# (rule, how many patterns its query holds (None: it does not compile), its ``unless``
# query, the compile error)
CompiledRule = tuple[PatternRule, int | None, ts.Query | None, str | None]


@dataclass
class LanguageRules:
    """Everything the engine runs for one language, compiled once per process."""

    adapter: LanguageAdapter
    pattern_rules: list[PatternRule] = field(default_factory=list)
    taint_rules: list[TaintRule] = field(default_factory=list)
    sources: list[SourceSpec] = field(default_factory=list)
    parameter_sources: list[ParameterSource] = field(default_factory=list)
    # source kinds only rules naming them in ``source_kinds`` use (``weak-random``)
    opt_in_kinds: set[str] = field(default_factory=set)
    sanitizers: list[Sanitizer] = field(default_factory=list)
    clean_calls: re.Pattern[str] | None = None
    # member reads whose value carries no attacker-controlled content (``input.length``)
    clean_attributes: re.Pattern[str] | None = None
    container_methods: list[ContainerMethod] = field(default_factory=list)
    empty_containers: re.Pattern[str] | None = None
    tests: dict[str, dict[str, list[str]]] = field(default_factory=dict)

    _source_cache: dict[str, SourceSpec | None] = field(default_factory=dict)
    _sink_cache: dict[str, tuple[tuple[TaintRule, SinkSpec], ...]] = field(default_factory=dict)
    _container_cache: dict[str, ContainerMethod | None] = field(default_factory=dict)

    @cached_property
    def source_regex(self) -> re.Pattern[str] | None:
        return glob_regex(s.pattern for s in self.sources)

    def source_for(self, name: str) -> SourceSpec | None:
        """The source a dotted name denotes (memoised: names repeat a lot)."""
        if name in self._source_cache:
            return self._source_cache[name]
        found = None
        regex = self.source_regex
        if regex is not None and regex.match(name):
            found = next((s for s in self.sources if fnmatch.fnmatchcase(name, s.pattern)), None)
        self._source_cache[name] = found
        return found

    def container_method(self, name: str) -> ContainerMethod | None:
        """The first container method whose pattern matches the callee (memoised)."""
        if name in self._container_cache:
            return self._container_cache[name]
        found = next((m for m in self.container_methods if m.calls.match(name)), None)
        self._container_cache[name] = found
        return found

    def call_sinks(self, name: str, raw: str) -> tuple[tuple[TaintRule, SinkSpec], ...]:
        """Every (rule, call sink) whose pattern matches the callee (memoised)."""
        key = f"{name}\x00{raw}"
        cached = self._sink_cache.get(key)
        if cached is None:
            cached = tuple(
                (rule, sink)
                for rule in self.taint_rules
                for sink in rule.sinks
                if not sink.assign
                and (sink.calls.match(name) or sink.calls.match(raw))
                and not (sink.exclude is not None and sink.exclude.match(name))
            )
            self._sink_cache[key] = cached
        return cached

    _queries: dict[str, list[CompiledRule]] = field(default_factory=dict)
    _report_at: dict[str, dict[str, ts.Query]] = field(default_factory=dict)
    _taint_conditions: dict[str, dict[str, tuple[ts.Query | None, ts.Query | None]]] = field(
        default_factory=dict
    )
    _combined: dict[str, tuple[ts.Query | None, list[PatternRule]]] = field(default_factory=dict)

    def grammar_of(self, file_language: str) -> str:
        """The first file language of this rule set that shares ``file_language``'s grammar
        (Razor views and ``web.config`` are read as C#, ERB as Ruby, JSX as JavaScript): the
        compiled queries are cached under it, so they are compiled once per grammar, not once
        per file language (seconds each for the large rule sets)."""
        grammar = self.adapter.language_for(file_language)
        return next(
            (fl for fl in self.adapter.file_languages if self.adapter.language_for(fl) is grammar),
            file_language,
        )

    def queries_for(self, file_language: str) -> list[CompiledRule]:
        """Compiled queries for one grammar; a rule whose query does not compile carries its
        error instead, so one bad rule (a user's, typically) is reported without disabling
        the others."""
        file_language = self.grammar_of(file_language)
        cached = self._queries.get(file_language)
        if cached is not None:
            return cached
        grammar = self.adapter.language_for(file_language)
        together = self._compile_together(grammar)
        if together is not None:
            combined, compiled, owners = together
            self._combined[file_language] = (combined, owners)
            self._queries[file_language] = compiled
            return compiled
        compiled = []
        for rule in self.pattern_rules:
            try:
                query = ts.Query(grammar, rule.query)
                unless = ts.Query(grammar, rule.unless) if rule.unless else None
            except (ts.QueryError, ValueError) as exc:
                compiled.append((rule, None, None, f"invalid tree-sitter query: {exc}"))
                continue
            compiled.append((rule, query.pattern_count, unless, None))
        self._queries[file_language] = compiled
        return compiled

    def _compile_together(
        self, grammar: ts.Language
    ) -> tuple[ts.Query, list[CompiledRule], list[PatternRule]] | None:
        """The combined query compiled once, when that proves every rule's query compiles on
        its own with the patterns found in its part of the text: tree-sitter spends most of a
        compile on per-query analysis, so the rules one by one cost about twice the combined
        query (half a second a grammar for JavaScript), paid before the workers start.

        The proof: the joined text compiles; no pattern runs across the line between two
        rules (the first token of each rule's text starts a pattern); and each rule's
        predicates name only captures its own text defined before them (alone, a rule
        cannot borrow another rule's). Then each rule alone parses to the same patterns,
        and the joined text is the one ``combined_query_for`` would compile. Otherwise None:
        the rules are compiled one by one, so a bad one is reported on its own."""
        rules = self.pattern_rules
        if not rules or not all(_captures_defined_before_use(r.query) for r in rules):
            return None
        try:
            combined = ts.Query(grammar, "\n".join(r.query for r in rules))
            unless = [ts.Query(grammar, r.unless) if r.unless else None for r in rules]
        except (ts.QueryError, ValueError):
            return None
        counts = _patterns_per_part(combined, [r.query for r in rules])
        if counts is None:
            return None
        compiled: list[CompiledRule] = [
            (rule, count, clear, None)
            for rule, count, clear in zip(rules, counts, unless, strict=True)
        ]
        owners = [rule for rule, count in zip(rules, counts, strict=True) for _ in range(count)]
        return combined, compiled, owners

    def report_at_for(self, file_language: str) -> dict[str, ts.Query]:
        """Pattern rules' ``report_at`` queries for one grammar, by rule id (one that does
        not compile is left out: the rule then reports where its query matched)."""
        file_language = self.grammar_of(file_language)
        cached = self._report_at.get(file_language)
        if cached is None:
            grammar = self.adapter.language_for(file_language)
            cached = {}
            for rule in self.pattern_rules:
                if rule.report_at:
                    try:
                        cached[rule.meta.id] = ts.Query(grammar, rule.report_at)
                    except (ts.QueryError, ValueError):
                        continue
            self._report_at[file_language] = cached
        return cached

    def taint_conditions_for(
        self, file_language: str
    ) -> dict[str, tuple[ts.Query | None, ts.Query | None]]:
        """Taint rules' ``unless`` and ``only_if`` queries compiled for one grammar, by rule
        id (``test_rule_cases`` compiles every shipped one; a user rule's query that does not
        compile is reported when its rules file is loaded)."""
        file_language = self.grammar_of(file_language)
        cached = self._taint_conditions.get(file_language)
        if cached is not None:
            return cached
        grammar = self.adapter.language_for(file_language)
        compiled: dict[str, tuple[ts.Query | None, ts.Query | None]] = {}
        for rule in self.taint_rules:
            if rule.unless or rule.only_if:
                compiled[rule.meta.id] = (
                    ts.Query(grammar, rule.unless) if rule.unless else None,
                    ts.Query(grammar, rule.only_if) if rule.only_if else None,
                )
        self._taint_conditions[file_language] = compiled
        return compiled

    def combined_query_for(self, file_language: str) -> tuple[ts.Query | None, list[PatternRule]]:
        """All valid pattern rules as one multi-pattern query (one tree walk for all of
        them); the list maps each pattern index to its rule."""
        file_language = self.grammar_of(file_language)
        cached = self._combined.get(file_language)
        if cached is not None:
            return cached
        compiled = self.queries_for(file_language)
        cached = self._combined.get(file_language)  # compiled together by ``queries_for``
        if cached is not None:
            return cached
        sources: list[str] = []
        owners: list[PatternRule] = []
        for rule, count, _unless, error in compiled:
            if count is None or error:
                continue
            sources.append(rule.query)
            owners.extend([rule] * count)
        grammar = self.adapter.language_for(file_language)
        result = (ts.Query(grammar, "\n".join(sources)), owners) if sources else (None, [])
        self._combined[file_language] = result
        return result

    @cached_property
    def sink_words(self) -> frozenset[bytes]:
        """Last name segments of all sinks: a file with none of them needs no taint pass."""
        words = set()
        for rule in self.taint_rules:
            for sink in rule.sinks:
                for word in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", sink.calls.pattern):
                    if word not in {"s", "Z", "A", "z"} and len(word) > 2:
                        words.add(word.encode())
        return frozenset(words)

    @cached_property
    def source_word_regex(self) -> re.Pattern[bytes] | None:
        """``source_words`` as one whole-word regex (``req`` must not match ``require``)."""
        words = self.source_words
        if words is None:
            return None
        markers = sorted(m.encode() for m in self.adapter.framework_source_markers)
        return re.compile(
            rb"(?<![\w$])(?:"
            + b"|".join(re.escape(w) for w in sorted(words))
            + rb")(?![\w$])"
            + b"".join(b"|" + re.escape(m) for m in markers)
        )

    @cached_property
    def source_name_runs(self) -> tuple[tuple[str, ...], ...] | None:
        """For each source pattern, the runs of identifier characters it spells out literally
        (``context.query*`` → ``context``, ``query``): a dotted name matching the pattern
        holds each of them inside the text of one node of the named expression (or in an
        import's module path), which is what the taint engine's source gate looks for.
        Only the part before a ``[`` class is read; a pattern with no usable run (or a rule
        set the word prefilter does not cover, ``source_words`` None) gives None: no gate."""
        if self.source_words is None:
            return None
        synthetic = self.adapter.synthetic_name_words
        found: list[tuple[str, ...]] = []
        for source in self.sources:
            literal = source.pattern.split("[", 1)[0]
            runs = tuple(run for run in _IDENTIFIER_RUN.findall(literal) if run not in synthetic)
            if not runs:
                return None
            found.append(runs)
        return tuple(found)

    @cached_property
    def source_words(self) -> frozenset[bytes] | None:
        """Words one of which every source needs in the text (``req``, ``location``,
        ``e.data``): a file with none of them has no untrusted data to follow. None when a
        source or rule escapes that (framework parameters, ``parameters: true``)."""
        if not self.adapter.source_prefilter or any(r.parameters for r in self.taint_rules):
            return None
        words = set()
        for source in self.sources:
            literal = re.split(r"[*?\[]", source.pattern.lstrip("*."), maxsplit=1)[0]
            module, dot, rest = literal.partition(".")
            if dot and re.search(r"[/@-]", module):  # next/navigation.useSearchParams: the
                literal = rest  # file holds the imported name, not the module's
            head = re.match(r"[A-Za-z_$][\w$-]*", literal)
            if head is None:
                return None
            words.add((head.group() if len(head.group()) >= 3 else literal).encode())
        return frozenset(words)


_QUERY_SPACE = frozenset(b" \t\n\r\f\v")


def _patterns_per_part(query: ts.Query, parts: Sequence[str]) -> list[int] | None:
    """How many of ``query``'s patterns start in each of the texts it was joined from (with
    ``\\n``), or None when a pattern may run across a join: some part's first token (after
    whitespace and ``;`` comments, which tree-sitter skips between patterns) starts none."""
    encoded = [p.encode() for p in parts]
    text = b"\n".join(encoded)
    starts: list[int] = []
    position = 0
    for part in encoded:
        starts.append(position)
        position += len(part) + 1
    pattern_starts = {query.start_byte_for_pattern(i) for i in range(query.pattern_count)}
    if len(pattern_starts) != query.pattern_count:
        return None
    counts = [0] * len(parts)
    for start in pattern_starts:
        index = bisect.bisect_right(starts, start) - 1
        if index < 0 or start >= starts[index] + len(encoded[index]):
            return None
        counts[index] += 1
    for index in range(1, len(parts)):
        first = _first_token(text, starts[index], starts[index] + len(encoded[index]))
        if first is not None and first not in pattern_starts:
            return None
    return counts


def _first_token(text: bytes, start: int, end: int) -> int | None:
    """Offset of the first byte in ``text[start:end]`` that is neither whitespace nor in a
    ``;`` comment (None: there is none)."""
    i = start
    while i < end:
        if text[i] in _QUERY_SPACE:
            i += 1
        elif text[i] == ord(";"):
            newline = text.find(b"\n", i, end)
            if newline < 0:
                return None
            i = newline + 1
        else:
            return i
    return None


_CAPTURE_NAME = re.compile(r"[A-Za-z0-9_.?!-]+")


def _captures_defined_before_use(query: str) -> bool:
    """Whether every capture a predicate of ``query`` names (``(#eq? @name "x")``) is
    captured earlier in ``query`` itself. Read with strings and ``;`` comments skipped; a
    text this reading cannot follow (an unterminated string) gives False."""
    defined: set[str] = set()
    predicate_depths: list[int] = []  # nesting depths of the open ``(#...`` groups
    depth = 0
    i = 0
    while i < len(query):
        char = query[i]
        if char == ";":
            newline = query.find("\n", i)
            i = len(query) if newline < 0 else newline + 1
            continue
        if char == '"':
            i += 1
            while i < len(query) and query[i] != '"':
                i += 2 if query[i] == "\\" else 1
            if i >= len(query):
                return False
        elif char == "(":
            depth += 1
            if query[i + 1 :].lstrip().startswith("#"):
                predicate_depths.append(depth)
        elif char == ")":
            if predicate_depths and predicate_depths[-1] == depth:
                predicate_depths.pop()
            depth -= 1
        elif char == "@":
            name = _CAPTURE_NAME.match(query, i + 1)
            if name is None:
                return False
            if predicate_depths:
                if name.group() not in defined:
                    return False
            else:
                defined.add(name.group())
            i = name.end()
            continue
        i += 1
    return True


def _meta(raw: Mapping[str, Any], language: str, source: str) -> Rule:
    return rule_from_mapping({**raw, "languages": [language]}, module="sast", source=source)


def _sink(raw: Mapping[str, Any], rule_id: str) -> SinkSpec:
    assign = "assign" in raw
    calls = glob_regex(string_tuple(raw.get("assign") if assign else raw.get("call")))
    if calls is None:
        raise RuleError(rule_id, "a sink needs 'call' or 'assign'")
    args = raw.get("args", "all")
    positions = None if args == "all" else tuple(int(a) for a in args)
    return SinkSpec(
        calls,
        positions,
        string_tuple(raw.get("kwargs")),
        bool(raw.get("receiver", False)),
        dict(raw.get("when") or {}),
        assign,
        {
            str(key): re.compile("|".join(fnmatch.translate(g) for g in string_tuple(globs)))
            for key, globs in (raw.get("unless") or {}).items()
        },
        glob_regex(string_tuple(raw.get("exclude"))),
        glob_regex(string_tuple(raw.get("keys"))),
        glob_regex(string_tuple(raw.get("object_sources"))),
        bool(raw.get("argv", False)),
    )


def _rule(raw: Mapping[str, Any], language: str, source: str) -> PatternRule | TaintRule:
    meta = _meta(raw, language, source)
    kind = raw.get("kind", "pattern")
    if kind == "pattern":
        if "query" not in raw:
            raise RuleError(meta.id, "pattern rule needs 'query'", source=source)
        scope = str(raw.get("unless_scope", "function"))
        if scope not in ("function", "file"):
            raise RuleError(meta.id, "unless_scope must be 'function' or 'file'", source=source)
        report_at = raw.get("report_at")
        return PatternRule(
            meta, str(raw["query"]), raw.get("unless"), scope, str(report_at) if report_at else None
        )
    if kind == "taint":
        sinks = tuple(_sink(s, meta.id) for s in raw.get("sinks", []))
        if not sinks:
            raise RuleError(meta.id, "taint rule needs 'sinks'", source=source)
        kinds = raw.get("source_kinds")
        return TaintRule(
            meta,
            sinks,
            str(raw.get("sink_kind", meta.type)),
            glob_regex(string_tuple(raw.get("sanitizers"))),
            frozenset(kinds) if kinds else None,
            str(raw["unless"]) if raw.get("unless") else None,
            str(raw["only_if"]) if raw.get("only_if") else None,
            bool(raw.get("parameters", False)),
            raw.get("parameters") == "built",
        )
    raise RuleError(meta.id, f"unknown rule kind {kind!r}", source=source)


def _load_taint_config(rules: LanguageRules, raw: Mapping[str, Any]) -> None:
    for src in raw.get("sources", []):
        rules.sources.append(
            SourceSpec(
                str(src["pattern"]),
                str(src.get("kind", "web")),
                Confidence.parse(str(src.get("confidence", "high"))),
                frozenset(string_tuple(src.get("safe_for"))),
            )
        )
    for src in raw.get("parameter_sources", []):
        params = glob_regex(string_tuple(src.get("params", "*")))
        if params is not None:
            rules.parameter_sources.append(
                ParameterSource(
                    re.compile(str(src["header"])),
                    params,
                    str(src.get("kind", "web")),
                    Confidence.parse(str(src.get("confidence", "medium"))),
                    frozenset(string_tuple(src.get("exclude"))),
                )
            )
    rules.opt_in_kinds.update(
        str(src["kind"])
        for src in [*raw.get("sources", []), *raw.get("parameter_sources", [])]
        if src.get("opt_in", False)
    )
    for san in raw.get("sanitizers", []):
        kinds = san.get("kinds")
        regex = glob_regex(string_tuple(san["call"]))
        if regex is not None:
            consts = {int(k): re.compile(str(v)) for k, v in (san.get("args") or {}).items()}
            rules.sanitizers.append(Sanitizer(regex, frozenset(kinds) if kinds else None, consts))
    rules.clean_calls = glob_regex(string_tuple(raw.get("clean_calls")))
    rules.clean_attributes = glob_regex(string_tuple(raw.get("clean_attributes")))
    rules.empty_containers = glob_regex(string_tuple(raw.get("empty_containers")))
    for method in raw.get("container_methods", []):
        calls = glob_regex(string_tuple(method.get("call")))
        if calls is not None:
            key = method.get("key")
            keys = tuple(int(k) for k in key) if isinstance(key, list) else ()
            rules.container_methods.append(
                ContainerMethod(
                    calls,
                    int(method.get("value", 0)),
                    keys[0] if keys else (int(key) if key is not None else None),
                    bool(method.get("append", False)),
                    keys,
                    bool(method.get("remove", False)),
                )
            )


def _check_queries(rule: TaintRule, adapter: LanguageAdapter, source: str) -> None:
    """A taint rule's ``unless``/``only_if`` must compile for every grammar it serves."""
    for text in (q for q in (rule.unless, rule.only_if) if q):
        for file_language in adapter.file_languages:
            try:
                ts.Query(adapter.language_for(file_language), text)
            except (ts.QueryError, ValueError) as exc:
                message = f"invalid tree-sitter query: {exc}"
                raise RuleError(rule.meta.id, message, source=source) from None


def load_directory(
    language: str, directory: Path, into: LanguageRules | None = None
) -> LanguageRules | None:
    adapter = load_adapter(language)
    if adapter is None:
        return None
    rules = into or LanguageRules(adapter)
    for path in sorted(directory.glob("*.yaml")):
        load_file(path, language, rules)
    return rules


def load_file(path: Path, language: str, rules: LanguageRules) -> None:
    try:
        raw = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER) or {}  # noqa: S506
    except (OSError, yaml.YAMLError) as exc:
        raise RuleError(path.name, f"cannot load rule file: {exc}", source=str(path)) from None
    if path.name == "_taint.yaml":
        _load_taint_config(rules, raw)
        return
    for item in raw.get("rules", []):
        rule = _rule(item, language, str(path))
        if isinstance(rule, TaintRule):
            _check_queries(rule, rules.adapter, str(path))
        target = rules.pattern_rules if isinstance(rule, PatternRule) else rules.taint_rules
        target.append(rule)  # type: ignore[arg-type]
        tests = item.get("tests") or {}
        rules.tests[rule.meta.id] = {
            "vulnerable": [str(t) for t in tests.get("vulnerable", [])],
            "safe": [str(t) for t in tests.get("safe", [])],
        }


def load_all(
    extra_dirs: Sequence[str] = (), disabled: Iterable[str] = ()
) -> dict[str, LanguageRules]:
    """Built-in rules of every language with an adapter, plus user rule directories
    (``<dir>/<language>/*.yaml``), minus disabled rule ids.

    Loaded once per process and options: rule sets are read-only after loading (their
    compiled-query caches only grow), and a job's process forked from a warm parent then
    starts with every rule parsed and compiled.
    """
    return _load_all(tuple(extra_dirs), tuple(disabled))


@lru_cache(maxsize=16)
def _load_all(extra_dirs: tuple[str, ...], disabled: tuple[str, ...]) -> dict[str, LanguageRules]:
    result: dict[str, LanguageRules] = {}
    for lang_dir in sorted(p for p in RULES_DIR.iterdir() if p.is_dir()):
        loaded = load_directory(lang_dir.name, lang_dir)
        if loaded is not None:
            result[lang_dir.name] = loaded
    for extra in extra_dirs:
        for lang_dir in sorted(p for p in Path(extra).iterdir() if p.is_dir()):
            loaded = load_directory(lang_dir.name, lang_dir, result.get(lang_dir.name))
            if loaded is not None:
                result[lang_dir.name] = loaded
    off = set(disabled)
    for rules in result.values():
        rules.pattern_rules = [r for r in rules.pattern_rules if r.meta.id not in off]
        rules.taint_rules = [r for r in rules.taint_rules if r.meta.id not in off]
    return result
