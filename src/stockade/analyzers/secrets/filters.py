"""Value filters: what a credential-looking string must not be.

Each filter answers one question about a candidate secret (is it a placeholder, a UUID, a
checksum, a version, a sequence, a word, a documented example?) so the generic detector and the
provider rules share one definition of noise.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import itertools
import math
import re
import tomllib
from collections import Counter
from collections.abc import Iterable
from importlib import resources

# The word lists are data: filter_words.toml beside this module.
_WORDS: dict[str, list[str]] = tomllib.loads(
    resources.files(__package__).joinpath("filter_words.toml").read_text("utf-8")
)

_PLACEHOLDER = re.compile(
    r"\$\{|\{\{|\}\}|%\(|%s\b|<[A-Za-z_ -]+>|^\$[A-Za-z_]|^%[A-Za-z_]+%$|\bxxxx|XXXX|\*\*\*|\.\.\.|"
    r"^<|>$|^\[.*\]$|^#\{|^\{[^{}]*\}$|\{[\w.\[\]'\"]{0,40}\}",
)
_STOPWORDS = tuple(_WORDS["stopwords"])
_WHOLE_STOPWORDS = set(_WORDS["whole_stopwords"])
_UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
_HEX = re.compile(r"^(?:0x)?[0-9a-fA-F]+$")
# Integrity strings (sha512-…, h1:…) and stored password hashes: bcrypt, argon2, crypt(3)
# SHA/MD5 schemes, Apache apr1, Django's pbkdf2/argon2/bcrypt fields, LDAP {SSHA}/{SHA}.
_HASH_PREFIX = re.compile(
    r"^(?:(?:sha(?:1|224|256|384|512)|md5|blake2b?|h1|xxh\d*)[-:=]"
    r"|\$(?:2[abxy]?|argon2(?:id|i|d)|[156]|apr1|scrypt|pbkdf2[\w-]*|y|gy|7)\$"
    r"|(?:pbkdf2_sha(?:1|256)|argon2|bcrypt(?:_sha256)?|scrypt)\$"
    r"|\{(?:SSHA|SHA|SMD5|MD5|CRYPT|PBKDF2[\w-]*|ARGON2)\})",
    re.I,
)
# Semantic versions with pre-release and build parts (``2.15.2-beta.1+build.5f3a``).
_VERSION = re.compile(r"^v?\d+(?:[._-]\d+)+(?:[-+.][A-Za-z0-9.]+)?(?:\+[A-Za-z0-9.-]+)?$")
# ``com.fasterxml.jackson.core:jackson-databind:2.15.2`` (Maven), ``@scope/name@1.2.3`` (npm),
# ``name==1.2`` (pip): a dependency named with its version.
_COORDINATE = re.compile(
    r"^(?:[a-z][\w-]*(?:\.[\w-]+)+:[\w.-]+(?::[\w.-]+){1,3}"
    r"|(?:@[\w.-]+/)?[\w.-]+@[~^]?\d[\w.+-]*"
    r"|[A-Za-z][\w.-]*(?:==|>=|~=)\d[\w.+-]*)$"
)
# Keys their providers publish in web pages by design: Mapbox ``pk.``, Stripe publishable keys,
# New Relic browser keys, Flutterwave public keys.
_PUBLIC_KEY = re.compile(r"^(?:pk\.eyJ|pk_(?:live|test)_|NRJS-|FLWPUBK(?:_TEST)?-)")
_IDENTIFIER = re.compile(
    r"^[A-Za-z_$][A-Za-z0-9_$]*(?:(?:\.|::|->)[A-Za-z_$][A-Za-z0-9_$]*)+(?:\(\))?$"
)
_WORDY = re.compile(r"^[A-Za-z]+(?:[ _./-][A-Za-z]+)*$")
_CAMEL_WORDS = re.compile(r"[A-Z]?[a-z]{2,}|[A-Z]{2,}(?![a-z])")
_PATH = re.compile(r"^(?:\.{0,2}/|~/|[A-Za-z]:\\)|\.(?:json|ya?ml|pem|key|txt|crt|p12|env)$")
_PATH_SEGMENT = re.compile(r"^[a-z0-9_.-]*$|^[A-Z0-9_.-]*$|^[A-Z]?[a-z]+(?:[A-Z][a-z]+)*$")
_URL = re.compile(r"^[a-z][a-z0-9+.-]*://", re.I)
# ``getSecret("app")``, ``request.form["password"]``, ``os.environ.get('X')``: code, not data.
_CALL = re.compile(
    r"^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(?:\(.*\)|\[.*\])(?:\.[\w$]+(?:\(.*\))?)*$"
)
# Pointers to a secret held elsewhere: ARNs, vault/1Password/Key Vault/SOPS references.
_REFERENCE = re.compile(
    r"^(?:arn:aws[\w-]*:|(?:vault|op|awssm|ssm|gcpsm|azkv|secretref|ref|sm|env|file)[:+]//?"
    r"|vault:|ENC\[|projects/[\w-]+/secrets/|https://[\w-]+\.vault\.azure\.net/)",
    re.I,
)
_SIGIL_NAME = re.compile(r"^(?:[$@%&*:#!~^?.-]+[A-Za-z_][A-Za-z_.-]*|--?[A-Za-z][\w-]*=.*)$")
# ``createElement(``, ``),`` : a "value" that is really a stretch of (minified) code.
_CODE_PUNCT = re.compile(r"[A-Za-z_$][\w$]{2,}\(|^[),;]|\)[,;]|=>")
_BASE64 = re.compile(r"^[A-Za-z0-9+/]{8,}={0,2}$")
_DOCUMENTED_EXAMPLES = frozenset(_WORDS["documented_example_digests"])


def shannon_entropy(value: str) -> float:
    """Bits per character of ``value`` (0 for empty)."""
    if not value:
        return 0.0
    n = len(value)
    return -sum(c / n * math.log2(c / n) for c in Counter(value).values())


def is_placeholder(value: str) -> bool:
    """Template variables, angle-bracket hints, masks and documentation words."""
    if _PLACEHOLDER.search(value):
        return True
    low = value.lower()
    return low in _WHOLE_STOPWORDS or any(w in low for w in _STOPWORDS)


def is_uuid(value: str) -> bool:
    return bool(_UUID.match(value))


def is_hash_like(value: str) -> bool:
    """Hex digests of the usual lengths, or algorithm-prefixed integrity strings."""
    if _HASH_PREFIX.match(value):
        return True
    body = value[2:] if value.startswith("0x") else value
    return bool(_HEX.match(value)) and len(body) in (32, 40, 56, 64, 96, 128)


def has_hash_prefix(value: str) -> bool:
    """``sha256=…``, ``sha512-…``, ``h1:…``: an integrity string, never a credential."""
    return bool(_HASH_PREFIX.match(value))


def is_version(value: str) -> bool:
    return bool(_VERSION.match(value))


def is_package_coordinate(value: str) -> bool:
    """A dependency and its version (Maven, npm, pip coordinates), as notes and changelogs
    quote them."""
    return bool(_COORDINATE.match(value)) and any(c.isdigit() for c in value)


def is_public_key_format(value: str) -> bool:
    """A key its provider publishes in web pages by design (Mapbox ``pk.``, Stripe ``pk_``)."""
    return bool(_PUBLIC_KEY.match(value))


def has_long_run(value: str, run: int = 5) -> bool:
    """``aaaaaa``: a mask or a filler, not a random token."""
    return re.search(rf"(.)\1{{{run - 1},}}", value) is not None


def is_sequence(value: str) -> bool:
    """``abcdefgh``, ``12345678``, ``qwertyuiop``: keyboard or alphabet walks."""
    low = re.sub(r"[^a-z0-9]", "", value.lower())  # gldt-0123456789ab-c_defgh walks too
    steps = sum(1 for a, b in itertools.pairwise(low) if ord(b) - ord(a) in (1, -1))
    walk = len(low) >= 6 and steps >= 0.6 * (len(low) - 1)
    # a keyboard row dominating a short value; a long random token may contain "asdf" by chance
    return walk or (len(low) <= 16 and ("qwerty" in low or "asdf" in low))


def is_wordy(value: str) -> bool:
    """Natural-language or identifier-like text (``my-secret-name``, ``getPassword``)."""
    if _WORDY.match(value):
        return reads_as_words(value)
    if any(c.isdigit() for c in value):
        return False
    covered = sum(len(m) for m in _CAMEL_WORDS.findall(value))
    return covered >= 0.8 * len(value) and reads_as_words(value)


def reads_as_words(value: str) -> bool:
    """Letters that could be words: vowels in a word's proportion, no long consonant clusters,
    and (mixed case) few one- or two-letter pieces. Random letter tokens (``minWgxFXpBGsYD``,
    ``fljbeuydekojwdbx``) fail; ``GetClientAimTarget`` and ``my-app-secret-name`` pass."""
    return all(_part_reads(part) for part in _SEPARATORS.split(value))


def _part_reads(part: str) -> bool:
    if len(part) < 12:
        return len(part) < 6 or not _mixed_case(part) or _camel_pieces_ok(part)
    for word in _CAMEL_WORDS.findall(part) or [part]:
        if word.isupper() and len(word) <= 6:
            continue  # an acronym (XML, HTTP)
        if _CONSONANTS.search(word.lower()):
            return False
    letters = [c for c in part if c.isalpha()]
    if not letters:
        return True
    vowels = sum(c in "aeiouyAEIOUY" for c in letters) / len(letters)
    if _mixed_case(part):
        upper = sum(c.isupper() for c in letters) / len(letters)
        return vowels >= 0.22 and upper <= 0.45 and _camel_pieces_ok(part)
    return vowels >= 0.3


def _mixed_case(part: str) -> bool:
    return any(c.isupper() for c in part) and any(c.islower() for c in part)


def _camel_pieces_ok(part: str) -> bool:
    """Camel case is made of words (and the odd acronym); random mixed case falls apart into
    one- and two-letter bits and runs of capitals."""
    letters = sum(c.isalpha() for c in part) or 1
    odd = sum(len(p) for p in _PIECES.findall(part) if len(p) <= 2 or p.isupper())
    return odd / letters <= 0.35


_CONSONANTS = re.compile(r"[bcdfghjklmnpqrstvwxz]{6,}")  # "passphrase" has five
_PIECES = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
_SEPARATORS = re.compile(r"[ _./:-]+")


_TIMESTAMP = re.compile(
    r"^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$"
)
_REGEX_SYNTAX = re.compile(
    r"\(\?[=!:<]|\\[dwsbDWS]|\[[^\]]*-[^\]]*\](?=[*+?{])|\.[*+]|\{\d+,\d*\}|^\^.*\$$"
    r"|a-z|A-Z|0-9"  # character-class ranges
)
_LEET = str.maketrans(
    {"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", "$": "s"}
)
_COMMON_PASSWORDS = frozenset(_WORDS["common_passwords"])


def is_timestamp(value: str) -> bool:
    return bool(_TIMESTAMP.match(value))


def is_regex_like(value: str) -> bool:
    """A validation pattern (``^(?=.*[A-Z]).{8,}$``) stored under a password-ish name."""
    return len(_REGEX_SYNTAX.findall(value)) >= 2 or bool(
        _REGEX_SYNTAX.match(value) and "^" in value
    )


def is_common_password(value: str) -> bool:
    """``Passw0rd!``, ``admin123``, ``hunter2``: a dictionary word dressed up, as in docs and
    fixtures. Leetspeak is undone and up to four trailing digits or symbols dropped."""
    core = re.sub(r"[\d\W_]{1,4}$", "", value).translate(_LEET).lower()
    core = re.sub(r"^[\d\W_]{1,2}", "", core)
    return core in _COMMON_PASSWORDS


def is_path(value: str) -> bool:
    """``/run/secrets/db``, ``./key.pem``, ``certs/prod/tls``; not base64 that holds a ``/``."""
    if _PATH.search(value):
        return True
    parts = value.split("/")
    return len(parts) >= 2 and all(p and _PATH_SEGMENT.match(p) for p in parts)


def is_identifier_chain(value: str) -> bool:
    """``self.password``, ``settings.API_KEY``: every segment reads as a name (so a token with a
    dot in it, ``s.rPYxh7N7RM…``, is not one)."""
    if not _IDENTIFIER.match(value):
        return False
    segments = re.split(r"\.|::|->", value.removesuffix("()"))
    return all(_name_like(seg) for seg in segments)


def _name_like(segment: str) -> bool:
    """``KEY_WOW64_32KEY``, ``win32api``, ``MLDSA44PrivateKey``: short parts, or parts that read
    as words once digits are set aside."""
    parts = segment.split("_")
    if len(parts) == 1 and len(segment) > 8:
        return len(_DIGIT_RUNS.findall(segment)) <= 1 and _identifier_words(segment)
    return all(
        len(p) <= 3 or (len(_DIGIT_RUNS.findall(p)) <= 2 and _identifier_words(p)) for p in parts
    )


def _identifier_words(part: str) -> bool:
    """Camel or upper-case words as programmers write them: pieces of three or more letters
    with vowels, at most one vowel-less piece (Http), one one- or two-letter piece and two
    acronyms. Random letters (``KdGpavuOXjoqzrZngOa``) break at least one of these."""
    pieces = _PIECES.findall(re.sub(r"[\d$]", "", part))
    if not pieces:
        return False
    acronyms = [p for p in pieces if p.isupper() and len(p) > 1]
    short = [p for p in pieces if len(p) <= 2 and not (p.isupper() and len(p) == 2)]
    voiceless = [p for p in pieces if len(p) >= 3 and not _VOWEL.search(p)]
    all_upper = len(acronyms) == len(pieces)
    return (
        len(short) <= 1
        and len(voiceless) <= 1
        and (all_upper or (len(acronyms) <= 2 and all(len(a) <= 5 for a in acronyms)))
        and (len(pieces) > 1 or is_wordy(pieces[0]))
    )


_DIGIT_RUNS = re.compile(r"\d+")
_VOWEL = re.compile(r"[aeiouyAEIOUY]")


def has_repeated_chunk(value: str, size: int = 8) -> bool:
    """``JBSWY3DPEHPK3PXPJBSWY3DP``: an 8-character stretch occurring twice never happens in a
    random token, but does in hand-made examples and test vectors."""
    return any(
        len(set(value[i : i + size])) >= 4 and value.find(value[i : i + size], i + size) >= 0
        for i in range(len(value) - 2 * size + 1)
    )  # a run of one character (a format's AAAA padding) is not a hand-made repeat


def is_identifier_name(value: str) -> bool:
    """``gss_krb5_lucid_key``, ``SAS_POLICY_NAME``, ``V1LocalObjectReference``,
    ``oauth2ClientSecret``: a symbol or constant name, not a token."""
    if not _SNAKE.match(value):
        return False
    if "_" not in value.strip("_") and len(_DIGIT_RUNS.findall(value)) > 1:
        return False  # one word with digits scattered through it: a token, not a name
    return _name_like(value.strip("_"))


_SNAKE = re.compile(r"^_*[A-Za-z0-9][A-Za-z0-9]*(?:_[A-Za-z0-9]+)*_*$")  # __DUNDER__ too


def is_composed_of_words(value: str) -> bool:
    """``com.google.auth:auth-library:1.19``, ``createdAt#2024-05-06``: every piece between
    punctuation is a word, a number or tiny; a secret has at least one random-looking piece."""
    parts = [p for p in _PUNCT.split(value) if p]
    if len(parts) < 2 or sum(len(p) for p in parts if len(p) >= 4) < 0.6 * sum(map(len, parts)):
        return False  # mostly one- to three-character pieces: a password with symbols
    if not any(sum(c.islower() for c in p) >= 5 for p in parts):
        return False  # no piece long enough to tell a word from noise
    return all(
        p.isdigit()
        or len(p) <= 3
        or (
            _WORD_SHAPE.match(p) is not None
            and len(_DIGIT_RUNS.findall(p)) <= 1
            and sum(c.isalpha() for c in p) >= 4
            and _part_reads(re.sub(r"\d", "", p))
            and _has_vowels(p)
        )
        for p in parts
    )


_PUNCT = re.compile(r"[^A-Za-z0-9]+")
# lower, UPPER or camelCase, digits allowed after letters (``value1``, ``oauth2client``)
_WORD_SHAPE = re.compile(r"^(?:(?:[a-z]+\d*)+|(?:[A-Z]+\d*)+|[A-Za-z][a-z]+(?:[A-Z][a-z]+)*\d*)$")


def _has_vowels(part: str) -> bool:
    letters = [c for c in part.lower() if c.isalpha()]
    return sum(c in "aeiouy" for c in letters) >= 0.25 * len(letters)


def is_code_reference(value: str) -> bool:
    """``self.password``, ``config.Token``, calls, subscripts, paths and plain URLs."""
    return bool(
        is_identifier_chain(value)
        or is_identifier_name(value)
        or _CODE_PUNCT.search(value)
        or _CALL.match(value)
        or _SIGIL_NAME.match(value)
        or is_path(value)
        or _URL.match(value)
    )


def is_reference(value: str) -> bool:
    """A pointer to a secret kept in a secret manager, not the secret."""
    return bool(_REFERENCE.match(value))


def is_documented_example(value: str) -> bool:
    return (
        hashlib.sha256(value.encode("utf-8", "surrogatepass")).hexdigest() in _DOCUMENTED_EXAMPLES
    )


def decoded_base64_text(value: str) -> str | None:
    """The text a base64 value decodes to, when it decodes to printable text (else None)."""
    if not _BASE64.match(value) or len(value) % 4:
        return None
    try:
        text = base64.b64decode(value, validate=True).decode("utf-8")
    except (binascii.Error, ValueError):
        return None
    return text if text and text.replace("\n", "").replace("\r", "").isprintable() else None


def char_classes(value: str) -> int:
    return sum(
        (
            any(c.islower() for c in value),
            any(c.isupper() for c in value),
            any(c.isdigit() for c in value),
            any(not c.isalnum() for c in value),
        )
    )


_NOT_CREDENTIAL_NAME = frozenset(_WORDS["not_credential_name_words"])
_NAME_PIECES = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


def name_says_not_secret(name: str, exempt: Iterable[str] = ()) -> bool:
    """``HEROKU_APP_ID``, ``datadogSiteUrl``, ``SENTRY_RELEASE_SHA``: a provider's name, but the
    value is an identifier, a location or a digest. Words of the rule's own keywords
    (``private_key_id``, ``pub.dev``) are exempt."""
    own = {w.lower() for k in exempt for w in _NAME_PIECES.findall(k)}
    words = {w.lower() for w in _NAME_PIECES.findall(name)} - own
    return not words.isdisjoint(_NOT_CREDENTIAL_NAME)


def provider_noise(secret: str, min_entropy: float) -> str | None:
    """Why a provider-format match is not a secret (None: keep it)."""
    if is_placeholder(secret):
        return "placeholder"
    if is_documented_example(secret):
        return "documented example"
    if has_long_run(secret, 6) and shannon_entropy(secret) < 4.0:
        return "repeated characters"
    if len(secret) >= 12 and (is_sequence(secret) or has_repeated_chunk(secret)):
        return "alphabet walk or repeated stretch (documentation style)"
    if len(secret) >= 12 and shannon_entropy(secret) < min_entropy:
        return "low entropy"
    return None
