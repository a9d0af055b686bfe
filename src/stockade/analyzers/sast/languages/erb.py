"""ERB templates as the Ruby they run, so Ruby's rules read Rails views.

A template is mostly HTML with Ruby in tags; what matters for security is which output is
escaped. There is no ERB grammar on PyPI that hands back the Ruby inside the tags as Ruby, so
a small tokenizer rewrites the template into a Ruby program, line for line (findings keep
the template's line numbers):

- HTML text and ``<%# comments %>`` become their newlines only;
- ``<% code %>`` is the code itself (``if``/``each do``/``end`` keep their structure);
- ``<%= expr %>`` (escaped output) becomes ``__erb_out__((expr))``, or ``__erb_url__((expr))``
  when it opens a link target (``href``/``action``/``formaction``), where escaping does not
  stop a ``javascript:`` URL, and ``__erb_src__((expr))`` when it opens a ``src`` (a script
  or frame the page loads);
- ``<%== expr %>`` (output that skips escaping) becomes ``__erb_raw__((expr))``;
- a line opening an ``<a target="_blank">`` to an absolute or printed URL without
  ``rel="noopener"``/``noreferrer`` starts with ``__erb_blank_target__;`` (reverse
  tabnabbing: the opened page can navigate this one through ``window.opener``).

The marker calls let rules tell template output from helper code: ``raw x`` inside
``__erb_out__`` is a view printing ``x`` unescaped. An output tag that opens a block
(``<%= form_with(model: @post) do |f| %>``) stays bare, because the block's body and its
``<% end %>`` follow in later tags. The scan goes from tag to tag with ``bytes.find`` and
looks back at most a few bytes, so its cost is linear in the template's size.
"""

from __future__ import annotations

import re

import tree_sitter as ts

OUTPUT = b"__erb_out__"
RAW_OUTPUT = b"__erb_raw__"
URL_OUTPUT = b"__erb_url__"
SRC_OUTPUT = b"__erb_src__"

# the end of a tag's code that opens a block: "do", "do |f|", "{ |x|"
_OPENS_BLOCK = re.compile(rb"(?:\bdo|\{)\s*(?:\|[^|\n]{0,80}\|)?\s*$")
# HTML just before an output tag that makes it the start of a URL attribute's value
_URL_ATTRIBUTE = re.compile(rb"""\b(href|src|action|formaction)\s*=\s*["']?$""", re.I)
_LOOK_BACK = 64  # bytes of code or text the two patterns above may read
BLANK_TARGET = b"__erb_blank_target__"
# in the template with its tags masked (an output tag is \x01, other code \x02): an <a> start
# tag, its target, its rel and the start of its href
_ANCHOR = re.compile(rb"<a\s[^<>]*>", re.I)
_TARGET_BLANK = re.compile(rb"""\starget\s*=\s*["']?_blank\b""", re.I)
_REL = re.compile(rb"""\srel\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]*)""", re.I)
_REL_SAFE = re.compile(rb"noopener|noreferrer|[\x01\x02]", re.I)
_HREF_OUTSIDE = re.compile(rb"""\shref\s*=\s*["']?(?:https?:|//|\x01)""", re.I)


def erb_to_ruby(data: bytes) -> bytes:
    """The Ruby program of an ERB template, with the template's line breaks."""
    out: list[bytes] = []
    masked: list[bytes] = []  # the HTML with each tag as one byte (and its line breaks)
    pos = 0
    while True:
        start = data.find(b"<%", pos)
        if start < 0:
            break
        end = data.find(b"%>", start + 2)
        if end < 0:
            break  # an unclosed tag: the rest is text
        text = data[pos:start]
        out.append(b"\n" * text.count(b"\n"))
        pos = end + 2
        body = data[start + 2 : end]
        masked.append(text)
        masked.append((b"\x01" if body[:1] == b"=" else b"\x02") + b"\n" * body.count(b"\n"))
        if body.startswith(b"%"):  # "<%%" is a literal "<%" in the output
            out.append(b"\n" * body.count(b"\n"))
            continue
        kind, code = _split(body)
        if kind == b"#":
            out.append(b"\n" * code.count(b"\n"))
        elif kind in (b"=", b"==") and not _OPENS_BLOCK.search(code.rstrip()[-_LOOK_BACK:]):
            marker = OUTPUT
            if kind == b"==":
                marker = RAW_OUTPUT
            elif url := _URL_ATTRIBUTE.search(text[-_LOOK_BACK:]):
                marker = SRC_OUTPUT if url.group(1).lower() == b"src" else URL_OUTPUT
            out.append(marker + b"((" + code + b"));")
        else:
            out.append(code + b";")
    out.append(b"\n" * data.count(b"\n", pos))
    masked.append(data[pos:])
    ruby = b"".join(out)
    flagged = _blank_target_lines(b"".join(masked))
    if not flagged:
        return ruby
    lines = ruby.split(b"\n")
    for number in flagged:
        if number < len(lines):
            lines[number] = BLANK_TARGET + b";" + lines[number]
    return b"\n".join(lines)


def _blank_target_lines(masked: bytes) -> list[int]:
    """The (0-based) lines of ``<a>`` tags opening an absolute or printed URL in a new tab
    with no ``rel`` that cuts ``window.opener`` (a printed ``rel`` gets the benefit of the
    doubt). Linear: each ``<a`` is read up to the next ``<`` or ``>``."""
    found: list[int] = []
    line, counted = 0, 0
    for anchor in _ANCHOR.finditer(masked):
        tag = anchor.group()
        if not _TARGET_BLANK.search(tag) or not _HREF_OUTSIDE.search(tag):
            continue
        rel = _REL.search(tag)
        if rel is not None and _REL_SAFE.search(rel.group()):
            continue
        line += masked.count(b"\n", counted, anchor.start())
        counted = anchor.start()
        if not found or found[-1] != line:
            found.append(line)
    return found


def _split(body: bytes) -> tuple[bytes, bytes]:
    """A tag's kind (``==``, ``=``, ``#``, or empty for code) and its Ruby, without the
    ``-`` trim markers of ``<%-`` and ``-%>``."""
    code = body[:-1] if body.endswith(b"-") else body
    for kind in (b"==", b"=", b"#", b"-"):
        if code.startswith(kind):
            return (b"" if kind == b"-" else kind), code[len(kind) :]
    return b"", code


class ErbParser:
    """A Ruby parser that reads ERB: the analyzer only calls ``parse`` on it."""

    def __init__(self, ruby: ts.Parser) -> None:
        self._ruby = ruby

    def parse(self, data: bytes) -> ts.Tree:
        return self._ruby.parse(erb_to_ruby(data))
