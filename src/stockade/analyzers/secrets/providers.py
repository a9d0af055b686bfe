"""Provider-specific rules: exact RE2 regexes run only where their keywords occurred."""

from __future__ import annotations

import re
from collections.abc import Iterator

from stockade.analyzers.secrets import filters, formats, proximity
from stockade.analyzers.secrets.matches import (
    PRIORITY_PROVIDER,
    PRIORITY_PROVIDER_CONTEXT,
    Candidate,
)
from stockade.analyzers.secrets.ruleset import SecretRule
from stockade.core import apikey
from stockade.core.severity import Confidence

VALIDATORS = {"stockade-apikey": apikey.is_valid}
# Marks a match that is not reported (its checksum or payload is wrong, or it is a browser key
# published on purpose) but keeps its bytes: a generic guess may not report them either, and
# the redactor still hides them from other modules' findings (redaction errs towards hiding).
SUPPRESSED = "suppressed"


def rule_candidates(rule: SecretRule, data: bytes) -> Iterator[Candidate]:
    """Every match of one rule that survives its entropy, allowlist and stopword filters."""
    priority = (
        PRIORITY_PROVIDER if rule.rule.confidence is Confidence.HIGH else PRIORITY_PROVIDER_CONTEXT
    )
    for m in rule.compiled.finditer(data):
        raw = m.group(rule.secret_group)
        if raw is None:
            continue
        secret = raw.decode("utf-8", "replace")
        if _rejected(rule, secret):
            continue
        start = m.start(rule.secret_group)
        if priority == PRIORITY_PROVIDER_CONTEXT and filters.name_says_not_secret(
            _assigned_name(data, m.start(), start), exempt=rule.keywords
        ):
            continue  # HEROKU_APP_ID = <uuid>: the provider's word, but an id, not its key
        extra: dict[str, str] = {}
        if not formats.format_ok(rule.id, secret):
            extra[SUPPRESSED] = "checksum or payload does not match the format"
        elif rule.id in proximity.PUBLIC_CAPABLE and proximity.says_public(data, start, m.end()):
            extra[SUPPRESSED] = "a browser key the code says is published on purpose"
        yield Candidate(rule.id, start, start + len(raw), secret, priority, extra=extra)


_NAME_TAIL = re.compile(rb"[A-Za-z0-9_.$-]*\Z")
_NAME_HEAD = re.compile(rb"[A-Za-z0-9_.-]*")


def _assigned_name(data: bytes, match_start: int, secret_start: int) -> str:
    """The whole variable name around a context rule's provider word (``HEROKU_APP_ID``)."""
    before = _NAME_TAIL.search(data[max(0, match_start - 40) : match_start])
    after = _NAME_HEAD.match(data, match_start, secret_start)
    name = (before.group(0) if before else b"") + (after.group(0) if after else b"")
    return name.decode("utf-8", "replace")


def _rejected(rule: SecretRule, secret: str) -> bool:
    if rule.validator is not None:
        check = VALIDATORS.get(rule.validator)
        return check is None or not check(secret)
    if filters.provider_noise(secret, rule.min_entropy):
        return True
    if rule.rule.confidence is not Confidence.HIGH and (
        filters.is_wordy(secret) or filters.is_identifier_name(secret)
    ):
        return True  # a context rule's generic body matched a word or a symbol name
    low = secret.lower()
    if any(w in low for w in rule.stopwords):
        return True
    return any(a.search(secret.encode("utf-8")) for a in rule.allow_compiled)
