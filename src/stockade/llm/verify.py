"""Fix verification: a model's proposed fix is checked by Stockade's own analyzers, never
trusted on the model's word.

The original snippet and the proposed ``fixed_code`` are each written to a scratch
directory under the request's file name (the ``context`` basename when its extension fits
the language, else a default name), parsed with the language's tree-sitter grammar and
scanned with SAST and secrets exactly as ``stockade analyze`` would. The fix is *verified*
when it parses, the original finding is gone and no finding appeared that the original did
not have. The model's ``confidence`` is then capped by what the check could show, so a
client never sees 0.9 on a fix that still carries the vulnerability.

Everything here is CPU work on the calling thread; the async callers run it with
:func:`anyio.to_thread.run_sync` so the event loop keeps serving other requests.
"""

from __future__ import annotations

import logging
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path, PurePath

from stockade.analyzers.languages import language_of_path
from stockade.analyzers.sast.languages import load_adapter
from stockade.core.errors import StockadeError
from stockade.llm.errors import LLMInputError
from stockade.scan import ScanOptions, run_scan

# Confidence ceilings: a fix that failed the check, and one that could not be compared
# because the original snippet has no finding of Stockade's own.
UNVERIFIED_CAP = 0.3
UNCOMPARED_CAP = 0.5
_MODULES = ("sast", "secrets")
log = logging.getLogger("stockade.llm")


@dataclass(frozen=True, slots=True)
class LanguageSpec:
    """How a request's ``language`` is parsed: the SAST adapter, its file language and the
    file name used when the request's ``context`` does not give a fitting one."""

    adapter: str
    file_language: str
    default_name: str


LANGUAGES: dict[str, LanguageSpec] = {
    "python": LanguageSpec("python", "python", "snippet.py"),
    "javascript": LanguageSpec("javascript", "javascript", "snippet.js"),
    "typescript": LanguageSpec("javascript", "typescript", "snippet.ts"),
    "tsx": LanguageSpec("javascript", "tsx", "snippet.tsx"),
    "java": LanguageSpec("java", "java", "Snippet.java"),
    "go": LanguageSpec("go", "go", "snippet.go"),
    "php": LanguageSpec("php", "php", "snippet.php"),
    "ruby": LanguageSpec("ruby", "ruby", "snippet.rb"),
    "csharp": LanguageSpec("csharp", "csharp", "Snippet.cs"),
}
# Common spellings of the same languages.
ALIASES = {"py": "python", "js": "javascript", "ts": "typescript", "c#": "csharp", "rb": "ruby"}


@dataclass(frozen=True, slots=True)
class Verification:
    """The outcome of checking one fix; ``reason`` says why it is not verified."""

    verified: bool
    parses: bool
    original_rules: tuple[str, ...]
    remaining_rules: tuple[str, ...]
    new_rules: tuple[str, ...]
    reason: str
    scanned: bool = True  # False: the analyzers could not run, so nothing was compared

    def cap(self, confidence: float) -> float:
        """The model's confidence, clamped to [0, 1] and lowered to what was shown."""
        value = min(1.0, max(0.0, confidence))
        if self.verified:
            return value
        if self.parses and self.scanned and not self.original_rules and not self.new_rules:
            return min(value, UNCOMPARED_CAP)
        return min(value, UNVERIFIED_CAP)


def language_spec(language: str) -> LanguageSpec:
    """The spec of a request's language name; :class:`LLMInputError` (422) when unknown."""
    name = language.strip().lower()
    spec = LANGUAGES.get(ALIASES.get(name, name))
    if spec is None:
        known = ", ".join(sorted(LANGUAGES))
        raise LLMInputError(f"unknown language {language!r}; supported: {known}")
    return spec


def scratch_name(spec: LanguageSpec, context: str | None) -> str:
    """The ``context`` path's basename when its extension is the language's (so rules that
    look at file names see the real one), else the language's default name. Only the
    basename is used: nothing the client sends picks a directory."""
    if context:
        name = PurePath(context.replace("\\", "/")).name
        if name and name not in (".", "..") and _same_language(spec, language_of_path(name)):
            return name
    return spec.default_name


def _same_language(spec: LanguageSpec, detected: str | None) -> bool:
    return detected is not None and LANGUAGES.get(detected) == spec


def parses(spec: LanguageSpec, code: str) -> bool:
    """Whether the language's tree-sitter grammar reads ``code`` without a syntax error."""
    adapter = load_adapter(spec.adapter)
    if adapter is None:  # the grammar is not installed: nothing can be claimed
        return False
    tree = adapter.parser_for(spec.file_language).parse(code.encode("utf-8"))
    return not tree.root_node.has_error


def rules_in(name: str, code: str) -> Counter[str]:
    """Rule ids (with counts) that SAST and secrets report on ``code`` saved as ``name``."""
    with tempfile.TemporaryDirectory(prefix="stockade-fix-") as tmp:
        Path(tmp, name).write_text(code, encoding="utf-8")
        options = ScanOptions(modules=_MODULES, jobs=1, confine_project_config=True)
        result = run_scan(tmp, options)
    return Counter(f.rule_id for f in result.findings)


def verify_fix(
    language: str, original: str, fixed: str, *, context: str | None, vulnerability_id: str
) -> Verification:
    """Check ``fixed`` against ``original`` (see the module docstring).

    The finding the fix must remove is the original's finding of rule ``vulnerability_id``
    when it has one; otherwise every finding of the original snippet (the id may be a CVE,
    a CWE or a rule of another tool, which Stockade cannot match).
    """
    spec = language_spec(language)
    name = scratch_name(spec, context)
    if not parses(spec, fixed):
        return Verification(False, False, (), (), (), "the fix does not parse")
    try:
        before = rules_in(name, original)
        after = rules_in(name, fixed)
    except StockadeError as exc:  # a broken rule set: nothing can be claimed, never a 500
        log.warning("fix verification could not scan: %s", exc)
        reason = f"the analyzers could not run: {exc}"
        return Verification(False, True, (), (), (), reason, scanned=False)
    targets = [vulnerability_id] if vulnerability_id in before else sorted(before)
    remaining = tuple(r for r in targets if after[r] > 0)
    new = tuple(sorted((after - before).keys() - set(targets)))
    if not before:
        reason = "the original snippet has no finding to compare with"
        if new:
            reason = "the fix adds findings"
        return Verification(False, True, (), (), new, reason)
    if remaining:
        return Verification(False, True, tuple(targets), remaining, new, "the finding remains")
    if new:
        return Verification(False, True, tuple(targets), (), new, "the fix adds findings")
    return Verification(True, True, tuple(targets), (), (), "the finding is gone")
