"""Secret detection on short texts, for redacting what other modules report.

A SAST, API or dependency finding copies a source line into its snippet; when a credential
sits on that line the finding would carry it verbatim while the secrets finding on the same
line shows only a preview. :class:`SecretRedactor` runs the secrets module's own detectors
(prefilter first, so a text without any keyword costs one Hyperscan pass) and replaces each
secret with exactly the preview the secrets module reports (:func:`analyzer.redact`).
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import Any

from stockade.analyzers.secrets.analyzer import compiled_engine, redact
from stockade.analyzers.secrets.matches import Candidate
from stockade.analyzers.secrets.ruleset import load_rules, option_list


class SecretRedactor:
    """Replaces every detected secret in a text by its redacted preview.

    Built from the ``secrets`` module's options so that a project's own rule files count
    too. Its ``disable`` list is deliberately ignored: turning a rule off stops it being
    reported, it must not make other findings reveal what that rule matches. The compiled
    engine is shared (cached) with the secrets analyzer of the same rules.
    """

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        rules = load_rules(option_list(options or {}, "rules_files"), ())
        self._engine = compiled_engine(rules)
        # One Hyperscan scratch per database: the server redacts from several request
        # threads at once, and a scratch in use by another thread is an error, not a wait.
        self._lock = threading.Lock()

    def may_hold_secret(self, text: str) -> bool:
        """False when no detector's keyword occurs: one Hyperscan pass, no regex runs.

        Every secret :meth:`redact_text` would replace makes this true, so a caller can test
        all of a finding's text at once and skip the per-field work in the common case.
        """
        if not text:
            return False
        with self._lock:
            return bool(self._engine.prefilter.detectors_hit(text.encode("utf-8", "surrogatepass")))

    def find(self, text: str, path: str) -> list[Candidate]:
        """The secrets in ``text`` (byte offsets into its UTF-8 form, sorted by start, never
        overlapping), for a caller that replaces them its own way: the LLM layer names the
        rule in its placeholder instead of showing a preview."""
        if not text:
            return []
        with self._lock:
            return self._engine.candidates(text.encode("utf-8", "surrogatepass"), path)

    def redact_text(self, text: str, path: str) -> str:
        """``text`` with each secret replaced; ``path`` tunes detection as for a file there."""
        if not text:
            return text
        data = text.encode("utf-8", "surrogatepass")
        cands = self.find(text, path)
        if not cands:
            return text
        out = bytearray()
        done = 0
        for cand in cands:  # sorted by start, never overlapping (resolved)
            out += data[done : cand.start]
            out += redact(cand.secret).encode("utf-8", "surrogatepass")
            done = cand.end
        out += data[done:]
        return out.decode("utf-8", "surrogatepass")
