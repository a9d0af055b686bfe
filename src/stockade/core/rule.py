"""Rule metadata: what a detector looks for, how bad it is, and how to fix it.

Rules are data (rule files of each analyzer); this is their common, validated shape. SARIF
``rules[]`` and the generated rule tables in ``docs/`` are produced from these objects.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from stockade.core.errors import RuleError, StockadeError
from stockade.core.severity import Confidence, Severity

_RULE_ID = re.compile(r"^[a-z0-9][a-z0-9._/-]{1,127}$")
_CWE = re.compile(r"^CWE-\d{1,5}$")


@dataclass(frozen=True, slots=True)
class Rule:
    """Metadata of one detection rule.

    ``type`` is the kind of vulnerability in kebab-case (``sql-injection``,
    ``hardcoded-secret``); it is the CLI JSON ``type`` field and groups rules across
    languages. ``module`` is the analyzer name (``sast``, ``secrets``, ``api``,
    ``dependencies``).
    """

    id: str
    title: str
    module: str
    type: str
    severity: Severity
    confidence: Confidence = Confidence.MEDIUM
    description: str = ""
    remediation: str = ""
    cwe: tuple[str, ...] = ()
    owasp: tuple[str, ...] = ()
    references: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    languages: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        if not _RULE_ID.match(self.id):
            raise RuleError(self.id, "id must be lower-case letters, digits and . _ / -")
        if not self.title.strip():
            raise RuleError(self.id, "title is empty")
        for cwe in self.cwe:
            if not _CWE.match(cwe):
                raise RuleError(self.id, f"CWE {cwe!r} is not of the form CWE-123")

    @property
    def help_text(self) -> str:
        """Description and remediation as one paragraph, for SARIF ``help.text``."""
        parts = [p for p in (self.description, self.remediation) if p]
        return "\n\n".join(parts) or self.title


def string_tuple(value: Any) -> tuple[str, ...]:
    """A rule file's "one string or a list of them" as a tuple of strings."""
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    return tuple(str(v) for v in value)


def rule_from_mapping(
    raw: Mapping[str, Any],
    *,
    module: str,
    source: str,
    defaults: Mapping[str, Any] | None = None,
) -> Rule:
    """One rule from a rule file's table (TOML or YAML), every module's files alike.

    ``defaults`` fill fields a module's files leave out (the secrets module's CWE, say);
    errors name the rule and ``source`` (the file), never a bare ``KeyError``.
    """
    data = {**(defaults or {}), **raw}
    rule_id = str(data.get("id", ""))
    try:
        return Rule(
            id=rule_id,
            title=str(data["title"]),
            module=module,
            type=str(data["type"]),
            severity=Severity.parse(str(data["severity"])),
            confidence=Confidence.parse(str(data.get("confidence", "medium"))),
            description=str(data.get("description", data.get("message", ""))).strip(),
            remediation=str(data.get("remediation", "")).strip(),
            cwe=string_tuple(data.get("cwe")),
            owasp=string_tuple(data.get("owasp")),
            references=string_tuple(data.get("references")),
            tags=string_tuple(data.get("tags")),
            languages=string_tuple(data.get("languages")),
        )
    except RuleError:
        raise
    except KeyError as exc:
        raise RuleError(rule_id or "?", f"missing field {exc}", source=source) from None
    except (StockadeError, TypeError, ValueError) as exc:
        raise RuleError(rule_id or "?", str(exc), source=source) from None
