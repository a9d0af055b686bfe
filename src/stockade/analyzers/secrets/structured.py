"""Detectors that understand a format rather than a token shape.

Private keys (PEM/OpenSSH/PGP blocks, also inside strings with escaped ``\\n`` and as base64 in
kubeconfigs), PuTTY keys, URLs with passwords, JWTs (header decoded), Docker ``auths``,
Kubernetes ``Secret`` data (base64 decoded), ``.npmrc``, ``.pypirc`` and ``.netrc``
credentials. Each takes the file's bytes and yields candidates; all regexes are RE2 (linear
time).
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import time
import urllib.parse
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from stockade.analyzers.secrets import filters, formats, generic, providers, ruleset
from stockade.analyzers.secrets.matches import PRIORITY_STRUCTURED, Candidate
from stockade.analyzers.secrets.ruleset import compile_re2
from stockade.core.severity import Confidence, Severity

# PEM (five dashes) and the SSH2/RFC 4716 form (``---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----``).
_PEM_BEGIN = compile_re2(
    r"-----BEGIN ((?:[A-Z0-9]+ ){0,3})PRIVATE KEY( BLOCK)?-----"
    r"|---- BEGIN ((?:[A-Z0-9]+ ){0,3})PRIVATE KEY ----"
)
_PEM_BODY_NOISE = re.compile(
    rb"\\r|\\n|\\\\n|&#(?:10|13|x[aAdD]);|[\s\"'`+,;|#*\\]|^[A-Za-z-]+: .*$", re.M
)
_B64_CHARS = re.compile(rb"[A-Za-z0-9+/=]")
_PUTTY = compile_re2(
    r"PuTTY-User-Key-File-[23]: [a-z0-9-]+\r?\nEncryption: ([a-z0-9-]+)(?s:.{0,900}?)Private-Lines: \d+\r?\n([A-Za-z0-9+/=\r\n]{40,})"
)
_B64_PEM = compile_re2(r"(LS0tLS1CRUdJTi[A-Za-z0-9+/=]{60,})")
_URL = compile_re2(
    r"\b[A-Za-z][A-Za-z0-9+.-]{1,30}://([^\s:@/'\"<>{}()\[\]]{1,100}):([^\s@/'\"<>{}()\[\]]{1,200})@([A-Za-z0-9._-]+|\[[0-9a-fA-F:]+\])"
)
_URL_STOP = {
    "password",
    "passwd",
    "pass",
    "pwd",
    "secret",
    "user",
    "username",
    "token",
    "pw",
    "p",
    "x",
}
_JWT = compile_re2(r"\b(eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,})")
_DOCKER_AUTH = compile_re2(r"\"(?:auth|identitytoken)\"\s*:\s*\"([A-Za-z0-9+/=._-]{8,})\"")
_NPM = compile_re2(r"(?i)(?:^|[\s:])(?:_authToken|_auth|_password)\s*=\s*\"?([^\s\"]{6,})")
_NETRC = compile_re2(r"(?s)\bmachine\s+\S+\s+(?:login\s+\S+\s+)?password\s+(\S{4,300})")
_PYPIRC_SECTION = compile_re2(r"(?m)^\[(?:distutils|pypi|testpypi)\][ \t]*\r?$")
_PYPIRC_PASSWORD = compile_re2(r"(?m)^[ \t]*password[ \t]*[=:][ \t]*(\S{4,300})[ \t]*\r?$")
_K8S_KIND = compile_re2(r"(?m)^kind:\s*[\"']?Secret\b")
_K8S_ENTRY = compile_re2(
    r"(?m)^[ \t]{1,8}([A-Za-z0-9_.-]{1,100}):[ \t]*[\"']?([A-Za-z0-9+/]{4,}={0,2})[\"']?[ \t]*$"
)
_K8S_DATA = compile_re2(r"(?m)^(?:data|stringData):\s*$")
_CRED_NAME = re.compile(r"pass|pwd|secret|token|key|cred|auth|cert", re.I)
_PKCS12_HEAD = re.compile(
    rb"^\x30(?:\x80|\x82..|\x83...|\x81.|[\x00-\x7f])\x02\x01\x03\x30(?:\x80|\x82..|\x83...|\x81.|[\x00-\x7f])\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x07[\x01\x06]",
    re.S,
)


@dataclass(frozen=True)
class Detector:
    name: str
    keywords: tuple[str, ...]
    run: Callable[[bytes], Iterator[Candidate]]


def _cand(rule_id: str, start: int, end: int, secret: str, **kw: object) -> Candidate:
    return Candidate(rule_id, start, end, secret, PRIORITY_STRUCTURED, **kw)  # type: ignore[arg-type]


_PEM_WINDOW = 200_000


def private_keys(data: bytes) -> Iterator[Candidate]:
    """PEM-style private key blocks, whether on their own lines or inside escaped strings.

    Each BEGIN looks for its END within 200 kB. ``clear`` remembers, per END marker, where the
    text is known to hold none, so a storm of BEGINs without an END is read once, not once per
    BEGIN (which made such input quadratic up to the window).
    """
    clear: dict[bytes, int] = {}
    for m in _PEM_BEGIN.finditer(data):
        marker = b"-----END" if m.group(0).startswith(b"-----") else b"---- END"
        limit = m.end() + _PEM_WINDOW
        end = data.find(marker, max(m.end(), clear.get(marker, 0)), limit)
        if end < 0:
            clear[marker] = max(clear.get(marker, 0), limit - len(marker) + 1)
            continue
        clear[marker] = end
        body = pem_body(data[m.end() : end])
        if body is None:
            continue
        kind = (m.group(1) or m.group(3) or b"").decode().strip() or "PKCS#8"
        encrypted = b"ENCRYPTED" in m.group(0) or b"Proc-Type: 4,ENCRYPTED" in data[m.end() : end]
        yield _cand(
            "private-key",
            m.start(),
            end,
            body.decode("ascii", "replace"),
            severity=Severity.MEDIUM if encrypted else None,
            message=f"{kind} private key{' (encrypted)' if encrypted else ''} in source",
            extra={"key_type": kind, "encrypted": encrypted},
        )


def pem_body(raw: bytes) -> bytes | None:
    """The base64 body of a PEM block, or None for a truncated, elided or placeholder one."""
    body = _PEM_BODY_NOISE.sub(b"", raw)
    if len(body) < 64 or len(_B64_CHARS.findall(body)) < 0.95 * len(body):
        return None
    if filters.shannon_entropy(body[:400].decode("ascii", "replace")) < 4.0:
        return None
    return body


def putty_keys(data: bytes) -> Iterator[Candidate]:
    for m in _PUTTY.finditer(data):
        encrypted = m.group(1) != b"none"
        body = re.sub(rb"\s", b"", m.group(2))
        yield _cand(
            "private-key-putty",
            m.start(),
            m.end(2),
            body.decode("ascii"),
            severity=Severity.MEDIUM if encrypted else None,
            extra={"encrypted": encrypted},
        )


def base64_private_keys(data: bytes) -> Iterator[Candidate]:
    """Base64-wrapped PEM (kubeconfig ``client-key-data``, Kubernetes secrets)."""
    for m in _B64_PEM.finditer(data):
        decoded = _b64(m.group(1))
        if decoded and next(private_keys(decoded), None) is not None:
            yield _cand(
                "private-key",
                m.start(1),
                m.end(1),
                m.group(1).decode("ascii"),
                message="Base64-encoded private key in source",
                extra={"encoding": "base64"},
            )


def _b64(raw: bytes) -> bytes | None:
    try:
        return base64.b64decode(raw + b"=" * (-len(raw) % 4), validate=True)
    except (binascii.Error, ValueError):
        try:
            return base64.urlsafe_b64decode(raw + b"=" * (-len(raw) % 4))
        except (binascii.Error, ValueError):
            return None


# The longest stretch from a match's ``://`` to its host's first byte: user (100), ``:``,
# password (200), ``@``, with room to spare.
_URL_SPAN = 320


def _url_matches(data: bytes) -> Iterator[Any]:
    """``_URL.finditer(data)``, without running RE2 over the text no match can start in.

    Every match has its ``://`` 2 to 31 bytes after its start (the scheme holds neither ``:``
    nor ``/``), so from ``pos`` on, no match starts before the next ``://`` minus 31, and
    one that starts before that ``://`` fits in the next :data:`_URL_SPAN` bytes (all but its
    host, which the anchored match at the same start then reads whole). Most URLs carry no
    password: RE2 reads a few hundred bytes around each instead of the whole file.
    """
    pos, size = 0, len(data)
    while (sep := data.find(b"://", pos + 2)) >= 0:
        near = _URL.search(data, max(pos, sep - 31), min(size, sep + _URL_SPAN))
        if near is None or near.start() >= sep:
            pos = sep - 1  # nothing starts before this ``://``: look from the next one
            continue
        match = _URL.match(data, near.start())
        yield match
        pos = match.end()


def url_passwords(data: bytes) -> Iterator[Candidate]:
    """``scheme://user:password@host``: the password, unless it is a variable or a stand-in."""
    for m in _url_matches(data):
        user = m.group(1).decode("utf-8", "replace")
        pw = m.group(2).decode("utf-8", "replace")
        host = m.group(3).decode("utf-8", "replace").lower()
        if (
            pw.lower() in _URL_STOP
            or pw == user
            or filters.is_placeholder(pw)
            or pw.startswith(("$", "%", "{"))
        ):
            continue
        if filters.has_long_run(pw, 4) or filters.is_sequence(pw) or _stock_url_password(pw):
            continue
        weak = (
            len(pw) < 8
            or filters.shannon_entropy(pw) < 2.5
            or "example" in host
            or filters.is_wordy(pw)
        )
        yield _cand(
            "url-password",
            m.start(2),
            m.end(2),
            pw,
            confidence=Confidence.LOW if weak else None,
            extra={"host": host, "user": user},
        )


def _stock_url_password(pw: str) -> bool:
    """Documentation's stock passwords (``scott:tiger``, ``a%20secret``), constant names
    (``SAS_KEY``), and a multi-host list misread as one user (``h1:123,u:p``)."""
    plain = urllib.parse.unquote(pw)
    return (
        " " in plain
        or ("," in pw and ":" in pw)
        or (plain.isalpha() and len(plain) <= 10 and filters.reads_as_words(plain))
        or filters.is_common_password(plain)
        or filters.is_identifier_name(plain)
    )


def jwts(data: bytes) -> Iterator[Candidate]:
    """JWTs whose header decodes to JSON with an ``alg``; unsigned (``none``) tokens are skipped."""
    for m in _JWT.finditer(data):
        token = m.group(1)
        head, payload, _sig = token.split(b".", 2)
        header = _json(head)
        if (
            not isinstance(header, dict)
            or "alg" not in header
            or str(header["alg"]).lower() == "none"
        ):
            continue
        if filters.is_documented_example(token.decode("ascii")):
            continue
        body = _json(payload)
        extra: dict[str, object] = {"alg": str(header["alg"])}
        expired = _expired(body)
        if expired is not None:
            extra["expired"] = expired
        yield _cand(
            "jwt",
            m.start(1),
            m.end(1),
            token.decode("ascii"),
            confidence=Confidence.LOW if not isinstance(body, dict) or expired else None,
            extra=extra,
        )


def _expired(claims: object) -> bool | None:
    """Whether the ``exp`` claim lies in the past (None: no usable ``exp``). An expired token
    grants nothing any more, but its signing key may still be guessable: kept, at low confidence."""
    if not isinstance(claims, dict):
        return None
    exp = claims.get("exp")
    if not isinstance(exp, int | float) or isinstance(exp, bool):
        return None
    return exp < time.time()


def _json(segment: bytes) -> object:
    decoded = _b64(segment.replace(b"-", b"+").replace(b"_", b"/"))
    if decoded is None:
        return None
    try:
        return json.loads(decoded)
    except ValueError:
        return None


def docker_auths(data: bytes) -> Iterator[Candidate]:
    """Docker ``config.json`` ``auths``: base64 ``user:password`` (or an identity token)."""
    for m in _DOCKER_AUTH.finditer(data):
        raw = m.group(1)
        decoded = _b64(raw)
        if decoded is None:
            continue
        text = decoded.decode("utf-8", "replace")
        user, sep, pw = text.partition(":")
        if not sep:
            if (
                len(raw) >= 32
                and filters.shannon_entropy(raw.decode()) >= 3.5
                and b'auth"' not in data[m.start() : m.start() + 6]
            ):
                yield _cand("docker-config-auth", m.start(1), m.end(1), raw.decode())
            continue
        if len(pw) < 3 or _stand_in(pw):
            continue
        yield _cand("docker-config-auth", m.start(1), m.end(1), raw.decode(), extra={"user": user})


def npmrc_auth(data: bytes) -> Iterator[Candidate]:
    for m in _NPM.finditer(data):
        value = m.group(1).decode("utf-8", "replace")
        if (
            _stand_in(value)
            or filters.shannon_entropy(value) < 3.0
            or filters.is_code_reference(value)
            or formats.claims_format_falsely(value)
        ):
            continue
        yield _cand("npmrc-auth", m.start(1), m.end(1), value)


_NETRC_ESCAPED = re.compile(r'\\|"|^.{0,3}$')


def netrc_passwords(data: bytes) -> Iterator[Candidate]:
    for m in _NETRC.finditer(data):
        value = m.group(1).decode("utf-8", "replace")
        inner = value[1:-1] if len(value) > 2 and value[0] == value[-1] == '"' else value
        if _stand_in(value) or value.lower() in _URL_STOP or _NETRC_ESCAPED.search(inner):
            continue  # (a stray quote or a backslash: netrc's parser tests, not a password)
        weak = len(value) < 8 or filters.shannon_entropy(value) < 2.5
        yield _cand(
            "netrc-password",
            m.start(1),
            m.end(1),
            value,
            confidence=Confidence.LOW if weak else None,
        )


def _stand_in(value: str) -> bool:
    """A placeholder, a variable or a mask where a credential file expects the real value."""
    return (
        filters.is_placeholder(value)
        or filters.is_common_password(value)
        or value.startswith(("$", "%"))
        or (filters.has_long_run(value, 5) and filters.shannon_entropy(value) < 3.0)
        or (len(value) >= 12 and (filters.is_sequence(value) or filters.has_repeated_chunk(value)))
        or filters.is_documented_example(value)
    )


def pypirc_passwords(data: bytes) -> Iterator[Candidate]:
    """``password`` of a ``.pypirc`` index section: any real value is an upload credential."""
    if not _PYPIRC_SECTION.search(data):
        return
    for m in _PYPIRC_PASSWORD.finditer(data):
        value = m.group(1).decode("utf-8", "replace")
        inner = value[1:-1] if len(value) > 2 and value[0] == value[-1] == '"' else value
        if _stand_in(value) or value.lower() in _URL_STOP or _NETRC_ESCAPED.search(inner):
            continue  # (a stray quote or a backslash: netrc's parser tests, not a password)
        weak = len(value) < 8 or filters.shannon_entropy(value) < 2.5
        yield _cand(
            "pypirc-password",
            m.start(1),
            m.end(1),
            value,
            confidence=Confidence.LOW if weak else None,
        )


def kubernetes_secrets(data: bytes) -> Iterator[Candidate]:
    """Values under ``data:`` of a ``kind: Secret`` manifest, base64 decoded and judged."""
    if not _K8S_KIND.search(data) or not _K8S_DATA.search(data):
        return
    for m in _K8S_ENTRY.finditer(data):
        name = m.group(1).decode()
        decoded = _b64(m.group(2))
        if decoded is None:
            continue
        value = decoded.decode("utf-8", "replace").strip()
        if len(value) < 6 or filters.is_placeholder(value) or "\ufffd" in value:
            continue
        if "-----BEGIN" in value:
            continue  # certificates and public keys; private keys are the PEM detectors' job
        extra: dict[str, object] = {"key": name}
        fmt = _known_format(value)
        if fmt is not None:
            extra["format"] = fmt
            confidence: Confidence | None = Confidence.HIGH
        else:
            confidence = _judge_secret_entry(name, value)
            if confidence is None:
                continue
        yield _cand(
            "kubernetes-secret", m.start(2), m.end(2), value, confidence=confidence, extra=extra
        )


def _known_format(value: str) -> str | None:
    """The provider format (or a URL with a password) a decoded Secret value has, if any: base64
    hides a token from the rules that would recognise it in plain text."""
    raw = value.encode("utf-8", "replace")
    low = value.lower()
    for rule in ruleset.load_rules():
        if (
            rule.rule.confidence is Confidence.HIGH
            and any(k in low for k in rule.keywords)
            and next(providers.rule_candidates(rule, raw), None) is not None
        ):
            return rule.id
    if next(jwts(raw), None) is not None:
        return "jwt"
    return "url-password" if next(url_passwords(raw), None) is not None else None


def _judge_secret_entry(key: str, value: str) -> Confidence | None:
    """A Secret's value, judged like any credential assignment: under a credential key by that
    key's kind; under another key (host, username, ca.crt) only when it is token-like."""
    kind = generic.judge_name(key)
    if kind is not None:
        if filters.is_uuid(value):
            return Confidence.LOW  # declared secret: a UUID here is an API key, not an id
        return generic.judge_value(value, kind, quoted=True)
    if filters.name_says_not_secret(key) or (not _CRED_NAME.search(key) and len(value) < 16):
        return None
    confidence = generic.judge_value(value, "secret", quoted=True)
    return confidence if confidence is Confidence.MEDIUM else None


def is_pkcs12(data: bytes) -> bool:
    """PKCS#12 by content: ``SEQUENCE { INTEGER 3, ContentInfo { pkcs7-data … } … }``."""
    return bool(_PKCS12_HEAD.match(data[:32]))


DETECTORS: tuple[Detector, ...] = (
    Detector("private-key", ("private key",), private_keys),
    Detector("private-key-putty", ("putty-user-key-file",), putty_keys),
    Detector("private-key-base64", ("ls0tls1crudjt",), base64_private_keys),
    Detector("url-password", ("://",), url_passwords),
    Detector("jwt", ("eyj",), jwts),
    Detector("docker-config-auth", ('"auth"', '"identitytoken"'), docker_auths),
    Detector("npmrc-auth", ("_auth", "_password"), npmrc_auth),
    Detector("netrc-password", ("machine",), netrc_passwords),
    Detector("kubernetes-secret", ("secret",), kubernetes_secrets),
    Detector("pypirc-password", ("[pypi]", "[distutils]", "[testpypi]"), pypirc_passwords),
)
