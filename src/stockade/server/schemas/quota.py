"""Bodies of the quota endpoints."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field

from stockade.core.plans import Plan
from stockade.server.schemas.common import Strict


class QuotaOut(BaseModel):
    plan: Plan
    period_start: datetime
    period_end: datetime
    tokens_limit: int
    tokens_used: int
    tokens_remaining: int
    resets_at: datetime


class MemberUsage(BaseModel):
    user_id: str | None = Field(description="Empty for a member whose account was deleted.")
    email: str | None
    tokens_used: int


class OrganizationQuotaOut(QuotaOut):
    by_member: list[MemberUsage]


class Department(Strict):
    name: str = Field(min_length=1, max_length=100)
    member_ids: list[str] = Field(max_length=10_000)
    tokens_per_month: int = Field(ge=0, le=100_000_000)


class Budgets(Strict):
    """Enterprise only: department quotas and per-member budgets inside the pool."""

    departments: list[Department] = Field(default_factory=list, max_length=200)
    members: dict[str, int] = Field(default_factory=dict, description="user id → tokens per month")
