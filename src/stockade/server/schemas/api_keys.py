"""Bodies of the API key endpoints."""

from __future__ import annotations

from datetime import datetime
from uuid import UUID

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from stockade.server.auth.rbac import Role
from stockade.server.schemas.common import Strict


class ApiKeyCreate(Strict):
    model_config = ConfigDict(
        json_schema_extra={"examples": [{"name": "ci", "expires_in_days": 90}]}
    )
    name: str = Field(min_length=1, max_length=100)
    organization_id: UUID | None = None
    role: Role | None = None
    expires_in_days: StrictInt | None = Field(default=None, ge=1, le=3650)


class ApiKeyOut(BaseModel):
    id: str
    name: str
    masked_key: str = Field(examples=["stk_AbCd…wxyz"])
    organization_id: str | None
    role: str | None
    created_at: datetime
    expires_at: datetime | None
    last_used_at: datetime | None


class ApiKeyCreated(ApiKeyOut):
    key: str = Field(description="The plaintext key; shown only in this response.")


class ApiKeyPage(BaseModel):
    items: list[ApiKeyOut]
    next_cursor: str | None
