"""The one redaction step every finding passes before it leaves the analyzer process.

Any module's finding can quote a credential: a SAST snippet of a line that passes a token
to a command, an API spec example key, a requirements line whose index URL holds a token.
:func:`redact_finding` runs the secrets module's detectors over every free-text field of a
finding (snippets of the location and of each trace step, notes, title, message,
remediation, references and metadata strings) and replaces each secret by the preview the
secrets module reports for it. Fingerprints are computed before, from the unredacted text,
so baselines keep matching; a hash does not reveal the value.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace
from functools import lru_cache
from typing import Any

from stockade.analyzers.secrets.redaction import SecretRedactor
from stockade.core.finding import Finding, Location, TraceStep

__all__ = ["SecretRedactor", "redact_finding", "redactor_for"]


def redactor_for(secrets_options: Mapping[str, Any] | None = None) -> SecretRedactor:
    """The redactor for these ``secrets`` options, built once per process and options.

    Used whether or not the secrets module is among the scan's modules: redaction is not a
    report of secrets, it is what keeps other reports from leaking them.
    """
    files = (secrets_options or {}).get("rules_files", ())
    key = (files,) if isinstance(files, str) else tuple(str(f) for f in files)
    return _cached(key)


@lru_cache(maxsize=4)
def _cached(rules_files: tuple[str, ...]) -> SecretRedactor:
    return SecretRedactor({"rules_files": list(rules_files)})


def redact_finding(finding: Finding, detector: SecretRedactor) -> Finding:
    """``finding`` with every secret in its text replaced by its redacted preview.

    Returns the very same object when nothing changed. All of the finding's text is first
    checked at once by the detectors' keyword prefilter, so a finding without any keyword
    costs one Hyperscan pass.
    """
    if not detector.may_hold_secret("\n".join(_texts(finding))):
        return finding
    path = finding.location.path

    def text(value: str) -> str:
        return detector.redact_text(value, path)

    changed = replace(
        finding,
        title=text(finding.title),
        message=text(finding.message),
        remediation=text(finding.remediation),
        references=tuple(text(r) for r in finding.references),
        location=_location(finding.location, detector),
        trace=tuple(_step(s, detector) for s in finding.trace),
        metadata=_value(finding.metadata, text),
    )
    return finding if changed == finding else changed


def _texts(finding: Finding) -> Iterator[str]:
    """Every free-text field of ``finding``, for the one prefilter pass."""
    yield from (finding.title, finding.message, finding.remediation, *finding.references)
    yield finding.location.snippet or ""
    for step in finding.trace:
        yield step.location.snippet or ""
        yield step.note
    yield from _strings(finding.metadata)


def _strings(value: Any) -> Iterator[str]:
    """The strings anywhere in a metadata value (nested mappings and sequences)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict) or isinstance(value, Mapping):  # noqa: SIM101 - dict is fast
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


def _location(loc: Location, detector: SecretRedactor) -> Location:
    if not loc.snippet:
        return loc
    snippet = detector.redact_text(loc.snippet, loc.path)
    return loc if snippet == loc.snippet else replace(loc, snippet=snippet)


def _step(step: TraceStep, detector: SecretRedactor) -> TraceStep:
    note = detector.redact_text(step.note, step.location.path)
    location = _location(step.location, detector)
    if note == step.note and location is step.location:
        return step
    return replace(step, location=location, note=note)


def _value(value: Any, text: Callable[[str], str]) -> Any:
    """Strings anywhere in metadata (nested mappings and lists too) are redacted."""
    if isinstance(value, str):
        return text(value)
    if isinstance(value, dict) or isinstance(value, Mapping):  # noqa: SIM101 - dict is fast
        return {k: _value(v, text) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(_value(v, text) for v in value)
    return value
