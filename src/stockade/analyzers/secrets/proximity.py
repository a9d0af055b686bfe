"""Provider names beside a value: evidence the generic filters weigh instead of vetoing.

Many providers issue tokens with no distinctive prefix: a UUID (Snyk, Squarespace, Sumo Logic
collectors), 40 or 64 hex digits (Sonar, New Relic, Sendbird, JFrog), or lower-case
alphanumerics (Dropbox, Asana). Shape alone cannot tell such a token from a request id or a
commit hash, so the generic detector drops UUIDs and hex digests. When the name the value is
assigned to, or the key just above it, names a provider, the same shape is that provider's
credential. The provider names are the keywords of the catalog's keyword-anchored rules
(``K`` lines of ``catalog/providers.txt``), plus providers whose tokens have no rule of
their own; the word list is built once per process.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from stockade.analyzers.secrets.ruleset import compile_re2, load_rules

# Keywords that are also ordinary English or programming words: beside a UUID they say nothing.
_TOO_COMMON = frozenset(
    {
        "segment",
        "particle",
        "polygon",
        "shortcut",
        "monday",
        "elastic",
        "ghost",
        "stability",
        "sanity",
        "voyage",
        "lob",
        "bunny",
        "nomad",
        "consul",
        "percy",
        "cypress",
        "launchpad",
        "harvest",
        "iterable",
        "kraken",
        "plaid",
        "quay",
        "miro",
        "zoom",
        "etsy",
        "ebay",
        "line",
        "box",
        "n8n",
        "lambdatest",
        "heap",
        "require",
        "here",
        "news",
        "wise",
        "loops",
        "close",
        "make",
        "circle",
        "checkout",
        "stream",
        "bandwidth",
        "deployer",
        "modal",
        "expo",
    }
)
# Generic credential words: a keyword made only of these names no provider.
_GENERIC = re.compile(
    r"secret|token|password|pass|pwd|key|pat|auth|access|session|webhook|private|client|app"
    r"|api|shared|account|signing|root|default|mnemonic|transaction|consumer|service|id$"
)
# Providers whose tokens have no prefix and no rule of their own in the catalog.
_EXTRA = ("squarespace", "newrelic", "new_relic", "sumo_logic", "slack", "telegram", "onepassword")


@lru_cache(maxsize=1)
def provider_pattern() -> Any:
    """One RE2 alternation of every provider name (a DFA: one pass whatever the number of
    names), matched against squashed text (lower case, no separators), so ``NEW_RELIC``,
    ``new-relic`` and ``newRelic`` are one name."""
    names: set[str] = {_squash(n) for n in _EXTRA}
    for rule in load_rules((), ()):  # the built-ins, as the analyzer's own (cached) load
        if rule.rule.confidence.value == "high" or not rule.pattern.startswith("(?i:"):
            continue  # prefix rules: the token names its provider itself
        for word in rule.keywords:
            name = _GENERIC.sub("", _squash(word))  # githubclientsecret -> github
            if len(name) >= 4 and name not in _TOO_COMMON:
                names.add(name)
    return compile_re2("|".join(sorted(names, key=len, reverse=True)))


@lru_cache(maxsize=2)
def name_parts(words: frozenset[str]) -> frozenset[str]:
    """Those of ``words`` that begin or end a provider's name (``new`` of New Relic,
    ``bucket`` of Bitbucket): only a name holding such a word can be a provider's."""
    names = provider_pattern().pattern.decode("ascii").split("|")
    return frozenset(w for w in words if any(n.startswith(w) or n.endswith(w) for n in names))


def _squash(text: str) -> str:
    return _NOT_ALNUM.sub("", text.lower())


_NOT_ALNUM = re.compile(r"[^a-z0-9]")


def provider_near(name: str, head: str) -> str | None:
    """The provider named by ``name`` or by what encloses it: the same line before the name
    (``sonar { token = … }``) or a parent key on the line above (``sonar:`` / ``[sonar]``)."""
    lines = head.split("\n")
    texts = [name, lines[-1]]
    if len(lines) >= 2 and _PARENT.search(lines[-2]):
        texts.append(lines[-2])
    for text in texts:
        m = provider_pattern().search(_squash(text).encode("ascii", "ignore"))
        if m is not None:
            return str(m.group(0).decode("ascii"))
    return None


_PARENT = re.compile(r"(?::|\{|=>|\(|^\s*\[[^\]]+\])\s*$")


# Keys some SDKs ship to every browser by design: Google API keys in a Firebase web config or a
# Maps JavaScript URL, Algolia search-only keys, Stripe publishable and New Relic browser keys.
# Only these rules listen to the code saying a key is public; a secret key stays reported
# whatever a comment claims.
PUBLIC_CAPABLE = frozenset(
    {"gcp-api-key", "algolia-admin-key", "stripe-publishable-live", "newrelic-browser-key"}
)
# Phrases are matched with spaces, not underscores: ``STRIPE_PUBLISHABLE_KEY`` is a name, not
# the code saying anything; ``firebaseConfig`` and a Maps JavaScript URL are structure that does.
_PUBLIC_SAYS = re.compile(
    rb"firebaseConfig|initializeApp\(|firebase[_-]?(?:web[_-]?)?config|maps/api/js\?"
    rb"|[./]ingest(?:\.[a-z]{2})?\.sentry\.io/|[?&]sentry_key="
    rb"|public(?:ly)? (?:web |browser |client |api )?(?:key|token)|publishable key"
    rb"|browser (?:api )?key|client[ -]side key|search[ -]only"
    rb"|safe to (?:expose|commit|share|publish|embed|ship)|(?:is|are) not (?:a )?secrets?"
    rb"|meant to be public|public by design|(?:designed|intended) to be public"
    rb"|restricted (?:by|to) (?:http |the )?referr?ers?",
    re.I,
)
# Structure (not prose) that makes a key public wherever it is: a Firebase web config, a Maps
# JavaScript URL, a Sentry DSN or ingest URL (its ``sentry_key`` is the DSN's public half).
_PUBLIC_STRUCTURE = re.compile(
    rb"firebaseConfig|initializeApp\(|maps/api/js\?|[./]ingest(?:\.[a-z]{2})?\.sentry\.io/"
    rb"|[?&]sentry_key=",
    re.I,
)
_PUBLIC_WINDOW = 400


def says_public(data: bytes, start: int, end: int, structure_only: bool = False) -> bool:
    """Whether the code around a key (its line and the few lines above) says the key is
    published on purpose. ``structure_only``: only a config or URL structure counts, not a
    comment (for generic guesses, whose kind of key nothing else tells)."""
    line_end = data.find(b"\n", end)
    window = data[max(0, start - _PUBLIC_WINDOW) : line_end if line_end >= 0 else len(data)]
    pattern = _PUBLIC_STRUCTURE if structure_only else _PUBLIC_SAYS
    return pattern.search(window) is not None
