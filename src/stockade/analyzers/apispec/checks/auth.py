"""API2 Broken Authentication: schemes, requirements, credentials in URLs, OAuth2 flows."""

from __future__ import annotations

import re
from typing import Any

from stockade.analyzers.apispec.checks.common import AUTH_PATH, Emit, is_cleartext, types
from stockade.analyzers.apispec.model import Operation, Spec
from stockade.analyzers.apispec.positions import join
from stockade.analyzers.apispec.refs import Node
from stockade.core.severity import Confidence, Severity

_WEAK_HTTP = frozenset({"digest", "negotiate", "oauth", "ntlm", "hoba", "mutual"})
_CREDENTIAL = re.compile(
    r"(?:^|[_-])(?:pass(?:word)?|passwd|pwd|secret|client[_-]?secret|token|access[_-]?token|"
    r"auth[_-]?token|id[_-]?token|refresh[_-]?token|api[_-]?key|apikey|access[_-]?key|"
    r"session(?:[_-]?id)?|sid|jwt|auth|authorization|credentials?|otp)$",
    re.I,
)
_PAGINATION = re.compile(r"(?:page|next|continuation|cursor|sync|csrf)[_-]?token", re.I)
_PAGING_DESCRIPTION = re.compile(
    r"\b(?:continu\w*|pagination|paginat\w*|next page|cursor|resume)\b", re.I
)
_FLOW_URLS = ("authorizationUrl", "tokenUrl", "refreshUrl")


def check(spec: Spec, emit: Emit) -> None:
    _schemes(spec, emit)
    _requirements(spec, emit)
    _credential_params(spec, emit)
    _cleartext(spec, emit)


# -- schemes -------------------------------------------------------------------------------


def _schemes(spec: Spec, emit: Emit) -> None:
    if not spec.schemes and spec.operations:
        holder = spec.at("components") if not spec.is_v2 else None
        emit("api.no-security-schemes", holder or spec.root, "no security scheme is defined")
    for name, node in spec.schemes.items():
        s = node.value
        kind = str(s.get("type", "")).lower()
        scheme = str(s.get("scheme", "")).lower()
        if kind == "basic" or (kind == "http" and scheme == "basic"):
            emit("api.http-basic", node, f"scheme '{name}' uses HTTP Basic authentication")
        elif kind == "http" and scheme in _WEAK_HTTP:
            emit(
                "api.weak-auth-scheme",
                node,
                f"scheme '{name}' uses the weak HTTP '{scheme}' scheme",
            )
        elif kind == "http" and scheme == "bearer":
            _jwt(name, node, emit)
        elif kind == "apikey" and str(s.get("in", "")).lower() in ("query", "path"):
            emit("api.apikey-in-url", node, f"API key '{name}' is sent in the {s.get('in')}")
        elif kind == "apikey" and str(s.get("name", "")).lower() == "authorization":
            _jwt(name, node, emit)  # Swagger 2 has no bearer type: JWTs ride in this header
        elif kind == "oauth2":
            _oauth2(spec, name, node, emit)
        elif kind == "openidconnect":
            _url(node, "openIdConnectUrl", name, emit)


_JWT = re.compile(r"\bjwts?\b|json web token", re.I)
_JWT_ALGS = re.compile(r"\b(?:[RPE]S(?:256|384|512)|HS(?:256|384|512)|EdDSA|Ed25519)\b", re.I)
_JWT_CLAIMS = re.compile(r"\b(?:exp|aud|iss|audience|issuer|expiry|expiration)\b", re.I)
_RFC8725 = re.compile(r"rfc\s*-?\s*8725|jwt best current practices", re.I)


def _jwt(name: str, node: Node, emit: Emit) -> None:
    """RFC 8725 asks verifiers to pin the accepted algorithms and to check issuer, audience
    and expiry; a JWT scheme should say which (or cite the RFC)."""
    s = node.value
    text = " ".join(
        str(v) for k, v in s.items() if k in ("description", "bearerFormat") or k.startswith("x-")
    )
    if not _JWT.search(text):
        return  # an opaque bearer token: nothing to pin
    if _RFC8725.search(text):
        return
    missing = []
    if not _JWT_ALGS.search(text):
        missing.append("the accepted signing algorithms")
    if not _JWT_CLAIMS.search(text):
        missing.append("the claims it requires (iss, aud, exp)")
    if missing:
        emit(
            "api.jwt-best-practices",
            node,
            f"JWT scheme '{name}' does not state {' or '.join(missing)} (RFC 8725 sections "
            "3.1 and 3.8-3.10)",
        )


def _oauth2(spec: Spec, name: str, node: Node, emit: Emit) -> None:
    s = node.value
    if spec.is_v2:
        flows: dict[str, Node] = {str(s.get("flow", "")): node}
    else:
        flows = dict(spec.members(node.child("flows")))
    for flow, fnode in flows.items():
        if flow == "implicit":
            emit(
                "api.oauth2-implicit-flow",
                fnode,
                f"OAuth2 scheme '{name}' allows the implicit flow",
            )
        elif flow == "password":
            emit(
                "api.oauth2-password-flow",
                fnode,
                f"OAuth2 scheme '{name}' allows the resource-owner password flow",
            )
        if (
            not spec.is_v2
            and flow in ("authorizationCode", "password")
            and isinstance(fnode.value, dict)
            and not fnode.value.get("refreshUrl")
        ):
            emit(
                "api.oauth2-no-refresh",
                fnode,
                f"OAuth2 {flow} flow of '{name}' defines no refreshUrl",
            )
        for key in _FLOW_URLS:
            _url(fnode, key, name, emit)


def _url(node: Node, key: str, name: str, emit: Emit) -> None:
    value = node.value.get(key) if isinstance(node.value, dict) else None
    if isinstance(value, str) and value.lower().startswith("http://"):
        emit(
            "api.insecure-oauth-url",
            node.child(key) or node,
            f"{key} of '{name}' uses cleartext http://",
        )


# -- requirements --------------------------------------------------------------------------


def _requirements(spec: Spec, emit: Emit) -> None:
    _requirement_list(spec, spec.root.child("security"), None, emit)
    for op in spec.operations:
        own = op.node.child("security")
        if own is not None:
            _requirement_list(spec, own, op, emit)
        elif not spec.is_secured(op) and not _optional_everywhere(spec):
            _unsecured(op, emit)


def _optional_everywhere(spec: Spec) -> bool:
    sec = spec.data.get("security")
    return isinstance(sec, list) and any(r == {} for r in sec)


def _unsecured(op: Operation, emit: Emit) -> None:
    public = bool(AUTH_PATH.search(op.path))
    severity = Severity.LOW if public else Severity.HIGH if op.is_write else Severity.MEDIUM
    emit(
        "api.operation-no-security",
        op.node,
        f"{op.method.upper()} {op.path} requires no authentication",
        severity=severity,
        confidence=Confidence.LOW if public else None,
    )


def _requirement_list(spec: Spec, sec: Node | None, op: Operation | None, emit: Emit) -> None:
    if sec is None or not isinstance(sec.value, list):
        return
    where = f"{op.method.upper()} {op.path}" if op else "the API"
    if not sec.value:
        severity = Severity.LOW if op is None or AUTH_PATH.search(op.path) else None
        if op is not None and op.is_write and severity is None:
            severity = Severity.HIGH
        emit(
            "api.optional-auth", sec, f"security of {where} is explicitly empty", severity=severity
        )
        return
    for i, req in enumerate(sec.value):
        item = Node(sec.doc, join(sec.pointer, i), req)
        if req == {} and len(sec.value) > 1:
            emit(
                "api.optional-auth",
                item,
                f"an empty requirement makes authentication of {where} optional",
            )
        elif req == {}:
            emit("api.optional-auth", item, f"the only requirement of {where} is empty")
        if isinstance(req, dict):
            _each_requirement(spec, item, req, emit)


def _each_requirement(spec: Spec, item: Node, req: dict[str, Any], emit: Emit) -> None:
    for name, scopes in req.items():
        node = Node(item.doc, join(item.pointer, name), scopes)
        if name not in spec.schemes:
            emit("api.undefined-security-scheme", node, f"security scheme '{name}' is not defined")
            continue
        kind = str(spec.schemes[name].value.get("type", "")).lower()
        if spec.version in ("2", "3.0") and scopes and kind not in ("oauth2", "openidconnect"):
            emit(
                "api.scopes-on-non-oauth",
                node,
                f"scopes are listed for '{name}', a {kind} scheme that has none",
            )
        elif kind == "oauth2" and isinstance(scopes, list):
            defined = _defined_scopes(spec, spec.schemes[name])
            missing = [str(s) for s in scopes if not (isinstance(s, str) and s in defined)]
            if missing:
                emit(
                    "api.undefined-oauth-scope",
                    node,
                    f"scopes not defined by '{name}': {', '.join(map(str, missing))}",
                    scopes=missing,
                )


def _defined_scopes(spec: Spec, scheme: Node) -> set[str]:
    s = scheme.value
    if spec.is_v2:
        scopes = s.get("scopes")
        return set(scopes) if isinstance(scopes, dict) else set()
    out: set[str] = set()
    flows = s.get("flows")
    for flow in flows.values() if isinstance(flows, dict) else ():
        if isinstance(flow, dict) and isinstance(flow.get("scopes"), dict):
            out.update(flow["scopes"])
    return out


# -- credentials in URLs -------------------------------------------------------------------


def _credential_params(spec: Spec, emit: Emit) -> None:
    seen: set[tuple[str, str]] = set()
    for op in spec.operations:
        for p in spec.parameters(op):
            name = p.value.get("name")
            if p.value.get("in") not in ("query", "path") or not isinstance(name, str):
                continue
            snake = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name)
            found = _CREDENTIAL.search(snake)
            if (
                found
                and not _PAGINATION.search(snake)
                and p.key not in seen
                and not _not_a_credential(spec, op, p, found.group(0))
            ):
                seen.add(p.key)
                emit(
                    "api.credential-in-url",
                    p,
                    f"{op.method.upper()} {op.path}: credential '{name}' travels in the {p.value['in']}",
                    parameter=name,
                )


def _not_a_credential(spec: Spec, op: Operation, param: Node, word: str) -> bool:
    """What a credential-like name is when it is not a credential: a flag or number (a
    ``hide_secret`` boolean says whether to show secrets), a paging token its description
    calls so ("continue fetching logs"), or the id of the resource the path names
    (``/sessions/{session}`` picks a session object; the caller's own session is not in it)."""
    schema = spec.get(param, "schema")
    raw = schema.value if schema is not None and isinstance(schema.value, dict) else param.value
    if types(raw) & {"boolean", "integer", "number"}:
        return True
    if _PAGING_DESCRIPTION.search(str(param.value.get("description", ""))):
        return True
    if param.value.get("in") != "path" or not word.strip("_-").lower().startswith("session"):
        return False
    segments = op.path.split("/")
    name = "{" + str(param.value.get("name")) + "}"
    index = segments.index(name) if name in segments else 0
    return index > 0 and segments[index - 1].lower() in ("sessions", "session")


def _cleartext(spec: Spec, emit: Emit) -> None:
    if not spec.schemes:
        return
    for url, node in spec.base_urls():
        if is_cleartext(url):
            emit(
                "api.cleartext-credentials",
                node,
                f"credentials would be sent over cleartext {url.split(':')[0]} to {url}",
            )
