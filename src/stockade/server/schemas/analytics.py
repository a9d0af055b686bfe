"""Bodies of the analytics endpoints; every field says what it counts."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field


class _Out(BaseModel):
    model_config = ConfigDict(populate_by_name=True)


class JobCounts(BaseModel):
    model_config = ConfigDict(extra="allow")
    total: int = Field(description="Jobs created in the window; other keys count per status.")


class RecentJob(BaseModel):
    job_id: str
    status: str
    project: str | None = Field(description="The project name given at submission.")
    created_by: str | None
    created_at: datetime
    total_findings: int


class DailyBucket(BaseModel):
    date: str = Field(description="The UTC day, YYYY-MM-DD.")
    jobs: int = Field(description="Jobs created that day.")
    findings: int = Field(description="Findings stored that day (all severities).")
    critical: int
    high: int
    medium: int
    low: int
    info: int
    resolved: int = Field(description="Findings a person first moved to `resolved` that day.")


class RuleCount(BaseModel):
    rule_id: str
    module: str
    count: int = Field(description="Findings of the rule in the window.")


class Dashboard(_Out):
    from_: datetime = Field(alias="from", description="Start of the window (inclusive).")
    to: datetime = Field(description="End of the window (exclusive).")
    jobs: JobCounts
    recent_jobs: list[RecentJob] = Field(description="The 10 newest jobs of the window.")
    findings_by_severity: dict[str, int]
    findings_by_module: dict[str, int]
    findings_by_state: dict[str, int] = Field(
        description="open, resolved, false_positive, risk_accepted: the open vs resolved view."
    )
    daily: list[DailyBucket] = Field(description="Days with activity, oldest first.")
    top_rules: list[RuleCount] = Field(description="The 10 rules with most findings.")
    mean_time_to_resolve_hours: float | None = Field(
        description="Mean hours from a finding being stored to its first move to `resolved`; "
        "null when none was resolved."
    )


class DayTokens(BaseModel):
    date: str
    tokens: int = Field(description="Net tokens (reservations and charges less refunds).")


class MemberTokens(BaseModel):
    user_id: str | None
    email: str | None
    tokens: int


class Usage(_Out):
    from_: datetime = Field(alias="from")
    to: datetime
    period: str = Field(description="The quota period (UTC month) the window ends in.")
    tokens_used: int = Field(description="Net tokens spent in the window.")
    tokens_by_day: list[DayTokens]
    tokens_by_class: dict[str, int] = Field(description="Per cost class: analysis, llm.")
    tokens_by_member: list[MemberTokens] = Field(description="Largest first.")
    jobs: JobCounts
