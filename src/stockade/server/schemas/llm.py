"""Bodies of the LLM endpoints, exactly the spec's fields (plus ``verified`` on a fix).

Code and file content may be long: up to 1 MB is accepted and then cut to
``llm.max_input_chars`` with a note to the model, rather than refused, so a whole file can
be sent without the client measuring it first.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from stockade.server.schemas.common import Strict

_CODE_MAX = 1_000_000
Short = Annotated[str, Field(max_length=200)]
Text = Annotated[str, Field(max_length=20_000)]
Code = Annotated[str, Field(max_length=_CODE_MAX)]


class _LlmBody(Strict):
    model_config = ConfigDict(extra="forbid", str_max_length=_CODE_MAX)


class ExplainIn(_LlmBody):
    vulnerability_id: Short = Field(min_length=1)
    description: Text = ""
    affected_component: Short = ""
    audience: Annotated[str, Field(max_length=60)] = "developer"


class ExplainOut(BaseModel):
    explanation: str
    key_points: list[str]
    mitigation_steps: list[str]


class FixIn(_LlmBody):
    vulnerability_id: Short = Field(min_length=1)
    vulnerable_code: Code = Field(min_length=1)
    language: Annotated[str, Field(min_length=1, max_length=40)]
    context: Annotated[str, Field(max_length=1024)] = ""


class FixOut(BaseModel):
    fixed_code: str
    explanation: str
    confidence: float = Field(ge=0, le=1)
    verified: bool = Field(
        description="Stockade's own analyzers found the finding gone and nothing new"
    )


class QueryContext(_LlmBody):
    file: Annotated[str, Field(max_length=1024)] = ""
    content: Code = ""


class QueryIn(_LlmBody):
    query: Text = Field(min_length=1)
    context: QueryContext = QueryContext()


class QueryOut(BaseModel):
    answer: str
    references: list[str]


class EnrichIn(_LlmBody):
    finding_ids: list[Annotated[str, Field(max_length=64)]] = Field(max_length=500)
    code_contexts: dict[str, Code] = Field(default_factory=dict)


class EnrichedFinding(BaseModel):
    id: str
    severity: str = Field(description="Capitalised, e.g. Critical")
    description: str
    location: str = Field(description="<file>:<line>:<column>")
    explanation: str
    remediation_suggestion: str


class EnrichOut(BaseModel):
    job_id: str
    enriched_count: int
    failed_count: int
    findings: list[EnrichedFinding]
