"""API9 Improper Inventory Management: servers, and endpoints that should not be exposed."""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Any

from stockade.analyzers.apispec.checks.common import Emit
from stockade.analyzers.apispec.model import Spec

_ENVIRONMENT = re.compile(
    r"\b(?:prod|production|staging|stage|preprod|development|dev|test|testing|qa|uat|sandbox|local|demo)\b",
    re.I,
)
_URL_VAR = re.compile(r"\{([^}]+)\}")
_DEBUG = re.compile(
    r"/(?:_?debug|internal|_internal|private|test|tests|testing|dev|sandbox|actuator|heapdump|"
    r"phpinfo|trace|dump|console|_status|server-status|graphiql|__\w+__)(?:/|$|\.)",
    re.I,
)
_VERSION = re.compile(r"/v(\d+)(?=/|$)", re.I)


def check(spec: Spec, emit: Emit) -> None:
    if spec.is_v2:
        if not spec.data.get("host"):
            emit(
                "api.server-url-invalid",
                spec.root,
                "no host: clients cannot tell which server this API is",
            )
    else:
        _servers(spec, emit)
    _exposed(spec, emit)


def _servers(spec: Spec, emit: Emit) -> None:
    servers = spec.servers()
    if not servers:
        emit(
            "api.server-url-invalid",
            spec.root.child("servers") or spec.root,
            "no servers are declared",
        )
    for s in servers:
        v = s.value if isinstance(s.value, dict) else {}
        url = str(v.get("url", ""))
        raw = v.get("variables")
        variables: dict[str, Any] = raw if isinstance(raw, dict) else {}
        undefined = [x for x in _URL_VAR.findall(url) if x not in variables]
        if not url or ("://" not in url and not url.startswith("{")):
            emit("api.server-url-invalid", s, f"server url '{url}' is missing or relative")
        elif undefined:
            emit(
                "api.server-url-invalid",
                s,
                f"server url uses undefined variables: {', '.join(undefined)}",
            )
        missing = []
        if "x-internal" not in v:
            missing.append("audience (x-internal)")
        if not _ENVIRONMENT.search(f"{v.get('description', '')} {url}"):
            missing.append("environment in the description")
        if missing:
            emit(
                "api.server-inventory",
                s,
                f"server {url or '(none)'} does not state its {' or '.join(missing)}",
            )


def _exposed(spec: Spec, emit: Emit) -> None:
    versions: dict[str, set[int]] = defaultdict(set)
    for path in {op.path for op in spec.operations}:
        for m in _VERSION.finditer(path):
            versions[_family(path, m)].add(int(m.group(1)))
    reported: set[str] = set()
    for op in spec.operations:
        if op.path in reported:
            continue
        reason = _exposure(op.path, op.value.get("x-internal") is True, versions)
        if reason:
            reported.add(op.path)
            emit(
                "api.exposed-debug-endpoint" if reason != "older" else "api.old-version-endpoint",
                op.item,
                _MESSAGES[reason].format(path=op.path),
            )
        elif op.value.get("deprecated") is True:
            emit(
                "api.old-version-endpoint",
                op.node,
                f"{op.method.upper()} {op.path} is deprecated but still served",
            )


_MESSAGES = {
    "debug": "{path} looks like a debug, test or internal endpoint",
    "internal": "{path} is marked x-internal but published in this spec",
    "older": "{path} is an older API version still exposed next to a newer one",
}


def _test_action(path: str) -> bool:
    """``/connections/test`` or ``/hooks/{hook_id}/tests``: a last ``test`` segment after an
    object or a plural collection is a product action (test this connection), not a test
    endpoint left behind; the debug words elsewhere in the path still count."""
    segments = path.rstrip("/").split("/")
    if len(segments) < 3 or segments[-1].lower() not in ("test", "tests"):
        return False
    if _DEBUG.search("/".join(segments[:-1]) + "/"):
        return False
    before = segments[-2]
    return before.startswith("{") or (len(before) > 3 and before.lower().endswith("s"))


def _family(path: str, m: re.Match[str]) -> str:
    return path[: m.start()] + "/v#" + _norm_rest(path[m.end() :])


def _norm_rest(rest: str) -> str:
    return re.sub(r"\{[^}]*\}", "{}", rest)


def _exposure(path: str, internal: bool, versions: dict[str, set[int]]) -> str | None:
    if _DEBUG.search(path) and not _test_action(path):
        return "debug"
    if internal:
        return "internal"
    for m in _VERSION.finditer(path):
        family = versions.get(_family(path, m), set())
        if family and int(m.group(1)) < max(family):
            return "older"
    return None
