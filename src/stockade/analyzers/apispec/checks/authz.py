"""API5 Broken Function Level Authorization: admin functions, scopes, writes vs reads."""

from __future__ import annotations

import re
from collections import defaultdict

from stockade.analyzers.apispec.checks.common import Emit
from stockade.analyzers.apispec.model import Operation, Spec

_ADMIN = re.compile(
    r"/(?:admin|administrator|management|manage|superuser|staff|backoffice)(?:/|$|[-_])", re.I
)
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
    regular = {_requirements(spec, op) for op in spec.operations if not _ADMIN.search(op.path)}
    regular.discard(frozenset())
    for op in spec.operations:
        if not _ADMIN.search(op.path):
            continue
        reqs = _requirements(spec, op)
        if reqs and reqs in regular:
            emit(
                "api.admin-shared-security",
                op.node,
                f"admin operation {op.method.upper()} {op.path} accepts the same credentials "
                "and scopes as non-admin operations",
            )


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
