"""How a value is assigned to a name, in every language and format the secrets module reads.

One definition, shared by the generic detector and the provider-keyword rules the catalog
generates, so a syntax learnt once is read by both. Each piece below is a grammar fact, not a
sample:

* operators: ``=``, ``:``, ``=>``, ``:=`` (Go, Pascal), ``::=`` / ``:::=`` (GNU Make, POSIX
  Make), ``?=`` / ``+=`` / ``!=`` (Make; ``+=`` also Python, shell, C-family), ``.=`` (PHP
  concatenation), ``||=`` (Ruby), ``??=`` (JS/C#), ``<-`` / ``<<-`` (R), ``,`` of a call;
* a declared type between the name and ``=``: ``name: str =`` (Python, TS, Kotlin, Swift,
  Scala, Rust ``&str`` / ``&'static str``), ``name string =`` (Go), ``name As String =`` (VB),
  ``name[] =`` (C arrays), ``Name { get; set; } =`` (C# auto-property);
* what may wrap the literal: a string prefix (``@"`` Objective-C / C#, ``r"`` / ``b"`` Python,
  ``L"`` C), a string constructor (``String::from(``, ``SecretStr(``, ``Buffer.from(``,
  ``[]byte(``), PowerShell's ``ConvertTo-SecureString``, a fallback after an expression
  (``process.env.X || "…"``, ``?? "…"``, ``or "…"``, ``?: "…"``);
* values on the next line: a YAML block scalar (``key: |`` / ``>-``, optionally after an
  anchor ``&a`` or a tag ``!!str``), a heredoc (``<<EOF``, ``<<-EOF``, ``<<~EOS``, ``<<<'EOT'``),
  an XML element whose text sits on its own line, a property list's ``<key>…</key>`` followed
  by ``<string>``, and SQL's ``(column) VALUES (``.

Repetitions are unbounded: RE2 builds a DFA and counted repeats multiply its states.
"""

from __future__ import annotations

# A type as declared between a name and its ``=``: Rust references and lifetimes, generics,
# arrays, nullable ``?``, dotted and ``::`` paths.
TYPE = r"[&*]*(?:'[a-z]+[ \t]+)?(?:mut[ \t]+|const[ \t]+)?[A-Za-z_][A-Za-z0-9_.:<>\[\]?]*"
# ``name: T =``, ``name T =``, ``name As T =``, ``Name { get; set; } =``.
TYPED = (
    r"(?:(?:[ \t]*:[ \t]*|[ \t]+(?:(?i:as)[ \t]+)?)" + TYPE + r"|[ \t]*\{[ \t]*get;[^}\n]*\})"
    r"[ \t]*="
)
# Assignment operators, longest first (RE2 alternation is leftmost-first).
OPERATOR = r"(?:" + TYPED + r"|:::=|::=|:=|=>|\|\|=|\?\?=|[+.?!]=|<<?-|=)"
# A literal on the next line: YAML block scalars (after ``:``), heredocs, XML element text.
_YAML_PROPS = r"(?:[&!][!A-Za-z0-9_/-]*[ \t]+)"  # an anchor (&a) or a tag (!!str)
YAML_BLOCK = r":[ \t]*" + _YAML_PROPS + r"*[|>][-+]?[0-9]?[ \t]*\r?\n[ \t]*"
YAML_DECORATED = r":[ \t]*" + _YAML_PROPS + r"+"
HEREDOC = r"<<<?[-~]?[ \t]*[\"']?[A-Za-z_][A-Za-z0-9_]*[\"']?[ \t]*\r?\n[ \t]*"
XML_NEXT_LINE = r">[ \t]*\r?\n[ \t]*"
PLIST = r"</key>[ \t\r\n]*<(?:string|data)>[ \t\r\n]*"
SQL_VALUES = r"\)[ \t]*(?i:values)[ \t]*\([ \t]*"
# What may stand between the operator and the literal. Repetitions are unbounded on purpose:
# counted ones multiply RE2's DFA states (and compile time) for every rule embedding them.
FALLBACK = (
    r"[A-Za-z_$][A-Za-z0-9_.$]*(?:\[[\"'][A-Za-z0-9_.-]+[\"']\]|\([^()\n]*\))?"
    r"(?:[ \t]*(?:\|\||\?\?|\?:)|[ \t]+or)[ \t]*"
)
CONSTRUCTOR = (
    r"(?:new[ \t]+)?(?:\[\]byte|[A-Za-z0-9_.:]*"
    r"(?i:str|string|secret|bytes|buffer|password)(?:::from|::new|\.from|\.new)?)\([ \t]*"
    r"|(?i:ConvertTo-SecureString)(?:[ \t]+-String)?[ \t]+"
    r"|(?:echo|printf)[ \t]+(?:-[a-z]+[ \t]+)?"  # Make's ``!=`` runs a shell command
)
# TOML and Python multi-line strings: the value starts after the triple quote (and newline).
TRIPLE_QUOTE = r"(?:\"{3}|'{3})\\?\r?\n?[ \t]*"
WRAPPER = r"(?:" + FALLBACK + r"|" + CONSTRUCTOR + r"|" + HEREDOC + r"|" + TRIPLE_QUOTE + r")"
# String prefixes of the quote itself: ``@"…"``, ``r"…"``, ``b'…'``, ``L"…"``, ``u8"…"``.
STRING_PREFIX = r"(?:@|[rRbBuUfF]{1,2}|L|u8)?"  # only ever directly before a quote
