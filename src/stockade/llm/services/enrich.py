"""Explain stored findings and suggest remediations, many at once with a bound.

The calls run concurrently (at most ``limit`` at a time, so one enrich of a large job
cannot take every connection of the provider's rate limit), and each finding's outcome is
its own: one failed call fails only its finding, counted by the caller.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import anyio
from pydantic import BaseModel

from stockade.llm.errors import ProviderError, ProviderUnavailableError
from stockade.llm.interface import CompletionRequest, LLMClient, OutputSchema
from stockade.llm.services.common import Prompt, ServiceOptions, ask

_TASK = (
    "The data blocks describe one finding of a security scanner and, when known, the code "
    "around it. Answer with a JSON object: 'explanation' (why this is a vulnerability "
    "here, plain text) and 'remediation_suggestion' (how to fix it in this code)."
)


class EnrichAnswer(BaseModel):
    explanation: str
    remediation_suggestion: str


# Built once: generating a JSON schema costs about a millisecond, on every call.
_SCHEMA = OutputSchema("enrichment", EnrichAnswer.model_json_schema())


@dataclass(frozen=True, slots=True)
class FindingInput:
    """What the model is told about a finding (all of it client data)."""

    id: str
    rule_id: str
    severity: str
    title: str
    message: str
    location: str
    snippet: str
    code_context: str | None = None


@dataclass(frozen=True, slots=True)
class Enriched:
    finding_id: str
    answer: EnrichAnswer | None
    error: ProviderError | None = None


def enrich_request(finding: FindingInput, options: ServiceOptions) -> CompletionRequest:
    prompt = Prompt(_TASK)
    prompt.add("rule", finding.rule_id, options)
    prompt.add("severity", finding.severity, options)
    prompt.add("title", finding.title, options)
    prompt.add("message", finding.message, options)
    prompt.add("location", finding.location, options)
    prompt.add("snippet", finding.snippet, options)
    if finding.code_context:
        prompt.add("code_context", finding.code_context, options)
    return CompletionRequest(
        messages=prompt.request().messages,
        schema=_SCHEMA,
    )


async def enrich_one(client: LLMClient, finding: FindingInput, options: ServiceOptions) -> Enriched:
    try:
        answer = await ask(
            client, "enrich", enrich_request(finding, options), EnrichAnswer, options
        )
    except ProviderError as exc:
        return Enriched(finding.id, None, exc)
    return Enriched(finding.id, answer)


async def enrich_many(
    client: LLMClient,
    findings: Sequence[FindingInput],
    options: ServiceOptions,
    limit: int,
    budget_seconds: float | None = None,
) -> list[Enriched]:
    """Every finding's outcome, in the input's order, with at most ``limit`` calls open.
    Calls still running when ``budget_seconds`` is up are cancelled and count as failed."""
    results: list[Enriched | None] = [None] * len(findings)
    gate = anyio.Semaphore(max(1, limit))

    async def one(index: int, finding: FindingInput) -> None:
        async with gate:
            results[index] = await enrich_one(client, finding, options)

    with anyio.move_on_after(budget_seconds):
        async with anyio.create_task_group() as group:
            for index, finding in enumerate(findings):
                group.start_soon(one, index, finding)
    late = ProviderUnavailableError("the enrichment ran out of llm.total_budget_seconds")
    return [
        r if r is not None else Enriched(f.id, None, late)
        for r, f in zip(results, findings, strict=True)
    ]
