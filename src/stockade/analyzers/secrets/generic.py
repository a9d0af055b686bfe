"""Generic detection: a credential-like name assigned a value that looks like a secret.

One RE2 pattern recognises the name, the assignment in any syntax (``=``, ``:``, ``:=``,
``=>``, ``,`` of a call, ``>`` of an XML element, whitespace of a CLI flag, ``key=… value=…``
attribute pairs) and the value quoted with ``"``, ``'``, backticks, ``&quot;`` or unquoted, so
recall does not depend on the file's syntax. Python then judges the name (its words, not
substrings: ``bypass`` is no password), whether the text around really is an assignment (not
prose, not a list of symbol names, not one string literal), and the value (the filters
module; base64, percent-encoding and XML entities are undone first). In program sources an
unquoted value is an expression and is never reported. ``curl -u`` and Authorization headers
are separate patterns: there the credential's position, not a name, says what it is.
"""

from __future__ import annotations

import html
import re
import urllib.parse
from collections.abc import Iterator
from functools import lru_cache

from stockade.analyzers.secrets import assignment, filters, formats, proximity
from stockade.analyzers.secrets.matches import PRIORITY_GENERIC, Candidate
from stockade.analyzers.secrets.ruleset import compile_re2
from stockade.core.severity import Confidence

KEYWORDS = ("pass", "pwd", "secret", "token", "key", "cred", "auth", "--user", "-u ")
_KEY_WORDS = (
    "api|access|private|auth|client|signing|encryption|master|account|app|consumer|session|jwt|hmac"
    "|shared|root|admin|write|read|deploy|license|subscription|storage|service|secret|sas|ssh|gpg"
)
# Names: the credential words anywhere, or any ``<word>_key`` / ``<word>Key`` (judge_name then
# drops the keys that are not secrets: primary, sort, cache, public…).
_NAME = (
    r"(?:(?i:pass(?:wd|word|phrase)?|pwd|secret|token|credentials?|creds|apikey|authkey"
    r"|(?:" + _KEY_WORDS + r")(?:[_.-]?key| key\b))|[A-Za-z][A-Za-z0-9]+(?:[_.-](?i:key)|Key|KEY))"
    r"[A-Za-z0-9_.-]*"
)
# Alternatives in preference order (RE2 is leftmost-first): ``key="Name" value="…"`` before a
# CLI flag's plain whitespace, or the whitespace would claim ``value=`` as the value. The
# assignment grammar itself (operators, declared types, wrappers, next-line values) is shared
# with the provider rules: see the assignment module.
_SEP = (
    r"(?:[\"']\s+(?i:value|content)\s*=\s*"
    r"|\s*\n\s{0,40}(?i:value)\s{0,3}:\s{0,3}"
    r"|[\"']\s*\{[^{}]*?\b(?i:default)\s*=\s*"  # HCL ``variable "name" { default = … }``
    r"|"
    + assignment.PLIST
    + r"|"
    + assignment.SQL_VALUES
    + r"|[ \t]*"
    + assignment.HEREDOC
    + r"|\\?[\"'`]?(?:\]|\[[0-9]{0,4}\])?[ \t]{0,3}(?:"
    + assignment.YAML_BLOCK
    + r"|"
    + assignment.YAML_DECORATED
    + r"|"
    + assignment.OPERATOR
    + r"|:|,|\(|"
    + assignment.XML_NEXT_LINE
    + r"|>(?:<!\[CDATA\[)?|\|)"
    r"[ \t]{0,3}(?:" + assignment.WRAPPER + r")?[(\[]?[ \t]{0,2}\\?"
    r"|[\"'`]?[ \t]{1,3})"
)
# Unbounded repetitions keep RE2's DFA small (counted ones multiply its states and made the
# scan ten times slower); lengths are capped in Python (MAX_VALUE).
_P = assignment.STRING_PREFIX
_VALUE = (
    r"(?:"
    + _P
    + r"\"([^\"\n]{6,})\"|"
    + _P
    + r"'([^'\n]{6,})'|`([^`\n]{6,})`|&quot;([^&\n]{6,})&quot;"
    r"|([^\s\"'`<>;,(){}\[\]\\]{6,}))"
)
MAX_VALUE = 300
MAX_NAME = 80
_PATTERN = compile_re2(_NAME + _SEP + _VALUE)
# ``curl -u user:password``, ``--user=user:password``: the flag names the credential. The
# pattern starts at the literal ``-`` so RE2 can skip ahead to it (a leading ``(?:^|[ \t])``
# made this pass scan every byte: 11 ms/MB, now 1); the flag's left boundary (start of
# text, a space or a tab) is checked on the match instead (:func:`_flag_starts`). The value
# ends at whitespace or the end of the text, so a flag last on its line counts too.
_CLI_USER = compile_re2(
    r"-(?:u|-user)[ \t=]+[\"']?[A-Za-z0-9_.@+-]{1,64}:([^\s\"'@]{4,200})[\"']?(?:\s|$)"
)
_AUTH_HEADER = compile_re2(
    r"(?i:authorization)[\"'`]?\s{0,3}[:=,]\s{0,3}[\"'`]?(?i:bearer|token|basic)\s+([A-Za-z0-9._~+/=-]{16,1000})"
)
# Programming-language sources: there a literal secret is always a quoted string.
_CODE_FILE = re.compile(
    r"\.(?:py|pyi|js|jsx|mjs|cjs|ts|tsx|go|java|kt|kts|scala|groovy|rb|php|cs|fs|vb|rs|c|h|cc|cpp"
    r"|hpp|cxx|m|mm|swift|dart|lua|pl|pm|r|jl|ex|exs|erl|hs|clj|ml)$",
    re.I,
)
# The name characters just before a match (the name alternative may start mid-identifier),
# matched on the reversed bytes: ``[…]*\Z`` searched forward tries every start position.
_NAME_CHARS_REVERSED = re.compile(rb"[A-Za-z0-9_.$-]*")
_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
_SECRET_WORDS = {
    "pass",
    "passwd",
    "password",
    "passphrase",
    "pwd",
    "secret",
    "secrets",
    "token",
    "apikey",
    "credential",
    "credentials",
    "creds",
    "authkey",
    "key",
    "pw",
}
_NOT_SECRET_WORDS = {
    "public",
    "pub",
    "hash",
    "hashed",
    "digest",
    "checksum",
    "fingerprint",
    "length",
    "len",
    "size",
    "count",
    "type",
    "name",
    "field",
    "label",
    "header",
    "prefix",
    "suffix",
    "format",
    "pattern",
    "regex",
    "policy",
    "expiry",
    "expires",
    "expiration",
    "expire",
    "timeout",
    "ttl",
    "endpoint",
    "url",
    "uri",
    "path",
    "file",
    "dir",
    "id",
    "ids",
    "hint",
    "reset",
    "forgot",
    "confirm",
    "placeholder",
    "input",
    "message",
    "error",
    "column",
    "index",
    "mode",
    "method",
    "scheme",
    "strategy",
    "provider",
    "class",
    "handler",
    "factory",
    "cache",
    "generator",
    "tokenizer",
    "tokens",
    "tokenize",
    "tokenized",
    "keys",
    "min",
    "max",
    "is",
    "has",
    "use",
    "enable",
    "enabled",
    "required",
    "validate",
    "validator",
    "validation",
    "location",
    "env",
    "var",
    "variable",
    "param",
    "parameter",
    "arg",
    "option",
    "prompt",
    "str",
    "string",
    "bytes",
    "manager",
    "store",
    "kind",
    "csrf",
    "xsrf",
    "event",
    "events",
    "test",
    "mock",
    "fake",
    "pos",
    "start",
    "end",
    "types",
    "list",
    "map",
    "dict",
    "get",
    "new",
    "old",
    "lexer",
    "parser",
    "stream",
    "reader",
    "writer",
    "usage",
    "help",
    "doc",
    "description",
    "through",
    "thru",
    "args",
    "argv",
    "kwargs",
    "append",
    "extend",
    "startswith",
    "endswith",
    "split",
    "strip",
    "join",
    "encode",
    "decode",
    "lower",
    "upper",
    "find",
    "match",
    "search",
    "equals",
    "contains",
    "includes",
    "etag",
    "params",
    "handle",
    "ref",
    "selector",
    "projection",
    "source",
    "primary",
    "foreign",
    "sort",
    "partition",
    "composite",
    "unique",
    "idempotency",
    "dedup",
    "dedupe",
    "lookup",
    "translation",
    "i18n",
    "locale",
    "object",
    "route",
    "routing",
    "hot",
    "shortcut",
    "keyboard",
    "row",
    "cursor",
    "sequence",
    "hashing",
    "bucket",
    "group",
    "query",
    "react",
    "metric",
    "tag",
    "attribute",
    "property",
    "version",
    "versions",
    "lib",
    "library",
    "artifact",
    "dependency",
    "dependencies",
    "package",
    "notes",
    "note",
    "changelog",
    "summary",
    "title",
    "comment",
    "continuation",
    "pagination",
    "page",
    "next",
    "marker",
}
_FILE_NAME = re.compile(
    r"\.(?:py|pyi|pyc|so|dll|js|mjs|ts|go|rb|java|class|json|ya?ml|toml|txt|md|rst|html?|css"
    r"|c|h|cpp|rs|php|cs|sh|pem|crt)$",
    re.I,
)
# Anti-forgery tokens: Rails ``authenticity_token``, Django ``csrfmiddlewaretoken``, ASP.NET
# ``__RequestVerificationToken``, Angular ``XSRF-TOKEN``, Laravel's bare ``_token`` (above).
_FORM_TOKEN = re.compile(r"csrf|xsrf|authenticity|requestverification|antiforgery", re.I)
_PASSWORD_WORDS = {"pass", "passwd", "password", "passphrase", "pwd", "pw"}
# Test, fixture and documentation-example paths: directories, and files named as examples
# (``s3.examples.json``, ``examples-1.json``, ``config.example.yaml``).
_TESTY_PATH = re.compile(
    r"(?:^|/)(?:tests?|testdata|testing|spec|specs|fixtures?|examples?|samples?|docs?|mocks?)(?:/|$)|_test\.|\.test\.|test_[^/]*$"
    r"|(?:^|[/._-])(?:examples?|samples?)(?:[._-][^/]*)?\.(?:json|ya?ml|toml|ini|env|txt|md)$",
    re.I,
)


def name_words(name: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(name)]


@lru_cache(maxsize=8192)
def judge_name(name: str) -> str | None:
    """``"password"`` / ``"secret"`` for a credential name, None for anything else. Cached:
    a file repeats its names (a JSON API model says ``"KeyId"`` hundreds of times)."""
    words = name_words(name)
    if not words or any(w in _NOT_SECRET_WORDS for w in words) or _FILE_NAME.search(name):
        return None
    if _FORM_TOKEN.search(name) or name in ("_token", "__token"):
        return None  # a CSRF token: issued per session by the server, not a stored credential
    if not all(_plausible_name(seg) for seg in re.split(r"[.$@-]+", name) if seg):
        return None  # a stretch of base64 or a hash that happens to end in "key"
    joined = "".join(words)
    if any(w in _PASSWORD_WORDS for w in words) or joined.endswith(("password", "passwd")):
        return "password"
    if any(w in _SECRET_WORDS for w in words) or joined.endswith(("apikey", "secret", "token")):
        return "secret"
    return None


@lru_cache(maxsize=8192)
def _provider_name_kind(name: str) -> str | None:
    """``NEW_RELIC_API_KEY``: a provider's own name may hold a word that otherwise says "not a
    secret" (new, line, box); judged without the provider's name, the rest decides."""
    words = name_words(name)
    vetoing = {w for w in words if w in _NOT_SECRET_WORDS}
    if not vetoing or not vetoing <= proximity.name_parts(frozenset(_NOT_SECRET_WORDS)):
        return None  # (most names: no provider could explain the vetoing word)
    provider = proximity.provider_near(name, "")
    if provider is None:
        return None
    rest = re.sub("[_.-]?".join(provider), "", name, count=1, flags=re.I)
    return judge_name(rest) if rest != name else None


def _plausible_name(segment: str) -> bool:
    """A variable name rather than a stretch of base64: short, or made of words."""
    return len(segment) <= 16 or filters.is_identifier_name(segment) or filters.is_wordy(segment)


@lru_cache(maxsize=16384)
def judge_value(value: str, kind: str, quoted: bool, provider: bool = False) -> Confidence | None:
    """The confidence a value is a real credential, None when it is noise. Cached, like
    :func:`judge_name`: generated API models repeat the same identifiers (``NextToken``)
    thousands of times, each costing a dozen filters.

    ``provider``: a provider's name is right beside the value (see the proximity module).
    Then a UUID or a bare hex digest is that provider's token format, not an identifier or a
    checksum: the shape filters weigh the name instead of vetoing.
    """
    if len(value) < 8 or " " in value or filters.is_documented_example(value):
        return None
    decoded = filters.decoded_base64_text(value)
    if decoded is not None and len(decoded) >= 6 and "\n" not in decoded.strip():
        return judge_value(decoded.strip(), kind, quoted)  # base64 of text: judge the text
    if filters.is_uuid(value):  # an identifier under a key name; a credential as a password
        if provider and not _stand_in(value):
            return Confidence.MEDIUM
        return Confidence.LOW if kind == "password" else None
    if provider and filters.is_hash_like(value) and not filters.has_hash_prefix(value):
        return None if _stand_in(value) else Confidence.MEDIUM
    if _noise(value, quoted):
        return None
    entropy = filters.shannon_entropy(value)
    classes = filters.char_classes(value)
    if kind == "password":
        if filters.is_common_password(value) or filters.has_hash_prefix(value):
            return None
        strong_letters = len(value) >= 16 and entropy >= 3.5 and not filters.is_wordy(value)
        if classes < 2 or entropy < 2.5:
            return None
        if not strong_letters and not any(c.isdigit() or not c.isalnum() for c in value):
            return None
        return Confidence.MEDIUM if classes >= 3 and entropy >= 3.0 else Confidence.LOW
    if len(value) < 16 or entropy < 3.0 or (classes < 2 and len(value) < 24):
        return None
    if filters.is_hash_like(value):
        return None if filters.has_hash_prefix(value) else Confidence.LOW
    return Confidence.MEDIUM if entropy >= 3.5 and classes >= 2 else Confidence.LOW


def judge_header_value(value: str) -> Confidence | None:
    """An Authorization header's credential: whatever its shape (UUID and hex tokens included),
    unless it is a stand-in."""
    if filters.is_uuid(value) or filters.is_hash_like(value):
        return None if filters.has_long_run(value, 5) else Confidence.MEDIUM
    basic = filters.decoded_base64_text(value)
    if basic is not None and ":" in basic:  # Basic user:password
        password = basic.partition(":")[2].strip()
        if not password or filters.is_common_password(password) or filters.is_placeholder(password):
            return None
    return judge_value(value, "secret", True)


def _stand_in(value: str) -> bool:
    """``00000000-0000-…``, ``0123456789abcdef…``, ``deadbeef…deadbeef``: made by hand."""
    return (
        filters.is_placeholder(value)
        or filters.has_long_run(value, 5)
        or filters.is_sequence(value)
        or filters.has_repeated_chunk(value)
        or filters.shannon_entropy(value) < 3.0
    )


def _noise(value: str, quoted: bool) -> bool:
    """Whether ``value`` is one of the known kinds of non-secret. The checks are independent,
    so their order only sets the cost: the cheapest first, then ``is_wordy``, which is what
    rejects nearly every value in real code (identifiers such as ``NextToken``)."""
    if (
        (not quoted and not any(c.isdigit() for c in value))
        or _JWT_SHAPE.match(value) is not None  # judged (header decoded) by the JWT detector
        or _BYTE_ESCAPE.search(value) is not None  # b'str\x00ing': test bytes, not a secret
        or filters.is_version(value)
        or filters.is_timestamp(value)
        or filters.is_public_key_format(value)
        or formats.claims_format_falsely(value)
        or filters.is_wordy(value)
        or filters.is_composed_of_words(value)
        or filters.is_code_reference(value)
        or filters.is_reference(value)
        or filters.is_regex_like(value)
        or filters.is_documented_example(value)
        or filters.is_package_coordinate(value)
        or filters.has_long_run(value, 5)
        or filters.has_repeated_chunk(value)
        or filters.is_sequence(value)
        or filters.is_placeholder(value)
    ):
        return True
    # base64 of a stand-in (a Kubernetes Secret's ``Y2hhbmdlbWU=``) is still a stand-in
    decoded = filters.decoded_base64_text(value)
    return decoded is not None and (
        filters.is_placeholder(decoded)
        or filters.is_wordy(decoded)
        or len(decoded) < 6
        or "-----BEGIN" in decoded  # certificates; private keys are the PEM detectors' job
    )


# Escapes of bytes, code points and control characters: test strings, not typed secrets.
_BYTE_ESCAPE = re.compile(r"\\(?:x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|N\{|[0nrtfv])")
_JWT_SHAPE = re.compile(r"^eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$")


def generic_candidates(data: bytes, path: str) -> Iterator[Candidate]:
    testy = bool(_TESTY_PATH.search(path))
    code = bool(_CODE_FILE.search(path))
    for m in _PATTERN.finditer(data):
        candidate = _from_match(data, m, testy, code)
        if candidate is not None:
            yield candidate
    for m in _CLI_USER.finditer(data):
        if not _flag_starts(data, m.start()):
            continue
        value = m.group(1).decode("utf-8", "replace")
        conf = judge_value(value, "password", True)
        if conf is not None and "$" not in value and value.count(":") < 2:
            yield Candidate(
                "generic-password",
                m.start(1),
                m.end(1),
                value,
                PRIORITY_GENERIC,
                confidence=Confidence.LOW if testy else conf,
                extra={"name": "--user"},
            )
    for m in _AUTH_HEADER.finditer(data):
        value = m.group(1).decode("utf-8", "replace")
        conf = judge_header_value(value)
        if conf is not None:
            yield Candidate(
                "http-authorization-header",
                m.start(1),
                m.end(1),
                value,
                PRIORITY_GENERIC,
                confidence=Confidence.LOW if testy else conf,
            )


def _flag_starts(data: bytes, start: int) -> bool:
    """A command-line flag begins the text or follows a space or a tab (``x-u`` is no flag)."""
    return start == 0 or data[start - 1 : start] in (b" ", b"\t")


def _from_match(data: bytes, m: object, testy: bool, code: bool) -> Candidate | None:
    match = m  # re2 match object (untyped)
    head = data[max(0, match.start() - 40) : match.start()]  # type: ignore[attr-defined]
    kept = _NAME_CHARS_REVERSED.match(head[::-1]).end()  # type: ignore[union-attr]
    prefix = head[len(head) - kept :].decode("ascii")
    tail = _name_part(match.group(0).decode("utf-8", "replace"))  # type: ignore[attr-defined]
    name = prefix + tail
    kind = judge_name(name) or _provider_name_kind(name)
    if kind is None:
        return None
    for group in range(1, 6):
        raw = match.group(group)  # type: ignore[attr-defined]
        if raw is not None:
            break
    else:
        return None
    if group == 5 and (code or data[match.end(5) : match.end(5) + 1] == b"("):  # type: ignore[attr-defined]
        return None  # a program quotes its literals; an unquoted value is an expression
    before = head[: len(head) - kept].decode("utf-8", "replace")[-1:]
    name_end = match.start() + len(tail.encode())  # type: ignore[attr-defined]
    sep = data[name_end : match.start(group)].decode("utf-8", "replace")  # type: ignore[attr-defined]
    if not _plausible_assignment(name, before, sep, _QUOTES.get(group, "")):
        return None
    value_end = match.end(group)  # type: ignore[attr-defined]
    value_start = match.start(group)  # type: ignore[attr-defined]
    name_start = name_end - len(name.encode())
    if _LITERAL_LIST_SEP.fullmatch(sep) and _in_literal_list(
        data, name_start, value_start, value_end
    ):
        return None
    if len(raw) > MAX_VALUE or len(name) > MAX_NAME:
        return None
    if group < 5 and raw.endswith(b"\\"):
        raw = raw[:-1]  # JSON inside a string: the closing quote was escaped (\")
    if group == 5:
        raw = _NEXT_PARAM.split(raw, 1)[0]  # a URL query: the value ends at &next=
    value = raw.decode("utf-8", "replace")
    if "&" in value and _ENTITY.search(value):
        value = html.unescape(value)  # an XML/HTML attribute or element: judge the text
    if group == 5 and _PERCENT.search(value):
        value = urllib.parse.unquote(value)  # judge what the URL carries, not its encoding
    if _squash(value) in _squash(name) or _squash(name) in _squash(value):
        return None  # AWS_SESSION_TOKEN = "awssessiontoken": the name as its own stand-in
    provider = False
    if filters.is_uuid(value) or filters.is_hash_like(value):
        window = data[max(0, name_end - len(name.encode()) - 160) : name_end].decode(
            "utf-8", "replace"
        )
        provider = proximity.provider_near(name, window[: len(window) - len(name)]) is not None
    conf = judge_value(value, kind, quoted=group < 5, provider=provider)
    if conf is None:
        return None
    start = match.start(group)  # type: ignore[attr-defined]
    if proximity.says_public(data, start, value_end, structure_only=True):
        return None  # a Firebase web config's apiKey, a Sentry DSN's public key
    rule_id = "generic-password" if kind == "password" else "generic-secret"
    return Candidate(
        rule_id,
        start,
        start + len(raw),
        value,
        PRIORITY_GENERIC,
        confidence=Confidence.LOW if testy else conf,
        extra={"name": name},
    )


_PASCAL = re.compile(r"^(?:[A-Z][a-z0-9]+|[A-Z]{2,}(?=[A-Z][a-z]))(?:[A-Z][a-z0-9]*)+$")
_WORD_NAME = re.compile(r"^[A-Za-z][a-z]*$")


_QUOTES = {1: '"', 2: "'", 3: "`"}
_NEXT_PARAM = re.compile(rb"&(?:amp;)?[A-Za-z_][\w.-]*=")
_PERCENT = re.compile(r"%[0-9A-Fa-f]{2}")
_ENTITY = re.compile(r"&(?:[a-z]{2,6}|#\d{1,5}|#x[0-9a-fA-F]{1,4});")


_NOT_ALNUM = re.compile(r"[^a-z0-9]")
_NAME_PART = re.compile(r"[A-Za-z0-9_.-]+(?: (?i:key|token|secret|password)\b)?")


def _squash(text: str) -> str:
    return _NOT_ALNUM.sub("", text.lower()) or "\x00"


def _plausible_assignment(name: str, before: str, sep: str, quote: str) -> bool:
    """Whether ``name sep value`` assigns the value to the name, judged by the text around it.

    Rejected: a name inside a string whose closing quote opens the "value" (``"Password:"),``),
    a quoted type or symbol name in a list (``'GetAdminPassword', 'GetClient…'``), and an
    English word followed by a space (``pass `--full-trace```, prose), which only flags,
    upper-case variables and dotted or underscored keys may use.
    """
    bare = sep.strip(" \t")
    if bare[:1] in {'"', "'"} and bare[1:].lstrip(" \t")[:1] == "," and before not in {'"', "'"}:
        return False  # ('User:Pass', 'www.host:80'): the "name" ends a longer string literal
    if before in {'"', "'", "`"}:
        escaped = sep[:-1].endswith("\\")  # \" opens a string nested in a string
        if (
            before == quote
            and bare[:1] in {":", "=", ">"}
            and quote not in sep[:-1]
            and not escaped
        ):
            return False  # the name's closing quote is the value's opening one: one literal
        if bare.startswith(",") and _PASCAL.match(re.split(r"[.:]", name)[-1]):
            return False
    if bare.strip("\"'`") == "" and before != "-":
        return not _WORD_NAME.match(name)
    return True


# ``"A"|"B"`` (a TypeScript union), ``"A", "B"``: two string literals side by side.
_LITERAL_LIST_SEP = re.compile(r"[\"']\s*[,|]\s*[\"']")


def _in_literal_list(data: bytes, name_start: int, value_start: int, value_end: int) -> bool:
    """The name and the value are both elements of a list or union of string literals
    (``[..., "NGH_DATA_KEY", "setIsI18nEnabled", ...]`` in a source map's ``names``,
    ``type T = "A_KEY"|"B_KEY"``), not a key and its value; a call's ``("API_KEY", "…")``
    and a pair ``["API_KEY", "…"]`` are kept."""
    if b"|" in data[name_start:value_start]:
        return True
    head = data[max(0, name_start - 40) : name_start].rstrip(b"\"'` \t")
    tail = data[value_end + 1 : value_end + 40].lstrip(b" \t")
    if head.endswith(b"[") and tail[:1] == b"]":
        return False  # ["X-Api-Key", "…"]: a pair
    return head.endswith((b",", b"[")) and tail[:1] in (b",", b"]")


def _name_part(matched: str) -> str:
    m = _NAME_PART.match(matched)
    return m.group(0) if m else matched
