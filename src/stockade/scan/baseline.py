"""Baseline files: adopt Stockade on an old code base and see only new findings.

A baseline lists the fingerprints of accepted findings. Because fingerprints are
content-based, moving code does not resurrect baselined findings, while changing the
offending code does. Each entry may carry an audit label (``true_positive`` or
``false_positive``, with a reason) that survives ``--save-baseline`` rewrites.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import orjson

from stockade.core.errors import BaselineError
from stockade.core.finding import Finding

VERSION = 1
AUDIT_LABELS = frozenset({"true_positive", "false_positive"})


@dataclass(frozen=True, slots=True)
class BaselineEntry:
    fingerprint: str
    rule_id: str
    file: str
    line: int
    audit: dict[str, str] | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "fingerprint": self.fingerprint,
            "rule_id": self.rule_id,
            "file": self.file,
            "line": self.line,
        }
        if self.audit:
            data["audit"] = self.audit
        return data


@dataclass
class Baseline:
    entries: dict[str, BaselineEntry] = field(default_factory=dict)

    def __contains__(self, finding: Finding) -> bool:
        return finding.fingerprint in self.entries

    def __len__(self) -> int:
        return len(self.entries)

    @classmethod
    def load(cls, path: Path) -> Baseline:
        """Read a baseline; anything unreadable or malformed is a :class:`BaselineError`."""
        try:
            raw = orjson.loads(path.read_bytes())
        except FileNotFoundError:
            raise BaselineError(f"baseline file not found: {path}") from None
        except OSError as exc:
            raise BaselineError(f"cannot read baseline {path}: {exc.strerror}") from None
        except orjson.JSONDecodeError as exc:
            raise BaselineError(f"baseline {path} is not valid JSON: {exc}") from None
        return cls._parse(raw, path)

    @classmethod
    def _parse(cls, raw: Any, path: Path) -> Baseline:
        if not isinstance(raw, dict) or raw.get("version") != VERSION:
            raise BaselineError(f"baseline {path} is not a version {VERSION} Stockade baseline")
        items = raw.get("findings")
        if not isinstance(items, list):
            raise BaselineError(f"baseline {path}: 'findings' must be a list")
        entries = {}
        for index, item in enumerate(items):
            entry = _parse_entry(item, f"{path}: findings[{index}]")
            entries[entry.fingerprint] = entry
        return cls(entries)

    @classmethod
    def from_findings(
        cls, findings: Iterable[Finding], previous: Baseline | None = None
    ) -> Baseline:
        """A baseline of ``findings``, keeping audit labels already given in ``previous``."""
        entries = {}
        for f in findings:
            old = previous.entries.get(f.fingerprint) if previous else None
            entries[f.fingerprint] = BaselineEntry(
                f.fingerprint,
                f.rule_id,
                f.location.path,
                f.location.line,
                old.audit if old else None,
            )
        return cls(entries)

    def save(self, path: Path) -> None:
        """Write atomically, so an interrupted run never leaves a corrupt baseline."""
        doc = {
            "version": VERSION,
            "tool": "stockade",
            "generated_at": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "findings": [e.to_json() for e in sorted(self.entries.values(), key=_entry_order)],
        }
        data = orjson.dumps(doc, option=orjson.OPT_INDENT_2) + b"\n"
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".baseline-")
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise


def _entry_order(entry: BaselineEntry) -> tuple[str, int, str]:
    return entry.file, entry.line, entry.rule_id


def _parse_entry(item: Any, where: str) -> BaselineEntry:
    if not isinstance(item, dict) or not isinstance(item.get("fingerprint"), str):
        raise BaselineError(f"{where}: an entry needs a string 'fingerprint'")
    audit = _parse_audit(item, where)
    line = item.get("line", 1)
    return BaselineEntry(
        item["fingerprint"],
        str(item.get("rule_id", "")),
        str(item.get("file", "")),
        line if isinstance(line, int) else 1,
        audit,
    )


def _parse_audit(item: dict[str, Any], where: str) -> dict[str, str] | None:
    """The audit label, written either as ``{"label": ..., "reason": ...}`` or, easier to type
    by hand, as ``"audit": "false_positive"`` with a ``"reason"`` next to it."""
    audit = item.get("audit")
    if audit is None:
        return None
    if isinstance(audit, str):
        audit = {"label": audit, "reason": item.get("reason", "")}
    labels = " or ".join(sorted(AUDIT_LABELS))
    if not isinstance(audit, dict) or audit.get("label") not in AUDIT_LABELS:
        raise BaselineError(f"{where}: audit label must be {labels}")
    reason = audit.get("reason", "")
    if not isinstance(reason, str):
        raise BaselineError(f"{where}: audit reason must be a string")
    return {"label": str(audit["label"]), "reason": reason}
