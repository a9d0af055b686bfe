"""The secrets analyzer: provider rules, structured detectors and generic detection in one pass.

Per file: one Hyperscan pass finds which detectors' keywords occur; only those run their RE2
regexes (linear time). Candidates claiming the same bytes are resolved by specificity
(structured > provider prefix > provider context > generic). Findings carry only a redacted
preview; the SHA-256 of the secret is the fingerprint basis, so a secret keeps its identity when
code moves and is reported at every place it occurs.
"""

from __future__ import annotations

import functools
import hashlib
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar

from stockade.analyzers.interface import AnalysisContext, Analyzer
from stockade.analyzers.secrets import formats, generic, providers, structured
from stockade.analyzers.secrets.builtin import CODE_RULES
from stockade.analyzers.secrets.matches import Candidate
from stockade.analyzers.secrets.positions import LineIndex
from stockade.analyzers.secrets.prefilter import Prefilter
from stockade.analyzers.secrets.ruleset import SecretRule, rules_for
from stockade.analyzers.target import FileContent
from stockade.core.finding import Finding, Location
from stockade.core.rule import Rule
from stockade.core.severity import Confidence

if TYPE_CHECKING:  # imported when --verify is on: it brings httpx (about 50 ms)
    from stockade.analyzers.secrets.verify import VerificationRunner

Runner = Callable[[bytes, str], Iterator[Candidate]]


def _rule_runner(rule: SecretRule, data: bytes, _path: str) -> Iterator[Candidate]:
    return providers.rule_candidates(rule, data)


def _detector_runner(detector: structured.Detector, data: bytes, _path: str) -> Iterator[Candidate]:
    return detector.run(data)


def redact(secret: str) -> str:
    """A preview that never reveals the secret: a few leading characters and the length."""
    shown = min(4, len(secret) // 4)
    return f"{secret[:shown]}…({len(secret)} chars)"


def secret_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


class _Engine:
    """Compiled per worker: the prefilter over every detector's keywords, and the runners."""

    def __init__(self, rules: Sequence[SecretRule]) -> None:
        runners: list[Runner] = []
        keywords: list[Sequence[str]] = []
        regexes: dict[int, str] = {}
        for rule in rules:
            if rule.rule.confidence is Confidence.HIGH and _hyperscan_ok(rule.pattern):
                regexes[len(runners)] = prefilter_form(rule.pattern)
            runners.append(functools.partial(_rule_runner, rule))
            keywords.append(rule.keywords)
        for det in structured.DETECTORS:
            runners.append(functools.partial(_detector_runner, det))
            keywords.append(det.keywords)
        runners.append(generic.generic_candidates)
        keywords.append((*generic.KEYWORDS, "authorization"))
        self.runners = runners
        self.prefilter = Prefilter(keywords, regexes)

    def candidates(self, data: bytes, path: str) -> list[Candidate]:
        found: list[Candidate] = []
        for index in sorted(self.prefilter.detectors_hit(data)):
            found.extend(self.runners[index](data, path))
        return resolve(found)


# A token's left or right boundary written as an alternative with a negated class.
_EDGE = re.compile(r"^\(\?:\^\|\[\^[^\]]*\]\)|\(\?:\$\|\[\^[^\]]*\]\)$")


def prefilter_form(pattern: str) -> str:
    """``pattern`` without a leading ``(?:^|[^…])`` or trailing ``(?:$|[^…])`` boundary.

    Without them the pattern matches a superset of what it matched, which is all a
    prefilter may do (RE2 then checks the boundaries), and Hyperscan no longer has to widen
    an unanchored boundary alternative: with the Ably key's pattern, whose only literals are
    ``.`` and ``:``, that widening made the whole prefilter scan 4x slower and reported the
    rule for most files.
    """
    return _EDGE.sub("", pattern)


def _hyperscan_ok(pattern: str) -> bool:
    """Shapes Hyperscan's prefilter mode handles; others fall back to their keywords."""
    return "(?i" not in pattern and len(pattern) < 400


def resolve(cands: list[Candidate]) -> list[Candidate]:
    """Keep the most specific candidate for any bytes claimed twice."""
    kept: list[Candidate] = []
    for cand in sorted(cands, key=lambda c: (c.priority, c.start, -(c.end - c.start))):
        if not any(cand.overlaps(k) for k in kept):
            kept.append(cand)
    return sorted(kept, key=lambda c: (c.start, c.rule_id))


@lru_cache(maxsize=4)
def compiled_engine(rules: tuple[SecretRule, ...]) -> _Engine:
    """The engine of ``rules``, built once per process: the analyzer and the redactor of other
    modules' findings share it."""
    return _Engine(rules)


class SecretsAnalyzer(Analyzer):
    """Hard-coded credentials: 500+ provider formats, key material, and generic assignments."""

    name: ClassVar[str] = "secrets"
    sensitive: ClassVar[bool] = True
    wants_binary: ClassVar[bool] = True

    def __init__(
        self,
        options: Mapping[str, Any] | None = None,
        *,
        verifier: VerificationRunner | None = None,
    ) -> None:
        """``verifier`` is for tests (loopback base URLs); options only switch ``verify`` on."""
        super().__init__(options)
        self._verifier: VerificationRunner | None = None
        if self.options.get("verify") is True:
            from stockade.analyzers.secrets.verify import VerificationRunner

            self._verifier = verifier or VerificationRunner()
        self._rules = rules_for(self.options)
        self._by_id: dict[str, Rule] = {r.id: r.rule for r in self._rules}
        self._by_id.update({k: v for k, v in CODE_RULES.items() if k not in self._disabled()})
        self._engine = compiled_engine(self._rules)

    def _disabled(self) -> set[str]:
        value = self.options.get("disable", ())
        return {value} if isinstance(value, str) else {str(v) for v in value}

    def rules(self) -> Sequence[Rule]:
        return list(self._by_id.values())

    def analyze_file(self, content: FileContent, ctx: AnalysisContext) -> Iterable[Finding]:
        if content.binary:
            return self._binary(content, ctx)
        data = content.utf8
        cands = self._engine.candidates(data, content.path)
        index = LineIndex(data)
        # --verify: the raw value exists only here, so only the verdict enters the metadata.
        checked = self._verifier.check(cands, data) if self._verifier else {}
        return [
            f
            for i, c in enumerate(cands)
            if (f := self._finding(c, content.path, index, checked.get(i))) is not None
        ]

    def _binary(self, content: FileContent, ctx: AnalysisContext) -> list[Finding]:
        rule = self._by_id.get("pkcs12-keystore")
        if rule is not None and structured.is_pkcs12(content.data):
            digest = hashlib.sha256(content.data).hexdigest()
            meta = {"secret_hash": digest, "secret_preview": f"PKCS#12 ({len(content.data)} bytes)"}
            loc = Location(content.path, 1, 1, snippet=meta["secret_preview"])
            return [Finding.from_rule(rule, loc, metadata=meta, fingerprint_basis=digest)]
        ctx.skip(
            content.path, "binary file: only PKCS#12 key stores are recognised in binary content"
        )
        return []

    def _finding(
        self, cand: Candidate, path: str, index: LineIndex, verdict: Mapping[str, str] | None = None
    ) -> Finding | None:
        rule = self._by_id.get(cand.rule_id)
        if rule is None or providers.SUPPRESSED in cand.extra:
            return None  # a code detector the user disabled; see providers.SUPPRESSED
        line, col = index.position(cand.start)
        end_line, end_col = index.position(cand.end)
        digest = secret_hash(cand.secret)
        preview = redact(cand.secret)
        meta: dict[str, Any] = {"secret_hash": digest, "secret_preview": preview, **cand.extra}
        meta.update(verdict or {})
        if cand.rule_id in formats.CHECKS:
            meta["format_verified"] = True  # checksum / payload checked offline
        loc = Location(path, line, col, end_line, end_col, snippet=preview)
        return Finding.from_rule(
            rule,
            loc,
            message=cand.message or f"{rule.title} ({preview})",
            severity=cand.severity,
            confidence=cand.confidence,
            metadata=meta,
            fingerprint_basis=digest,
        )
