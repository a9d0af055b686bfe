"""The OpenAPI 3.1 document: security schemes, problem+json errors everywhere."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

from stockade import __version__
from stockade.server.schemas.common import Problem, ValidationItem

SECURITY_SCHEMES = {
    "ApiKeyAuth": {
        "type": "apiKey",
        "in": "header",
        "name": "X-API-Key",
        "description": "`stk_…` API key",
    },
    "CookieAuth": {
        "type": "apiKey",
        "in": "cookie",
        "name": "stockade_session",
        "description": "Session JWT from POST /api/v1/auth/login; unsafe methods also need the "
        "X-CSRF-Token header equal to the stockade_csrf cookie.",
    },
}
_PROBLEM_REF = {"$ref": "#/components/schemas/Problem"}
_UNEXPECTED = {
    "description": "Not found or method not allowed",
    "content": {"application/problem+json": {"schema": _PROBLEM_REF}},
}


def build(app: FastAPI) -> dict[str, Any]:
    """Generate once per app, then cache on the app (FastAPI's convention)."""
    if app.openapi_schema:
        return app.openapi_schema
    doc = get_openapi(
        title="Stockade API",
        version=__version__,
        openapi_version="3.1.0",
        description="Self-hosted security analysis. Errors are RFC 9457 problem details.",
        routes=app.routes,
    )
    components = doc.setdefault("components", {})
    schemas = components.setdefault("schemas", {})
    schemas.pop("HTTPValidationError", None)
    schemas.pop("ValidationError", None)
    schemas["Problem"] = Problem.model_json_schema(ref_template="#/components/schemas/{model}")
    schemas.setdefault("ValidationItem", ValidationItem.model_json_schema())
    schemas["Problem"].pop("$defs", None)
    components["securitySchemes"] = SECURITY_SCHEMES
    for operations in doc.get("paths", {}).values():
        for op in operations.values():
            _fix_operation(op)
    app.openapi_schema = doc
    return doc


# Any operation with a body can answer these, whatever its route declares (the body is read
# and checked before the route runs): a body that does not parse, one over
# ``server.max_body_mb``, one without or with the wrong Content-Type.
_BODY_ERRORS = {
    "400": "Malformed request body (`malformed_body`)",
    "413": "Request body too large (`payload_too_large`)",
    "415": "Missing or unsupported Content-Type (`unsupported_media_type`)",
}


def _fix_operation(op: dict[str, Any]) -> None:
    responses = op.setdefault("responses", {})
    if "422" in responses:
        responses["422"] = _problem("Validation failed")
    if "requestBody" in op:
        for status, description in _BODY_ERRORS.items():
            responses.setdefault(status, _problem(description))
    responses.setdefault("default", _UNEXPECTED)


def _problem(description: str) -> dict[str, Any]:
    return {
        "description": description,
        "content": {"application/problem+json": {"schema": _PROBLEM_REF}},
    }
