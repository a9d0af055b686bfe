"""The one JSON form of a finding, and its inverse.

Every place that turns a finding into JSON or back (the CLI's ``json`` report, the job
record, the job API, the dependency endpoint, the CLI reading that endpoint's answer) goes
through these two functions, so a field added to :class:`Finding` is added once and cannot be
dropped by one path only. The shape is API.md's "Finding (server JSON)" minus the fields the
server adds around a stored finding (``location``, ``state``, a row ``id``).

``fingerprint_basis`` is not serialised: it is an input of the fingerprint, which is.
A trace step's end positions and snippet appear only when set, which keeps today's shape.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stockade.core.finding import Finding, Location, TraceStep
from stockade.core.severity import Confidence, Severity


def finding_to_json(f: Finding) -> dict[str, Any]:
    """The finding as JSON: the spec's fields first, then Stockade's own."""
    loc = f.location
    return {
        "id": f.id,
        "type": f.type,
        "severity": f.severity.value,
        "file": loc.path,
        "line": loc.line,
        "message": f.message,
        "code": loc.snippet or "",
        "remediation": f.remediation,
        "module": f.module,
        "rule_id": f.rule_id,
        "title": f.title,
        "column": loc.column,
        "end_line": loc.end_line,
        "end_column": loc.end_column,
        "cwe": list(f.cwe),
        "owasp": list(f.owasp),
        "confidence": f.confidence.value,
        "references": list(f.references),
        "fingerprint": f.fingerprint,
        "trace": [_step_to_json(s) for s in f.trace],
        "metadata": dict(f.metadata),
    }


def _step_to_json(step: TraceStep) -> dict[str, Any]:
    loc = step.location
    data: dict[str, Any] = {
        "kind": step.kind,
        "file": loc.path,
        "line": loc.line,
        "column": loc.column,
        "note": step.note,
    }
    optional = {"end_line": loc.end_line, "end_column": loc.end_column, "code": loc.snippet}
    data.update({k: v for k, v in optional.items() if v is not None})
    return data


def finding_from_json(data: Mapping[str, Any]) -> Finding:
    """Rebuild a finding from :func:`finding_to_json`'s output (extra keys are ignored).

    Severity and confidence words are read case-insensitively; an unknown word raises
    :class:`~stockade.core.errors.ConfigError`. Positions below 1 are read as 1.
    """
    return Finding(
        rule_id=str(data["rule_id"]),
        module=str(data["module"]),
        type=str(data.get("type", "")),
        severity=Severity.parse(str(data["severity"])),
        confidence=Confidence.parse(str(data.get("confidence", "medium"))),
        title=str(data.get("title", "")),
        message=str(data.get("message", "")),
        location=_location(data),
        remediation=str(data.get("remediation", "")),
        cwe=tuple(data.get("cwe") or ()),
        owasp=tuple(data.get("owasp") or ()),
        references=tuple(data.get("references") or ()),
        trace=tuple(
            TraceStep(_location(s), str(s.get("kind", "step")), str(s.get("note", "")))
            for s in data.get("trace") or ()
        ),
        metadata=dict(data.get("metadata") or {}),
        fingerprint=str(data.get("fingerprint", "")),
    )


def _location(d: Mapping[str, Any]) -> Location:
    return Location(
        str(d.get("file", "")),
        max(1, int(d.get("line") or 1)),
        max(1, int(d.get("column") or 1)),
        _optional_int(d.get("end_line")),
        _optional_int(d.get("end_column")),
        str(d["code"]) if d.get("code") else None,
    )


def _optional_int(value: Any) -> int | None:
    return None if value is None else int(value)
