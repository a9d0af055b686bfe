"""Bodies of the API key endpoints."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal
from uuid import UUID

from pydantic import BaseModel, ConfigDict, Field, field_validator

from stockade.server.schemas.common import Strict
from stockade.tenancy.roles import Role

# JSON Schema: "a role that is not null needs an organization_id that is not null", the rule
# the route enforces (422 ``role_without_organization``).
_ROLE_NEEDS_ORGANIZATION: dict[str, Any] = {
    "if": {"required": ["role"], "properties": {"role": {"not": {"type": "null"}}}},
    "then": {
        "required": ["organization_id"],
        "properties": {"organization_id": {"type": "string"}},
    },
}


class ApiKeyCreate(Strict):
    model_config = ConfigDict(
        json_schema_extra={
            "examples": [{"name": "ci", "expires_in_days": 90}],
            **_ROLE_NEEDS_ORGANIZATION,
        }
    )
    name: str = Field(min_length=1, max_length=100)
    organization_id: UUID | None = None
    role: Literal[Role.ADMIN, Role.MEMBER] | None = Field(
        default=None,
        description="Only with `organization_id`: `Admin` or `Member` (default), never above "
        "the creator's own role.",
    )
    expires_in_days: int | None = Field(
        default=None, ge=1, le=3650, description="Whole days (`90` or `90.0`)."
    )

    @field_validator("expires_in_days", mode="before")
    @classmethod
    def _whole_number(cls, value: Any) -> Any:
        """JSON Schema's ``integer`` is any number without a fraction, so ``90.0`` is one; a
        fraction, a boolean or a numeric string is not (pydantic's lax mode takes "90")."""
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError("must be a whole number")
        if isinstance(value, float):
            if not value.is_integer():
                raise ValueError("must be a whole number")
            return int(value)
        return value


class ApiKeyOut(BaseModel):
    id: str
    name: str
    masked_key: str = Field(examples=["stk_AbCd…wxyz"])
    organization_id: str | None
    role: str | None
    created_at: datetime
    expires_at: datetime | None
    last_used_at: datetime | None
    rotation_due: bool = Field(
        description="True when the key is older than 90 days: rotation is recommended."
    )
    user_id: str = Field(description="The key's creator.")


class ApiKeyCreated(ApiKeyOut):
    key: str = Field(description="The plaintext key; shown only in this response.")


class ApiKeyPage(BaseModel):
    items: list[ApiKeyOut]
    next_cursor: str | None
