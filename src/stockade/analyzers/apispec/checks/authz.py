"""API5 Broken Function Level Authorization: admin functions, scopes, writes vs reads."""

from __future__ import annotations

import re
from collections import defaultdict

from stockade.analyzers.apispec.checks.common import Emit
from stockade.analyzers.apispec.model import Operation, Spec

_ADMIN = re.compile(
    r"/(?:admin|admins|administrator|administrators|administration|management|manage|"
    r"superuser|superadmin|sysadmin|staff|backoffice|back-office)(?:/|$|[-_])",
    re.I,
)
# words of a tag or operationId (camelCase and snake_case split apart)
_ADMIN_WORDS = frozenset(
    {
        "admin",
        "admins",
        "administrator",
        "administrators",
        "administration",
        "superuser",
        "superadmin",
        "sysadmin",
        "backoffice",
    }
)
_ADMIN_TEXT = re.compile(
    r"\b(?:admins?|administrators?|superusers?|staff)\s+only\b|"
    r"\bonly\s+(?:for\s+|by\s+)?(?:an?\s+)?(?:admins?|administrators?|superusers?|staff)\b|"
    r"\brequires?\s+(?:an?\s+)?(?:admin|administrator|superuser)\b|\badmin(?:istrative)?\s+"
    r"(?:endpoint|operation|api|function)\b",
    re.I,
)
_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
Requirement = frozenset[tuple[str, tuple[str, ...]]]


def check(spec: Spec, emit: Emit) -> None:
    _admin(spec, emit)
    _writes_vs_reads(spec, emit)


def _requirements(spec: Spec, op: Operation) -> frozenset[Requirement]:
    sec = spec.security(op)
    if sec is None or not isinstance(sec.value, list):
        return frozenset()
    out = set()
    for req in sec.value:
        if isinstance(req, dict):
            out.add(frozenset((k, _scope_tuple(v)) for k, v in req.items()))
    return frozenset(out)


def _scope_tuple(scopes: object) -> tuple[str, ...]:
    return tuple(sorted(map(str, scopes))) if isinstance(scopes, list) else ()


def _admin(spec: Spec, emit: Emit) -> None:
    """An admin operation one of whose accepted credentials also opens ordinary ones."""
    admin = {op.node.key: reason for op in spec.operations if (reason := _admin_reason(op))}
    ordinary: dict[Requirement, Operation] = {}
    for op in spec.operations:
        if op.node.key not in admin:
            for alternative in _requirements(spec, op):
                if alternative:
                    ordinary.setdefault(alternative, op)
    for op in spec.operations:
        why = admin.get(op.node.key, "")
        shared = [a for a in _requirements(spec, op) if a in ordinary] if why else []
        if shared:
            other = ordinary[shared[0]]
            schemes = ", ".join(sorted(name for name, _ in shared[0]))
            emit(
                "api.admin-shared-security",
                op.node,
                f"admin operation {op.method.upper()} {op.path} ({why}) accepts the same "
                f"credentials and scopes ({schemes}) as the ordinary operation "
                f"{other.method.upper()} {other.path}",
            )


def _admin_reason(op: Operation) -> str:
    """Why ``op`` is administrative: its path, tags, operationId, summary or x-admin."""
    if _ADMIN.search(op.path):
        return "admin path"
    v = op.value
    if v.get("x-admin") is True:
        return "marked x-admin"
    tags = v.get("tags")
    for tag in tags if isinstance(tags, list) else []:
        if _words(str(tag)) & _ADMIN_WORDS:
            return f"tag '{tag}'"
    if _words(str(v.get("operationId", ""))) & _ADMIN_WORDS:
        return f"operationId '{v.get('operationId')}'"
    text = " ".join(str(v.get(k, "")) for k in ("summary", "description"))
    found = _ADMIN_TEXT.search(text)
    return f"described as '{found.group(0)}'" if found else ""


def _words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text)}


def _writes_vs_reads(spec: Spec, emit: Emit) -> None:
    by_path: dict[str, list[Operation]] = defaultdict(list)
    for op in spec.operations:
        by_path[op.path].append(op)
    for path, ops in by_path.items():
        reads = [op for op in ops if op.method in ("get", "head")]
        if not reads:
            continue
        read_scopes = set.union(*(_scopes(spec, op) for op in reads))
        read_secured = all(spec.is_secured(op) for op in reads)
        for op in ops:
            if not op.is_write:
                continue
            weaker = read_secured and not spec.is_secured(op)
            fewer = spec.is_secured(op) and _scopes(spec, op) < read_scopes
            if weaker or fewer:
                emit(
                    "api.write-less-protected",
                    op.node,
                    f"{op.method.upper()} {path} is less protected than reading the same resource",
                )


def _scopes(spec: Spec, op: Operation) -> set[str]:
    return {s for req in _requirements(spec, op) for _, scopes in req for s in scopes}
