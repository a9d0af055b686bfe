"""Pydantic's JSON schemas in the dialect each vendor's structured output accepts.

The services describe an answer as a Pydantic model and validate it with Pydantic whatever
the provider did, so the schema sent is guidance that makes a valid answer likely; a schema
the vendor would refuse outright (HTTP 400) is worse than none, hence these conversions.

- OpenAI ``strict`` mode wants every object closed (``additionalProperties: false``) with
  every property required, and no ``default``. :func:`openai_strict` rewrites a schema that
  way (as OpenAI's own SDK does) or reports that it cannot (a free-form mapping), in which
  case the schema goes without ``strict``.
- Gemini's ``responseSchema`` is an OpenAPI 3.0 subset: no ``$ref``, ``title``,
  ``additionalProperties`` or ``default``; ``nullable`` instead of a ``null`` type; upper-case
  type names; only a few string formats. :func:`gemini_schema` converts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

MAX_DEPTH = 32  # a recursive model is cut off here rather than expanded forever

_GEMINI_KEYS = {
    "type",
    "format",
    "description",
    "nullable",
    "enum",
    "properties",
    "required",
    "items",
    "minItems",
    "maxItems",
    "minimum",
    "maximum",
    "anyOf",
}
_GEMINI_FORMATS = {"STRING": {"enum", "date-time"}, "INTEGER": {"int32", "int64"}}
_GEMINI_FORMATS["NUMBER"] = {"float", "double"}


def openai_strict(schema: Mapping[str, Any]) -> tuple[dict[str, Any], bool]:
    """``schema`` rewritten for ``strict: true``, and whether that was possible (else
    ``schema`` unchanged, to be sent without ``strict``)."""
    if schema.get("type") != "object" or not all(_closable(n) for n in _subschemas(schema, 0)):
        return dict(schema), False
    return _strict(schema), True


def _subschemas(node: Mapping[str, Any], depth: int) -> list[Mapping[str, Any]]:
    """``node`` and every schema nested in it (properties, items, anyOf, $defs ...)."""
    if depth > MAX_DEPTH:
        return [{"type": "object"}]  # too deep: reported as not closable
    found = [node]
    for child in _children(node):
        found += _subschemas(child, depth + 1)
    return found


def _children(node: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    out: list[Any] = []
    for key in ("properties", "$defs"):
        if isinstance(node.get(key), dict):
            out += node[key].values()
    for key in ("anyOf", "allOf", "oneOf", "prefixItems"):
        if isinstance(node.get(key), list):
            out += node[key]
    for key in ("items", "additionalProperties"):
        out.append(node.get(key))
    return [c for c in out if isinstance(c, dict)]


def _closable(node: Mapping[str, Any]) -> bool:
    """An object schema with fixed properties; a free-form mapping has no closed form."""
    if node.get("type") != "object" and "properties" not in node:
        return True
    return isinstance(node.get("properties"), dict) and node.get("additionalProperties") in (
        None,
        False,
    )


def _strict(node: Mapping[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in node.items() if k != "default"}
    for key in ("properties", "$defs"):
        if isinstance(out.get(key), dict):
            out[key] = {name: _sub(sub) for name, sub in out[key].items()}
    for key in ("anyOf", "allOf", "oneOf", "prefixItems"):
        if isinstance(out.get(key), list):
            out[key] = [_sub(sub) for sub in out[key]]
    if isinstance(out.get("items"), dict):
        out["items"] = _strict(out["items"])
    if isinstance(out.get("properties"), dict):
        out["additionalProperties"] = False
        out["required"] = list(out["properties"])
    return out


def _sub(node: Any) -> Any:
    return _strict(node) if isinstance(node, dict) else node


def gemini_schema(schema: Mapping[str, Any]) -> dict[str, Any]:
    """``schema`` (with ``$defs``) as a self-contained Gemini ``responseSchema``."""
    defs = schema.get("$defs", {})
    converted = _gemini(dict(schema), defs if isinstance(defs, dict) else {}, 0)
    return converted if isinstance(converted, dict) else {"type": "OBJECT"}


def _gemini(node: Any, defs: Mapping[str, Any], depth: int) -> Any:
    if not isinstance(node, dict) or depth > MAX_DEPTH:
        return {"type": "STRING"} if depth > MAX_DEPTH else node
    node = _nullable(node)
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        target = defs.get(ref.removeprefix("#/$defs/"), {})
        merged = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
        return _gemini(merged, defs, depth + 1)
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key not in _GEMINI_KEYS:
            continue
        if key == "properties" and isinstance(value, dict):
            out[key] = {name: _gemini(sub, defs, depth + 1) for name, sub in value.items()}
            out["propertyOrdering"] = list(value)
        elif key == "items":
            out[key] = _gemini(value, defs, depth + 1)
        elif key == "anyOf" and isinstance(value, list):
            out[key] = [_gemini(sub, defs, depth + 1) for sub in value]
        elif key == "type" and isinstance(value, str):
            out[key] = value.upper()
        else:
            out[key] = value
    if "const" in node:
        out.setdefault("type", "STRING")
        out["enum"] = [node["const"]]
    fmt = out.get("format")
    if fmt is not None and fmt not in _GEMINI_FORMATS.get(str(out.get("type")), set()):
        del out["format"]
    return out


def _nullable(node: dict[str, Any]) -> dict[str, Any]:
    """``anyOf: [X, {type: null}]`` and ``type: [X, "null"]`` as ``X`` with ``nullable``."""
    types = node.get("type")
    if isinstance(types, list):
        rest = [t for t in types if t != "null"]
        node = {**node, "type": rest[0] if len(rest) == 1 else "string"}
        if len(rest) < len(types):
            node["nullable"] = True
    options = node.get("anyOf")
    if isinstance(options, list):
        rest = [o for o in options if not (isinstance(o, dict) and o.get("type") == "null")]
        if len(rest) < len(options):
            node = {k: v for k, v in node.items() if k != "anyOf"}
            if len(rest) == 1 and isinstance(rest[0], dict):
                node = {**rest[0], **node}
            else:
                node["anyOf"] = rest
            node["nullable"] = True
    return node
