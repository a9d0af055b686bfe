"""Bodies of the SCIM token endpoints (the SCIM protocol itself speaks its own schemas)."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field

from stockade.server.schemas.common import Strict


class ScimTokenCreate(Strict):
    name: str = Field(min_length=1, max_length=100, examples=["Okta"])


class ScimTokenOut(BaseModel):
    id: str
    name: str
    masked_token: str = Field(examples=["stk_scim_…wxyz"])
    created_by: str | None
    created_at: datetime
    last_used_at: datetime | None
    revoked_at: datetime | None


class ScimTokenCreated(ScimTokenOut):
    token: str = Field(description="The bearer token; shown only in this response.")
    base_url: str = Field(
        description="The SCIM base URL to give the identity provider.",
        examples=["https://stockade.example.com/scim/v2"],
    )


class ScimTokenPage(BaseModel):
    items: list[ScimTokenOut]
    next_cursor: str | None
