"""Shared API shapes: problem details and the error responses every route documents."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, GetJsonSchemaHandler, field_validator
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

# JSON Schema (ECMA-262) spelling of "no NUL character anywhere in the string".
NO_NUL_PATTERN = "^[^\\x00]*$"


class Strict(BaseModel):
    """Request bodies: unknown fields are a 422, not silently dropped; strings may not hold
    NUL characters (PostgreSQL cannot store them, and no legitimate field needs one).

    Both rules are also in the OpenAPI document, so that a client (or a fuzzer) that follows
    the document is never refused: ``additionalProperties: false``, and a NUL-free
    ``pattern`` on every string field that has no pattern of its own.
    """

    model_config = ConfigDict(extra="forbid", str_max_length=10_000)

    @field_validator("*", mode="after")
    @classmethod
    def _no_nul(cls, value: Any) -> Any:
        if isinstance(value, str) and "\x00" in value:
            raise ValueError("must not contain NUL characters")
        return value

    @classmethod
    def __get_pydantic_json_schema__(
        cls, core_schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        schema = handler(core_schema)
        target = handler.resolve_ref_schema(schema)
        for prop in target.get("properties", {}).values():
            _state_no_nul(prop)
        return schema


def _state_no_nul(schema: dict[str, Any]) -> None:
    """Add :data:`NO_NUL_PATTERN` to a string schema (or the string branch of a union)."""
    for branch in schema.get("anyOf", ()):
        _state_no_nul(branch)
    if schema.get("type") == "string" and "pattern" not in schema and "format" not in schema:
        schema["pattern"] = NO_NUL_PATTERN


class ValidationItem(BaseModel):
    loc: list[str]
    msg: str
    type: str


class Problem(BaseModel):
    """RFC 9457 problem details with Stockade's stable ``code``."""

    model_config = ConfigDict(
        extra="allow",
        json_schema_extra={
            "examples": [
                {
                    "type": "https://stockade.dev/problems/unauthenticated",
                    "title": "Unauthorized",
                    "status": 401,
                    "detail": "authentication required: X-API-Key or session cookie",
                    "instance": "/api/v1/auth/me",
                    "code": "unauthenticated",
                }
            ]
        },
    )

    type: str
    title: str
    status: int
    detail: str
    instance: str
    code: str
    errors: list[ValidationItem] | None = Field(default=None)


def problems(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI ``responses`` entries for the given error statuses, as problem+json."""
    descriptions = {
        400: "Malformed request body",
        401: "Missing, invalid, expired or revoked credentials",
        403: "Authenticated but not allowed (or CSRF check failed)",
        404: "Not found or not visible to the caller",
        409: "State conflict",
        410: "Expired (an invitation or link past its validity)",
        413: "Request body too large",
        415: "Unsupported media type",
        422: "Validation failed",
        429: "Too many requests",
        503: "A dependency is unavailable",
    }
    return {
        s: {
            "description": descriptions[s],
            "content": {
                "application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}
            },
        }
        for s in statuses
    }
