"""Secret rules as data: loading, validation, user additions and overrides.

Built-in rules live in ``rules/*.toml``. A project adds its own files through the analyzer
option ``rules_files`` (a rule with a built-in's id replaces it) and turns rules off with
``disable`` (ids). Every rule is validated when loaded, so a bad user rule fails the scan's
start with a clear message instead of misbehaving silently.
"""

from __future__ import annotations

import contextlib
import hashlib
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import orjson
import re2
from platformdirs import user_cache_dir

from stockade.analyzers.secrets.prefilter import write_atomically
from stockade.core.errors import RuleError
from stockade.core.rule import Rule
from stockade.core.severity import Confidence, Severity

MODULE = "secrets"
RULE_TYPE = "hardcoded-secret"
CWE = ("CWE-798",)
OWASP = ("A07:2021",)
BUILTIN_DIR = Path(__file__).parent / "rules"


def compile_re2(pattern: str) -> Any:
    """An RE2 byte regex (linear time); generous memory so long alternations compile."""
    options = re2.Options()
    options.max_mem = 64 << 20
    options.log_errors = False
    return re2.compile(pattern.encode("utf-8"), options)


@dataclass(frozen=True)
class SecretRule:
    """One provider-specific detector: prefilter keywords, an exact regex and its filters."""

    rule: Rule
    pattern: str
    keywords: tuple[str, ...]
    secret_group: int = 1
    min_entropy: float = 3.0
    allowlist: tuple[str, ...] = ()
    stopwords: tuple[str, ...] = ()
    category: str = "generic"
    validator: str | None = None
    true_positives: tuple[str, ...] = ()
    false_positives: tuple[str, ...] = ()
    precompiled: Any = field(default=None, compare=False, repr=False)
    allow_compiled: tuple[Any, ...] = field(default=(), compare=False, repr=False)

    @property
    def id(self) -> str:
        return self.rule.id

    @property
    def compiled(self) -> Any:
        """The RE2 regex. A user rule's is compiled (and so validated) when it is loaded; a
        built-in's on first use, because a worker meets only the few rules whose keywords
        occur in its files, and compiling all 500 at start-up costs half a second per process
        (the catalog's tests compile every one)."""
        if self.precompiled is not None:
            return self.precompiled
        return _compile_cached(self.pattern)


@cache
def _compile_cached(pattern: str) -> Any:
    return compile_re2(pattern)


def _strings(raw: Mapping[str, Any], key: str, rid: str) -> tuple[str, ...]:
    value = raw.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RuleError(rid, f"{key} must be a list of strings")
    return tuple(value)


def parse_rule(raw: Mapping[str, Any], source: str, lazy: bool = False) -> SecretRule:
    """Validate one ``[[rule]]`` table; errors name the rule and the file. ``lazy``: a
    built-in rule, whose regex compiles on first use (see :attr:`SecretRule.compiled`)."""
    rid = str(raw.get("id", ""))
    try:
        return _parse(raw, rid, lazy)
    except RuleError:
        raise
    except (KeyError, ValueError, TypeError, re2.error) as exc:
        raise RuleError(rid or "?", f"{source}: {exc}") from None


def _parse(raw: Mapping[str, Any], rid: str, lazy: bool) -> SecretRule:
    rule = Rule(
        id=rid,
        title=str(raw["title"]),
        module=MODULE,
        type=RULE_TYPE,
        severity=Severity.parse(str(raw.get("severity", "high"))),
        confidence=Confidence.parse(str(raw.get("confidence", "medium"))),
        description=str(raw.get("description", "")),
        remediation=str(raw.get("remediation", "")),
        cwe=CWE,
        owasp=OWASP,
        references=_strings(raw, "references", rid),
        tags=("secret", str(raw.get("category", "generic"))),
    )
    pattern = str(raw["regex"])
    compiled = None if lazy else compile_re2(pattern)
    group = int(raw.get("secret_group", 1))
    if compiled is not None and group > compiled.groups:
        raise RuleError(rid, f"secret_group {group} but the regex has {compiled.groups} groups")
    keywords = tuple(k.lower() for k in _strings(raw, "keywords", rid))
    if not keywords or any(len(k) < 2 for k in keywords):
        raise RuleError(rid, "keywords must be a non-empty list of strings of 2+ characters")
    allow = _strings(raw, "allowlist", rid)
    return SecretRule(
        rule=rule,
        pattern=pattern,
        keywords=keywords,
        secret_group=group,
        min_entropy=float(raw.get("min_entropy", 3.0)),
        allowlist=allow,
        stopwords=tuple(w.lower() for w in _strings(raw, "stopwords", rid)),
        category=str(raw.get("category", "generic")),
        validator=raw.get("validator"),
        true_positives=_strings(raw, "true_positives", rid),
        false_positives=_strings(raw, "false_positives", rid),
        precompiled=compiled,
        allow_compiled=tuple(compile_re2(a) for a in allow),
    )


def load_file(path: Path, lazy: bool = False) -> list[SecretRule]:
    try:
        data = _parsed(path.read_bytes())
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise RuleError(path.name, f"cannot read rule file {path}: {exc}") from None
    tables = data.get("rule", [])
    if not isinstance(tables, list):
        raise RuleError(path.name, "a rule file holds [[rule]] tables")
    return [parse_rule(t, str(path), lazy) for t in tables]


def _parsed(raw: bytes) -> dict[str, Any]:
    """The TOML document ``raw``, from a JSON copy in the user's cache directory when one of
    the same bytes is there: parsing the 28 built-in files with tomllib took 35 ms of every
    scan's start, reading them back with orjson takes 2. A copy that cannot be read or
    written, or a document JSON cannot hold exactly (dates), is simply not used."""
    digest = hashlib.blake2b(raw, digest_size=16).hexdigest()
    cached = Path(user_cache_dir("stockade")) / f"secret-rules-{digest}.json"
    with contextlib.suppress(OSError, orjson.JSONDecodeError):
        loaded = orjson.loads(cached.read_bytes())
        if isinstance(loaded, dict):
            return loaded
    data = tomllib.loads(raw.decode("utf-8"))
    with contextlib.suppress(OSError, TypeError, orjson.JSONEncodeError):
        blob = orjson.dumps(data)
        if orjson.loads(blob) == data:
            write_atomically(cached, blob)
    return data


def option_list(options: Mapping[str, Any], key: str) -> tuple[str, ...]:
    value = options.get(key, ())
    if isinstance(value, str):
        return (value,)
    return tuple(str(v) for v in value)


@lru_cache(maxsize=8)
def load_rules(
    extra_files: tuple[str, ...] = (), disabled: tuple[str, ...] = ()
) -> tuple[SecretRule, ...]:
    """Built-ins, then user files (same id replaces), minus disabled ids. Cached per worker."""
    by_id: dict[str, SecretRule] = {}
    for path in sorted(BUILTIN_DIR.glob("*.toml")):
        for rule in load_file(path, lazy=True):
            if rule.id in by_id:
                raise RuleError(rule.id, f"duplicate built-in rule id in {path.name}")
            by_id[rule.id] = rule
    for name in extra_files:
        for rule in load_file(Path(name)):
            by_id[rule.id] = rule
    return tuple(r for rid, r in by_id.items() if rid not in set(disabled))


def rules_for(options: Mapping[str, Any]) -> tuple[SecretRule, ...]:
    return load_rules(option_list(options, "rules_files"), option_list(options, "disable"))


def metadata_rules(rules: Iterable[SecretRule], extra: Sequence[Rule]) -> list[Rule]:
    return [r.rule for r in rules] + list(extra)
