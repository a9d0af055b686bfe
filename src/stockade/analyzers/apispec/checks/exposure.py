"""API3 excessive data exposure and API8 token responses that may be cached.

- **Other people's personal data**: a GET response that carries personal data (e-mail,
  phone, vehicle or device ids, ...) for every record of a list or inside a nested object
  (a post's author, a team's members) exposes people other than the caller — unless the
  path is the caller's own (``/me``) or the caller supplied that data to the same resource
  (the create request takes it: their own address book).
- **Internal data**: a response property described (or marked) as server-side processing
  data, or named like processing parameters when the create request never takes it.
- **Cacheable tokens**: a success response of an operation that issues credentials (a POST
  or PUT, or any operation of a login/token/auth path) that carries a token, key or password
  and does not declare ``Cache-Control: no-store`` (RFC 6749 section 5.1; RFC 9111): shared
  caches and browsers may keep the credential. Tokens that merely appear in data read back
  are exposures (``api.sensitive-data-in-response``), not reported twice.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from stockade.analyzers.apispec.checks import semantics
from stockade.analyzers.apispec.checks.common import (
    AUTH_PATH,
    Emit,
    norm,
    shallow_properties,
    types,
)
from stockade.analyzers.apispec.checks.resources import Resource, resource_of
from stockade.analyzers.apispec.model import COMPOSITES, Operation, Spec
from stockade.analyzers.apispec.positions import join
from stockade.analyzers.apispec.refs import Node
from stockade.core.severity import Confidence, Severity

_OWN = re.compile(
    r"/(?:me|self|my|mine|current|current[-_]?user|whoami|account|profile)(?:/|$)", re.I
)
_DEBUG = re.compile(r"/_?(?:debug|internal|test|dev)(?:/|$)|debug", re.I)
# credentials a client is *issued*: any response carrying one must not be cached
_TOKEN = re.compile(r"(?:token|jwt|apikey|accesskey|sessionid|session|credential|credentials)$")
# secrets and passwords count in the response of a POST that creates them (a new key's secret);
# elsewhere they are exposures, reported as such
_ISSUED_SECRET = re.compile(r"(?:secret|password|passwd|passphrase)$")
# envelopes a token response may nest its credentials in ({"data": {"token": ...}}); a token
# inside a related object (a repository's clone token) is data read back, not issued
_WRAPPER = re.compile(
    r"^(?:data|result|results|payload|response|body|auth|authentication|session|tokens?|"
    r"credentials?|login)$",
    re.I,
)
_NOT_TOKEN = re.compile(r"(?:type|expires|expiry|hint|length|policy|url|id$|count)")
# schema, property name, holding property, in a list, object declaring the property
Walked = tuple[Node, str, str, bool, Node]


def check(spec: Spec, emit: Emit) -> None:
    seen_people: set[tuple[tuple[str, str], bool]] = set()
    seen_internal: set[tuple[str, str]] = set()
    for op in spec.operations:
        res = resource_of(spec, op)
        others = op.method == "get" and not _OWN.search(op.path)
        for code, schema in spec.response_schemas(op):
            if not code.startswith("2"):
                continue
            for node, name in spec.walk_schema(schema, seen_internal):
                if name and norm(name) not in res.create_names:
                    _internal(op, res, node, name, emit)
            if others:
                _personal(spec, op, res, schema, seen_people, emit)
        if op.method in ("post", "put") or AUTH_PATH.search(op.path):
            for code, response in spec.responses(op):
                if code.startswith("2"):
                    schemas = [s for c, s in spec.response_schemas(op) if c == code]
                    _cacheable(spec, op, code, response, schemas, emit)


# -- personal data ----------------------------------------------------------------------------


def _personal(
    spec: Spec,
    op: Operation,
    res: Resource,
    schema: Node,
    seen: set[tuple[tuple[str, str], bool]],
    emit: Emit,
) -> None:
    """Personal data in a GET response of a path that is not the caller's own."""
    people: dict[tuple[str, str], bool] = {}
    for node, name, holder, listed, parent in _walk(spec, schema, seen):
        if not name or not (holder or listed) or norm(name) in res.create_names:
            continue
        # a list's records are people (and all their personal data counts) when they carry
        # contact data; a list of the caller's vehicles or devices is not a list of people
        person = bool(holder) or _is_person(spec, parent, people)
        why = semantics.personal_data(name, node.value, contact_only=not person)
        if why:
            emit(
                "api.sensitive-data-in-response",
                node,
                _personal_message(op, res, name, why, holder, listed),
                severity=Severity.MEDIUM,
                property=name,
            )


def _is_person(spec: Spec, record: Node, cache: dict[tuple[str, str], bool]) -> bool:
    if record.key not in cache:
        cache[record.key] = any(
            semantics.personal_data(name, prop.value, contact_only=True)
            for name, prop in spec.members(record.child("properties"))
            if isinstance(prop.value, dict)
        )
    return cache[record.key]


def _personal_message(
    op: Operation, res: Resource, name: str, why: str, holder: str, listed: bool
) -> str:
    if holder:
        where = f"in every '{holder}' record" if listed else f"inside the nested '{holder}'"
    else:
        where = "in every record of the list"
    text = (
        f"response of GET {op.path} exposes '{name}' ({why}) {where}: personal data of "
        "people other than the caller"
    )
    if res.creates:
        text += f"; the create request {res.creates[0]} does not take it (not the caller's input)"
    if _DEBUG.search(op.path):
        text += "; the path is a debug listing"
    return text


def _walk(spec: Spec, root: Node, seen: set[tuple[tuple[str, str], bool]]) -> Iterator[Walked]:
    """Schemas under ``root`` with their property name, the property holding their object,
    whether they sit in a list (array items or map values), and the object declaring them."""
    start = spec.ws.deref(root)
    stack: list[Walked] = [(start, "", "", False, start)]
    while stack:
        node, name, holder, listed, parent = stack.pop()
        key = (node.key, bool(holder) or listed)
        if key in seen or not isinstance(node.value, dict):
            continue
        seen.add(key)
        yield node, name, holder, listed, parent
        v = node.value
        inner = name or holder
        if "properties" in v:
            for prop_name, prop in spec.members(node.child("properties")):
                stack.append((prop, prop_name, inner, listed, node))
        for keyword in ("items", "additionalProperties"):
            if isinstance(v.get(keyword), dict):
                sub = Node(node.doc, join(node.pointer, keyword), v[keyword])
                stack.append((spec.ws.deref(sub), "", inner, True, node))
        for keyword in COMPOSITES:
            if keyword in v:
                stack.extend(
                    (sub, name, holder, listed, parent) for sub in spec.items(node.child(keyword))
                )


# -- internal data ----------------------------------------------------------------------------


def _internal(op: Operation, res: Resource, node: Node, name: str, emit: Emit) -> None:
    why = semantics.internal(name, node.value)
    owned = res.server_owned(name) if why else ""
    if not why or (why.startswith("its name") and not owned):
        return
    relation = f"; {owned}" if owned else ""
    emit(
        "api.sensitive-data-in-response",
        node,
        f"response of {op.method.upper()} {op.path} exposes '{name}' ({why}){relation}: "
        "server-side processing data that clients do not need",
        severity=Severity.MEDIUM,
        confidence=Confidence.LOW,
        property=name,
    )


# -- cacheable tokens -------------------------------------------------------------------------


def _cacheable(
    spec: Spec, op: Operation, code: str, response: Node, schemas: list[Node], emit: Emit
) -> None:
    carried = _credentials(spec, schemas, issuing=op.method == "post")
    if not carried or _no_store(spec, response):
        return
    emit(
        "api.token-response-cacheable",
        response,
        f"{code} response of {op.method.upper()} {op.path} carries {', '.join(carried)} but "
        "declares no 'Cache-Control: no-store' header: browsers and shared caches may keep "
        "the credential",
        properties=carried,
    )


def _credentials(spec: Spec, schemas: list[Node], issuing: bool) -> list[str]:
    """Token/key/password properties at the top of the response body (or in an envelope)."""

    def named(name: str, raw: dict[str, Any]) -> bool:
        n = norm(name)
        return bool(_TOKEN.search(n)) or (issuing and bool(_ISSUED_SECRET.search(n)))

    found: list[str] = []
    for schema in schemas:
        if not isinstance(schema.value, dict):
            continue
        for name, prop in shallow_properties(spec, schema, 2, named, _is_wrapper):
            if _is_credential(name, prop.value, issuing) and name not in found:
                found.append(name)
    return found


def _is_wrapper(name: str) -> bool:
    return _WRAPPER.match(name) is not None


def _is_credential(name: str, schema: Any, issuing: bool) -> bool:
    if not isinstance(schema, dict) or schema.get("writeOnly") is True:
        return False
    n = norm(name)
    kinds = types(schema)
    named = bool(_TOKEN.search(n)) or (issuing and bool(_ISSUED_SECRET.search(n)))
    return named and not _NOT_TOKEN.search(n) and (not kinds or kinds == {"string"})


def _no_store(spec: Spec, response: Node) -> bool:
    """Cache-Control declared with no-store, or declared without saying (benefit of doubt)."""
    for name, header in spec.members(response.child("headers")):
        if name.lower() != "cache-control" or not isinstance(header.value, dict):
            continue
        text = _header_text(spec, header)
        return "no-store" in text.lower() or not text.strip()
    return False


def _header_text(spec: Spec, header: Node) -> str:
    values: list[Any] = [header.value.get(k) for k in ("description", "example", "default")]
    schema = spec.get(header, "schema")
    s = schema.value if schema is not None and isinstance(schema.value, dict) else header.value
    values += [s.get(k) for k in ("const", "default", "example", "pattern")]
    values += list(s.get("enum") or [])
    return " ".join(str(v) for v in values if v is not None)
