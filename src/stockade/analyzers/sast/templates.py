"""Templates (Jinja/Django/Nunjucks, EJS, Handlebars/Mustache, plain HTML) as constructs.

What makes a template vulnerable is which output skips escaping, and where escaped output
lands in the HTML: escaping stops ``<script>`` but not a space in an unquoted attribute
(``<a href={{ url }}>`` takes ``x onmouseover=…``), nor a ``javascript:`` URL at the start
of an ``href``. There is no tree-sitter grammar on PyPI for these template languages, and
they need little: a tokenizer of each dialect's tags, and a scanner of HTML start tags over
the text with the template tags masked out. Both walk the text once (``str.find`` from tag
to tag), so a file's cost stays linear in its size, whatever it holds.

Each finding-worthy spot becomes a :class:`Construct` whose ``kind`` rules name:

- ``jinja-unescaped``: ``{{ x|safe }}`` (or ``|safeseq``) of something other than a literal;
- ``jinja-autoescape-off``: ``{% autoescape false %}`` (Jinja, Nunjucks) or ``off`` (Django);
- ``ejs-unescaped``: ``<%- x %>``;
- ``handlebars-triple``: ``{{{ x }}}`` or ``{{& x }}``;
- ``pug-unescaped``: ``!{x}``, ``p!= x``, ``!= x`` and ``a(href!=x)`` in Pug (Jade), whose
  indentation syntax is no HTML: only this construct is looked for there;
- ``unquoted-attribute-output``: escaped output as (part of) an unquoted attribute value;
- ``url-attribute-output``: escaped output opening a value the browser follows as a URL
  (``<a href>``, ``<form action>``, ``formaction``, ``<iframe src>``);
- ``blank-target-without-noopener``: ``<a target="_blank">`` to an absolute or computed
  URL without ``rel="noopener"``/``noreferrer`` (reverse tabnabbing).

``text`` is the tag's expression (or the HTML tag), which a rule's ``except`` regex may
exempt (``include(...)`` in EJS, ``|tojson|safe`` in Jinja).
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

DIALECTS = frozenset({"jinja", "ejs", "handlebars", "pug", "html"})


@dataclass(frozen=True)
class Construct:
    kind: str
    text: str
    line: int
    column: int


@dataclass(frozen=True)
class _Tag:
    kind: str  # output, raw, statement, comment
    start: int
    end: int
    expr: str


# ---- template tags ---------------------------------------------------------------------

_JINJA_OPEN = re.compile(r"\{\{|\{%|\{#")
_JINJA_CLOSE = {"{{": "}}", "{%": "%}", "{#": "#}"}
_JINJA_RAW = re.compile(r"-?\s*(raw|verbatim)\b")
_EJS_OPEN = re.compile(r"<%")
_HBS_OPEN = re.compile(r"\{\{")


def _jinja_tags(text: str) -> list[_Tag]:
    tags: list[_Tag] = []
    pos = 0
    while (m := _JINJA_OPEN.search(text, pos)) is not None:
        opener = m.group(0)
        close = text.find(_JINJA_CLOSE[opener], m.end())
        if close < 0:
            break
        end = close + 2
        inner = text[m.end() : close].strip("-+ \t\r\n")
        if opener == "{#":
            tags.append(_Tag("comment", m.start(), end, inner))
        elif opener == "{%":
            tags.append(_Tag("statement", m.start(), end, inner))
            raw = _JINJA_RAW.match(text, m.end())
            if raw:  # {% raw %}…{% endraw %}: template syntax shown, not run
                stop = re.compile(r"\{%-?\s*end" + raw.group(1) + r"\b")
                found = stop.search(text, end)
                end = found.start() if found else len(text)
        else:
            tags.append(_Tag("output", m.start(), end, inner))
        pos = end
    return tags


def _ejs_tags(text: str) -> list[_Tag]:
    tags: list[_Tag] = []
    pos = 0
    while (m := _EJS_OPEN.search(text, pos)) is not None:
        if text.startswith("<%%", m.start()):  # a literal "<%"
            pos = m.start() + 3
            continue
        close = text.find("%>", m.end())
        if close < 0:
            break
        marker = text[m.end() : m.end() + 1]
        body = text[m.end() + (1 if marker in "=-#_" and marker else 0) : close]
        expr = body.rstrip("-_").strip()
        kind = {"=": "output", "-": "raw", "#": "comment"}.get(marker, "statement")
        tags.append(_Tag(kind, m.start(), close + 2, expr))
        pos = close + 2
    return tags


def _handlebars_tags(text: str) -> list[_Tag]:
    tags: list[_Tag] = []
    pos = 0
    while (m := _HBS_OPEN.search(text, pos)) is not None:
        start = m.start()
        if start > 0 and text[start - 1] == "\\":  # \{{ is literal text
            pos = m.end()
            continue
        if text.startswith("{{!--", start):
            close, closer = text.find("--}}", start + 5), "--}}"
        elif text.startswith("{{{{", start):
            close, closer = text.find("}}}}", start + 4), "}}}}"
        elif text.startswith("{{{", start):
            close, closer = text.find("}}}", start + 3), "}}}"
        else:
            close, closer = text.find("}}", start + 2), "}}"
        if close < 0:
            break
        end = close + len(closer)
        inner = text[start + len(closer) : close].strip("~ \t\r\n")
        if closer == "}}}":
            tags.append(_Tag("raw", start, end, inner))
        elif closer in ("--}}", "}}}}") or inner.startswith("!"):
            tags.append(_Tag("comment", start, end, inner))
        elif inner.startswith("&"):
            tags.append(_Tag("raw", start, end, inner[1:].strip()))
        elif inner[:1] in ("#", "/", ">", "^", "*") or inner.startswith("else"):
            tags.append(_Tag("statement", start, end, inner))
        else:
            tags.append(_Tag("output", start, end, inner))
        pos = end
    return tags


# ---- what the tags say -----------------------------------------------------------------

_STRINGS = re.compile(r"\"(?:[^\"\\]|\\.)*\"|'(?:[^'\\]|\\.)*'")
_SAFE_FILTER = re.compile(r"\|\s*(?:safe|safeseq)\b")
_LITERAL = re.compile(r"\s*(?:\"(?:[^\"\\]|\\.)*\"|'(?:[^'\\]|\\.)*'|[\d.]+)\s*")
_AUTOESCAPE_OFF = re.compile(r"autoescape\s+(?:false|off|\"false\"|'false')\b", re.I)


def _jinja_unescaped(expr: str) -> bool:
    """``x|safe`` where ``x`` is not a literal: the filter marks the value as HTML."""
    if not _SAFE_FILTER.search(_STRINGS.sub('""', expr)):
        return False
    head = expr.split("|", 1)[0]
    return _LITERAL.fullmatch(head) is None


def _tag_constructs(dialect: str, tags: list[_Tag], lines: _Lines) -> list[Construct]:
    found: list[Construct] = []
    for tag in tags:
        kind = None
        if dialect == "jinja" and tag.kind == "output" and _jinja_unescaped(tag.expr):
            kind = "jinja-unescaped"
        elif dialect == "jinja" and tag.kind == "statement" and _AUTOESCAPE_OFF.match(tag.expr):
            kind = "jinja-autoescape-off"
        elif dialect == "ejs" and tag.kind == "raw":
            kind = "ejs-unescaped"
        elif dialect == "handlebars" and tag.kind == "raw":
            kind = "handlebars-triple"
        if kind is not None and tag.expr:
            found.append(Construct(kind, tag.expr, *lines.at(tag.start)))
    return found


# ---- HTML start tags over the masked text ------------------------------------------------

# attributes whose value a browser follows as a URL, where ``javascript:`` runs script
_URL_ATTRIBUTES = {
    "a": frozenset({"href", "xlink:href"}),
    "area": frozenset({"href"}),
    "form": frozenset({"action"}),
    "button": frozenset({"formaction"}),
    "input": frozenset({"formaction"}),
    "iframe": frozenset({"src"}),
}
_ABSOLUTE = re.compile(r"\s*(?:https?:)?//", re.I)
_REL_SAFE = re.compile(r"\bno(?:opener|referrer)\b", re.I)


@dataclass(frozen=True)
class _Attribute:
    name: str
    value_start: int  # -1: no value
    value_end: int
    quoted: bool


def _mask(text: str, tags: list[_Tag]) -> str:
    """The text with every template tag replaced by ``x`` (newlines kept), so the HTML
    scanner sees a value where a tag prints one and never a ``>`` or quote inside a tag."""
    parts: list[str] = []
    pos = 0
    for tag in tags:
        parts.append(text[pos : tag.start])
        parts.append(re.sub(r"[^\n]", "x", text[tag.start : tag.end]))
        pos = tag.end
    parts.append(text[pos:])
    return "".join(parts)


def _start_tag(masked: str, i: int) -> tuple[str, list[_Attribute], int]:
    """The element name, attributes and end (past ``>``) of the start tag at ``i``."""
    n = len(masked)
    j = i + 1
    while j < n and (masked[j].isalnum() or masked[j] in "-:_"):
        j += 1
    name = masked[i + 1 : j].lower()
    attrs: list[_Attribute] = []
    while j < n:
        while j < n and masked[j] in " \t\r\n\f/":
            j += 1
        if j >= n or masked[j] == ">":
            return name, attrs, j + 1
        k = j
        while k < n and masked[k] not in " \t\r\n\f/>=":
            k += 1
        attr = masked[j:k].lower()
        while k < n and masked[k] in " \t\r\n\f":
            k += 1
        if k < n and masked[k] == "=":
            k += 1
            while k < n and masked[k] in " \t\r\n\f":
                k += 1
            if k < n and masked[k] in "\"'":
                close = masked.find(masked[k], k + 1)
                close = n if close < 0 else close
                attrs.append(_Attribute(attr, k + 1, close, True))
                j = close + 1
            else:
                v = k
                while v < n and masked[v] not in " \t\r\n\f>":
                    v += 1
                attrs.append(_Attribute(attr, k, v, False))
                j = v
        else:
            attrs.append(_Attribute(attr, -1, -1, False))
            j = max(k, j + 1)
    return name, attrs, n


def _html_constructs(text: str, tags: list[_Tag], lines: _Lines) -> list[Construct]:
    masked = _mask(text, tags)
    lowered = masked.lower()
    spans = _Spans(tags)
    outputs = _Spans([t for t in tags if t.kind == "output"])
    found: list[Construct] = []
    n = len(masked)
    i = masked.find("<")
    while 0 <= i < n:
        if masked.startswith("<!--", i):
            close = masked.find("-->", i + 4)
            i = masked.find("<", close + 3) if close >= 0 else -1
            continue
        if not masked[i + 1 : i + 2].isalpha():
            i = masked.find("<", i + 1)
            continue
        name, attrs, end = _start_tag(masked, i)
        found.extend(_attribute_outputs(name, attrs, outputs, lines))
        if name == "a" and _tabnabbing(text, attrs, spans):
            found.append(Construct("blank-target-without-noopener", text[i:end], *lines.at(i)))
        if name in ("script", "style"):  # their content is no markup
            close = lowered.find(f"</{name}", end)
            end = n if close < 0 else close
        i = masked.find("<", end)
    return found


class _Spans:
    """Template tags by position: which start inside a stretch of text (bisect, so an
    attribute costs a logarithm, not a pass over every tag)."""

    def __init__(self, tags: list[_Tag]) -> None:
        self.tags = tags
        self._starts = [t.start for t in tags]

    def inside(self, start: int, end: int) -> list[_Tag]:
        lo = bisect.bisect_left(self._starts, start)
        hi = bisect.bisect_left(self._starts, end)
        return self.tags[lo:hi]


def _attribute_outputs(
    element: str, attrs: list[_Attribute], outputs: _Spans, lines: _Lines
) -> list[Construct]:
    found: list[Construct] = []
    urls = _URL_ATTRIBUTES.get(element, frozenset())
    for attr in attrs:
        if attr.value_start < 0:
            continue
        for out in outputs.inside(attr.value_start, attr.value_end):
            if not attr.quoted:
                kind = "unquoted-attribute-output"
            elif attr.name in urls and out.start == attr.value_start:
                kind = "url-attribute-output"
            else:
                continue
            found.append(Construct(kind, out.expr, *lines.at(out.start)))
    return found


def _tabnabbing(text: str, attrs: list[_Attribute], spans: _Spans) -> bool:
    """``target="_blank"`` to an absolute or computed URL, with no ``rel`` that cuts
    ``window.opener`` (a computed ``rel`` is given the benefit of the doubt)."""
    by_name = {a.name: a for a in attrs if a.value_start >= 0}
    target, rel, href = by_name.get("target"), by_name.get("rel"), by_name.get("href")
    if target is None or href is None:
        return False
    if text[target.value_start : target.value_end].strip().lower() != "_blank":
        return False
    if rel is not None and (
        _REL_SAFE.search(text[rel.value_start : rel.value_end])
        or spans.inside(rel.value_start, rel.value_end)
    ):
        return False
    if _ABSOLUTE.match(text[href.value_start : href.value_end]):
        return True
    computed = spans.inside(href.value_start, href.value_start + 1)
    return bool(computed) and computed[0].kind == "output"


# ---- Pug -----------------------------------------------------------------------------------

# a line that is code or control flow, where ``!=`` is JavaScript's comparison
_PUG_CODE = re.compile(r"\s*(?:-|if\b|unless\b|else\b|case\b|when\b|each\b|for\b|while\b)")
# ``tag!= expr`` / ``tag.class(attrs)!= expr`` / ``!= expr`` (buffered code without escaping)
_PUG_BUFFERED = re.compile(r"\s*(?:[\w.#:-]*(?:\([^()]*\))?)?!=(?!=)\s*(\S.*)")
_PUG_ATTRIBUTE = re.compile(r"[\w-]!=(?!=)\s*([^,)\s]+)")


def _pug_constructs(text: str, lines: _Lines) -> list[Construct]:
    """Unescaped output of a Pug template, comment blocks (``//``, ``//-`` and the lines
    indented under them) skipped."""
    found: list[Construct] = []
    comment_indent = -1
    offset = 0
    for line in text.split("\n"):
        start, offset = offset, offset + len(line) + 1
        stripped = line.lstrip()
        indent = len(line) - len(stripped)
        if comment_indent >= 0 and (not stripped or indent > comment_indent):
            continue
        comment_indent = indent if stripped.startswith("//") else -1
        if comment_indent >= 0 or not stripped:
            continue
        pos = line.find("!{")
        while pos >= 0:
            close = _closing_brace(line, pos + 1)
            found.append(Construct("pug-unescaped", line[pos + 2 : close], *lines.at(start + pos)))
            if close >= len(line):  # unclosed: the rest of the line is its expression
                break
            pos = line.find("!{", close)
        if _PUG_CODE.match(line):
            continue
        buffered = _PUG_BUFFERED.match(line)
        if buffered:
            column = start + buffered.start(1)
            found.append(Construct("pug-unescaped", buffered.group(1), *lines.at(column)))
        paren = line.find("(")
        if paren >= 0 and not buffered:
            for attr in _PUG_ATTRIBUTE.finditer(line, paren):
                found.append(
                    Construct("pug-unescaped", attr.group(1), *lines.at(start + attr.start(1)))
                )
    return found


def _closing_brace(line: str, start: int) -> int:
    depth = 0
    for i in range(start, len(line)):
        if line[i] == "{":
            depth += 1
        elif line[i] == "}":
            depth -= 1
            if depth == 0:
                return i
    return len(line)


# ---- entry point -------------------------------------------------------------------------


class _Lines:
    """Offset → (line, column), both 1-based."""

    def __init__(self, text: str) -> None:
        self._starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def at(self, offset: int) -> tuple[int, int]:
        index = bisect.bisect_right(self._starts, offset) - 1
        return index + 1, offset - self._starts[index] + 1


_TOKENIZERS = {"jinja": _jinja_tags, "ejs": _ejs_tags, "handlebars": _handlebars_tags}

# Go's html/template shares the braces (``{{ .Name }}``, ``{{ end }}``) and lives in
# ``templates/`` too, but escapes by context itself: read as markup only (the Go rules own it).
_GO_TEMPLATE = re.compile(r"\{\{-?\s*(?:[.$]|end\s*-?\}\}|range\s|define\s|template\s\")")
# Ember/Glimmer templates (``.hbs`` with ``<Component @arg={{x}}>``, ``{{on "click"}}``,
# ``{{outlet}}``) bind attributes as properties and sanitise URLs: only {{{ }}} stays raw.
_GLIMMER = re.compile(r"\{\{\s*(?:outlet|yield)\b|\{\{\s*on\s+[\"']|<[A-Z]\w*[\s/>]|\s@\w+=")
_CONTEXT_KINDS = frozenset({"unquoted-attribute-output", "url-attribute-output"})


def constructs(text: str, dialect: str) -> list[Construct]:
    """Every construct of a template of ``dialect`` (``html``: markup only), in order."""
    if dialect == "pug":
        return _pug_constructs(text, _Lines(text))
    if dialect == "jinja" and _GO_TEMPLATE.search(text):
        dialect = "html"
    tokenizer = _TOKENIZERS.get(dialect)
    tags = tokenizer(text) if tokenizer else []
    lines = _Lines(text)
    found = _tag_constructs(dialect, tags, lines) + _html_constructs(text, tags, lines)
    if dialect == "handlebars" and _GLIMMER.search(text):
        found = [c for c in found if c.kind not in _CONTEXT_KINDS]
    return sorted(found, key=lambda c: (c.line, c.column, c.kind))
