"""Explain a vulnerability to a reader: what it is, why it matters, what to do.

Answered whole (JSON) or streamed: the stream yields the answer's text as the provider
sends it and ends with the same validated object the JSON answer carries.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator

from pydantic import BaseModel, Field, ValidationError

from stockade.llm.errors import LLMBadResponseError
from stockade.llm.interface import CompletionRequest, LLMClient, OutputSchema
from stockade.llm.services.common import Prompt, ServiceOptions, ask, log_prompt
from stockade.llm.structured import parse_answer

_TASK = (
    "Explain the vulnerability described in the data blocks below to the reader named in "
    "the 'audience' block. Answer with a JSON object: 'explanation' (a few paragraphs of "
    "plain text), 'key_points' (short strings) and 'mitigation_steps' (concrete steps, in "
    "order)."
)


class ExplainAnswer(BaseModel):
    explanation: str
    key_points: list[str] = Field(default_factory=list)
    mitigation_steps: list[str] = Field(default_factory=list)


# Built once: generating a JSON schema costs about a millisecond, on every call.
_SCHEMA = OutputSchema("explanation", ExplainAnswer.model_json_schema())


def explain_request(
    vulnerability_id: str,
    description: str,
    affected_component: str,
    audience: str,
    options: ServiceOptions,
) -> CompletionRequest:
    prompt = Prompt(_TASK)
    prompt.add("vulnerability_id", vulnerability_id, options)
    prompt.add("description", description, options)
    prompt.add("affected_component", affected_component, options)
    prompt.add("audience", audience or "developer", options)
    request = prompt.request()
    return CompletionRequest(
        messages=request.messages,
        schema=_SCHEMA,
    )


async def explain(
    client: LLMClient, request: CompletionRequest, options: ServiceOptions
) -> ExplainAnswer:
    return await ask(client, "explain", request, ExplainAnswer, options)


async def explain_stream(
    client: LLMClient, request: CompletionRequest, options: ServiceOptions
) -> AsyncGenerator[str | ExplainAnswer, None]:
    """The answer's text pieces, then the validated :class:`ExplainAnswer` last. A streamed
    answer cannot be repaired by asking again (the text is already out), so an invalid one
    raises :class:`LLMBadResponseError` at the end."""
    log_prompt("explain", request, options)
    pieces: list[str] = []
    async for piece in client.stream(request):
        pieces.append(piece)
        yield piece
    text = "".join(pieces)
    try:
        answer = parse_answer(text, ExplainAnswer)
    except ValidationError as exc:
        raise LLMBadResponseError(
            f"the streamed explanation is not the expected JSON: {exc.error_count()} error(s)"
        ) from None
    yield answer
