"""Propose a fix for a vulnerable snippet, then check it with Stockade's own analyzers.

``confidence`` is the model's own figure (validated, clamped to [0, 1]), lowered by
:mod:`stockade.llm.verify` when the fix does not parse, leaves the finding in place or adds
one: never a constant.
"""

from __future__ import annotations

from dataclasses import dataclass

import anyio.to_thread
from pydantic import BaseModel, field_validator

from stockade.llm.interface import CompletionRequest, LLMClient, OutputSchema
from stockade.llm.services.common import Prompt, ServiceOptions, ask
from stockade.llm.verify import Verification, language_spec, verify_fix

_TASK = (
    "Rewrite the code in the 'vulnerable_code' block so that the vulnerability named in "
    "the 'vulnerability_id' block is fixed, keeping its behaviour otherwise. Answer with a "
    "JSON object: 'fixed_code' (the whole snippet, rewritten, no Markdown fence), "
    "'explanation' (what changed and why) and 'confidence' (0 to 1, how sure you are that "
    "the fix is correct and complete). Placeholders like [REDACTED] stand for removed "
    "secrets: never invent a value for them; read such values from the environment."
)


class FixAnswer(BaseModel):
    fixed_code: str
    explanation: str
    confidence: float

    @field_validator("confidence")
    @classmethod
    def _clamped(cls, value: float) -> float:
        return min(1.0, max(0.0, value))


# Built once: generating a JSON schema costs about a millisecond, on every call.
_SCHEMA = OutputSchema("fix", FixAnswer.model_json_schema())


@dataclass(frozen=True, slots=True)
class FixResult:
    fixed_code: str
    explanation: str
    confidence: float
    verified: bool
    verification: Verification


@dataclass(frozen=True, slots=True)
class FixInput:
    vulnerability_id: str
    vulnerable_code: str
    language: str
    context: str


def check(fix: FixInput) -> None:
    """Refuse what no provider call can help (an unknown language: 422) before charging."""
    language_spec(fix.language)


async def propose_fix(client: LLMClient, fix: FixInput, options: ServiceOptions) -> FixResult:
    check(fix)
    prompt = Prompt(_TASK)
    prompt.add("vulnerability_id", fix.vulnerability_id, options)
    prompt.add("language", fix.language, options)
    prompt.add("file_path", fix.context, options)
    sent = prompt.add("vulnerable_code", fix.vulnerable_code, options)
    request = CompletionRequest(
        messages=prompt.request().messages,
        schema=_SCHEMA,
    )
    answer = await ask(client, "fix", request, FixAnswer, options)
    # Compared with what the model saw: the client's code, cut where the prompt was cut
    # (redaction only hid secret values, which the local analyzers may see).
    original = fix.vulnerable_code if sent.kept is None else fix.vulnerable_code[: sent.kept]
    verification = await anyio.to_thread.run_sync(
        lambda: verify_fix(
            fix.language,
            original,
            answer.fixed_code,
            context=fix.context,
            vulnerability_id=fix.vulnerability_id,
        )
    )
    return FixResult(
        fixed_code=answer.fixed_code,
        explanation=answer.explanation,
        confidence=verification.cap(answer.confidence),
        verified=verification.verified,
        verification=verification,
    )
