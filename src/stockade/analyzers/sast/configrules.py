"""Rules of ``kind: config``: data over configuration entries and template constructs.

They live in ``rules/config/*.yaml`` (and a user's ``<rules_dir>/config/``). A rule names
the file formats it reads (:data:`.configfiles.FORMATS`) and one ``match``:

```yaml
match: {key: server.ssl.enabled, equals: false}            # a setting with this value
match: {key: "management.endpoints.web.exposure.include", contains: "*"}  # a list item
match: {key: spring.datasource.url, matches: "(?i)usessl=false"}   # a regex on the value
match: {construct: ejs-unescaped, except: "^include\\b"}    # a template construct
```

A rule with ``deployed_only: true`` is a development convenience (an H2 console, SQL
logging) and is not reported in ``dev``/``local``/``test`` profile files or test resources.

``key`` may be a list and hold globs; keys compare in Spring's relaxed form
(``http-only`` = ``httpOnly``). ``equals``/``contains`` compare case-insensitively and take a
value or a list of alternatives. ``matches`` also narrows a construct to expressions the regex
finds (a user record's ``website``). ``except`` exempts settings whose value, or constructs whose
expression, the regex finds (``include(...)`` in EJS prints a partial, not data).

Test cases are strings (written to a file of the rule's first format) or
``{file: <path>, code: <text>}`` for another format or name.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from stockade.analyzers.sast.configfiles import (
    FORMATS,
    SAMPLE_NAMES,
    Entry,
    development_file,
    normal_key,
    parse_properties,
    parse_yaml,
)
from stockade.analyzers.sast.templates import constructs
from stockade.core.errors import RuleError
from stockade.core.finding import Finding, Location
from stockade.core.rule import Rule, rule_from_mapping, string_tuple

_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
RULES_DIR = Path(__file__).parent / "rules" / "config"
_CONDITIONS = frozenset({"key", "equals", "contains", "matches", "construct", "except"})


@dataclass(frozen=True)
class ConfigRule:
    meta: Rule
    formats: frozenset[str]
    keys: re.Pattern[str] | None = None  # normalised-key globs
    equals: frozenset[str] | None = None
    contains: frozenset[str] | None = None
    matches: re.Pattern[str] | None = None
    construct: str | None = None
    exempt: re.Pattern[str] | None = None
    # the setting is a development convenience: not reported in dev/test profile files
    deployed_only: bool = False

    def matches_entry(self, entry: Entry) -> bool:
        if self.keys is None or not self.keys.match(normal_key(entry.key)):
            return False
        if self.exempt is not None and self.exempt.search(entry.value):
            return False
        if self.equals is not None and entry.value.lower() not in self.equals:
            return False
        if self.contains is not None and not any(i.lower() in self.contains for i in entry.items):
            return False
        return self.matches is None or self.matches.search(entry.value) is not None


@dataclass(frozen=True)
class Case:
    """One test case: the file's path (relative) and its text."""

    file: str
    code: str


@dataclass
class ConfigRules:
    rules: list[ConfigRule]
    tests: dict[str, dict[str, list[Case]]]

    def for_format(self, file_format: str) -> list[ConfigRule]:
        return [r for r in self.rules if file_format in r.formats]


def _lowered(value: Any) -> frozenset[str] | None:
    if value is None:
        return None
    values = value if isinstance(value, list) else [value]
    return frozenset(str(v).lower() for v in values)  # YAML's false → "false"


def _rule(raw: Mapping[str, Any], source: str) -> ConfigRule:
    formats = frozenset(string_tuple(raw.get("formats")))
    meta = rule_from_mapping({**raw, "languages": sorted(formats)}, module="sast", source=source)
    if raw.get("kind") != "config":
        raise RuleError(meta.id, "rules under config/ need 'kind: config'", source=source)
    if not formats or not formats <= FORMATS:
        message = f"'formats' must name some of {sorted(FORMATS)}"
        raise RuleError(meta.id, message, source=source)
    match = raw.get("match")
    if not isinstance(match, Mapping) or not match or set(match) - _CONDITIONS:
        message = f"'match' needs conditions among {sorted(_CONDITIONS)}"
        raise RuleError(meta.id, message, source=source)
    if ("key" in match) == ("construct" in match):
        raise RuleError(meta.id, "'match' needs exactly one of 'key' or 'construct'", source=source)
    try:
        keys = [fnmatch.translate(normal_key(k)) for k in string_tuple(match.get("key"))]
        exempt = re.compile(str(match["except"])) if "except" in match else None
        regex = re.compile(str(match["matches"])) if "matches" in match else None
    except re.error as exc:
        raise RuleError(meta.id, f"invalid regex: {exc}", source=source) from None
    return ConfigRule(
        meta,
        formats,
        re.compile("|".join(keys)) if keys else None,
        _lowered(match.get("equals")),
        _lowered(match.get("contains")),
        regex,
        str(match["construct"]) if "construct" in match else None,
        exempt,
        bool(raw.get("deployed_only", False)),
    )


def _case(raw: Any, default_file: str) -> Case:
    if isinstance(raw, Mapping):
        return Case(str(raw["file"]), str(raw["code"]))
    return Case(default_file, str(raw))


def load_file(path: Path, into: ConfigRules) -> None:
    try:
        raw = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER) or {}  # noqa: S506
    except (OSError, yaml.YAMLError) as exc:
        raise RuleError(path.name, f"cannot load rule file: {exc}", source=str(path)) from None
    for item in raw.get("rules", []):
        rule = _rule(item, str(path))
        into.rules.append(rule)
        tests = item.get("tests") or {}
        default_file = SAMPLE_NAMES[string_tuple(item.get("formats"))[0]]  # the first listed
        into.tests[rule.meta.id] = {
            verdict: [_case(t, default_file) for t in tests.get(verdict, [])]
            for verdict in ("vulnerable", "safe")
        }


def load_config_rules(extra_dirs: Sequence[str] = (), disabled: Iterable[str] = ()) -> ConfigRules:
    """Built-in config rules plus each user rule directory's ``config/``, minus disabled ids
    (loaded once per process and options, like the language rules)."""
    return _load(tuple(extra_dirs), tuple(disabled))


@lru_cache(maxsize=16)
def _load(extra_dirs: tuple[str, ...], disabled: tuple[str, ...]) -> ConfigRules:
    result = ConfigRules([], {})
    directories = [RULES_DIR, *(Path(d) / "config" for d in extra_dirs)]
    for directory in directories:
        for path in sorted(directory.glob("*.yaml")) if directory.is_dir() else []:
            load_file(path, result)
    off = set(disabled)
    result.rules = [r for r in result.rules if r.meta.id not in off]
    return result


def run_config_rules(
    rules: Sequence[ConfigRule], file_format: str, path: str, text: str
) -> tuple[list[Finding], str | None]:
    """Findings of these rules on one file of ``file_format``, and why the file was only
    partly read (a YAML syntax error), if it was."""
    problem = None
    findings: list[Finding] = []
    if file_format.startswith("spring-"):
        if file_format == "spring-yaml":
            entries, problem = parse_yaml(text)
        else:
            entries = parse_properties(text)
        if development_file(path):
            rules = [r for r in rules if not r.deployed_only]
        for entry in entries:
            for rule in rules:
                if rule.keys is not None and rule.matches_entry(entry):
                    findings.append(_finding(rule, path, entry.line, entry.column))
        return findings, problem
    for found in constructs(text, file_format):
        for rule in _by_construct(rules, found.kind):
            if rule.matches is not None and rule.matches.search(found.text) is None:
                continue
            if rule.exempt is None or not rule.exempt.search(found.text):
                findings.append(_finding(rule, path, found.line, found.column))
    return findings, problem


def _by_construct(rules: Sequence[ConfigRule], kind: str) -> Iterator[ConfigRule]:
    return (r for r in rules if r.construct == kind)


def _finding(rule: ConfigRule, path: str, line: int, column: int) -> Finding:
    return Finding.from_rule(rule.meta, Location(path, line, column))
