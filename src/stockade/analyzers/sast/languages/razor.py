"""Razor views and ``web.config`` files as the C# the C# rules already read.

Neither has a grammar on PyPI that hands back C#, and what matters in both is small: which
view output skips encoding (``@Html.Raw(x)``), and which configuration attribute switches a
protection off (``<customErrors mode="Off"/>``). Small tokenizers rewrite each file into C#
top-level statements, line for line, so findings keep the file's own line numbers:

Razor (``.cshtml``, ``.razor``):

- markup text becomes its newlines only, ``@* comments *@`` likewise;
- ``@expr`` / ``@(expr)`` (encoded output) becomes ``__razor_out__(expr);``;
- ``@{ code }`` and ``@code``/``@functions`` blocks are the code itself, and
  ``@if (...) { ... }`` / ``@foreach`` / ``@using (...)`` keep their C# structure with the
  markup inside their braces read again as markup;
- directives (``@model``, ``@inject``, ``@page``...) become blank lines.

``web.config`` (any ``.config`` XML): each start tag becomes a call on a marker object,
``<customErrors mode="Off">`` → ``__config__.customErrors(mode: "Off");`` (names that are not
C# identifiers, ``system.web`` or ``xdt:Transform``, have ``_`` for the other characters).
"""

from __future__ import annotations

import re

import tree_sitter as ts

RAZOR_OUT = "__razor_out__"
CONFIG = "__config__"

_DIRECTIVES = frozenset(
    {
        "model",
        "inject",
        "page",
        "using",
        "inherits",
        "layout",
        "namespace",
        "addTagHelper",
        "removeTagHelper",
        "tagHelperPrefix",
        "implements",
        "attribute",
        "typeparam",
        "rendermode",
        "preservewhitespace",
        "section",
    }
)
_CODE_BLOCKS = frozenset({"code", "functions"})
_STATEMENTS = frozenset({"if", "foreach", "for", "while", "switch", "lock", "using", "try", "do"})
_CONTINUATIONS = re.compile(r"\s*(else\s+if\b|else\b|catch\b|finally\b|while\b)")
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_MEMBER = re.compile(r"\??\.[A-Za-z_][A-Za-z0-9_]*")  # .Name, ?.Name
_GENERIC_CALL = re.compile(r"<[A-Za-z_][\w.,\s]{0,200}>\(")  # Component<T>(...)
_NON_IDENT = re.compile(r"[^A-Za-z0-9_]")


def _blank(text: str) -> str:
    return "\n" * text.count("\n")


def _matching(text: str, start: int, open_ch: str, close_ch: str, end: int) -> int:
    """Index just past the bracket closing the one at ``start`` (strings and chars skipped),
    or ``end`` when it does not close before."""
    depth = 0
    i = start
    while i < end:
        ch = text[i]
        if ch in "\"'":
            i = _skip_string(text, i)
            continue
        if ch == open_ch:
            depth += 1
        elif ch == close_ch:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return end


def _skip_string(text: str, i: int) -> int:
    quote = text[i]
    verbatim = i > 0 and text[i - 1] == "@" and quote == '"'
    i += 1
    while i < len(text):
        ch = text[i]
        if ch == "\\" and not verbatim:
            i += 2
            continue
        if ch == quote:
            if verbatim and text[i + 1 : i + 2] == '"':
                i += 2
                continue
            return i + 1
        if ch == "\n" and not verbatim:
            return i
        i += 1
    return i


def _implicit_end(text: str, i: int, end: int) -> int:
    """End of an implicit expression: ``Model.Items[0].Name``, ``Html.Raw(x)``, ``await F()``."""
    if text.startswith("await ", i):
        i += 6
    m = _IDENT.match(text, i, end)
    if m is None:
        return i
    i = m.end()
    while i < end:
        ch = text[i]
        member = _MEMBER.match(text, i, end)
        generic = _GENERIC_CALL.match(text, i, end)
        if ch == "(":
            i = _matching(text, i, "(", ")", end)
        elif ch == "[":
            i = _matching(text, i, "[", "]", end)
        elif member is not None:
            i = member.end()
        elif generic is not None:
            i = generic.end() - 1
        else:
            break
    return i


def razor_to_csharp(data: bytes) -> bytes:
    """The C# program of a Razor view, with the view's line breaks."""
    text = data.decode("utf-8", "replace")
    return _markup(text, 0, len(text)).encode()


def _markup(text: str, start: int, end: int) -> str:
    out: list[str] = []
    i = start
    while i < end:
        at = text.find("@", i, end)
        if at < 0:
            out.append(_blank(text[i:end]))
            break
        out.append(_blank(text[i:at]))
        nxt = text[at + 1 : at + 2]
        if nxt == "@" or (at > 0 and (text[at - 1].isalnum() or text[at - 1] in "._-")):
            i = at + 2 if nxt == "@" else at + 1  # @@ and e-mail addresses are text
            continue
        if nxt == "*":
            close = text.find("*@", at + 2, end)
            close = end if close < 0 else close + 2
            out.append(_blank(text[at:close]))
            i = close
        elif nxt == "{":
            close = _matching(text, at + 1, "{", "}", end)
            out.append(" " + _code(text, at + 2, close - 1) + " ")
            i = close
        elif nxt == "(":
            close = _matching(text, at + 1, "(", ")", end)
            out.append(f"{RAZOR_OUT}({text[at + 1 : close]});")
            i = close
        else:
            word = _IDENT.match(text, at + 1)
            name = word.group(0) if word else ""
            directive_using = name == "using" and not text[at + 6 :].lstrip(" \t").startswith("(")
            if name in _STATEMENTS and not directive_using:
                code, i = _statement(text, at + 1, end)
                out.append(code)
            elif name in _CODE_BLOCKS:
                brace = text.find("{", at, end)
                close = _matching(text, brace, "{", "}", end) if brace >= 0 else end
                out.append(_blank(text[at : brace + 1]) + _code(text, brace + 1, close - 1))
                i = close
            elif name in _DIRECTIVES:
                eol = text.find("\n", at, end)
                eol = end if eol < 0 else eol
                out.append(_blank(text[at:eol]))
                i = eol
            else:
                close = _implicit_end(text, at + 1, end)
                if close == at + 1:
                    i = at + 1
                    continue
                out.append(f"{RAZOR_OUT}({text[at + 1 : close]});")
                i = close
    return "".join(out)


def _statement(text: str, i: int, end: int) -> tuple[str, int]:
    """``if (...) { markup } else { markup }`` and the other block statements: header as
    code, the braces' content as markup again."""
    out: list[str] = []
    while i < end:
        paren = text.find("(", i, end)
        brace = text.find("{", i, end)
        if 0 <= paren < brace:  # the header's parentheses may hold a brace (a lambda)
            brace = text.find("{", _matching(text, paren, "(", ")", end), end)
        if brace < 0:  # no block: the rest of the line is the statement
            eol = text.find("\n", i, end)
            eol = end if eol < 0 else eol
            out.append(text[i:eol])
            return "".join(out), eol
        header = text[i:brace]
        close = _matching(text, brace, "{", "}", end)
        out.append(header + "{" + _code(text, brace + 1, close - 1) + "}")
        i = close
        cont = _CONTINUATIONS.match(text, i)
        if cont is None:
            break
        if cont.group(1) == "while":  # do { } while (x);
            semi = text.find(";", i, end)
            semi = end if semi < 0 else semi + 1
            out.append(text[i:semi])
            return "".join(out), semi
    return "".join(out), i


_TAG_LINE = re.compile(r"[ \t]*(?:@|<[A-Za-z!/])")
_AT_STATEMENT = re.compile(r"[ \t]*(@)(?:if|foreach|for|while|switch|lock|do|try)\b")


def _code(text: str, start: int, end: int) -> str:
    """A code block: C# kept, lines that start with a tag or ``@`` (``@:``, ``@x``) are
    markup."""
    out: list[str] = []
    i = start
    while i < end:
        eol = text.find("\n", i, end)
        eol = end if eol < 0 else eol
        keyword = _AT_STATEMENT.match(text, i, eol)
        if keyword:  # @foreach inside a block: the statement, its braces read line by line
            out.append(text[i : keyword.start(1)] + " " + text[keyword.start(1) + 1 : eol])
        else:
            out.append(_markup(text, i, eol) if _TAG_LINE.match(text, i, eol) else text[i:eol])
        if eol < end:
            out.append("\n")
        i = eol + 1
    return "".join(out)


# comments, CDATA, processing instructions and DOCTYPE: skipped, their newlines kept
_XML_SKIPPED = (("<!--", "-->"), ("<![CDATA[", "]]>"), ("<?", "?>"), ("<!DOCTYPE", ">"))
# attribute values cannot hold "<" (XML 1.0 §3.1): an unclosed quote ends at the next tag
_XML_TAG = re.compile(
    r"<([A-Za-z_][\w.:-]*)((?:\s+[^\s=/<>]+\s*=\s*(?:\"[^\"<]*\"|'[^'<]*'))*)\s*/?>"
)
_XML_ATTR = re.compile(r"([^\s=/<>]+)\s*=\s*(\"[^\"<]*\"|'[^'<]*')")


def _cs_string(value: str) -> str:
    if "\n" in value:
        return '@"' + value.replace('"', '""') + '"'
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _without_markup_declarations(text: str) -> str:
    """The text with comments, CDATA sections, processing instructions and DOCTYPE blanked
    (one forward scan: an unclosed comment blanks the rest of the file)."""
    out: list[str] = []
    pos = 0
    # each opener's next position, searched again only once the scan has passed it
    upcoming = {opener: text.find(opener) for opener, _ in _XML_SKIPPED}
    while True:
        for opener, at in upcoming.items():
            if 0 <= at < pos:
                upcoming[opener] = text.find(opener, pos)
        found = [(at, o, c) for o, c in _XML_SKIPPED if (at := upcoming[o]) >= 0]
        if not found:
            break
        start, opener, closer = min(found)
        stop = text.find(closer, start + len(opener))
        stop = len(text) if stop < 0 else stop + len(closer)
        out.append(text[pos:start])
        out.append(_blank(text[start:stop]))
        pos = stop
    out.append(text[pos:])
    return "".join(out)


def config_to_csharp(data: bytes) -> bytes:
    """The C# program of an XML configuration file: one marker call per start tag."""
    text = _without_markup_declarations(data.decode("utf-8", "replace"))
    out: list[str] = []
    pos = 0
    for tag in _XML_TAG.finditer(text):
        out.append(_blank(text[pos : tag.start()]))
        pos = tag.end()
        args: list[str] = []
        last = tag.start(2)
        for attr in _XML_ATTR.finditer(text, tag.start(2), tag.end(2)):
            name = _NON_IDENT.sub("_", attr.group(1))
            # each attribute stays on its own line: findings point at the attribute
            lead = _blank(text[last : attr.start()])
            args.append(f"{lead}{name}: {_cs_string(attr.group(2)[1:-1])}")
            last = attr.end()
        element = _NON_IDENT.sub("_", tag.group(1))
        out.append(f"{CONFIG}.{element}(" + ", ".join(args) + ");" + _blank(text[last:pos]))
    out.append(_blank(text[pos:]))
    return "".join(out).encode()


def looks_like_markup(data: bytes) -> bytes | None:
    """A ``.cs``-labelled text that is really a view or a config file (a rule's test case):
    C# never starts with ``<``, nor with a Razor directive."""
    head = data.lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith((b"<?xml", b"<configuration")):
        return config_to_csharp(data)
    if head.startswith(b"<") or re.match(rb"@(?:(?:model|page|inject|using|Html)\b|[{*])", head):
        return razor_to_csharp(data)
    return None


class MarkupParser:
    """A C# parser that reads a view or a config file first rewritten into C#."""

    def __init__(self, csharp: ts.Parser, file_language: str) -> None:
        self._csharp = csharp
        self._file_language = file_language

    def parse(self, data: bytes) -> ts.Tree:
        if self._file_language == "razor":
            return self._csharp.parse(razor_to_csharp(data))
        if self._file_language == "dotnet-config":
            return self._csharp.parse(config_to_csharp(data))
        rewritten = looks_like_markup(data)
        return self._csharp.parse(data if rewritten is None else rewritten)
