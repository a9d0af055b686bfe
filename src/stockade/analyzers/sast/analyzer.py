"""The SAST analyzer: parse each file once, run its language's pattern and taint rules."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from functools import cached_property
from typing import Any

import tree_sitter as ts

from stockade.analyzers.interface import AnalysisContext, Analyzer
from stockade.analyzers.sast.configfiles import file_format
from stockade.analyzers.sast.configrules import ConfigRule, load_config_rules, run_config_rules
from stockade.analyzers.sast.patterns import run_patterns
from stockade.analyzers.sast.ruleset import LanguageRules, load_all
from stockade.analyzers.sast.taint.engine import TaintEngine
from stockade.analyzers.target import FileContent, SourceFile
from stockade.core.finding import Finding
from stockade.core.rule import Rule

MINIFIED_LINE = 1000  # average line length above which a file is treated as generated
# Hand-written code stays far below this; above it (generated tables, bundles) the data-flow
# pass is skipped, with a reason, so one file cannot eat the scan's time budget.
MAX_TAINT_BYTES = 2 * 1024 * 1024


class SastAnalyzer(Analyzer):
    """Options (``[sast]`` in ``.stockade.toml``): ``rules_dirs`` (extra rule directories,
    each with ``<language>/*.yaml``), ``disable`` (rule ids)."""

    name = "sast"

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self._parsers: dict[str, ts.Parser] = {}

    @cached_property
    def languages(self) -> dict[str, LanguageRules]:
        loaded = load_all(
            tuple(self.options.get("rules_dirs", ())), tuple(self.options.get("disable", ()))
        )
        by_file_language: dict[str, LanguageRules] = {}
        for rules in loaded.values():
            for file_language in rules.adapter.file_languages:
                by_file_language[file_language] = rules
        return by_file_language

    @cached_property
    def config_rules(self) -> dict[str, list[ConfigRule]]:
        """``kind: config`` rules by the file format they read (Spring settings, templates)."""
        loaded = load_config_rules(
            tuple(self.options.get("rules_dirs", ())), tuple(self.options.get("disable", ()))
        )
        formats = {f for rule in loaded.rules for f in rule.formats}
        return {f: loaded.for_format(f) for f in sorted(formats)}

    def rules(self) -> Sequence[Rule]:
        seen: dict[str, Rule] = {}
        for rules in self.languages.values():
            for meta in [r.meta for r in rules.pattern_rules] + [r.meta for r in rules.taint_rules]:
                seen.setdefault(meta.id, meta)
        for config_rules in self.config_rules.values():
            for rule in config_rules:
                seen.setdefault(rule.meta.id, rule.meta)
        return list(seen.values())

    def wants(self, file: SourceFile) -> bool:
        if file.language is None or file.language in self.languages:
            return True
        return file_format(file.path) in self.config_rules

    def prepare(self, languages: Collection[str]) -> None:
        """Compile the tree-sitter queries of these grammars: several seconds for the 120+
        JavaScript/TypeScript pattern rules, paid once before the workers fork instead of
        once in each of them."""
        for file_language in languages:
            rules = self.languages.get(file_language)
            if rules is None:
                continue
            rules.combined_query_for(file_language)
            rules.report_at_for(file_language)
            rules.taint_conditions_for(file_language)
            self._parser(file_language, rules)

    def _parser(self, file_language: str, rules: LanguageRules) -> ts.Parser:
        parser = self._parsers.get(file_language)
        if parser is None:
            parser = rules.adapter.parser_for(file_language)
            self._parsers[file_language] = parser
        return parser

    @staticmethod
    def _needs_taint(rules: LanguageRules, data: bytes) -> bool:
        """A data-flow pass needs a sink's name in the file, and a source's where the
        language's sources are all names (JavaScript: most library files have none)."""
        if not rules.taint_rules or not any(word in data for word in rules.sink_words):
            return False
        sources = rules.source_word_regex
        return sources is None or sources.search(data) is not None

    def analyze_file(self, content: FileContent, ctx: AnalysisContext) -> Iterable[Finding]:
        language = content.language
        rules = self.languages.get(language or "")
        if rules is None or language is None:
            # a grammar, when a file has one, wins over the config reading of its name
            config_format = file_format(content.path)
            if config_format in self.config_rules and not content.binary:
                return self._analyze_config(content, config_format or "", ctx)
            return []
        data = content.utf8
        lines = data.count(b"\n") + 1
        if len(data) / lines > MINIFIED_LINE:
            ctx.skip(content.path, "looks minified or generated (very long lines); SAST skipped")
            return []
        tree = self._parser(language, rules).parse(data)
        findings: list[Finding] = []
        for rule, outcome in run_patterns(rules, tree.root_node, content.path, language):
            if isinstance(outcome, Exception):
                ctx.error(content.path, f"rule failed: {outcome}", rule_id=rule.meta.id)
            else:
                findings.append(outcome)
        if len(data) > MAX_TAINT_BYTES:
            ctx.skip(content.path, "larger than 2 MiB: pattern rules ran, data-flow skipped")
        elif self._needs_taint(rules, data):
            findings.extend(TaintEngine(rules, tree.root_node, content.path, language).run())
        if tree.root_node.has_error:
            ctx.skip(content.path, "syntax errors: analysed the parts that parse")
        return findings

    def _analyze_config(
        self, content: FileContent, config_format: str, ctx: AnalysisContext
    ) -> list[Finding]:
        """A settings file or template: read by its format's tokenizer, not a grammar."""
        data = content.utf8
        if len(data) > MAX_TAINT_BYTES:
            ctx.skip(content.path, "larger than 2 MiB: configuration and template rules skipped")
            return []
        text = data.decode("utf-8", "replace")
        rules = self.config_rules[config_format]
        findings, problem = run_config_rules(rules, config_format, content.path, text)
        if problem is not None:
            ctx.skip(content.path, f"syntax errors: analysed the parts that parse ({problem})")
        return findings
