"""Password hashing (argon2id) and the strength policy of API.md (≥ 12 chars, not common)."""

from __future__ import annotations

import itertools
import os
import re
import threading

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

MIN_LENGTH = 12
MAX_LENGTH = 256  # argon2 is slow by design; do not let a client make it hash megabytes

# Bases of the most common leaked passwords (lower-case, trailing digits/symbols removed):
# "Password123!" and "qwertyuiop12" are refused as well as the bare words.
_COMMON = frozenset(
    """
    password passw0rd p@ssword p@ssw0rd qwerty qwertyuiop qwertyuiopasdf asdfghjkl
    azerty abc abcdef abcdefgh abcdefghijkl letmein welcome welcomehome admin administrator
    iloveyou monkey dragon football baseball basketball soccer master sunshine princess
    shadow superman batman trustno starwars whatever freedom login changeme secret
    michael jennifer jordan hunter charlie computer internet samsung google
    zaq xsw qazwsx qazwsxedc zxcvbnm zxcvbnmasdf asdfgh asdfghjkl asdf1234 qwer1234
    pokemon liverpool chelsea arsenal killer hello helloworld loveme lovely flower
    correcthorsebatterystaple mustang cheese summer winter spring autumn
    stockade stockadeadmin
    """.split()  # noqa: SIM905 - a word list reads better as text
)
_TRAILING = re.compile(r"[\d\W_]+$")


def weakness(password: str, email: str) -> str | None:
    """Why ``password`` is refused, or None when it is acceptable."""
    if len(password) < MIN_LENGTH:
        return f"password must be at least {MIN_LENGTH} characters"
    if len(password) > MAX_LENGTH:
        return f"password must be at most {MAX_LENGTH} characters"
    lowered = password.lower()
    if len(set(lowered)) < 4:
        return "password repeats too few distinct characters"
    if _is_sequence(lowered):
        return "password is a simple sequence"
    base = _TRAILING.sub("", lowered)
    if base in _COMMON or lowered in _COMMON:
        return "password is too common"
    local = email.split("@", 1)[0].lower()
    if len(local) >= 4 and local in lowered:
        return "password must not contain the e-mail address"
    return None


def _is_sequence(text: str) -> bool:
    steps = {ord(b) - ord(a) for a, b in itertools.pairwise(text)}
    return len(steps) == 1 and steps <= {1, -1}


def default_concurrency() -> int:
    """Half the CPUs (at least one): each hash already runs several lanes in parallel."""
    return max(1, (os.cpu_count() or 2) // 2)


class Passwords:
    """argon2id hashing, by default with the library's recommended (RFC 9106) parameters.

    Cheaper parameters are for tests only; hashes made with other parameters still verify
    and are upgraded at the next successful login (:meth:`needs_rehash`).

    At most ``concurrency`` hashes (or verifications) run at once; more wait their turn. A
    burst of registrations otherwise runs dozens of argon2 computations side by side, each
    CPU- and memory-hungry, and every other request of the server slows to a crawl.
    """

    def __init__(
        self,
        *,
        time_cost: int | None = None,
        memory_cost: int | None = None,
        concurrency: int | None = None,
    ) -> None:
        defaults = PasswordHasher()
        self._hasher = PasswordHasher(
            time_cost=time_cost or defaults.time_cost,
            memory_cost=memory_cost or defaults.memory_cost,
            parallelism=defaults.parallelism if memory_cost is None else 1,
        )
        self._slots = threading.BoundedSemaphore(concurrency or default_concurrency())
        self._dummy = self._hasher.hash("timing-equaliser-not-a-password")

    def hash(self, password: str) -> str:
        with self._slots:
            return self._hasher.hash(password)

    def verify(self, stored: str | None, password: str) -> bool:
        """Constant work whether or not the user exists (hash a dummy when unknown)."""
        try:
            with self._slots:
                return self._hasher.verify(stored or self._dummy, password) and stored is not None
        except (VerificationError, InvalidHashError):
            return False

    def needs_rehash(self, stored: str) -> bool:
        try:
            return self._hasher.check_needs_rehash(stored)
        except InvalidHashError:
            return True
