"""Configuration files whose settings are the vulnerability: which files, and their entries.

Some problems live in no line of code: ``server.ssl.enabled=false`` in a Spring Boot
``application.properties`` switches TLS off for the whole service. Such files are
recognised here by name, and read into flat ``key → value`` entries with the line each
entry starts on, so rules can be written as data (``key: server.ssl.enabled, equals:
false``) over every syntax the framework accepts:

- ``.properties``: ``java.util.Properties`` lines (``key=value``, ``key: value``,
  ``key value``, ``\\`` continuations, ``#``/``!`` comments);
- ``.yml``/``.yaml``: YAML documents composed into nodes (which keep their line numbers)
  and flattened into dotted keys, the way Spring binds them.

Templates are recognised here too (:func:`file_format`); their tokenizer is
:mod:`.templates`.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

import yaml

# libyaml composes ten times faster than the pure-Python parser, with the same marks
_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

# Spring Boot reads application[-profile].{properties,yml,yaml} and Spring Cloud
# bootstrap[-profile].*; other property files hold other programs' keys.
_SPRING = re.compile(r"(?:application|bootstrap)(?:[-_.][\w.-]*)?\.(properties|ya?ml)")
_JINJA_SUFFIXES = frozenset({".jinja", ".jinja2", ".j2", ".njk", ".nunjucks"})
_HTML_SUFFIXES = frozenset({".html", ".htm"})
_TEMPLATE_DIRS = frozenset({"templates", "_templates", "jinja", "jinja2"})
_SUFFIX_FORMATS = {".ejs": "ejs", ".hbs": "handlebars", ".handlebars": "handlebars"}
_SUFFIX_FORMATS |= {".mustache": "handlebars", ".pug": "pug", ".jade": "pug"}

FORMATS = frozenset(
    {"spring-properties", "spring-yaml", "jinja", "ejs", "handlebars", "pug", "html"}
)
# a file name of each format, for rule test cases (``tests/analyzers/sast/test_rule_cases``)
SAMPLE_NAMES = {
    "spring-properties": "src/main/resources/application.properties",
    "spring-yaml": "src/main/resources/application.yml",
    "jinja": "templates/case.html",
    "ejs": "views/case.ejs",
    "handlebars": "views/case.hbs",
    "pug": "views/case.pug",
    "html": "public/case.html",
}


def file_format(path: str) -> str | None:
    """The config or template format of a file, from its path; None for everything else.

    HTML under a ``templates/`` directory is a Jinja (Flask) or Django template: both
    frameworks look there by default, and both share the ``{{ x|safe }}`` syntax.
    """
    p = PurePosixPath(path)
    name = p.name.lower()
    spring = _SPRING.fullmatch(name)
    if spring:
        return "spring-properties" if spring.group(1) == "properties" else "spring-yaml"
    suffix = p.suffix.lower()
    if suffix in _JINJA_SUFFIXES:
        return "jinja"
    if suffix in _SUFFIX_FORMATS:
        return _SUFFIX_FORMATS[suffix]
    if suffix in _HTML_SUFFIXES:
        if any(part.lower() in _TEMPLATE_DIRS for part in p.parts[:-1]):
            return "jinja"
        return "html"
    return None


_DEV_PROFILE = re.compile(
    r"(?:application|bootstrap)[-_](?:dev|develop|development|local|test|tests|it|e2e|ci)"
    r"(?:[-_.][\w.-]*)?\.(?:properties|ya?ml)"
)


def development_file(path: str) -> bool:
    """Settings only a developer's machine or the test suite runs with: a ``dev``/``local``/
    ``test`` profile (``application-dev.yml``) or Maven/Gradle test resources. An H2 console
    or SQL logging there is a convenience, not a deployed weakness."""
    p = PurePosixPath(path)
    parts = [part.lower() for part in p.parts[:-1]]
    pairs = itertools.pairwise(parts)
    in_tests = any(a == "src" and b in ("test", "tests", "it") for a, b in pairs)
    return in_tests or _DEV_PROFILE.fullmatch(p.name.lower()) is not None


@dataclass(frozen=True)
class Entry:
    """One setting: its dotted key as written, its value (lists joined with commas) and
    where the key starts (1-based)."""

    key: str
    value: str
    items: tuple[str, ...]
    line: int
    column: int


def normal_key(key: str) -> str:
    """Spring's relaxed binding: ``server.servlet.session.cookie.http-only``,
    ``...httpOnly`` and ``...http_only`` name the same property."""
    return re.sub(r"[-_]", "", key).lower()


def _items(value: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in value.split(",") if part.strip())


# ---- .properties -----------------------------------------------------------------------

_ESCAPES = {"t": "\t", "n": "\n", "r": "\r", "f": "\f"}


def _unescape(text: str) -> str:
    def one(m: re.Match[str]) -> str:
        ch = m.group(1)
        if ch.startswith("u") and len(ch) == 5:
            return chr(int(ch[1:], 16))
        return _ESCAPES.get(ch, ch)

    return re.sub(r"\\(u[0-9a-fA-F]{4}|.)", one, text)


def _key_end(line: str) -> int:
    """Index of the first unescaped ``=``, ``:`` or whitespace: where the key ends."""
    i = 0
    while i < len(line):
        ch = line[i]
        if ch == "\\":
            i += 2
            continue
        if ch in "=: \t\f":
            return i
        i += 1
    return len(line)


def _continues(line: str) -> bool:
    return (len(line) - len(line.rstrip("\\"))) % 2 == 1


def parse_properties(text: str) -> list[Entry]:
    """Entries of a ``.properties`` file (``java.util.Properties`` syntax)."""
    entries: list[Entry] = []
    lines = text.splitlines()
    number = 0
    while number < len(lines):
        start = number
        raw = lines[number]
        number += 1
        stripped = raw.lstrip(" \t\f")
        if not stripped or stripped[0] in "#!":
            continue
        pieces = [stripped]
        # an odd number of trailing backslashes continues the line (pieces joined once:
        # a file of continued lines stays linear)
        while _continues(pieces[-1]) and number < len(lines):
            pieces[-1] = pieces[-1][:-1]
            pieces.append(lines[number].lstrip(" \t\f"))
            number += 1
        logical = "".join(pieces)
        end = _key_end(logical)
        key = _unescape(logical[:end])
        rest = logical[end:].lstrip(" \t\f")
        if rest[:1] in ("=", ":"):
            rest = rest[1:].lstrip(" \t\f")
        value = _unescape(rest).strip()
        column = len(raw) - len(stripped) + 1
        entries.append(Entry(key, value, _items(value), start + 1, column))
    return entries


# ---- YAML ------------------------------------------------------------------------------

_TRUE = frozenset({"true", "yes", "on", "y"})
_BOOL_TAG = "tag:yaml.org,2002:bool"


def _scalar(node: yaml.ScalarNode) -> str:
    if node.tag == _BOOL_TAG:  # ``off``/``no`` are false to SnakeYAML too
        return "true" if str(node.value).lower() in _TRUE else "false"
    if node.tag == "tag:yaml.org,2002:null":
        return ""
    return str(node.value)


def _flatten(node: yaml.Node, prefix: str, key_node: yaml.Node | None) -> Iterator[Entry]:
    mark = (key_node or node).start_mark
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if isinstance(k, yaml.ScalarNode):
                name = str(k.value)
                yield from _flatten(v, f"{prefix}.{name}" if prefix else name, k)
    elif isinstance(node, yaml.SequenceNode):
        scalars = [_scalar(item) for item in node.value if isinstance(item, yaml.ScalarNode)]
        if prefix:
            yield Entry(prefix, ",".join(scalars), tuple(scalars), mark.line + 1, mark.column + 1)
        for index, item in enumerate(node.value):
            if not isinstance(item, yaml.ScalarNode):
                yield from _flatten(item, f"{prefix}[{index}]", None)
    elif isinstance(node, yaml.ScalarNode) and prefix:
        value = _scalar(node)
        yield Entry(prefix, value, _items(value), mark.line + 1, mark.column + 1)


def parse_yaml(text: str) -> tuple[list[Entry], str | None]:
    """Entries of every document of a YAML file, and the parse error that ended reading
    early (entries of the documents before it are kept)."""
    entries: list[Entry] = []
    try:
        for document in yaml.compose_all(text, Loader=_LOADER):
            if document is not None:
                entries.extend(_flatten(document, "", None))
    except yaml.YAMLError as exc:
        return entries, str(exc).splitlines()[0] if str(exc) else "invalid YAML"
    return entries, None
